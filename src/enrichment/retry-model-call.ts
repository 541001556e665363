import { errorText } from "../errors.js";
import type { AbortSignalLike } from "../catalogue/index.js";

/** How a model call is retried and how long each may take. */
export interface RetryPolicy {
  /** Retries after the first attempt, for 429, 529, other 5xx, timeouts and connection errors. */
  maxRetries: number;
  /** The longest one attempt may take before it is aborted (and retried). */
  timeoutMs: number;
  /** The first back-off; each retry doubles it, up to `maxDelayMs`, with jitter. */
  baseDelayMs: number;
  maxDelayMs: number;
}

/** The longest wait a `retry-after` header is obeyed for: past it, the wait is cut to this. */
export const MAX_RETRY_AFTER_MS = 120_000;

/** Why a call failed, and whether trying again can help. */
export interface CallFailure {
  /** `retryable`: 429, 529, 5xx, a timeout, the network. `tool`: this request was refused (400, 413, 422). `fatal`: every call would fail (401, 403, 404, an abort). */
  kind: "retryable" | "tool" | "fatal";
  status: number | undefined;
  message: string;
  /** What the API asked to wait (`retry-after-ms` or `retry-after`), in ms. */
  retryAfterMs: number | undefined;
}

/** The call failed for good: its last failure, after `attempts` attempts. */
export class ModelCallFailed extends Error {
  constructor(
    readonly failure: CallFailure,
    readonly attempts: number,
  ) {
    super(failure.message);
  }
}

/**
 * Runs `call` with a fresh deadline per attempt, retrying what can succeed later with
 * exponential back-off and full jitter, or after what `retry-after` says when the error carries
 * it (the SDKs' `APIError.headers`). The client's own retries should be off (`maxRetries: 0`),
 * or they multiply with these.
 *
 * @throws {@link ModelCallFailed} once retries are used up, at once for a failure a retry cannot fix.
 * @throws the signal's reason (or an Error) when `signal` aborts.
 */
export async function withRetries<T>(
  call: (signal: AbortSignalLike) => Promise<T>,
  policy: RetryPolicy,
  signal: AbortSignalLike | undefined,
  random: () => number = Math.random,
  onRetry?: (attempt: number, waitMs: number, reason: string) => void,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    throwIfAborted(signal);
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error(`no answer within ${policy.timeoutMs} ms`));
    }, policy.timeoutMs);
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener("abort", onAbort, { once: true });
    try {
      return await call(controller.signal);
    } catch (error) {
      throwIfAborted(signal);
      const failure = classify(error, timedOut, policy.timeoutMs);
      if (failure.kind !== "retryable" || attempt >= policy.maxRetries) throw new ModelCallFailed(failure, attempt + 1);
      const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
      const wait =
        failure.retryAfterMs !== undefined
          ? Math.min(MAX_RETRY_AFTER_MS, failure.retryAfterMs)
          : // Full jitter, kept above half the back-off: concurrent callers spread out, yet do wait.
            backoff / 2 + random() * (backoff / 2);
      onRetry?.(attempt + 1, wait, failure.message);
      await sleep(wait, signal);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    }
  }
}

/** Reads an SDK error (duck-typed: toolsift loads neither SDK) into a {@link CallFailure}. */
export function classify(error: unknown, timedOut: boolean, timeoutMs: number): CallFailure {
  const api = (typeof error === "object" && error !== null ? error : {}) as {
    status?: unknown;
    headers?: unknown;
    name?: unknown;
  };
  const text = errorText(error);
  if (timedOut)
    return {
      kind: "retryable",
      status: undefined,
      message: `no answer within ${timeoutMs} ms`,
      retryAfterMs: undefined,
    };
  if (typeof api.status === "number") {
    const status = api.status;
    const retryAfterMs = retryAfterOf(api.headers);
    if (status === 408 || status === 409 || status === 429 || status >= 500)
      return { kind: "retryable", status, message: `HTTP ${status}: ${text}`, retryAfterMs };
    if (status === 401 || status === 403 || status === 404)
      return {
        kind: "fatal",
        status,
        message: `HTTP ${status}: ${text}. ${status === 404 ? "Check the model name." : "Check the API key and its permissions."}`,
        retryAfterMs,
      };
    return { kind: "tool", status, message: `HTTP ${status}: ${text}`, retryAfterMs };
  }
  const name = typeof api.name === "string" ? api.name : "";
  if (/Connection|Timeout/.test(name) || /connection|fetch failed|ECONN|socket|network|timed? ?out/i.test(text))
    return { kind: "retryable", status: undefined, message: text, retryAfterMs: undefined };
  return { kind: "fatal", status: undefined, message: `the client failed: ${text}`, retryAfterMs: undefined };
}

/** `retry-after-ms` (milliseconds) or `retry-after` (seconds, or an HTTP date), from a Headers or a plain object. */
export function retryAfterOf(headers: unknown, now: number = Date.now()): number | undefined {
  const get = (name: string): string | undefined => {
    if (typeof headers !== "object" || headers === null) return undefined;
    const getter = (headers as { get?: unknown }).get;
    const value =
      typeof getter === "function" ? getter.call(headers, name) : (headers as Record<string, unknown>)[name];
    return typeof value === "string" ? value : undefined;
  };
  const ms = Number(get("retry-after-ms"));
  if (get("retry-after-ms") !== undefined && Number.isFinite(ms) && ms >= 0) return ms;
  const after = get("retry-after");
  if (after === undefined) return undefined;
  const seconds = Number(after);
  if (after.trim() !== "" && Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(after);
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}

function throwIfAborted(signal: AbortSignalLike | undefined): void {
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error("aborted");
}

function sleep(ms: number, signal: AbortSignalLike | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason instanceof Error ? signal.reason : new Error("aborted"));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
