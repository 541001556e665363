/**
 * How often `search_tools` adds its `language` note (a request in a script none of the tools'
 * text uses, answered with nothing or nothing strong), what it costs where the answer was right,
 * and what a model that follows it would find: every answerable query of toolsift's set and the
 * shared sets, through a real session's `searchTools`, bm25 and the hybrid. A labelled
 * simulation: the model's retry is the English rendering in `translations.ts`.
 *
 *   TOOLSIFT_SHARED_DATASETS=/path/to/shared/datasets npx tsx bench/other-script/measure-other-script.ts
 *
 * Writes `bench/results/<stamp>-other-script-note.{md,json}`.
 */
import { createHash } from "node:crypto";
import { join } from "node:path";
import { createToolSearch } from "../../src/index.js";
import { linkableTools } from "../companions/measure-companions.js";
import { loadDataset, type BenchDataset } from "../load-dataset.js";
import { writeResults } from "../report/results-files.js";
import { requestText } from "../request-text.js";
import { BENCH_DIR, tuningDatasetPaths } from "../tuning/tuning-datasets.js";
import { TRANSLATIONS } from "./translations.js";

const RANKERS = ["bm25", "hybrid"] as const;
const LIMIT = 5;

interface NoteRun {
  dataset: string;
  ranker: (typeof RANKERS)[number];
  answerable: number;
  /** Answers with no match, or whose best match is weak. */
  emptyOrWeak: number;
  noted: number;
  /** Noted answers that held an expected tool in the top 5: the note's cost. */
  notedButAnswered: number;
  /** Noted queries with an English rendering, and their recall@5 as asked and as retried. */
  retried: number;
  recallAsAsked: number;
  recallRetried: number;
  /** Noted queries with no rendering (should be none). */
  untranslated: string[];
}

const recall = (expected: readonly string[], names: readonly string[]) =>
  expected.filter((name) => names.includes(name)).length / expected.length;

async function measure(dataset: BenchDataset, ranker: NoteRun["ranker"]): Promise<NoteRun> {
  const toolSearch = await createToolSearch({ tools: linkableTools(dataset), ranker });
  const session = toolSearch.session("other-script");
  const search = async (query: string) => {
    const outcome = await session.searchTools({ query: requestText(query), limit: LIMIT });
    if (!outcome.ok) throw new Error(`${dataset.id}: ${outcome.error}`);
    return outcome;
  };
  const run: NoteRun = {
    dataset: dataset.id,
    ranker,
    answerable: 0,
    emptyOrWeak: 0,
    noted: 0,
    notedButAnswered: 0,
    retried: 0,
    recallAsAsked: 0,
    recallRetried: 0,
    untranslated: [],
  };
  for (const query of dataset.queries) {
    if (query.expected.length === 0) continue;
    run.answerable++;
    const outcome = await search(query.query);
    const names = outcome.matches.map((match) => match.name);
    if (names.length === 0 || outcome.matches[0]?.confidence === "weak") run.emptyOrWeak++;
    if (outcome.language === undefined) continue;
    run.noted++;
    const asked = recall(query.expected, names);
    if (asked > 0) run.notedButAnswered++;
    const key = createHash("sha256").update(query.query).digest("hex").slice(0, 16);
    const english = TRANSLATIONS.get(key);
    if (english === undefined) {
      run.untranslated.push(key);
      continue;
    }
    const retried = await search(english);
    run.retried++;
    run.recallAsAsked += asked;
    run.recallRetried += recall(
      query.expected,
      retried.matches.map((match) => match.name),
    );
  }
  return run;
}

function markdown(runs: readonly NoteRun[]): string {
  const rows = runs.map(
    (run) =>
      `| ${run.dataset} | ${run.ranker} | ${run.answerable} | ${run.emptyOrWeak} | ${run.noted} | ${run.notedButAnswered} | ` +
      (run.retried === 0
        ? "– | – |"
        : `${(run.recallAsAsked / run.retried).toFixed(3)} | ${(run.recallRetried / run.retried).toFixed(3)} |`) +
      ` ${run.untranslated.length} |`,
  );
  return [
    "# The language note of `search_tools`, on every answerable query",
    "",
    "`npx tsx bench/other-script/measure-other-script.ts`: each answerable query of toolsift's set and",
    "the shared sets through a session's `searchTools` (limit 5, the request whole, as a model may",
    "pass it on). *Noted*: the answer carries the `language` note.",
    "*Noted, answered*: of those, an expected tool was in the top 5 all the same (the note's cost).",
    "*Retried*: recall@5 of the noted queries as asked, and as a model following the note would",
    "search again: the English rendering in `bench/other-script/translations.ts` (a labelled simulation).",
    "",
    "| set | ranker | answerable | empty or weak | noted | noted, answered | recall@5 as asked | retried in English | no rendering |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ...rows,
    "",
  ].join("\n");
}

const runs: NoteRun[] = [];
for (const path of await tuningDatasetPaths()) {
  const dataset = await loadDataset(path);
  for (const ranker of RANKERS) {
    const run = await measure(dataset, ranker);
    process.stderr.write(`${dataset.id} ${ranker}: ${run.noted} noted of ${run.answerable}\n`);
    runs.push(run);
  }
}
const text = markdown(runs);
const base = await writeResults(join(BENCH_DIR, "results"), "other-script-note", text, { limit: LIMIT, runs });
process.stdout.write(`${text}\n${base}.md\n`);
