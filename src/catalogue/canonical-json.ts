import { ToolsiftError } from "../errors.js";

/**
 * How deep a value may nest to be written canonically. Upstream schemas deeper than the library's
 * own bound (100 levels) are never served anyway; this only keeps the recursion off the stack's end.
 */
export const CANONICAL_MAX_DEPTH = 256;

/**
 * A value as JSON with every object's keys sorted (by UTF-16 code units, as `Array.prototype.sort`
 * orders them), so two values that differ only in key order write the same text: what a hash and
 * a reviewable lock file need. `indent` pretty-prints, one key per line, for a file a person
 * diffs. Values JSON cannot hold (`undefined`, functions) are left out of objects as
 * `JSON.stringify` leaves them.
 *
 * @throws {@link ToolsiftError} (`pin_value_too_deep`) past {@link CANONICAL_MAX_DEPTH} levels.
 * @example
 * ```ts
 * canonicalJson({ b: 1, a: [true, { d: null, c: "x" }] }); // '{"a":[true,{"c":"x","d":null}],"b":1}'
 * ```
 */
export function canonicalJson(value: unknown, indent = 0): string {
  return JSON.stringify(sortedCopy(value, 0), null, indent);
}

function sortedCopy(value: unknown, depth: number): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (depth >= CANONICAL_MAX_DEPTH)
    throw new ToolsiftError("pin_value_too_deep", `a tool definition nests deeper than ${CANONICAL_MAX_DEPTH} levels`);
  if (Array.isArray(value)) return value.map((item) => sortedCopy(item, depth + 1));
  const record = value as Record<string, unknown>;
  // No prototype: a "__proto__" key (JSON.parse makes it an own property) stays a key, not a prototype.
  const sorted = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(record).sort()) sorted[key] = sortedCopy(record[key], depth + 1);
  return sorted;
}
