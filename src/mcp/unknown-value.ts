/**
 * Narrowing helpers for values that come from outside toolsift's types: MCP results, tool
 * inputs and caught errors. One copy, so every MCP message describes an error the same way.
 */

/** True for a non-null, non-array object, whose fields can then be read and checked one by one. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A readable one-line reason for anything thrown. An `Error`'s message, plus its cause's message
 * when the cause adds something: `fetch` hides the network reason (ECONNREFUSED…) there.
 *
 * @example
 * ```ts
 * errorText(new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED 127.0.0.1:1") }));
 * // "fetch failed (connect ECONNREFUSED 127.0.0.1:1)"
 * ```
 */
export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error && !error.message.includes(error.cause.message) ? ` (${error.cause.message})` : "";
  return `${error.message}${cause}`;
}
