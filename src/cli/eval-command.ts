import { OptionsError, type OptionsErrorCode } from "../errors.js";
import { readBoundedFile } from "../gateway/index.js";
import { EnrichmentError, type EnrichmentFile } from "../public/enrichment.js";
import type { CliIo } from "./cli-io.js";
import type { EvalReport } from "./eval/eval-report.js";
import { EVAL_DEPTH, evaluateSearch, type EvalScores, type EvalTask } from "./eval/evaluate-search.js";
import { formatEvalReport } from "./eval/format-eval-report.js";
import { holdOut } from "./eval/held-out.js";
import { TASK_FILE_LIMITS, knownTasks, parseTaskLines } from "./eval/task-file.js";
import { closeSearch, loadCatalogue, searchOver } from "./load-catalogue.js";
import { readEnrichmentFile } from "./read-enrichment-file.js";
import { UsageError, type CliCommand } from "./parse-cli.js";
import { currentEnrichment, evalFromMisses } from "./misses/eval-from-misses.js";
import { DEFAULT_HOLDOUT } from "./misses/miss-split.js";

type EvalCommand = Extract<CliCommand, { command: "eval" }>;

/**
 * `toolsift eval`: the same tasks searched without and with the enrichment, per tool; exits 1
 * when `--fail-under` is not reached.
 */
export async function evalCommand(command: EvalCommand, io: CliIo): Promise<number> {
  if (command.fromMisses !== undefined) return evalMissesCommand(command, command.fromMisses, io);
  if (command.tasks === undefined && command.enrichment === undefined && command.source.kind !== "config")
    throw new UsageError(
      "toolsift eval needs --enrichment <file> (its held-out requests are the tasks) or --tasks <file.jsonl> (your own). Run toolsift eval --help.",
    );
  // Files first: a bad one is reported before any server is started.
  const named = command.enrichment === undefined ? undefined : readEnrichment(command.enrichment, io);
  const given = command.tasks === undefined ? undefined : readTasks(command.tasks);
  const catalogue = await loadCatalogue(command.source, command.ranker, io);
  // Without --enrichment, the one the config names (toolsift.enrichment), with its keepStale.
  const configured = named === undefined ? catalogue.settings.enrichment : undefined;
  const enrichment = named ?? configured?.content;
  const keepStale = configured?.keepStale === true;
  const enrichmentFile = command.enrichment ?? configured?.file;
  try {
    if (given === undefined && enrichment === undefined)
      throw new UsageError(
        `toolsift eval: ${command.source.file} names no toolsift.enrichment; pass --enrichment <file> or --tasks <file.jsonl>. Run toolsift eval --help.`,
      );
    const tools = catalogue.tools.filter((tool) => catalogue.permits(tool.name));
    const names = new Set(tools.map((tool) => tool.name));
    const has = (name: string) => names.has(name);
    // Your own tasks are asked of the whole enrichment; without them, its held-out requests are
    // asked of the rest.
    const known = given === undefined ? undefined : knownTasks(given, has);
    const split = known === undefined && enrichment !== undefined ? holdOut(enrichment, has) : undefined;
    const tasks = known?.tasks ?? split?.tasks ?? [];
    if (tasks.length === 0)
      throw new OptionsError(
        "no_tasks",
        known
          ? `toolsift eval: no task of ${command.tasks} expects a tool of the catalogue; check the names against toolsift inspect.`
          : `toolsift eval: ${enrichmentFile} has no tool of the catalogue with 2 or more requests to hold out; pass --tasks <file.jsonl>, or enrich the catalogue.`,
      );
    // Tools changed since they were enriched, as the enriched arm's search tells them apart.
    let stale: string[] = [];
    const arm = async (name: string, indexed?: EnrichmentFile): Promise<EvalScores> => {
      io.err(`${name}: ${tasks.length} task${tasks.length === 1 ? "" : "s"}, ranker ${catalogue.ranker}…`);
      const toolSearch = await searchOver(
        tools,
        catalogue.settings,
        catalogue.ranker,
        io.err,
        indexed ? { enrichment: { from: indexed, keepStale } } : {},
      );
      try {
        if (indexed) stale = (await toolSearch.enrichmentStatus()).stale.sort();
        return await evaluateSearch(tasks, async (query) =>
          (await toolSearch.search(query, { limit: EVAL_DEPTH })).map((match) => match.name),
        );
      } finally {
        await closeSearch(toolSearch);
      }
    };
    const baseline = await arm("baseline");
    const indexed = split?.indexed ?? enrichment;
    const enriched = indexed === undefined ? undefined : await arm("enriched", indexed);
    const report: EvalReport = {
      ranker: catalogue.ranker,
      source:
        command.tasks !== undefined
          ? { kind: "tasks", file: command.tasks }
          : { kind: "held-out", file: enrichmentFile! },
      ...(enrichmentFile === undefined ? {} : { enrichment: enrichmentFile }),
      catalogue: { tools: tools.length, tested: (enriched ?? baseline).tools.length },
      unknownTools: known?.unknown ?? [],
      droppedTasks: known?.dropped ?? 0,
      stale,
      tooFewRequests: split?.tooFew ?? [],
      baseline,
      ...(enriched ? { enriched } : {}),
    };
    if (command.failUnder !== undefined) {
      const recallAt5 = (enriched ?? baseline).recallAt5;
      report.failUnder = {
        threshold: command.failUnder,
        arm: enriched ? "enriched" : "baseline",
        recallAt5,
        passed: recallAt5 >= command.failUnder,
      };
    }
    io.out(command.json ? `${JSON.stringify(report, null, 2)}\n` : formatEvalReport(report, command.limitTools));
    const gate = report.failUnder;
    if (gate && !gate.passed) {
      io.err(
        `recall@5 of the ${gate.arm} arm is ${(gate.recallAt5 * 100).toFixed(1)}%, under --fail-under ${gate.threshold} (${(gate.threshold * 100).toFixed(1)}%)`,
      );
      return 1;
    }
    return 0;
  } finally {
    await catalogue.close();
  }
}

