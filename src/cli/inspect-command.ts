import type { CliIo } from "./cli-io.js";
import { reaches } from "./inspect/finding.js";
import { formatInspectReport } from "./inspect/format-inspect-report.js";
import { inspectCatalogue } from "./inspect/inspect-report.js";
import { enrichmentReport, enrichmentWarnings, formatEnrichmentReport } from "./inspect/enrichment-section.js";
import { formatPinReport, pinReport } from "./inspect/pin-section.js";
import { loadCatalogue } from "./load-catalogue.js";
import type { CliCommand } from "./parse-cli.js";

/** `toolsift inspect`: prints the report; exits 1 when `--fail-on` is reached. */
export async function inspectCommand(command: Extract<CliCommand, { command: "inspect" }>, io: CliIo): Promise<number> {
  const catalogue = await loadCatalogue(command.source, command.ranker, io, { reportsProblems: true });
  try {
    const report = await inspectCatalogue(catalogue, io.err);
    // Only the servers of a config are pinned; a file of tools has no lock.
    const pins = command.source.kind === "config" ? await pinReport(catalogue) : undefined;
    // Only a config has a toolsift block to enrich and describe its tools.
    const enrichment = command.source.kind === "config" ? await enrichmentReport(catalogue) : undefined;
    io.out(
      command.json
        ? `${JSON.stringify(pins && enrichment ? { ...report, pins, ...enrichment } : report, null, 2)}\n`
        : formatInspectReport(report) +
            (pins ? formatPinReport(pins, catalogue.file) : "") +
            (enrichment ? formatEnrichmentReport(enrichment, catalogue.file) : ""),
    );
    if (command.failOn === "warning" && pins !== undefined && pins.changed.length > 0) {
      io.err(`${pins.changed.length} tool definition(s) changed since they were pinned (--fail-on warning)`);
      return 1;
    }
    const warnings = enrichment && command.failOn === "warning" ? enrichmentWarnings(enrichment) : [];
    if (warnings.length > 0) {
      io.err(`${warnings.join("; ")} (--fail-on warning)`);
      return 1;
    }
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
