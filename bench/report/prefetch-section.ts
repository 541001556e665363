/** The Markdown of the prefetch section: oracle sessions with `session.prefetch` off and on. */
import type { BenchReport, PrefetchRun } from "./bench-report.js";
import { count, share } from "./format.js";
import { errorCells, table } from "./markdown-table.js";

const turns = (value: number | null) => (value === null ? "–" : value.toFixed(2));
const tokens = (value: number) => count(Math.round(value));

/** Discovery and tokens, off → on, one row per catalogue and strategy. */
function armsTable(runs: readonly PrefetchRun[]): string {
  const header = [
    "catalogue",
    "strategy",
    "limit",
    "tasks",
    "progressive",
    "discovery turns off → on",
    "first-turn calls off → on",
    "success off → on",
    "tool tokens / request off → on",
    "session tokens off → on",
    "stable turns off → on",
  ];
  const rows = runs.map((run) =>
    run.error
      ? errorCells([run.catalogue, run.strategy, String(run.limit)], run.error, header.length)
      : [
          run.catalogue,
          run.strategy,
          String(run.limit),
          count(run.sessions),
          run.progressive ? "yes" : "no",
          `${turns(run.off.discoveryTurns)} → ${turns(run.on.discoveryTurns)}`,
          `${share(run.off.firstTurn)} → ${share(run.on.firstTurn)}`,
          `${share(run.off.successRate)} → ${share(run.on.successRate)}`,
          `${tokens(run.off.toolTokensPerRequest)} → ${tokens(run.on.toolTokensPerRequest)}`,
          `${tokens(run.off.sessionTokens)} → ${tokens(run.on.sessionTokens)}`,
          `${share(run.off.prefixStability)} → ${share(run.on.prefixStability)}`,
        ],
  );
  return table(header, rows);
}

/** What the prefetches hydrated, how often rightly, and what the first request's cache pays for it. */
function prefetchTable(runs: readonly PrefetchRun[]): string {
  const header = [
    "catalogue",
    "strategy",
    "limit",
    "prefetched tasks",
    "tools / task",
    "precision",
    "needed prefetched",
    "still searched",
    "wrong hydrated",
    "cold block tokens",
    "changed bytes",
    "changed tokens",
  ];
  const rows = runs
    .filter((run) => !run.error)
    .map((run) => [
      run.catalogue,
      run.strategy,
      String(run.limit),
      share(run.tasksPrefetched),
      run.hydratedPerTask.toFixed(2),
      share(run.precision),
      share(run.neededPrefetched),
      share(run.stillSearched),
      share(run.wrongHydrated),
      tokens(run.cache.coldTokens),
      count(Math.round(run.cache.changedBytes)),
      tokens(run.cache.changedTokens),
    ]);
  return table(header, rows);
}

/** The worst set by wrong hydrations, per strategy and limit. */
function worstLines(runs: readonly PrefetchRun[]): string[] {
  const groups = new Map<string, PrefetchRun[]>();
  for (const run of runs.filter((candidate) => !candidate.error)) {
    const key = `${run.strategy}, limit ${run.limit}`;
    groups.set(key, [...(groups.get(key) ?? []), run]);
  }
  return [...groups].map(([key, group]) => {
    const worst = [...group].sort((a, b) => b.wrongHydrated - a.wrongHydrated)[0]!;
    return `- Worst set for wrong hydrations (${key}): **${worst.catalogue}**, ${share(worst.wrongHydrated)} of its tasks had a strong match prefetched that was not the expected tool (precision ${share(worst.precision)}).`;
  });
}

/** The section's explanation and tables, shared by the report and stdout. */
export function prefetchSection(report: Pick<BenchReport, "prefetch">): string[] {
  const section = report.prefetch;
  if (!section || section.runs.length === 0) return [];
  const rankers = [...new Set(section.runs.map((run) => run.ranker))].map((name) => `\`${name}\``).join(", ");
  return [
    "## Prefetch (retrieve on the user's turn)",
    `${section.policy} Ranker: ${rankers}; prefetch limit ${section.runs[0]!.limit}. ` +
      `Catalogues: ${section.catalogues.map((c) => `${c.id} (${count(c.tools)} tools; ${c.queries})`).join("; ")}.`,
    "**discovery turns**: mean request on which the expected tool was called, over successful tasks (1 = no discovery turn). " +
      "**first-turn calls**: share of tasks that called it on the first request. **tool tokens / request**: the `tools` array, mean over every request. " +
      "**stable turns**: share of requests after a task's first whose `tools` array is byte-identical to the previous request's.",
    armsTable(section.runs),
    "**precision**: share of prefetched tools that were the task's expected tool. **needed prefetched**: tasks whose expected tool was prefetched. " +
      "**still searched**: tasks (prefetch on) whose first request was a search anyway. **wrong hydrated**: tasks whose prefetch hydrated a strong " +
      "match other than the expected tool (single-label sets: a near-duplicate the labels do not name counts as wrong). " +
      "**changed bytes / tokens**: over prefetched tasks, the first request's `tools` JSON after the prefix it shares with the cold block every new " +
      "session sends, and the tokens of the tools from the first that differs: what the prompt cache must write instead of reading.",
    prefetchTable(section.runs),
    worstLines(section.runs).join("\n"),
  ].filter((paragraph) => paragraph !== "");
}
