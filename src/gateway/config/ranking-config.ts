import { describeValue } from "../../describe-value.js";

/** The most `toolsift.maxResultsPerServer` may be: a search's own most results. */
const MAX_PER_SERVER = 50;

/**
 * Checks `toolsift.maxResultsPerServer`: how many of a search's results one server may take
 * ahead of the others' (see `createToolSearch`'s option of that name). Absent: `undefined`, the
 * library's default (half of each search's results, rounded up); `false`: no cap.
 */
export function parseMaxResultsPerServer(
  value: unknown,
  fail: (field: string, problem: string) => never,
): number | false | undefined {
  if (value === undefined || value === false) return value;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1 || value > MAX_PER_SERVER) {
    fail(
      "toolsift.maxResultsPerServer",
      `must be a whole number from 1 to ${MAX_PER_SERVER}, or false to let one server take every result, not ${describeValue(value)}. Leave it out for half of each search's results.`,
    );
  }
  return value as number;
}
