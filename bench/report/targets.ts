import type { TargetRow } from "../sections/section.js";
import { TARGETS, type TargetComparison } from "../targets.js";
import type { TargetCheck } from "./bench-report.js";

/**
 * Whether a measured value meets its limit; "not measured" for a missing or non-finite value.
 *
 * @example
 * ```ts
 * verdictOf(2.4, 3, "<="); // "met"
 * verdictOf(2, 2, "<");    // "not met"
 * ```
 */
export function verdictOf(
  measured: number | null,
  limit: number,
  comparison: TargetComparison,
): TargetCheck["verdict"] {
  if (measured === null || !Number.isFinite(measured)) return "not measured";
  const met =
    comparison === "<="
      ? measured <= limit
      : comparison === "<"
        ? measured < limit
        : comparison === ">"
          ? measured > limit
          : measured >= limit;
  return met ? "met" : "not met";
}

/** `numerator / denominator`, or `null` when either is missing or the denominator is not positive. */
export function ratio(numerator: number | undefined, denominator: number | undefined): number | null {
  if (
    numerator === undefined ||
    denominator === undefined ||
    !Number.isFinite(numerator) ||
    !Number.isFinite(denominator) ||
    denominator <= 0
  )
    return null;
  return numerator / denominator;
}

/**
 * A section's row checked against its target in `bench/targets.ts`.
 *
 * @example
 * ```ts
 * checkTarget({ target: "package.import.ms", scope: "packed package, fresh project", measured: 120 }).verdict; // "not met"
 * ```
 */
export function checkTarget(row: TargetRow): TargetCheck {
  const spec = TARGETS[row.target];
  return {
    id: row.target,
    section: spec.section,
    target: spec.what,
    scope: row.scope,
    measured: row.measured,
    limit: spec.limit,
    comparison: spec.comparison,
    unit: spec.unit,
    verdict: verdictOf(row.measured, spec.limit, spec.comparison),
  };
}
