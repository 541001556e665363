/**
 * The Markdown of the relevance section: exact names, multi-part requests, abstention,
 * and each toolsift ranker against its plain self. Shared by the stdout summary and the report.
 */
import type { BenchReport, ExactNameRun, RelevanceRun } from "./bench-report.js";
import { MAX_NAME_QUERIES } from "../relevance/measure-relevance.js";
import { count, share } from "./format.js";
import { errorCells, table } from "./markdown-table.js";

const escapeCell = (text: string) => text.replaceAll("|", "\\|");
const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
/** A difference of recall in points, signed: "+4.30", "-0.20", "0.00". */
const pointsText = (value: number | null) =>
  value === null ? "–" : `${value > 0.00005 ? "+" : ""}${(value * 100).toFixed(2)}`;

/** Exact-name hit rate: one row per catalogue and ranker. */
export function exactNamesTable(runs: readonly ExactNameRun[]): string {
  const header = [
    "catalogue",
    "ranker",
    "name queries",
    "first",
    "hit rate",
    "ambiguous forms left out",
    "misses (first few)",
  ];
  const rows = runs.map((run) =>
    run.error
      ? errorCells([run.dataset, run.ranker], run.error, header.length)
      : [
          run.dataset,
          run.ranker,
          count(run.queries),
          count(run.hits),
          percent(run.hitRate),
          count(run.ambiguous),
          escapeCell(run.misses.map((miss) => `\`${miss}\``).join("; ")) || "–",
        ],
  );
  return table(header, rows, 2);
}

/** One row per run, a failed run's error after its dataset and ranker. */
function runRows(runs: readonly RelevanceRun[], width: number, cells: (run: RelevanceRun) => string[]): string[][] {
  return runs.map((run) =>
    run.error ? errorCells([run.dataset, run.ranker], run.error, width) : [run.dataset, run.ranker, ...cells(run)],
  );
}

/** Multi-tool recall@5 with multi-part ranking off and on, for datasets with multi-tool queries. */
export function multiPartTable(runs: readonly RelevanceRun[]): string {
  const header = ["dataset", "ranker", "multi-tool queries", "R@5 ranked whole", "R@5 part by part", "gain (points)"];
  const rows = runRows(
    runs.filter((run) => run.error || run.multiTool > 0),
    header.length,
    (run) => [
      count(run.multiTool),
      share(run.multiRecallAt5WithoutParts),
      share(run.multiRecallAt5),
      pointsText(
        run.multiRecallAt5 === null || run.multiRecallAt5WithoutParts === null
          ? null
          : run.multiRecallAt5 - run.multiRecallAt5WithoutParts,
      ),
    ],
  );
  return table(header, rows, 2);
}

/** Abstention on the datasets with unanswerable queries, and what it costs in recall. */
export function abstentionTable(runs: readonly RelevanceRun[]): string {
  const header = [
    "dataset",
    "ranker",
    "unanswerable",
    "abstain: plain",
    "abstain: without its abstention",
    "abstain: now",
    "R@5 without abstention",
    "R@5 now",
    "recall cost (points)",
  ];
  const rows = runRows(
    runs.filter((run) => run.error || run.unanswerable > 0),
    header.length,
    (run) => [
      count(run.unanswerable),
      share(run.plainAbstention),
      share(run.abstentionWithoutIt),
      share(run.abstention),
      share(run.recallAt5WithoutAbstention),
      share(run.recallAt5),
      pointsText(run.recallAt5WithoutAbstention === null ? null : run.recallAt5WithoutAbstention - run.recallAt5),
    ],
  );
  return table(header, rows, 2);
}

/** Recall@5 of each toolsift ranker against its plain self, on every dataset. */
export function plainTable(runs: readonly RelevanceRun[]): string {
  const header = ["dataset", "ranker", "answerable queries", "R@5 plain", "R@5 now", "change (points)"];
  const rows = runRows(runs, header.length, (run) => [
    count(run.answerable),
    share(run.plainRecallAt5),
    share(run.recallAt5),
    pointsText(run.recallAt5 - run.plainRecallAt5),
  ]);
  return table(header, rows, 2);
}

/** The section's paragraphs and tables; nothing when it did not run. */
export function relevanceSection(report: Pick<BenchReport, "relevance">): string[] {
  const { exactNames, runs } = report.relevance;
  if (exactNames.length === 0 && runs.length === 0) return [];
  return [
    "## Relevance: exact names, multi-part requests, abstention",
    "Each toolsift ranker as registered, against itself with exact names, multi-part ranking and abstention off (**plain**: no exact names, queries ranked whole, " +
      "BM25 never abstaining, the hybrid abstaining only on its coverage rule). Answerable queries are sampled as in the retrieval table " +
      "(`--max-queries`); unanswerable ones are all run. Recall differences are in points (0.01 of recall = 1 point).",
    "### Exact names",
    `Every catalogue's tools searched by name (\`slack__post_message\`), words (\`slack post message\`), camelCase (\`slackPostMessage\`) and local ` +
      `part (\`post message\`), at most ${count(MAX_NAME_QUERIES)} per catalogue spread evenly; **first**: the tool ranked first. A form another tool's name shares ` +
      "(`create issue` for github__ and jira__create_issue) is left out: no ranker can put both first.",
    exactNamesTable(exactNames),
    "### Multi-part requests",
    "Recall@5 over the queries that expect several tools, with `multiPart: false` (ranked whole) and as registered (ranked whole and part by part, merged).",
    multiPartTable(runs),
    "### Abstention",
    "Share of unanswerable queries answered with an empty list: by the plain ranker, by the ranker without its abstention (`abstention: false`; " +
      "the hybrid: its BM25 never abstaining), and as registered; recall cost: recall@5 on the answerable queries without abstention minus as registered.",
    abstentionTable(runs),
    "### Against the plain ranker",
    plainTable(runs),
  ];
}
