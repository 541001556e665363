/**
 * A SIMULATION of the loop "misses become fixes": no gateway, no user and no model. From a
 * training share of a dataset's queries, the ones the ranker does not put their tool first are
 * taken as misses (answer = the expected tool); a scripted model writes each such tool's
 * enrichment from its training misses alone (the simplest paraphrase: the missed requests
 * themselves, at most 8 per tool, as `enrich --from-misses` bounds them); then recall@5 is
 * measured before and after on the held-back share's misses and on the rest of the held-back
 * share (the queries the ranker already answered: where a loss would show).
 */
import { createHash } from "node:crypto";
import type { Ranker } from "../../src/ranking/index.js";
import { rankDocumentOf } from "../../src/ranking/index.js";
import type { BenchDataset, BenchQuery } from "../load-dataset.js";
import { mean, recallAt } from "../metrics/index.js";
import { requestText } from "../request-text.js";

/** The share of queries held back, as `--holdout` defaults. */
export const HOLDOUT = 0.3;
/** Missed requests the scripted model sees per tool, as `enrich --from-misses` bounds them. */
export const PER_TOOL = 8;

export interface MissesLoopRun {
  dataset: string;
  ranker: string;
  /** Single-tool queries measured (sampled evenly when `maxQueries` cuts them). */
  queries: number;
  trainingMisses: number;
  toolsEnriched: number;
  heldBackMisses: { queries: number; before: number; after: number };
  rest: { queries: number; before: number; after: number; recallAt1After: number };
}

/** Held back by a hash of the query's text: the same split every run, as `isHeldBack` splits by id. */
export function heldBack(query: string): boolean {
  return createHash("sha256").update(query).digest().readUInt32BE(0) / 2 ** 32 < HOLDOUT;
}

/** One dataset: the loop run once, recall@5 before and after. */
export async function simulateMissesLoop(
  dataset: BenchDataset,
  ranker: { id: string; create(): Ranker },
  maxQueries: number,
): Promise<MissesLoopRun> {
  const single = dataset.queries.filter((query) => new Set(query.expected).size === 1);
  const step = Math.max(1, Math.ceil(single.length / maxQueries));
  const queries = single.filter((_, index) => index % step === 0);
  const training = queries.filter((query) => !heldBack(query.query));
  const held = queries.filter((query) => heldBack(query.query));
  const names = async (instance: Ranker, query: BenchQuery) =>
    (await instance.search(requestText(query.query), { limit: 5 })).map((match) => match.name);

  const before = ranker.create();
  try {
    await before.update(dataset.documents);
    const missed = async (query: BenchQuery) => (await names(before, query))[0] !== query.expected[0];
    const evidence = new Map<string, string[]>();
    let trainingMisses = 0;
    for (const query of training) {
      if (!(await missed(query))) continue;
      trainingMisses++;
      const list = evidence.get(query.expected[0]!) ?? [];
      if (list.length < PER_TOOL) list.push(query.query.slice(0, 300));
      evidence.set(query.expected[0]!, list);
    }
    const heldMisses: BenchQuery[] = [];
    const rest: BenchQuery[] = [];
    for (const query of held) ((await missed(query)) ? heldMisses : rest).push(query);
    const recall = async (instance: Ranker, set: readonly BenchQuery[], depth = 5) => {
      const scores: number[] = [];
      for (const query of set) scores.push(recallAt(await names(instance, query), new Set(query.expected), depth));
      return set.length === 0 ? 0 : mean(scores);
    };
    const after = ranker.create();
    try {
      await after.update(
        dataset.tools.map((tool) => {
          const examples = evidence.get(tool.name);
          return rankDocumentOf({
            name: tool.name,
            description: tool.description,
            inputSchema: tool.inputSchema,
            ...(examples ? { examples } : {}),
          });
        }),
      );
      return {
        dataset: dataset.id,
        ranker: ranker.id,
        queries: queries.length,
        trainingMisses,
        toolsEnriched: evidence.size,
        heldBackMisses: {
          queries: heldMisses.length,
          before: await recall(before, heldMisses),
          after: await recall(after, heldMisses),
        },
        // Before, every one of them came first (that is what "rest" means): recall@1 after is what it lost.
        rest: {
          queries: rest.length,
          before: await recall(before, rest),
          after: await recall(after, rest),
          recallAt1After: await recall(after, rest, 1),
        },
      };
    } finally {
      await after.close?.();
    }
  } finally {
    await before.close?.();
  }
}

/** The runs as a Markdown table, losses signed. */
export function missesLoopMarkdown(runs: readonly MissesLoopRun[]): string {
  const points = (after: number, before: number) => `${((after - before) * 100).toFixed(1)}`;
  const rows = runs.map(
    (run) =>
      `| ${run.dataset} | ${run.queries} | ${run.trainingMisses} | ${run.toolsEnriched} | ${run.heldBackMisses.queries} | ` +
      `${run.heldBackMisses.before.toFixed(3)} → ${run.heldBackMisses.after.toFixed(3)} (${points(run.heldBackMisses.after, run.heldBackMisses.before)}) | ` +
      `${run.rest.queries} | ${run.rest.before.toFixed(3)} → ${run.rest.after.toFixed(3)} (${points(run.rest.after, run.rest.before)}) | ${run.rest.recallAt1After.toFixed(3)} |`,
  );
  return [
    `## Misses become fixes (SIMULATED, ranker ${runs[0]?.ranker ?? "?"})`,
    "",
    "A miss is a query whose tool the ranker did not put first. Training share: 70% of each set's single-tool queries (by a hash of the text); the scripted model writes each missed tool's examples from its training misses only (the requests themselves, at most 8). Measured on the held-back 30%: its misses, and the rest (queries already answered first, where a loss shows). recall@5 before → after (points); the rest came first before, so its recall@1 after (1.000 before) shows what the enrichment pulled down.",
    "",
    "| dataset | queries | training misses | tools enriched | held-back misses | recall@5 | rest | recall@5 | recall@1 after |",
    "|---|---|---|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}
