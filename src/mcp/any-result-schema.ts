import { isRecord } from "../util/is-record.js";

type Checked = { success: true; data: Record<string, unknown> } | { success: false; error: Error };

function check(value: unknown): Checked {
  return isRecord(value)
    ? { success: true, data: value }
    : { success: false, error: new Error("the result is not a JSON object") };
}

/**
 * The result schema toolsift passes with every request: any JSON object, unchanged. toolsift
 * reads `tools/list` and `tools/call` results itself, item by item, since a strict schema would
 * reject a whole list for one malformed tool. It is both a Standard Schema (what SDK v2's
 * `Client.request` takes) and zod-shaped (`safeParse`, what SDK v1's takes), so a Client of
 * either SDK a caller connected works with it, and toolsift needs zod from neither.
 */
export const ANY_RESULT = Object.freeze({
  "~standard": Object.freeze({
    version: 1 as const,
    vendor: "toolsift",
    validate(value: unknown): { value: Record<string, unknown> } | { issues: readonly [{ message: string }] } {
      const checked = check(value);
      return checked.success ? { value: checked.data } : { issues: [{ message: checked.error.message }] as const };
    },
  }),
  safeParse: check,
});
