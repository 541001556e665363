import { readFileSync } from "node:fs";
import { checkDataset } from "./check-dataset.js";
import { formatReport } from "./format-report.js";

// `npx tsx bench/datasets/check-dataset-file.ts <dataset.json>...` prints each file's report and
// exits non-zero when any file has structural problems.
for (const path of process.argv.slice(2)) {
  const report = checkDataset(JSON.parse(readFileSync(path, "utf8")) as unknown);
  console.log(`${path}\n${formatReport(report)}\n`);
  if (report.problems.length > 0) process.exitCode = 1;
}
if (process.argv.length <= 2) {
  console.error("usage: npx tsx bench/datasets/check-dataset-file.ts <dataset.json>...");
  process.exitCode = 2;
}
