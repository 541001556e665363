import type { CliIo } from "./cli-io.js";
import { reaches } from "./inspect/finding.js";
import { formatInspectReport } from "./inspect/format-inspect-report.js";
import { inspectCatalogue } from "./inspect/inspect-report.js";
import { loadCatalogue } from "./load-catalogue.js";
import type { CliCommand } from "./parse-cli.js";

/** `toolsift inspect`: prints the report; exits 1 when `--fail-on` is reached. */
export async function inspectCommand(command: Extract<CliCommand, { command: "inspect" }>, io: CliIo): Promise<number> {
  const catalogue = await loadCatalogue(command.source, command.ranker, io);
  try {
    const report = await inspectCatalogue(catalogue, io.err);
    io.out(command.json ? `${JSON.stringify(report, null, 2)}\n` : formatInspectReport(report));
    if (command.failOn !== undefined && reaches(report.lint.findings, command.failOn)) {
      io.err(
        `the lint found ${command.failOn === "error" ? `${report.lint.errors} error(s)` : `${report.lint.errors} error(s) and ${report.lint.warnings} warning(s)`} (--fail-on ${command.failOn})`,
      );
      return 1;
    }
    return 0;
  } finally {
    await catalogue.close();
  }
}
