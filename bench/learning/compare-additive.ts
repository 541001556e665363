/**
 * toolsift's learned blend against a plain additive lesson score, after the same lessons, on
 * the intent-style sets (issue 17, item 5: "keep the learning curve").
 *
 *   npx tsx bench/learning/compare-additive.ts [--lessons 2000] [--held-back 1000] [--seed 17] [--abstention on|off] [--min-sessions 2] [--datasets folder] [--json]
 *
 * Per set: answerable queries shuffled (seeded), `--held-back` measured, the next `--lessons`
 * taught, each through a session of its own (search_tools, then the expected call), as real
 * traffic would, so corroboration can be reached. The additive reference ranks by the ranker's
 * score scaled to a best of 1, plus the sum of the TF-IDF cosine of the query with every lesson
 * of the tool: no caps, no corroboration, no gate, no decay. Both read the ranker's first 50.
 *
 * Then the safety of each: one hostile session teaches every held-back query for a tool it does
 * not want (one drawn at random per query), as many lessons as it likes through one session id;
 * "steered" is the share of held-back queries whose top 5 that session's tool entered.
 */
import { basename, join } from "node:path";
import { createToolSearch, type ToolSearch } from "../../src/index.js";
import { BUNDLED_MODEL_DIR } from "../../src/ranking/embedding/bundled-model.js";
import { Bm25Ranker, type Ranker } from "../../src/ranking/index.js";
import { analyzeText } from "../../src/ranking/text/index.js";
import { loadDataset, type BenchQuery } from "../load-dataset.js";
import { mean, recallAt } from "../metrics/index.js";
import { Prng } from "../scale/prng.js";
import { callableTools, shuffled, teach } from "./measure-learning-curve.js";

const SETS = ["clinc150_intents", "hwu64_intents", "banking77_intents"];
const DEPTH = 50;

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1]! : fallback;
}

/** The plain additive reference: lessons as a TF-IDF index, every similar lesson adding its cosine. */
class AdditiveLessons {
  private readonly lessons: { tool: string; terms: Map<string, number>; norm: number }[] = [];
  private readonly documentFrequency = new Map<string, number>();

  constructor(taught: readonly BenchQuery[]) {
    const counted = taught.map((query) => ({ query, terms: termCounts(query.query) }));
    for (const { terms } of counted)
      for (const term of terms.keys()) this.documentFrequency.set(term, (this.documentFrequency.get(term) ?? 0) + 1);
    for (const { query, terms } of counted) {
      const norm = Math.sqrt([...terms].reduce((sum, [term, count]) => sum + this.weight(term, count) ** 2, 0));
      for (const tool of query.expected) this.lessons.push({ tool, terms, norm });
    }
  }

  scores(query: string): Map<string, number> {
    const terms = termCounts(query);
    const norm = Math.sqrt([...terms].reduce((sum, [term, count]) => sum + this.weight(term, count) ** 2, 0));
    const scores = new Map<string, number>();
    if (norm === 0) return scores;
    for (const lesson of this.lessons) {
      let dot = 0;
      for (const [term, count] of terms) {
        const other = lesson.terms.get(term);
        if (other !== undefined) dot += this.weight(term, count) * this.weight(term, other);
      }
      if (dot > 0 && lesson.norm > 0)
        scores.set(lesson.tool, (scores.get(lesson.tool) ?? 0) + dot / (norm * lesson.norm));
    }
    return scores;
  }

  private weight(term: string, count: number): number {
    return (
      (1 + Math.log(count)) * Math.log(1 + (this.lessons.length + 1) / ((this.documentFrequency.get(term) ?? 0) + 0.5))
    );
  }
}

function termCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of analyzeText(text)) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

async function additiveTop5(ranker: Ranker, lessons: AdditiveLessons, query: string): Promise<string[]> {
  const base = await ranker.search(query, { limit: DEPTH });
  const top = base[0]?.score || 1;
  const scores = new Map(base.map((hit) => [hit.name, hit.score / top]));
  for (const [tool, learned] of lessons.scores(query)) scores.set(tool, (scores.get(tool) ?? 0) + learned);
  return [...scores]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([name]) => name);
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