/** `eval --from-misses`: the files read first (a bad one is reported before any server starts), then the eval. */
async function evalMissesCommand(command: EvalCommand, fromMisses: string, io: CliIo): Promise<number> {
  const candidate =
    command.enrichment === undefined
      ? undefined
      : { file: command.enrichment, content: readEnrichment(command.enrichment, io) };
  const given = command.tasks === undefined ? undefined : readTasks(command.tasks);
  const catalogue = await loadCatalogue(command.source, command.ranker, io);
  try {
    const names = new Set(catalogue.tools.filter((tool) => catalogue.permits(tool.name)).map((tool) => tool.name));
    const known = given === undefined ? undefined : knownTasks(given, (name) => names.has(name));
    if (known && known.tasks.length === 0)
      throw new OptionsError(
        "no_tasks",
        `toolsift eval: no task of ${command.tasks} expects a tool of the catalogue; check the names against toolsift inspect.`,
      );
    const configured = catalogue.settings.enrichment;
    return await evalFromMisses(
      {
        fromMisses,
        holdout: command.holdout ?? DEFAULT_HOLDOUT,
        candidate,
        current: currentEnrichment(command.applyTo, (file) => readEnrichment(file, io), configured),
        applyTo: command.applyTo,
        catalogueTasks: known && command.tasks !== undefined ? { file: command.tasks, tasks: known.tasks } : undefined,
        failUnder: command.failUnder,
        json: command.json,
      },
      catalogue,
      io,
    );
  } finally {
    await catalogue.close();
  }
}

/** The enrichment file, checked as the search checks it; what it cut is said on stderr. */
function readEnrichment(file: string, io: CliIo): EnrichmentFile {
  try {
    return readEnrichmentFile(file, "Pass the file toolsift enrich wrote (toolsift.enrichment.json).", io.err);
  } catch (error) {
    // A file to fix before anything runs, as a bad config is: exit 2.
    if (error instanceof EnrichmentError)
      // readEnrichmentFile throws only the file's codes, which OptionsErrorCode lists.
      throw new OptionsError(error.code as OptionsErrorCode, error.message, { cause: error });
    throw error;
  }
}

function readTasks(file: string): EvalTask[] {
  const hint = 'Pass a JSONL file with one {"query": ..., "expected": [tool names]} a line.';
  return parseTaskLines(readBoundedFile(file, hint, TASK_FILE_LIMITS.maxBytes), file);
}
