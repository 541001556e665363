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

/** A string cut into pieces of at most `size` characters (one empty piece for an empty string). */
export function pieces(text: string, size: number): string[] {
  const cut: string[] = [];
  for (let start = 0; start < text.length; start += size) cut.push(text.slice(start, start + size));
  return cut.length > 0 ? cut : [""];
}