/** One hostile session's lessons: every held-back query, each for a tool it does not expect. */
function hostileLessons(heldBack: readonly BenchQuery[], tools: readonly string[], random: Prng): BenchQuery[] {
  return heldBack.map((query) => {
    const wrong = tools.filter((name) => !query.expected.includes(name));
    return { ...query, expected: [wrong[random.int(wrong.length)]!] };
  });
}

async function main(): Promise<void> {
  const lessons = Number(option("lessons", "2000"));
  const heldBackCount = Number(option("held-back", "1000"));
  const seed = Number(option("seed", "17"));
  const abstention = option("abstention", "on") === "on";
  const minSessions = Number(option("min-sessions", "2"));
  const folder = option("datasets", join(import.meta.dirname, "../../../shared/datasets"));
  const rows = [];
  for (const set of SETS) {
    const dataset = await loadDataset(join(folder, `${set}.json`));
    const answerable = shuffled(
      dataset.queries.filter((query) => query.expected.length > 0),
      new Prng(seed),
    );
    const heldBack = answerable.slice(0, heldBackCount);
    const taught = answerable.slice(heldBackCount, heldBackCount + lessons);
    const ranker = new Bm25Ranker(abstention ? {} : { abstention: false });
    let toolSearch: ToolSearch | undefined;
    try {
      toolSearch = await createToolSearch({ tools: callableTools(dataset), ranker, learning: { minSessions } });
      const search = (query: string) =>
        toolSearch!.search(query, { limit: 5 }).then((matches) => matches.map((match) => match.name));
      const none = recall(heldBack, await top5s(heldBack, search));
      let sessions = 0;
      for (const query of taught) await teach(toolSearch, query, `taught-${++sessions}`);
      await toolSearch.flushLearning();
      const blended = await top5s(heldBack, search);
      const additive = new AdditiveLessons(taught);
      const plain = await top5s(heldBack, (query) => additiveTop5(ranker, additive, query));
      const hostile = hostileLessons(
        heldBack,
        dataset.documents.map((document) => document.name),
        new Prng(seed + 1),
      );
      for (const query of hostile) await teach(toolSearch, query, "hostile");
      await toolSearch.flushLearning();
      const attacked = await top5s(heldBack, search);
      const attackedAdditive = new AdditiveLessons([...taught, ...hostile]);
      const plainAttacked = await top5s(heldBack, (query) => additiveTop5(ranker, attackedAdditive, query));
      rows.push({
        set,
        heldBack: heldBack.length,
        taught: taught.length,
        none,
        toolsift: recall(heldBack, blended),
        additive: recall(heldBack, plain),
        toolsiftSteered: steeredShare(blended, attacked, hostile),
        additiveSteered: steeredShare(plain, plainAttacked, hostile),
      });
    } finally {
      await toolSearch?.close();
    }
  }
  if (process.argv.includes("--json")) {
    console.log(JSON.stringify(rows));
    return;
  }
  const points = (value: number) => (100 * value).toFixed(1);
  console.log(
    `bm25 (abstention ${abstention ? "on" : "off"}; the semantic fallback on ${basename(BUNDLED_MODEL_DIR)}), ${lessons} lessons, each from its own session, min-sessions ${minSessions}; recall@5 on held-back queries`,
  );
  console.log(
    "set                 | none | toolsift (gain) | additive (gain) | toolsift − additive | steered by one hostile session: toolsift | additive",
  );
  for (const row of rows) {
    console.log(
      `${row.set.padEnd(19)} | ${points(row.none)} | ${points(row.toolsift)} (+${points(row.toolsift - row.none)}) | ${points(row.additive)} (+${points(row.additive - row.none)}) | ${points(row.toolsift - row.additive)} | ${points(row.toolsiftSteered)}% | ${points(row.additiveSteered)}%`,
    );
  }
  const worst = rows.reduce((low, row) => (row.toolsift - row.additive < low.toolsift - low.additive ? row : low));
  console.log(`worst set: ${worst.set}, ${points(worst.toolsift - worst.additive)} points against the additive score`);
}

await main();
