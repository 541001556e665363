import type { AbortSignalLike, ToolContext } from "../catalogue/index.js";
import { errorText } from "../errors.js";
import { isAbortSignalLike } from "./until-aborted.js";

/**
 * What one request brings to the checks and calls it makes: the application's own value and a
 * signal to cancel with. Both reach `execute`, `permit` and `approve` in their {@link ToolContext}.
 */
export interface RequestScope {
  /** The application's own value (the user, a tenant, a token); toolsift never reads it. */
  context?: unknown;
  /** Cancels the request: a tool not yet run does not run, and one running is no longer waited for. */
  signal?: AbortSignalLike;
}

/** Options of `session.execute`. `context` and `signal` override the session's own for this call. */
export interface ExecuteOptions extends RequestScope {
  /**
   * The request showed the model this tool's full definition some other way than the tool
   * block (Anthropic's `tool_reference`), so the call is not reported as made from a stub.
   */
  shownInFull?: boolean;
  /**
   * `"changes"`: the request lays out tools with `tools({ presentation: "changes" })`, so a
   * `search_tools` call loads its best matches (at most half of `maxHydratedTools`, at least
   * one) into the working set
   * that `toolChanges()` then adds, and its answer says which are loaded.
   *
   * @example
   * ```ts
   * const result = await session.execute(toolUse, { presentation: "changes" });
   * ```
   */
  presentation?: "changes";
}

/** `execute`'s options once read: `shownInFull` settled, and only the fields given. */
export type ReadExecuteOptions = { shownInFull: boolean; presentation?: "changes" } & RequestScope;

/** Reads `execute`'s options defensively; a signal that is not one fails the call closed. */
export function readExecuteOptions(
  options: unknown,
): { ok: true; options: ReadExecuteOptions } | { ok: false; problem: string } {
  if (typeof options !== "object" || options === null) return { ok: true, options: { shownInFull: false } };
  try {
    const { shownInFull, signal, context, presentation } = options as ExecuteOptions;
    if (signal !== undefined && !isAbortSignalLike(signal))
      return { ok: false, problem: "options.signal is not an AbortSignal" };
    if (presentation !== undefined && presentation !== "changes")
      return { ok: false, problem: 'options.presentation must be "changes" or left out' };
    const read: ReadExecuteOptions = { shownInFull: shownInFull === true };
    if (presentation !== undefined) read.presentation = presentation;
    if (signal !== undefined) read.signal = signal;
    if ("context" in options) read.context = context;
    return { ok: true, options: read };
  } catch (error) {
    return { ok: false, problem: `its options could not be read (${errorText(error)})` };
  }
}

/** The context of one check or call: the session's, with the request's value and signal, the call's overriding them. */
export function contextOf(
  sessionId: string,
  stage: ToolContext["stage"],
  request: RequestScope,
  toolUseId?: string,
  call: RequestScope = {},
): ToolContext {
  const context: ToolContext = { sessionId, stage };
  if (toolUseId !== undefined) context.toolUseId = toolUseId;
  const value = "context" in call ? call.context : request.context;
  if (value !== undefined) context.context = value;
  const signal = call.signal ?? request.signal;
  if (signal !== undefined) context.signal = signal;
  return context;
}
