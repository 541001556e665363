import { errorText } from "../../errors.js";
import { isRecord } from "../../util/is-record.js";
import { type AcceptedListen, withUris } from "./modern-listen.js";

/** At most this many `subscriptions/listen` streams of one stdio client hold upstream subscriptions. */
export const MAX_STDIO_LISTENS = 100;

/** The part of SDK v2's stdio transport the relay hooks into, after `serveStdio` installed its handlers. */
interface HookedTransport {
  onmessage?: ((message: never, extra?: never) => void) | undefined;
  onclose?: (() => void) | undefined;
}

/**
 * Puts the resource part of a stdio client's `subscriptions/listen` requests through `accept`
 * (see modern-listen.ts) before `serveStdio`'s own router acknowledges them, and ends what a
 * stream holds upstream when the client cancels it (`notifications/cancelled` naming its id) or
 * the connection closes. Messages keep their order: each waits for the one before it, and only a
 * listen request waits for anything (its upstream subscriptions, bounded in time). Past
 * {@link MAX_STDIO_LISTENS} open streams, a new one is served without resource subscriptions.
 */
export function relayStdioListens(
  transport: HookedTransport,
  accept: (body: unknown, signal: AbortSignal) => Promise<AcceptedListen>,
  log: (line: string) => void,
): void {
  const route = transport.onmessage;
  const closed = transport.onclose;
  if (!route) return;
  const held = new Map<unknown, AcceptedListen>();
  const hangUp = new AbortController();
  let queue = Promise.resolve();
  const relay = async (message: unknown): Promise<unknown> => {
    if (!isRecord(message)) return message;
    if (message.method === "subscriptions/listen" && "id" in message) {
      if (held.size >= MAX_STDIO_LISTENS) return withUris(message, []);
      const accepted = await accept(message, hangUp.signal);
      held.get(message.id)?.release();
      held.set(message.id, accepted);
      return accepted.body;
    }
    const params = isRecord(message.params) ? message.params : undefined;
    if (message.method === "notifications/cancelled" && params && held.has(params.requestId)) {
      held.get(params.requestId)?.release();
      held.delete(params.requestId);
    }
    return message;
  };
  transport.onmessage = (message, extra) => {
    queue = queue
      .then(() => relay(message))
      .then((relayed) => route(relayed as never, extra))
      .catch((error: unknown) => {
        log(`MCP 2026-07-28 stdio: ${errorText(error)}`);
        route(message, extra);
      });
  };
  transport.onclose = () => {
    hangUp.abort();
    for (const accepted of held.values()) accepted.release();
    held.clear();
    closed?.();
  };
}
