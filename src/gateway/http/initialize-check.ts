import type { IncomingHttpHeaders } from "node:http";

/** Why a request that opens no session yet cannot open one, in the transport's own words and status. */
export interface Refusal {
  status: number;
  code: number;
  message: string;
}

/**
 * What the Streamable HTTP transport would refuse about the headers of a POST that carries no
 * session id, checked before anything is built for it (or its body read): an MCP `Server`, a
 * toolsift session and a transport for an initialize the transport then refuses (406, 415, a
 * batch) would cost memory for nothing, 20,000 times over if a client keeps sending them.
 */
export function initializeHeadersRefusal(headers: IncomingHttpHeaders): Refusal | undefined {
  const accept = headers.accept ?? "";
  // A list of media ranges: a substring check is what the transport itself does.
  if (!accept.includes("application/json") || !accept.includes("text/event-stream")) {
    return {
      status: 406,
      code: -32000,
      message: "Not Acceptable: Client must accept both application/json and text/event-stream",
    };
  }
  return contentTypeRefusal(headers);
}

/** The media type part of {@link initializeHeadersRefusal}: a POST's body must be JSON (415). */
export function contentTypeRefusal(headers: IncomingHttpHeaders): Refusal | undefined {
  const type = (headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json")
    return { status: 415, code: -32000, message: "Unsupported Media Type: Content-Type must be application/json" };
  return undefined;
}

/** {@link initializeHeadersRefusal} for the body; `undefined`: a single initialize request, which the transport should accept. */
export function initializeBodyRefusal(body: unknown): Refusal | undefined {
  if (Array.isArray(body)) {
    return body.some(isInitialize)
      ? {
          status: 400,
          code: -32600,
          message: "Invalid Request: an initialize request must be sent alone, not in a batch",
        }
      : noSession();
  }
  return isInitialize(body) ? undefined : noSession();
}

/**
 * The refusal of a request that neither opens a session nor claims 2026-07-28: the transport's
 * own first sentence, then the way in for each era, since either kind of client can land here
 * (a 2026-07-28 client whose request lacks the `_meta` envelope, or sends GET or DELETE).
 */
export function noSession(): Refusal {
  return {
    status: 400,
    code: -32000,
    message:
      "Bad request: no Mcp-Session-Id header. A 2025-era client starts with an initialize request; " +
      'a 2026-07-28 client sends POST only, each request naming its version in _meta["io.modelcontextprotocol/protocolVersion"].',
  };
}

function isInitialize(message: unknown): boolean {
  if (typeof message !== "object" || message === null) return false;
  const { jsonrpc, method, id } = message as { jsonrpc?: unknown; method?: unknown; id?: unknown };
  return jsonrpc === "2.0" && method === "initialize" && (typeof id === "string" || typeof id === "number");
}
