import { existsSync } from "node:fs";
import { OptionsError } from "../../errors.js";
import { formatEnrichment, type EnrichmentFile } from "../../public/enrichment.js";
import type { CliIo } from "../cli-io.js";
import { EVAL_DEPTH, evaluateSearch, type EvalScores, type EvalTask } from "../eval/evaluate-search.js";
import { closeSearch, type LoadedCatalogue, searchOver } from "../load-catalogue.js";
import { writeAtomically } from "../write-atomically.js";
import { heldBackTasks } from "./held-back-tasks.js";
import { readMissesFile } from "./misses-file.js";
import { splitMisses } from "./miss-split.js";

/** What `eval --from-misses` was given, its files read. */
export interface EvalFromMissesInput {
  fromMisses: string;
  holdout: number;
  /** The candidate (`--enrichment`), and its path. */
  candidate: { file: string; content: EnrichmentFile } | undefined;
  /** The enrichment in use (`--apply-to`, else the config's), and its path; none when there is none. */
  current: { file: string; content: EnrichmentFile; keepStale: boolean } | undefined;
  /** Where `--apply-to` writes the candidate, when asked. */
  applyTo: string | undefined;
  /** The catalogue's own eval (`--tasks`), already checked against the catalogue. */
  catalogueTasks: { file: string; tasks: EvalTask[] } | undefined;
  failUnder: number | undefined;
  json: boolean;
}

/** Recall before and after over one set of tasks. */
export interface ArmPair {
  tasks: number;
  before: Pick<EvalScores, "recallAt1" | "recallAt5" | "mrr">;
  after?: Pick<EvalScores, "recallAt1" | "recallAt5" | "mrr">;
}

/** What `eval --from-misses --json` prints. */
export interface MissesEvalReport {
  misses: { file: string; holdout: number; heldBack: number; skipped: string[] } & ArmPair;
  /** The catalogue's own eval (`--tasks`), when given. */
  catalogue?: { file: string } & ArmPair;
  current?: string;
  candidate?: string;
  /** `--apply-to`: whether the candidate was written over the enrichment in use, and why. */
  apply?: { file: string; applied: boolean; reason: string };
  failUnder?: { threshold: number; arm: "before" | "after"; recallAt5: number; passed: boolean };
}

/**
 * The held-back misses searched with the enrichment in use (before) and with the candidate
 * (after); with `--apply-to`, the candidate replaces the enrichment in use only when recall@5 on
 * the held-back misses rises and the catalogue's own eval (`--tasks`, when given) does not fall.
 * Exits 1 when `--fail-under` is not reached or `--apply-to` did not apply.
 */
export async function evalFromMisses(
  input: EvalFromMissesInput,
  catalogue: LoadedCatalogue,
  io: CliIo,
): Promise<number> {
  const tools = catalogue.tools.filter((tool) => catalogue.permits(tool.name));
  const names = new Set(tools.map((tool) => tool.name));
  const { misses } = readMissesFile(input.fromMisses);
  const { heldBack } = splitMisses(misses, input.holdout);
  const held = heldBackTasks(heldBack, (name) => names.has(name));
  if (held.tasks.length === 0)
    throw new OptionsError(
      "no_tasks",
      `toolsift eval: none of the ${heldBack.length} misses held back from ${input.fromMisses} (--holdout ${input.holdout}) has its request's text and a tool of the catalogue as its answer, so there is nothing to evaluate.` +
        (held.skipped.length > 0 ? ` ${held.skipped.join(" ")}` : ""),
    );
  const score = async (
    tasks: readonly EvalTask[],
    enrichment: { content: EnrichmentFile; keepStale: boolean } | undefined,
  ): Promise<EvalScores> => {
    const toolSearch = await searchOver(
      tools,
      catalogue.settings,
      catalogue.ranker,
      io.err,
      enrichment ? { enrichment: { from: enrichment.content, keepStale: enrichment.keepStale } } : {},
    );
    try {
      return await evaluateSearch(tasks, async (query) =>
        (await toolSearch.search(query, { limit: EVAL_DEPTH })).map((match) => match.name),
      );
    } finally {
      await closeSearch(toolSearch);
    }
  };
  const keepStale = input.current?.keepStale ?? false;
  const candidate = input.candidate && { content: input.candidate.content, keepStale };
  const pair = async (tasks: readonly EvalTask[]): Promise<ArmPair> => {
    io.err(`${tasks.length} task${tasks.length === 1 ? "" : "s"}, ranker ${catalogue.ranker}…`);
    const before = pick(await score(tasks, input.current));
    return { tasks: tasks.length, before, ...(candidate ? { after: pick(await score(tasks, candidate)) } : {}) };
  };
  const report: MissesEvalReport = {
    misses: {
      file: input.fromMisses,
      holdout: input.holdout,
      heldBack: heldBack.length,
      skipped: held.skipped,
      ...(await pair(held.tasks)),
    },
    ...(input.catalogueTasks
      ? { catalogue: { file: input.catalogueTasks.file, ...(await pair(input.catalogueTasks.tasks)) } }
      : {}),
    ...(input.current ? { current: input.current.file } : {}),
    ...(input.candidate ? { candidate: input.candidate.file } : {}),
  };
  if (input.applyTo !== undefined && input.candidate) {
    const verdict = applyVerdict(report);
    if (verdict.applied) writeAtomically(input.applyTo, formatEnrichment(input.candidate.content));
    report.apply = { file: input.applyTo, ...verdict };
  }
  if (input.failUnder !== undefined) {
    const arm = report.misses.after ? "after" : "before";
    const recallAt5 = (report.misses.after ?? report.misses.before).recallAt5;
    report.failUnder = { threshold: input.failUnder, arm, recallAt5, passed: recallAt5 >= input.failUnder };
  }
  io.out(input.json ? `${JSON.stringify(report, null, 2)}\n` : formatMissesReport(report));
  let code = 0;
  if (report.failUnder && !report.failUnder.passed) {
    const gate = report.failUnder;
    io.err(
      `recall@5 on the held-back misses (${gate.arm}) is ${percent(gate.recallAt5)}, under --fail-under ${gate.threshold} (${percent(gate.threshold)})`,
    );
    code = 1;
  }
  if (report.apply && !report.apply.applied) {
    io.err(`not applied: ${report.apply.reason}`);
    code = 1;
  }
  return code;
}

