import { OptionsError } from "../errors.js";
import { checkKeys, optionKeys } from "../util/option-keys.js";
import type { ToolSearchEvent } from "../events.js";
// Not learning/'s index, which loads the stores and misses (see load-learning.ts).
import { DEFAULT_SCOPE } from "../learning/lesson.js";
import { Hydration, UsageTrail, isAbortSignalLike, type RequestScope, type SessionState } from "../session/index.js";
import { MAX_TRANSCRIPT_CALLS, transcriptCalls, type TranscriptCall } from "../wire/index.js";
import { checkedScope } from "./parse-options.js";
import type { SessionOptions } from "./tool-search-options.js";

/**
 * The state of every session id, most recently used last, at most `maxSessions`: past the cap
 * the least recently used is forgotten, so a server that never calls `endSession` still has
 * bounded memory.
 */
export class SessionRegistry {
  private readonly sessions = new Map<string, SessionState>();

  constructor(
    private readonly limits: { maxSessions: number; maxHydratedTools: number },
    private readonly learning: boolean,
    private readonly emit: (event: ToolSearchEvent) => void,
  ) {}

  /**
   * The state of `id`, created (from the transcript, if any) when it is new.
   *
   * @throws {@link OptionsError} for an empty id, bad options, or a scope other than the session's own.
   */
  open(id: string, options: SessionOptions): { state: SessionState; request: RequestScope } {
    if (typeof id !== "string" || id === "")
      throw new OptionsError("invalid_session_id", "A session id must be a non-empty string.");
    const { request, calls, scope } = readSessionOptions(options);
    let state = this.sessions.get(id);
    if (state && scope !== undefined && state.scope !== scope) {
      throw new OptionsError(
        "session_scope_changed",
        `Session "${id}" belongs to scope "${state.scope}", not "${scope}": a session keeps its scope. Use a new session id for another scope.`,
      );
    }
    if (state) this.sessions.delete(id);
    else state = this.create(id, calls, scope ?? DEFAULT_SCOPE);
    this.sessions.set(id, state);
    for (const oldest of this.sessions.keys()) {
      if (this.sessions.size <= this.limits.maxSessions) break;
      this.sessions.delete(oldest);
    }
    return { state, request };
  }

  /** The scope of a session still held, without touching its recency. */
  scopeOf(id: string): string | undefined {
    return this.sessions.get(id)?.scope;
  }

  end(id: string): void {
    this.sessions.delete(id);
  }

  private create(id: string, calls: readonly TranscriptCall[] | undefined, scope: string): SessionState {
    const state: SessionState = {
      hydration: new Hydration(this.limits.maxHydratedTools),
      scope,
      ...(this.learning ? { trail: new UsageTrail() } : {}),
    };
    if (!calls || calls.length === 0) return state;
    if (calls.length > MAX_TRANSCRIPT_CALLS) {
      this.emit({
        type: "warning",
        code: "transcript_truncated",
        message:
          `The transcript of session ${id} holds ${calls.length} tool calls; its hydration was rebuilt from the last ${MAX_TRANSCRIPT_CALLS}, ` +
          "so the order of its hydrated tools may differ from the process that ran them.",
      });
    }
    state.replay = { calls: calls.length > MAX_TRANSCRIPT_CALLS ? calls.slice(-MAX_TRANSCRIPT_CALLS) : calls };
    return state;
  }
}

/** Checks `session()`'s options: what is wrong is named, before any state changes. */
/** Every option `session()` reads; the compiler holds the list to {@link SessionOptions}. */
const SESSION_KEYS = optionKeys<keyof SessionOptions>({
  transcript: true,
  context: true,
  signal: true,
  scope: true,
});

function readSessionOptions(options: unknown): { request: RequestScope; calls?: TranscriptCall[]; scope?: string } {
  if (options === undefined) return { request: {} };
  if (typeof options !== "object" || options === null) {
    throw new OptionsError(
      "invalid_options",
      "session(id, options) takes an options object, e.g. session(id, { context: { userId } }).",
    );
  }
  // A misspelt scope would start the session in the default scope, a misspelt context hand
  // permit no caller: both without a word.
  checkKeys("session()", "", options, SESSION_KEYS, "{ context: { userId } }");
  const { context, signal, transcript, scope } = options as SessionOptions;
  if (signal !== undefined && !isAbortSignalLike(signal)) {
    throw new OptionsError(
      "invalid_signal",
      "options.signal must be an AbortSignal (e.g. new AbortController().signal).",
    );
  }
  const request: RequestScope = {};
  if (context !== undefined) request.context = context;
  if (signal !== undefined) request.signal = signal;
  const checked = checkedScope(scope);
  return {
    request,
    ...(transcript === undefined ? {} : { calls: transcriptCalls(transcript) }),
    ...(checked === undefined ? {} : { scope: checked }),
  };
}
