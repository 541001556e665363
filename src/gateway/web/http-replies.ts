import type { IncomingMessage, ServerResponse } from "node:http";
import { errorText } from "../../errors.js";

/** A plain-text answer. */
export function reply(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { "content-type": "text/plain; charset=utf-8" }).end(`${text}\n`);
}

/** A JSON answer. */
export function replyJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

/** A JSON-RPC error answer, as the Streamable HTTP transport gives them (no request id: none was read). */
export function rpcError(
  response: ServerResponse,
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  response
    .writeHead(status, { "content-type": "application/json", ...headers })
    .end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}

/**
 * Answers `413` and ends the connection: the rest of the body is not read (it could be
 * gigabytes), and a keep-alive socket with unread body bytes could carry no next request anyway.
 */
export function refuseTooLarge(request: IncomingMessage, response: ServerResponse, maxBytes: number): void {
  request.pause();
  response.shouldKeepAlive = false;
  rpcError(response, 413, -32000, `Request body over ${maxBytes} bytes.`, { connection: "close" });
  response.once("finish", () => request.socket.destroySoon());
}

/**
 * How deep a request's JSON may nest. MCP messages need a handful of levels, tool arguments a few
 * dozen at most; past this, re-serialising and validating the message would recurse until the
 * stack overflows (a 500 for what is the client's error).
 */
export const MAX_JSON_DEPTH = 100;

/** A body read as JSON, or the status, JSON-RPC code and message to refuse it with. */
export type JsonBody = { ok: true; value: unknown } | { ok: false; status: number; message: string; code?: number };

/**
 * Reads a request body of at most `maxBytes` as JSON. Over the limit, it stops reading (the
 * caller answers with {@link refuseTooLarge}).
 */
export async function readJson(
  request: IncomingMessage,
  maxBytes: number,
  deadlineMs = Number.POSITIVE_INFINITY,
): Promise<JsonBody> {
  const declared = Number(request.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) return tooLarge(maxBytes);
  const chunks: Buffer[] = [];
  let size = 0;
  let timer: NodeJS.Timeout | undefined;
  const read = await new Promise<"whole" | "too-large" | "cut" | "late">((resolve) => {
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        request.off("data", onData);
        request.pause();
        resolve("too-large");
      } else chunks.push(chunk);
    };
    request.on("data", onData);
    request.once("end", () => resolve("whole"));
    // A client that hangs up (or is cut off by requestTimeout) mid-body: settle, or this waits forever.
    request.once("error", () => resolve("cut"));
    request.once("close", () => resolve(request.complete ? "whole" : "cut"));
    // A body trickled a byte at a time holds its connection: past the deadline it is refused.
    if (Number.isFinite(deadlineMs))
      timer = setTimeout(() => {
        request.off("data", onData);
        request.pause();
        resolve("late");
      }, deadlineMs);
  });
  clearTimeout(timer);
  if (read === "too-large") return tooLarge(maxBytes);
  if (read === "late")
    return { ok: false, status: 408, message: `Request timeout: the body did not arrive within ${deadlineMs} ms.` };
  if (read === "cut") return { ok: false, status: 400, message: "The request ended before its body did." };
  const text = Buffer.concat(chunks).toString("utf8");
  if (nestsDeeperThan(text, MAX_JSON_DEPTH))
    return {
      ok: false,
      status: 400,
      code: INVALID_REQUEST,
      message: `Invalid Request: the JSON is nested deeper than ${MAX_JSON_DEPTH} levels.`,
    };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, status: 400, message: `Parse error: ${errorText(error)}` };
  }
}

const INVALID_REQUEST = -32600;

/** Whether JSON text opens more than `max` arrays or objects at once; a loop over the text, so any depth is safe to ask about. */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c) index++;
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      if (++depth > max) return true;
    } else if (char === 0x5d || char === 0x7d) depth--;
  }
  return false;
}

function tooLarge(maxBytes: number): JsonBody {
  return { ok: false, status: 413, message: `Request body over ${maxBytes} bytes.` };
}
