// `npx tsx scripts/mutation/summarize-report.ts <report.json> <out-dir> [min-score]`: writes the
// per-folder scores of a Stryker JSON report (see mutation-summary.ts) to <out-dir>/scores.md and
// scores.json, prints the table, and fails when a folder scores under min-score (Stryker's own
// `break` threshold checks only the total).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { markdownOf, summarize } from "./mutation-summary.js";

const [reportFile, outDir, min = "0"] = process.argv.slice(2);
if (reportFile === undefined || outDir === undefined || !/^\d+(\.\d+)?$/.test(min)) {
  console.error("usage: tsx scripts/mutation/summarize-report.ts <report.json> <out-dir> [min-score]");
  process.exit(2);
}
const scores = summarize(JSON.parse(readFileSync(reportFile, "utf8")), process.cwd());
const table = markdownOf(scores);
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, "scores.md"), `${table}\n`);
writeFileSync(join(outDir, "scores.json"), `${JSON.stringify(scores, null, 2)}\n`);
console.log(table);
const low = scores.filter((score) => score.score < Number(min));
if (low.length > 0) {
  console.error(`Under ${min}%: ${low.map((score) => `${score.folder} (${score.score}%)`).join(", ")}.`);
  process.exit(1);
}
