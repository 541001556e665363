// `npx tsx scripts/mutation/summarize-report.ts <out-dir> <min-score> <report.json>...`: writes the
// per-folder scores of Stryker JSON reports (see mutation-summary.ts; several reports of runs on
// parts of the scope are merged) to <out-dir>/scores.md and scores.json, prints the table, and
// fails when a folder scores under min-score (Stryker's `break` threshold checks only the total).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { markdownOf, summarize } from "./mutation-summary.js";

const [outDir, min, ...reportFiles] = process.argv.slice(2);
if (outDir === undefined || min === undefined || !/^\d+(\.\d+)?$/.test(min) || reportFiles.length === 0) {
  console.error("usage: tsx scripts/mutation/summarize-report.ts <out-dir> <min-score> <report.json>...");
  process.exit(2);
}
const files = Object.assign(
  {},
  ...reportFiles.map((file) => (JSON.parse(readFileSync(file, "utf8")) as { files?: unknown }).files),
) as unknown;
const scores = summarize({ files }, process.cwd());
const table = markdownOf(scores);
const byFile = summarize({ files }, process.cwd(), "file");
const date = new Date().toISOString().slice(0, 10);
mkdirSync(outDir, { recursive: true });
writeFileSync(
  join(outDir, "scores.md"),
  `# Mutation scores\n\nStryker, ${date}, from ${reportFiles.length} report(s). Score: killed and timed out over all but the ignored (known equivalents).\n\n${table}\n\n## By file\n\n${markdownOf(byFile, "file")}\n`,
);
writeFileSync(join(outDir, "scores.json"), `${JSON.stringify({ date, folders: scores, files: byFile }, null, 2)}\n`);
console.log(table);
const low = scores.filter((score) => score.score < Number(min));
if (low.length > 0) {
  console.error(`Under ${min}%: ${low.map((score) => `${score.folder} (${score.score}%)`).join(", ")}.`);
  process.exit(1);
}
