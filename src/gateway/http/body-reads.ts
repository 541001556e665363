import type { IncomingMessage, ServerResponse } from "node:http";
import { readJson, refuseTooLarge, rpcError } from "../web/http-replies.js";

/** The largest request body read; MCP requests are small, and this bounds what a client can make the gateway hold. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;
/** How long a whole request body may take to arrive: an MCP message is sent at once, not trickled. */
export const BODY_READ_MS = 10_000;
/** Bodies one caller may be sending at once. */
export const MAX_BODY_READS_PER_CALLER = 8;
/** Bodies being received at once over every caller. */
export const MAX_BODY_READS = 64;

/** A request body read as JSON, or `ok: false` once the request was answered (refused). */
export type BodyRead = { ok: true; value: unknown } | { ok: false };

/**
 * Reads POST bodies under bounds that keep slow uploads (slowloris) from taking every connection:
 * at most {@link MAX_BODY_READS_PER_CALLER} per caller and {@link MAX_BODY_READS} in all at once,
 * each within {@link BODY_READ_MS}. A body past a bound is refused at once (429, 503 or 408) and
 * its connection closed, so the connection's place is free again for clients that send normally.
 */
export class BodyReads {
  private readonly byCaller = new Map<string, number>();
  private total = 0;

  constructor(
    private readonly limits: { perCaller: number; overall: number; deadlineMs: number } = {
      perCaller: MAX_BODY_READS_PER_CALLER,
      overall: MAX_BODY_READS,
      deadlineMs: BODY_READ_MS,
    },
  ) {}

  /** Reads the body of `request` sent by `caller` (an identity), or answers the refusal itself. */
  async read(request: IncomingMessage, response: ServerResponse, caller: string): Promise<BodyRead> {
    const held = this.byCaller.get(caller) ?? 0;
    if (held >= this.limits.perCaller)
      return refuse(
        request,
        response,
        429,
        `Too many requests: this credential is already sending ${held} request bodies. Send each body at once, and retry when one has been answered.`,
      );
    if (this.total >= this.limits.overall)
      return refuse(
        request,
        response,
        503,
        "Service unavailable: too many request bodies are being received at once. Retry in a few seconds.",
      );
    this.byCaller.set(caller, held + 1);
    this.total++;
    try {
      const read = await readJson(request, MAX_BODY_BYTES, this.limits.deadlineMs);
      if (read.ok) return read;
      if (read.status === 413) refuseTooLarge(request, response, MAX_BODY_BYTES);
      else if (read.status === 408) refuse(request, response, 408, read.message);
      else rpcError(response, read.status, read.code ?? -32700, read.message);
      return { ok: false };
    } finally {
      const left = (this.byCaller.get(caller) ?? 1) - 1;
      if (left > 0) this.byCaller.set(caller, left);
      else this.byCaller.delete(caller);
      this.total--;
    }
  }

  /**
   * For a request answered before its body was read: Node discards the rest of the body, and the
   * connection is closed if it has not all come within the deadline.
   */
  bound(request: IncomingMessage): void {
    if (request.complete) return;
    const timer = setTimeout(() => {
      if (!request.complete) request.socket.destroy();
    }, this.limits.deadlineMs);
    timer.unref();
    // Cleared once the rest has come (Node reads and discards it, then closes the request): a
    // pending timer holds the request, and refused requests sent fast would pile up for the
    // whole deadline, thousands of them.
    request.once("close", () => clearTimeout(timer));
  }
}

/** Answers without reading the rest of the body, and closes the connection once the answer is out. */
function refuse(request: IncomingMessage, response: ServerResponse, status: number, message: string): { ok: false } {
  request.pause();
  response.shouldKeepAlive = false;
  rpcError(response, status, -32000, message, {
    connection: "close",
    ...(status === 408 ? {} : { "retry-after": "5" }),
  });
  response.once("finish", () => request.socket.destroySoon());
  return { ok: false };
}
