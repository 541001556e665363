/**
 * The eval's arithmetic, apart from any search or file: given tasks and a search that ranks tool
 * names, how often each tool comes first and in the top five, and what came first instead.
 * The definitions are the bench's (bench/metrics), so a number here reads like one there.
 */

/** One request and the tools that should answer it. */
export interface EvalTask {
  /** What a user would ask, in their words. */
  query: string;
  /** The tools that answer it (most tasks have one). */
  expected: readonly string[];
}

/** A search that answers the names of the tools it finds, best first. */
export type RankedSearch = (query: string) => Promise<readonly string[]>;

/** The ranks read: MRR counts a tool found at rank 10 as 1/10 and one past it as 0. */
export const EVAL_DEPTH = 10;

/** A task in which a tool was expected but did not come first. */
export interface EvalMiss {
  query: string;
  /** The tool the search put first instead; `null` when it found nothing. */
  foundInstead: string | null;
  /** Where the expected tool was (1-based), or `null` when it was not in the first {@link EVAL_DEPTH}. */
  rank: number | null;
}

/** How one tool fares over the tasks that expect it. */
export interface ToolScore {
  tool: string;
  /** The tasks that expect it. */
  tasks: number;
  /** Share of those tasks in which it came first. */
  recallAt1: number;
  /** Share of those tasks in which it was in the first five. */
  recallAt5: number;
  /** Mean of 1 / its rank (0 past rank {@link EVAL_DEPTH}). */
  mrr: number;
  /** The tasks in which it did not come first, in task order. */
  misses: EvalMiss[];
}

/** Requests for `expected` that found `found` first: tools a model, too, will mix up. */
export interface ConfusablePair {
  expected: string;
  found: string;
  count: number;
}

/** What one arm (one search) scored over all the tasks. */
export interface EvalScores {
  tasks: number;
  /** Mean over tasks of the share of their expected tools that came first. */
  recallAt1: number;
  /** Mean over tasks of the share of their expected tools in the first five. */
  recallAt5: number;
  /** Mean over tasks of 1 / the rank of their first expected tool (0 past {@link EVAL_DEPTH}). */
  mrr: number;
  /** Every tool some task expects, worst first (recall@5, then recall@1, then MRR). */
  tools: ToolScore[];
  /** Expected → found first, where found was not expected, most frequent first. */
  confusable: ConfusablePair[];
}

/**
 * Runs every task through `search`, one at a time, and scores the answers.
 *
 * @example
 * ```ts
 * const scores = await evaluateSearch(
 *   [{ query: "open a ticket", expected: ["jira__create_issue"] }],
 *   async (query) => (await toolSearch.search(query, { limit: EVAL_DEPTH })).map((match) => match.name),
 * );
 * scores.recallAt5; // 1 when jira__create_issue was in the first five
 * ```
 */
export async function evaluateSearch(tasks: readonly EvalTask[], search: RankedSearch): Promise<EvalScores> {
  const answers: (readonly string[])[] = [];
  for (const task of tasks) answers.push(await search(task.query));
  return scoreAnswers(tasks, answers);
}

/** {@link evaluateSearch} for answers already in hand: `answers[i]` is the ranking for `tasks[i]`. */
export function scoreAnswers(tasks: readonly EvalTask[], answers: readonly (readonly string[])[]): EvalScores {
  const perTool = new Map<string, { ranks: (number | null)[]; misses: EvalMiss[] }>();
  const confusable = new Map<string, ConfusablePair>();
  let recall1 = 0;
  let recall5 = 0;
  let reciprocal = 0;
  let scored = 0;
  tasks.forEach((task, index) => {
    const expected = [...new Set(task.expected)];
    if (expected.length === 0) return;
    scored++;
    // A name a search repeats counts at its first place only.
    const ranked = [...new Set(answers[index] ?? [])].slice(0, EVAL_DEPTH);
    const first = ranked[0] ?? null;
    const wanted = new Set(expected);
    const rankOf = (tool: string) => {
      const at = ranked.indexOf(tool);
      return at < 0 ? null : at + 1;
    };
    const ranks = expected.map(rankOf);
    recall1 += ranks.filter((rank) => rank === 1).length / expected.length;
    recall5 += ranks.filter((rank) => rank !== null && rank <= 5).length / expected.length;
    const best = ranked.findIndex((name) => wanted.has(name));
    reciprocal += best < 0 ? 0 : 1 / (best + 1);
    expected.forEach((tool, at) => {
      const entry = perTool.get(tool) ?? { ranks: [], misses: [] };
      perTool.set(tool, entry);
      const rank = ranks[at] ?? null;
      entry.ranks.push(rank);
      if (rank === 1) return;
      entry.misses.push({ query: task.query, foundInstead: first, rank });
      // Another expected tool first is no confusion: the task wanted it too.
      if (first === null || wanted.has(first)) return;
      const key = JSON.stringify([tool, first]);
      const pair = confusable.get(key) ?? { expected: tool, found: first, count: 0 };
      pair.count++;
      confusable.set(key, pair);
    });
  });
  const tools = [...perTool].map(([tool, { ranks, misses }]): ToolScore => {
    const share = (hit: (rank: number) => boolean) =>
      ranks.filter((rank) => rank !== null && hit(rank)).length / ranks.length;
    return {
      tool,
      tasks: ranks.length,
      recallAt1: share((rank) => rank === 1),
      recallAt5: share((rank) => rank <= 5),
      mrr: ranks.reduce<number>((sum, rank) => sum + (rank === null ? 0 : 1 / rank), 0) / ranks.length,
      misses,
    };
  });
  tools.sort(
    (a, b) =>
      a.recallAt5 - b.recallAt5 ||
      a.recallAt1 - b.recallAt1 ||
      a.mrr - b.mrr ||
      // Equally bad: the one with more evidence first.
      b.tasks - a.tasks ||
      compareText(a.tool, b.tool),
  );
  const pairs = [...confusable.values()].sort(
    (a, b) => b.count - a.count || compareText(a.expected, b.expected) || compareText(a.found, b.found),
  );
  const mean = (sum: number) => (scored === 0 ? 0 : sum / scored);
  return {
    tasks: scored,
    recallAt1: mean(recall1),
    recallAt5: mean(recall5),
    mrr: mean(reciprocal),
    tools,
    confusable: pairs,
  };
}

/** Code-unit order: the same on every machine, unlike `localeCompare`. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
