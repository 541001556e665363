import { OptionsError } from "../../src/errors.js";
import type { AnySection, BenchContext, SectionFields } from "./section.js";

/**
 * The sections `--section` asked for, in the bench's order; all when none was named.
 *
 * @throws OptionsError naming the unknown ids and the known ones.
 */
export function selectSections(all: readonly AnySection[], wanted: readonly string[]): AnySection[] {
  if (wanted.length === 0) return [...all];
  const unknown = wanted.filter((id) => !all.some((section) => section.id === id));
  if (unknown.length > 0) {
    throw new OptionsError(
      "BENCH_OPTIONS",
      `--section ${unknown.join(", ")} is not a section; choose from ${all.map((section) => section.id).join(", ")}.`,
    );
  }
  return all.filter((section) => wanted.includes(section.id));
}

export interface SectionsRun {
  /** Every section's fields: measured for those that ran, `skipped()` for the rest, so the report has one shape. */
  fields: SectionFields;
  /** Ids of the sections that ran. */
  ran: string[];
  /** Ids of the sections whose measurement threw somewhere. */
  failed: string[];
}

/**
 * Measures, in order, each of `all` that is `selected` and enabled by the options; every other
 * section contributes its `skipped()` fields.
 */
export async function runSections(
  all: readonly AnySection[],
  selected: readonly AnySection[],
  ctx: BenchContext,
): Promise<SectionsRun> {
  const fields: Partial<SectionFields> = {};
  const ran: string[] = [];
  const failed: string[] = [];
  for (const section of all) {
    const runs = selected.includes(section) && section.enabled(ctx.options);
    const measured = runs ? await section.measure(ctx) : section.skipped();
    Object.assign(fields, measured);
    if (runs) ran.push(section.id);
    if (runs && section.failed(measured)) failed.push(section.id);
  }
  return { fields: fields as SectionFields, ran, failed };
}
