/**
 * A bench section: one measurement with its report fields, targets, Markdown and chart. The
 * driver (`bench/run.ts`) runs the sections of `bench/sections/index.ts` in order, merges what
 * each measured into the report, checks the targets its rows name against `bench/targets.ts`
 * and renders each section's Markdown and SVG, so a new measurement is one file here, one entry
 * in that list and its rows in the targets table.
 */
import type { BenchOptions } from "../cli-options.js";
import type { BenchDataset } from "../load-dataset.js";
import type { RankerEntry } from "../rankers.js";
import type { BenchReport } from "../report/bench-report.js";
import type { TargetId } from "../targets.js";

/** The report fields that sections fill; the rest (environment, options, targets, notes) is the driver's. */
export type SectionFields = Omit<
  BenchReport,
  "formatVersion" | "startedAt" | "durationMs" | "environment" | "options" | "rankers" | "targets" | "notes"
>;

/** One measured value of a target: which target, where it was measured, and the value (`null` when it could not be). */
export interface TargetRow {
  target: TargetId;
  /** Where: a catalogue size, a dataset, the package. */
  scope: string;
  measured: number | null;
}

/** A packed and installed toolsift in a fresh temporary project, shared by the sections that run fresh processes of it. */
export interface PackedProject {
  /** The project folder: `node_modules/toolsift` is the packed package. */
  project: string;
  tarball: string;
  /** `npm pack` (runs the build) and `npm install <tarball>` wall times. */
  packMs: number;
  installMs: number;
}

/** What a section may use while it measures. */
export interface BenchContext {
  readonly options: BenchOptions;
  /** The rankers selected with `--ranker` (all when none was). */
  readonly rankers: readonly RankerEntry[];
  /** Every registered ranker, for a section that needs one regardless of the selection. */
  readonly registry: readonly RankerEntry[];
  readonly paths: { repoRoot: string; benchDir: string; ownDataset: string };
  /** The run's datasets, loaded on first use so a run of sections that need none loads none. */
  datasets(): Promise<readonly BenchDataset[]>;
  /** The packed package installed in a fresh project; packed once per run and removed at its end. */
  packedProject(): Promise<PackedProject>;
  /** Progress, on stderr. */
  log(message: string): void;
  /** A remark kept in the report's notes. */
  note(message: string): void;
  /** Lists rankers a section ran beyond the selection in the report's ranker table. */
  addRankers(entries: readonly RankerEntry[]): void;
}

/** A chart block of the SVG report: a heading over `height` pixels of panels that `draw` lays out from `top`. */
export interface SvgPanel {
  heading: string;
  height: number;
  /** SVG elements; `colours` maps ranker ids to the chart's palette. */
  draw(top: number, colours: ReadonlyMap<string, string>): string;
}

/**
 * One section of the bench. `M` is the part of the report it fills (a few top-level fields), so
 * the JSON keeps one shape whichever sections ran.
 */
export interface BenchSection<M extends Partial<SectionFields>> {
  /** Selects it on the command line (`--section <id>`) and prefixes its target ids. */
  readonly id: string;
  readonly title: string;
  /** False when an option turns it off (`--no-package` …); the report then holds `skipped()`. */
  enabled(options: BenchOptions): boolean;
  measure(ctx: BenchContext): Promise<M>;
  /** The report fields of a section that did not run. */
  skipped(): M;
  /** Whether a measurement threw: the run then exits 1 (a missed target never does). */
  failed(measured: M): boolean;
  /** Each target measured, by id; verdicts come from `bench/targets.ts`. */
  rows(measured: M): TargetRow[];
  /** The section's Markdown (headings, notes, tables); empty when it has nothing to show. */
  markdown(measured: M): string;
  svg?(measured: M): SvgPanel[];
}

/**
 * A section whose report fields are not known at the use site: the list of sections holds these.
 * Its methods take the whole report, of which each section reads its own fields; each section
 * is checked against its own `M` where it is defined (method parameters are bivariant, so a
 * `BenchSection<M>` is one of these).
 */
export type AnySection = BenchSection<Partial<SectionFields>>;

/** Types a section literal by its fields, so `M` is inferred once and checked everywhere in it. */
export function defineSection<M extends Partial<SectionFields>>(section: BenchSection<M>): BenchSection<M> {
  return section;
}

/** Whether any of the runs carries an error. */
export function anyError(...runs: readonly ({ error?: string } | null | undefined)[][]): boolean {
  return runs.some((list) => list.some((run) => Boolean(run?.error)));
}