/**
 * The rule: the candidate is applied only when it lifts recall@5 on the held-back misses (the
 * requests it was not written from) and lowers neither recall@5 nor recall@1 on the catalogue's
 * own eval.
 */
export function applyVerdict(report: MissesEvalReport): { applied: boolean; reason: string } {
  const { misses, catalogue } = report;
  if (!misses.after) return { applied: false, reason: "no candidate to apply" };
  if (misses.after.recallAt5 <= misses.before.recallAt5)
    return {
      applied: false,
      reason: `recall@5 on the held-back misses did not rise (${percent(misses.before.recallAt5)} before, ${percent(misses.after.recallAt5)} after)`,
    };
  // Both depths: a tool pushed from first to second is a loss a model pays for, though recall@5 hides it.
  for (const depth of ["recallAt5", "recallAt1"] as const)
    if (catalogue?.after && catalogue.after[depth] < catalogue.before[depth])
      return {
        applied: false,
        reason: `${depth === "recallAt5" ? "recall@5" : "recall@1"} on the catalogue's own eval (${catalogue.file}) fell (${percent(catalogue.before[depth])} before, ${percent(catalogue.after[depth])} after)`,
      };
  return {
    applied: true,
    reason:
      `recall@5 on the held-back misses rose from ${percent(misses.before.recallAt5)} to ${percent(misses.after.recallAt5)}` +
      (catalogue?.after
        ? ` and the catalogue's own eval did not fall (recall@5 ${percent(catalogue.before.recallAt5)} before, ${percent(catalogue.after.recallAt5)} after)`
        : "; no --tasks was given, so the catalogue's own eval was not checked"),
  };
}

function pick(scores: EvalScores): ArmPair["before"] {
  return { recallAt1: scores.recallAt1, recallAt5: scores.recallAt5, mrr: scores.mrr };
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** The report as text: one line per set of tasks, then the verdict. */
export function formatMissesReport(report: MissesEvalReport): string {
  const line = (name: string, pair: ArmPair) =>
    `${name}: ${pair.tasks} task${pair.tasks === 1 ? "" : "s"}; recall@5 ${percent(pair.before.recallAt5)}` +
    (pair.after
      ? ` before, ${percent(pair.after.recallAt5)} after (recall@1 ${percent(pair.before.recallAt1)} → ${percent(pair.after.recallAt1)})`
      : ` (recall@1 ${percent(pair.before.recallAt1)})`);
  const { misses } = report;
  const lines = [
    `Held-back misses from ${misses.file} (--holdout ${misses.holdout}: ${misses.heldBack} held back; before = ${report.current ?? "no enrichment"}${report.candidate ? `, after = ${report.candidate}` : ""})`,
    line("  misses", misses),
    ...misses.skipped.map((skip) => `  ${skip}`),
    ...(report.catalogue ? [line(`  catalogue eval ${report.catalogue.file}`, report.catalogue)] : []),
    ...(report.apply
      ? [
          report.apply.applied
            ? `Applied to ${report.apply.file}: ${report.apply.reason}.`
            : `Not applied to ${report.apply.file}: ${report.apply.reason}.`,
        ]
      : []),
  ];
  return `${lines.join("\n")}\n`;
}

/** The enrichment in use before: the file `--apply-to` names (none yet is none), else the config's. */
export function currentEnrichment(
  applyTo: string | undefined,
  read: (file: string) => EnrichmentFile,
  configured: { file: string; content: EnrichmentFile; keepStale: boolean } | undefined,
): EvalFromMissesInput["current"] {
  if (applyTo === undefined) return configured;
  if (!existsSync(applyTo)) return undefined;
  return { file: applyTo, content: read(applyTo), keepStale: configured?.keepStale ?? false };
}
