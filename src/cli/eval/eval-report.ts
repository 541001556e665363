import type { EvalScores } from "./evaluate-search.js";

/** What `toolsift eval` found: `--json` prints it as it is; the text report reads it. */
export interface EvalReport {
  ranker: string;
  /** Where the tasks came from: the user's file, or the enrichment's held-out requests. */
  source: { kind: "tasks"; file: string } | { kind: "held-out"; file: string };
  /** The enrichment file the enriched arm indexes, if any. */
  enrichment?: string;
  catalogue: {
    /** The tools a client sees (allow and deny applied). */
    tools: number;
    /** Those some task expects. */
    tested: number;
  };
  /** Names tasks expected that the catalogue does not have, with how many tasks named each. */
  unknownTools: { name: string; tasks: number }[];
  /** Tasks left out because none of their tools is in the catalogue. */
  droppedTasks: number;
  /** Tools changed since they were enriched: their enrichment is not indexed. */
  stale: string[];
  /** Held out: enriched tools with fewer than 2 requests, so none to hold out; untested. */
  tooFewRequests: string[];
  /** The descriptions alone. */
  baseline: EvalScores;
  /** With the enrichment (its held-out requests not indexed); absent without an enrichment. */
  enriched?: EvalScores;
  /** `--fail-under`, when given: the arm it read and whether recall@5 reached it. */
  failUnder?: { threshold: number; arm: "baseline" | "enriched"; recallAt5: number; passed: boolean };
}
