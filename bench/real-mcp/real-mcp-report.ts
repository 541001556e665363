import type { BenchDataset } from "../load-dataset.js";
import type { RealMcpMiss, RealMcpRow } from "./measure-real-mcp.js";

/** What the report of one run is made from. */
export interface RealMcpReport {
  stamp: string;
  servers: readonly { id: string; package: string; tools: number }[];
  dataset: BenchDataset;
  rows: readonly RealMcpRow[];
  misses: readonly RealMcpMiss[];
  notes: readonly string[];
  seconds: number;
}

const fixed = (value: number) => value.toFixed(3);
const percent = (value: number | null) => (value === null ? "–" : `${(value * 100).toFixed(1)}%`);

/** The run as Markdown: the servers, one row per ranker, then every miss of the default hybrid. */
export function realMcpMarkdown(report: RealMcpReport): string {
  const { dataset, rows } = report;
  const count = (kind: string) => dataset.queries.filter((query) => query.kind === kind).length;
  const lines = [
    `# toolsift in front of real MCP servers — ${report.stamp}`,
    "",
    `${report.servers.length} servers from npm, ${dataset.tools.length} tools; ${dataset.queries.length} requests written for them here (` +
      `${count("direct")} direct, ${count("paraphrase")} paraphrased, ${count("multi")} needing several tools, ` +
      `${count("unanswerable")} that no tool answers). Measured in ${report.seconds.toFixed(1)} s on Node ${process.versions.node}.`,
    "",
    "| server | package | tools |",
    "| --- | --- | ---: |",
    ...report.servers.map((server) => `| ${server.id} | \`${server.package}\` | ${server.tools} |`),
    "",
    ...report.notes.map((note) => `- ${note}`),
    ...(report.notes.length > 0 ? [""] : []),
    "Recall@5 through `toolSearch.search` (bm25 and the hybrid with every default) and of the bare plain BM25; " +
      "COMP@5: multi-tool requests with every tool in the first 5; empty: answerable requests answered with nothing; " +
      "weak best: answerable ones whose best match is marked weak; alarm: requests no tool answers, answered with nothing or weak.",
    "",
    "| ranker | R@5 | direct | paraphrase | multi | COMP@5 | empty | weak best | alarm |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows.map(
      (row) =>
        `| ${row.ranker} | ${fixed(row.recallAt5)} | ${kindCell(row, "direct")} | ${kindCell(row, "paraphrase")} | ` +
        `${kindCell(row, "multi")} | ${fixed(row.compAt5)} | ${percent(row.emptyRate)} | ${percent(row.weakRate)} | ${percent(row.alarmRate)} |`,
    ),
    "",
    "## Misses of the hybrid",
    "",
    "Requests with a needed tool outside the hybrid's first 5: what was missing, and the first 5.",
    "",
    "| request | kind | missing | first 5 |",
    "| --- | --- | --- | --- |",
    ...report.misses
      .filter((miss) => miss.ranker === "hybrid")
      .map(
        (miss) =>
          `| ${escapeCell(miss.query)} | ${miss.kind ?? ""} | ${miss.missing.map(code).join(" ")} | ${miss.top.map(code).join(" ")} |`,
      ),
    "",
  ];
  return lines.join("\n");
}

function kindCell(row: RealMcpRow, kind: "direct" | "paraphrase" | "multi"): string {
  const measured = row.byKind[kind];
  return measured ? fixed(measured.recallAt5) : "–";
}

const code = (name: string) => `\`${name}\``;
const escapeCell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");
