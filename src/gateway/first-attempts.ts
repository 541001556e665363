import type { McpToolHost } from "../public/mcp.js";

/**
 * Waits until each of `servers` whose first attempt to connect is still under way has connected
 * (and listed) or failed, for at most `maxWaitMs`, or until `signal` aborts. Never rejects.
 *
 * For what a client asks in the first seconds (a call by name, `resources/list`): answered at
 * once, it would say a tool does not exist, or list nothing, only because its server is a few
 * milliseconds from ready. Only a first attempt is waited for: a server that failed once is
 * down, and asking again must not start a new attempt (that would let any client hammer it).
 * The attempt itself ends at the server's connect timeout; `maxWaitMs` caps it below a client's
 * own request timeout, so a hung server delays an answer, never loses it.
 */
export async function firstAttemptsSettled(
  host: Pick<McpToolHost, "status" | "refresh">,
  servers: readonly string[],
  maxWaitMs: number,
  signal?: AbortSignal,
): Promise<void> {
  const starting = new Set(
    host
      .status()
      .filter((server) => server.state === "connecting" && server.failures === 0 && server.lastError === undefined)
      .map((server) => server.server),
  );
  const waits = servers.filter((server) => starting.has(server));
  if (waits.length === 0 || maxWaitMs <= 0 || signal?.aborted) return;
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  try {
    await Promise.race([
      // refresh() on a server whose first attempt is under way joins that attempt; a failure is already reported as an event.
      Promise.allSettled(waits.map((server) => host.refresh(server))),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, maxWaitMs);
        onAbort = resolve;
        signal?.addEventListener("abort", onAbort, { once: true });
      }),
    ]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener("abort", onAbort);
  }
}
