/**
 * toolsift's learned blend against a plain additive lesson score, after the same lessons, along
 * the learning curve (issue 17, item 5; issue 32, item 6).
 *
 *   npx tsx bench/learning/compare-additive.ts [--sets a,b] [--points 250,500,1000,2000] [--held-back 1000] [--noise 0] [--seed 17] [--abstention on|off] [--min-sessions 2] [--learning JSON] [--datasets folder, default $TOOLSIFT_SHARED_DATASETS] [--json]
 *
 * Per set: answerable queries shuffled (seeded); up to `--held-back` (and at most 30% of them)
 * measured, never taught; the rest taught as a stream of lessons (see `lessonStream`), each
 * through a session of its own (search_tools, then the expected call), as real traffic would:
 * every taught query once, then, on a set with fewer, again from other sessions; a `--noise`
 * share of the sessions called a wrong tool. Recall@5 is measured at each point of the curve.
 * The additive reference (`AdditiveLessons`) learns the same stream.
 *
 * Then the safety of each: one hostile session teaches every held-back query for a tool it does
 * not want (one drawn at random per query), as many lessons as it likes through one session id;
 * "steered" is the share of held-back queries whose top 5 that session's tool entered, and
 * "pushed out" the share whose top 5 lost a tool the query expects: the harm a user sees, since
 * in a small catalogue the fifth place is often a weak guess that any lesson can take.
 */
import { basename, join } from "node:path";
import { createToolSearch, type ToolSearch } from "../../src/index.js";
import type { LearningOptions } from "../../src/learning/index.js";
import { BUNDLED_MODEL_DIR } from "../../src/ranking/embedding/bundled-model.js";
import { Bm25Ranker } from "../../src/ranking/index.js";
import { loadDataset, type BenchQuery } from "../load-dataset.js";
import { mean, recallAt } from "../metrics/index.js";
import { Prng } from "../scale/prng.js";
import { AdditiveLessons, additiveTop5 } from "./additive-lessons.js";
import { lessonStream } from "./lesson-stream.js";
import { callableTools, shuffled, teach } from "./measure-learning-curve.js";

const INTENT_SETS = ["clinc150_intents", "hwu64_intents", "banking77_intents"];
/** Tool catalogues with requests worded apart from the tools: the MCP-style case. */
const CATALOGUE_SETS = ["toolsift-servers", "toolalpaca", "apibank", "bfcl_v4"];
/** toolsift's own set lives in the repository; the rest in the shared folder. */
const OWN_SET = join(import.meta.dirname, "../datasets/toolsift-servers.json");

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1]! : fallback;
}

/** Each held-back query's top 5, in order. */
async function top5s(heldBack: readonly BenchQuery[], top5: (query: string) => Promise<string[]>): Promise<string[][]> {
  const lists: string[][] = [];
  for (const query of heldBack) lists.push(await top5(query.query.slice(0, 500)));
  return lists;
}

function recall(heldBack: readonly BenchQuery[], lists: readonly string[][]): number {
  return mean(heldBack.map((query, i) => recallAt(lists[i]!, new Set(query.expected), 5)));
}

/** The share of queries whose top 5 gained, from `before` to `after`, the tool `hostile` taught for it. */
function steeredShare(before: readonly string[][], after: readonly string[][], hostile: readonly BenchQuery[]): number {
  const steered = hostile.filter((query, i) => {
    const target = query.expected[0]!;
    return !before[i]!.includes(target) && after[i]!.includes(target);
  });
  return hostile.length === 0 ? 0 : steered.length / hostile.length;
}

/** The share of queries whose top 5 held, before, an expected tool that it no longer holds after. */
function pushedOutShare(
  before: readonly string[][],
  after: readonly string[][],
  heldBack: readonly BenchQuery[],
): number {
  const lost = heldBack.filter((query, i) =>
    query.expected.some((name) => before[i]!.includes(name) && !after[i]!.includes(name)),
  );
  return heldBack.length === 0 ? 0 : lost.length / heldBack.length;
}

/** One hostile session's lessons: every held-back query, each for a tool it does not expect. */
function hostileLessons(heldBack: readonly BenchQuery[], tools: readonly string[], random: Prng): BenchQuery[] {
  return heldBack.map((query) => {
    const wrong = tools.filter((name) => !query.expected.includes(name));
    return { ...query, expected: [wrong[random.int(wrong.length)]!] };
  });
}

interface RunOptions {
  points: readonly number[];
  heldBack: number;
  noise: number;
  seed: number;
  abstention: boolean;
  minSessions: number;
  /** Further learning options, as JSON (`--learning '{"weight":3}'`): for trying settings. */
  learning: LearningOptions;
}

interface CurvePoint {
  lessons: number;
  toolsift: number;
  additive: number;
}

