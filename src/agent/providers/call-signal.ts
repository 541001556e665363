import type { AbortSignalLike } from "../../catalogue/index.js";

/**
 * Runs one model call under a signal of its own that follows the run's `signal` (aborted with its
 * reason) and is unlinked from it when the call ends. The openai SDK adds an abort listener to the
 * signal of every request and never removes it: given the run's signal directly, a run (or many
 * runs sharing one signal) leaked one listener per model call.
 */
export async function withCallSignal<T>(
  signal: AbortSignalLike | undefined,
  call: (signal: AbortSignal | undefined) => Promise<T>,
): Promise<T> {
  if (!signal) return call(undefined);
  const controller = new AbortController();
  const follow = () => controller.abort(signal.reason);
  if (signal.aborted) follow();
  else signal.addEventListener("abort", follow, { once: true });
  try {
    return await call(controller.signal);
  } finally {
    signal.removeEventListener("abort", follow);
  }
}
