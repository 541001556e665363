/**
 * Raw JSON-RPC over Streamable HTTP in both MCP eras, as the bench's clients of `toolsift serve`
 * send it: a 2025-era session (initialize, then `Mcp-Session-Id` on every request) and
 * stateless 2026-07-28 requests (no session; protocol version, client info and capabilities in
 * every request's `_meta`). Raw fetch, so what is timed is the gateway, not a client library.
 */

import { MCP_POST_HEADERS as HEADERS, openLegacySession } from "../mcp-http/legacy-session.js";

export const MODERN_VERSION = "2026-07-28";

/** What a JSON-RPC request was answered. */
export interface RpcAnswer {
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

/** Sends requests of one era; `request` throws on an HTTP or JSON-RPC error. */
export interface EraClient {
  request(method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
}

/** The answer with `id` in a response body: a JSON object, or an event stream's `data:` lines. */
export function answerIn(body: string, id: number): RpcAnswer | undefined {
  const messages = body.trimStart().startsWith("{")
    ? [body]
    : body
        .split("\n")
        .filter((line) => line.startsWith("data: "))
        .map((line) => line.slice(6));
  for (const text of messages) {
    const message = JSON.parse(text) as { id?: unknown } & RpcAnswer;
    if (message.id === id) return message;
  }
  return undefined;
}

async function post(url: string, headers: Record<string, string>, body: { id?: number }): Promise<RpcAnswer> {
  const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`answered HTTP ${response.status}: ${text.slice(0, 300)}`);
  if (body.id === undefined) return {};
  const answer = answerIn(text, body.id);
  if (!answer) throw new Error(`no answer to request ${body.id} in: ${text.slice(0, 300)}`);
  return answer;
}

function resultOf(method: string, answer: RpcAnswer): Record<string, unknown> {
  if (answer.error) throw new Error(`${method} failed: ${answer.error.code} ${answer.error.message}`);
  return answer.result ?? {};
}

/** A 2025-era session on `url`: initialize and the initialized notification, then requests with its id. */
export async function legacySession(url: string): Promise<EraClient> {
  const headers = await openLegacySession(url);
  let id = 0;
  return {
    async request(method, params = {}) {
      id++;
      return resultOf(method, await post(url, headers, { jsonrpc: "2.0", id, method, params } as { id: number }));
    },
  };
}

/** Stateless 2026-07-28 requests to `url`: each carries the era's headers and `_meta`, none a session. */
export function statelessClient(url: string): EraClient {
  const meta = {
    "io.modelcontextprotocol/protocolVersion": MODERN_VERSION,
    "io.modelcontextprotocol/clientInfo": { name: "bench", version: "1" },
    "io.modelcontextprotocol/clientCapabilities": {},
  };
  let id = 0;
  return {
    async request(method, params = {}) {
      id++;
      const headers: Record<string, string> = {
        ...HEADERS,
        "mcp-protocol-version": MODERN_VERSION,
        "mcp-method": method,
        ...(typeof params.name === "string" ? { "mcp-name": params.name } : {}),
      };
      const body = { jsonrpc: "2.0", id, method, params: { ...params, _meta: meta } };
      return resultOf(method, await post(url, headers, body));
    },
  };
}

/** The text of a `tools/call` result's content. */
export function textOf(result: Record<string, unknown>): string {
  const content = Array.isArray(result.content) ? (result.content as { type?: string; text?: unknown }[]) : [];
  return content.map((block) => (typeof block.text === "string" ? block.text : "")).join("\n");
}
