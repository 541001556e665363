import type { DatasetReport } from "./check-dataset.js";

/** A human-readable summary of a {@link DatasetReport}: counts first, then every finding on its own line. */
export function formatReport(report: DatasetReport): string {
  const lines = [
    `tools ${report.toolCount} across ${Object.keys(report.servers).length} servers`,
    `queries ${JSON.stringify(report.counts)}; answerable ${report.answerable}`,
    `clean paraphrases ${report.cleanParaphrases} (${(report.cleanParaphraseShare * 100).toFixed(1)}% of answerable)`,
  ];
  for (const problem of report.problems) lines.push(`problem: ${problem}`);
  for (const offence of report.paraphraseOffences) {
    lines.push(`paraphrase shares [${offence.shared.join(", ")}] with ${offence.tool}: "${offence.query}"`);
  }
  for (const query of report.directWithoutSharedWord)
    lines.push(`direct query shares nothing with its target: "${query}"`);
  return lines.join("\n");
}
