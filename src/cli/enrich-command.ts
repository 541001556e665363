import { existsSync } from "node:fs";
import { enrichCatalogue, estimateEnrichment, formatEnrichment, type EnrichmentFile } from "../public/enrichment.js";
import type { CliIo } from "./cli-io.js";
import { progressBar } from "./enrich-progress.js";
import { loadCatalogue } from "./load-catalogue.js";
import { loadModelClient } from "./load-model-client.js";
import { readEnrichmentFile } from "./read-enrichment-file.js";
import type { CliCommand } from "./parse-cli.js";
import { writeAtomically } from "./write-atomically.js";
import { DEFAULT_HOLDOUT } from "./misses/miss-split.js";
import { missesToEnrich, refuseOverwrite, withBase, type MissesToEnrich } from "./misses/misses-to-enrich.js";

/** Where the command's progress goes, and whether stderr is a terminal (for a redrawn bar). */
export interface EnrichTerminal {
  tty: boolean;
  write(text: string): void;
}

const processTerminal: EnrichTerminal = {
  tty: process.stderr.isTTY === true,
  write: (text) => process.stderr.write(text),
};

/**
 * `toolsift enrich`: the catalogue's tools, each enriched once by the user's model, into a file
 * written after every tool (atomically: a kill leaves the last whole file), so a run that stops
 * resumes from it. `--dry-run` stops before loading any SDK or key.
 */
export async function enrichCommand(
  command: Extract<CliCommand, { command: "enrich" }>,
  io: CliIo,
  terminal: EnrichTerminal = processTerminal,
): Promise<number> {
  const previous = readPrevious(command.out, io);
  // The config may already name the enrichment this run is about to write: it is not read here,
  // unless the run is from misses: then it is the enrichment in use, kept for the tools not asked.
  const fromMisses = command.fromMisses !== undefined;
  const catalogue = await loadCatalogue(command.source, "bm25", io, { read: { enrichment: fromMisses } });
  try {
    const base = fromMisses ? catalogue.settings.enrichment : undefined;
    refuseOverwrite(command.out, base?.file);
    // What allow/deny hides is never searched: enriching it would be money spent for nothing.
    const tools = catalogue.tools.filter((tool) => catalogue.permits(tool.name));
    const names = new Set(tools.map((tool) => tool.name));
    const misses: MissesToEnrich | undefined =
      command.fromMisses === undefined
        ? undefined
        : missesToEnrich(command.fromMisses, command.holdout ?? DEFAULT_HOLDOUT, (name) => names.has(name));
    const fromFile = misses
      ? { missedRequests: misses.missedRequests, descriptions: command.descriptions === true }
      : {};
    for (const line of misses?.summary ?? []) io.out(`${line}\n`);
    if (misses && misses.missedRequests.size === 0) {
      io.out(`No miss can be evidence: nothing to ask, and ${command.out} was not written.\n`);
      return 0;
    }
    if (command.dryRun) {
      const estimate = estimateEnrichment({ tools, requestsPerTool: command.requests, previous, ...fromFile });
      io.out(
        `toolsift enrich --dry-run: ${misses ? `${misses.missedRequests.size} of ` : ""}${tools.length} tool${tools.length === 1 ? "" : "s"} in ${catalogue.file}; ` +
          `${estimate.calls} model call${estimate.calls === 1 ? "" : "s"} to make` +
          (estimate.reused > 0 ? ` (${estimate.reused} unchanged in ${command.out}, not asked again)` : "") +
          `, ${command.requests} requests each.\n` +
          `Estimated tokens: ~${estimate.inputTokens.toLocaleString("en")} input, ~${estimate.outputTokens.toLocaleString("en")} output ` +
          "(an estimate: prompt characters / 3.5, and about 22 output tokens per request; retries not counted).\n" +
          "Nothing was sent.\n",
      );
      for (const skip of estimate.skipped) io.err(`enrich: ${skip.tool} would be skipped: ${skip.reason}`);
      return 0;
    }
    const client = await loadModelClient(command.provider);
    const estimate = estimateEnrichment({ tools, requestsPerTool: command.requests, previous, ...fromFile });
    io.err(
      `enrich: asking ${command.model} about ${estimate.calls} tool${estimate.calls === 1 ? "" : "s"}` +
        (estimate.reused > 0 ? ` (${estimate.reused} unchanged, kept from ${command.out})` : "") +
        `, ${command.concurrency} at a time; writing ${command.out} after each.`,
    );
    const bar = progressBar(estimate.calls, {
      tty: terminal.tty,
      write: terminal.write,
      line: (text) => io.err(text),
    });
    const warn = (line: string) => {
      bar.end();
      io.err(line);
    };
    const aborter = new AbortController();
    const onSignal = () => aborter.abort(new Error("interrupted"));
    process.once("SIGINT", onSignal);
    process.once("SIGTERM", onSignal);
    try {
      const result = await enrichCatalogue({
        tools,
        client,
        model: command.model,
        provider: command.provider,
        requestsPerTool: command.requests,
        concurrency: command.concurrency,
        ...(previous ? { previous } : {}),
        ...fromFile,
        signal: aborter.signal,
        onTool: (_name, _entry, file) => writeAtomically(command.out, formatEnrichment(file)),
        onProgress: (event) => {
          if (event.type === "tool") bar.update(event.done);
          else if (event.type === "retry")
            warn(`enrich: ${event.tool}: ${event.reason}; retry ${event.attempt} in ${Math.round(event.waitMs)} ms`);
          else warn(`enrich: warning: ${event.tool}: ${event.message}`);
        },
      });
      bar.end();
      // From misses, the file is the whole candidate: the enrichment in use for every tool not asked.
      const file = withBase(result.file, base?.content);
      if (result.enriched > 0 || !existsSync(command.out) || base) writeAtomically(command.out, formatEnrichment(file));
      io.out(
        `Enriched ${result.enriched} tool${result.enriched === 1 ? "" : "s"} with ${command.model} ` +
          `(${result.calls} call${result.calls === 1 ? "" : "s"}, ${result.usage.inputTokens.toLocaleString("en")} input and ` +
          `${result.usage.outputTokens.toLocaleString("en")} output tokens as the API reported them)` +
          (result.reused > 0 ? `; ${result.reused} unchanged kept` : "") +
          (result.skipped.length > 0 ? `; ${result.skipped.length} skipped` : "") +
          (misses
            ? `. Wrote ${command.out}: check it with toolsift eval --from-misses ${command.fromMisses} --enrichment ${command.out} before you apply it.\n`
            : `. Wrote ${command.out}: review it, then commit it.\n`),
      );
      for (const skip of result.skipped) io.err(`enrich: skipped ${skip.tool}: ${skip.reason}`);
      return 0;
    } finally {
      bar.end();
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    }
  } finally {
    await catalogue.close();
  }
}

/** The file of an earlier run, to resume from; none when there is no file yet. */
function readPrevious(out: string, io: CliIo): EnrichmentFile | undefined {
  if (!existsSync(out)) return undefined;
  return readEnrichmentFile(
    out,
    "It is the file toolsift enrich writes; pass another --out, or move the file away to start afresh.",
    (warning) => io.err(`enrich: warning: ${warning}`),
  );
}