async function compareSet(path: string, options: RunOptions) {
  const dataset = await loadDataset(path);
  const answerable = shuffled(
    dataset.queries.filter((query) => query.expected.length > 0),
    new Prng(options.seed),
  );
  const heldBack = answerable.slice(0, Math.min(options.heldBack, Math.floor(answerable.length * 0.3)));
  const names = dataset.documents.map((document) => document.name);
  const stream = lessonStream(answerable.slice(heldBack.length), names, {
    count: Math.max(...options.points),
    noise: options.noise,
    seed: options.seed + 2,
  });
  const ranker = new Bm25Ranker(options.abstention ? {} : { abstention: false });
  let toolSearch: ToolSearch | undefined;
  try {
    toolSearch = await createToolSearch({
      tools: callableTools(dataset),
      ranker,
      learning: { ...options.learning, minSessions: options.minSessions },
    });
    const search = (query: string) =>
      toolSearch!.search(query, { limit: 5 }).then((matches) => matches.map((match) => match.name));
    const none = recall(heldBack, await top5s(heldBack, search));
    const curve: CurvePoint[] = [];
    let taught = 0;
    let blended: string[][] = [];
    let plain: string[][] = [];
    for (const point of options.points) {
      for (; taught < point; taught++) await teach(toolSearch, stream[taught]!, `taught-${taught + 1}`);
      await toolSearch.flushLearning();
      blended = await top5s(heldBack, search);
      const additive = new AdditiveLessons(stream.slice(0, point));
      plain = await top5s(heldBack, (query) => additiveTop5(ranker, additive, query));
      curve.push({ lessons: point, toolsift: recall(heldBack, blended), additive: recall(heldBack, plain) });
    }
    const hostile = hostileLessons(heldBack, names, new Prng(options.seed + 1));
    for (const query of hostile) await teach(toolSearch, query, "hostile");
    await toolSearch.flushLearning();
    const attacked = await top5s(heldBack, search);
    const attackedAdditive = new AdditiveLessons([...stream.slice(0, taught), ...hostile]);
    const plainAttacked = await top5s(heldBack, (query) => additiveTop5(ranker, attackedAdditive, query));
    return {
      set: dataset.id,
      heldBack: heldBack.length,
      distinctTaught: answerable.length - heldBack.length,
      none,
      curve,
      toolsiftSteered: steeredShare(blended, attacked, hostile),
      additiveSteered: steeredShare(plain, plainAttacked, hostile),
      toolsiftPushedOut: pushedOutShare(blended, attacked, heldBack),
      additivePushedOut: pushedOutShare(plain, plainAttacked, heldBack),
    };
  } finally {
    await toolSearch?.close();
  }
}

type SetRow = Awaited<ReturnType<typeof compareSet>>;

function printTable(rows: readonly SetRow[], options: RunOptions): void {
  const points = (value: number) => (100 * value).toFixed(1);
  console.log(
    `bm25 (abstention ${options.abstention ? "on" : "off"}; the semantic fallback on ${basename(BUNDLED_MODEL_DIR)}), min-sessions ${options.minSessions}, learning ${JSON.stringify(options.learning)}, noise ${options.noise}, seed ${options.seed}; recall@5 on held-back queries, toolsift / additive (toolsift − additive) at each count of lessons`,
  );
  console.log(
    `set | held back | distinct taught | none | ${options.points.map((point) => `${point} lessons`).join(" | ")} | steered by one hostile session: toolsift | additive | a right tool pushed out: toolsift | additive`,
  );
  for (const row of rows) {
    const cells = row.curve.map(
      (point) => `${points(point.toolsift)} / ${points(point.additive)} (${points(point.toolsift - point.additive)})`,
    );
    console.log(
      `${row.set} | ${row.heldBack} | ${row.distinctTaught} | ${points(row.none)} | ${cells.join(" | ")} | ${points(row.toolsiftSteered)}% | ${points(row.additiveSteered)}% | ${points(row.toolsiftPushedOut)}% | ${points(row.additivePushedOut)}%`,
    );
  }
  const gap = (row: SetRow) => row.curve.at(-1)!.toolsift - row.curve.at(-1)!.additive;
  const worst = rows.reduce((low, row) => (gap(row) < gap(low) ? row : low));
  console.log(`worst set at the last point: ${worst.set}, ${points(gap(worst))} points against the additive score`);
}

async function main(): Promise<void> {
  const options: RunOptions = {
    points: option("points", option("lessons", "250,500,1000,2000")).split(",").map(Number),
    heldBack: Number(option("held-back", "1000")),
    noise: Number(option("noise", "0")),
    seed: Number(option("seed", "17")),
    abstention: option("abstention", "on") === "on",
    minSessions: Number(option("min-sessions", "2")),
    learning: JSON.parse(option("learning", "{}")) as LearningOptions,
  };
  const folder = option(
    "datasets",
    process.env.TOOLSIFT_SHARED_DATASETS ?? join(import.meta.dirname, "../../../shared/datasets"),
  );
  const sets = option("sets", [...INTENT_SETS, ...CATALOGUE_SETS].join(",")).split(",");
  const rows: SetRow[] = [];
  for (const set of sets) {
    const row = await compareSet(set === "toolsift-servers" ? OWN_SET : join(folder, `${set}.json`), options);
    if (!process.argv.includes("--json")) process.stderr.write(`${set} done\n`);
    rows.push(row);
  }
  if (process.argv.includes("--json")) console.log(JSON.stringify(rows));
  else printTable(rows, options);
}

await main();
