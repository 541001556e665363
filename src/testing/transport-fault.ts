// The broken connections the local API servers can play, one set for every provider.
import type { ServerResponse } from "node:http";

/**
 * `reset-before-headers`: the socket is destroyed before any answer. `reset-mid-body`: a 200
 * with its headers and half of a valid body, then the socket is destroyed. `hang`: no answer
 * ever (until the server closes).
 *
 * @example
 * ```ts
 * const server = await startMessagesApiServer([() => reply.fault("reset-mid-body")]);
 * ```
 */
export type TransportFault = "reset-before-headers" | "reset-mid-body" | "hang";

/** Plays `fault` on `response`; `body` is the valid answer that `reset-mid-body` sends half of. */
export function playFault(fault: TransportFault, response: ServerResponse, body: string, contentType: string): void {
  if (fault === "hang") return;
  if (fault === "reset-before-headers") {
    response.socket?.destroy();
    return;
  }
  response.writeHead(200, { "content-type": contentType, "content-length": String(Buffer.byteLength(body)) });
  response.write(body.slice(0, Math.floor(body.length / 2)), () => response.socket?.destroy());
}

/**
 * At most this many pieces per string: a long text (a megabyte of answer) is cut into longer
 * pieces rather than into hundreds of thousands of stream events.
 */
export const MAX_PIECES = 1000;

/**
 * A string cut into pieces of `size` characters, or longer ones when that would make more than
 * {@link MAX_PIECES} (one empty piece for an empty string).
 */
export function pieces(text: string, size: number): string[] {
  const step = Math.max(size, Math.ceil(text.length / MAX_PIECES));
  const cut: string[] = [];
  for (let start = 0; start < text.length; start += step) cut.push(text.slice(start, start + step));
  return cut.length > 0 ? cut : [""];
}
