import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { OptionsError, errorText } from "../../errors.js";
import type { Gateway } from "../gateway.js";
import { loadStreamableHttpServerTransport } from "../gateway-sdk.js";
import { LOCAL_CALLER, type Authenticator, type Caller } from "../auth/caller.js";

/** A gateway listening for MCP clients over Streamable HTTP. */
export interface HttpListener {
  /** The port bound (the one asked for, or the one the system chose for 0). */
  port: number;
  /** The MCP endpoint, e.g. `http://127.0.0.1:8808/mcp`. */
  url: string;
  /** Stops listening and ends every client session. */
  close(): Promise<void>;
}

/** The path clients post to. */
export const MCP_PATH = "/mcp";
/** How many client sessions are kept by default; past it the least recently active one is ended. */
export const DEFAULT_MAX_HTTP_SESSIONS = 256;
/** The largest request body read; MCP requests are small, and this bounds what a client can make the gateway hold. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;
const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

type Transport = InstanceType<Awaited<ReturnType<typeof loadStreamableHttpServerTransport>>>;

/** Options of {@link listenHttp}. */
export interface HttpListenOptions {
  /** 0 lets the system choose. */
  port: number;
  host: string;
  log(line: string): void;
  /**
   * Who may call: every request must carry a credential this authenticator accepts, or it is
   * answered 401. `false` serves without one, as the user who started the gateway; it is
   * refused unless `host` is a loopback address.
   */
  auth: Authenticator | false;
  /**
   * Sessions kept at once. Clients that vanish without ending their session would otherwise hold
   * memory forever; past the cap the least recently active session is ended (its client gets
   * 404 and starts a new one, as the protocol says).
   * @defaultValue 256
   */
  maxSessions?: number;
}

/**
 * Serves the gateway over Streamable HTTP at `/mcp`, one MCP session (and one toolsift session)
 * per client. Bound to a loopback address, it also refuses requests whose `Host` or `Origin`
 * names another host: a web page cannot reach it through DNS rebinding.
 */
export async function listenHttp(gateway: Gateway, options: HttpListenOptions): Promise<HttpListener> {
  const StreamableHttpServerTransport = await loadStreamableHttpServerTransport();
  const transports = new Map<string, Transport>();
  const loopback = LOOPBACK_NAMES.has(options.host);
  const maxSessions = options.maxSessions ?? DEFAULT_MAX_HTTP_SESSIONS;
  const { auth } = options;
  if (auth === false && !loopback)
    throw new OptionsError(
      "no_auth_off_loopback",
      `listenHttp: auth is false, but ${options.host} is not a loopback address: anyone who can reach it could call every upstream tool. Give an authenticator, or bind to 127.0.0.1.`,
    );

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    if (path !== MCP_PATH) return reply(response, 404, `toolsift serves MCP at ${MCP_PATH}.`);
    if (
      loopback &&
      !(
        fromLoopback(request.headers.host) &&
        (request.headers.origin === undefined || fromLoopback(request.headers.origin))
      )
    ) {
      return reply(response, 403, "This toolsift gateway only answers requests addressed to localhost.");
    }
    let caller: Caller = LOCAL_CALLER;
    if (auth !== false) {
      const authentication = await auth.authenticate(request.headers);
      if (!authentication.ok) {
        response.setHeader("www-authenticate", auth.challenge(authentication.error));
        const status = authentication.error === "insufficient_scope" ? 403 : 401;
        return rpcError(response, status, -32001, `Unauthorized: ${authentication.reason}`);
      }
      caller = authentication.caller;
    }
    const sessionId = request.headers["mcp-session-id"];
    if (typeof sessionId === "string") {
      const transport = transports.get(sessionId);
      if (!transport)
        return rpcError(response, 404, -32001, "Session not found: it ended or never existed. Initialize a new one.");
      // Map order is recency: the least recently active session is the first ended past the cap.
      transports.delete(sessionId);
      transports.set(sessionId, transport);
      return transport.handleRequest(request, response);
    }
    if (request.method !== "POST")
      return rpcError(
        response,
        400,
        -32000,
        "Bad request: no Mcp-Session-Id header. Start with an initialize request.",
      );
    const body = await readJson(request);
    if (!body.ok) return rpcError(response, body.status, -32700, body.message);
    if (!isInitialize(body.value))
      return rpcError(
        response,
        400,
        -32000,
        "Bad request: no Mcp-Session-Id header. Start with an initialize request.",
      );
    const transport: Transport = new StreamableHttpServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => {
        transports.set(id, transport);
        for (const [oldest, stale] of transports) {
          if (transports.size <= maxSessions) break;
          transports.delete(oldest);
          stale.close().catch(() => undefined);
        }
      },
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) transports.delete(transport.sessionId);
    };
    await gateway.connect(transport, { caller });
    await transport.handleRequest(request, response, body.value);
    // An initialize the transport refused (406, 415, a batch of two) opened no session, and no
    // request can ever reach this connection again: close it, or each one is kept forever.
    if (transport.sessionId === undefined) await transport.close();
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      options.log(`HTTP request failed: ${errorText(error)}`);
      if (!response.headersSent) rpcError(response, 500, -32603, "Internal error");
      else response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const hostPart = options.host.includes(":") ? `[${options.host}]` : options.host;
  return {
    port,
    url: `http://${hostPart}:${port}${MCP_PATH}`,
    async close() {
      await Promise.allSettled([...transports.values()].map((transport) => transport.close()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function fromLoopback(value: string | undefined): boolean {
  if (value === undefined) return false;
  try {
    return LOOPBACK_NAMES.has(new URL(value.includes("://") ? value : `http://${value}`).hostname);
  } catch {
    return false;
  }
}

function isInitialize(message: unknown): boolean {
  const messages = Array.isArray(message) ? message : [message];
  return messages.some(
    (item) => typeof item === "object" && item !== null && (item as { method?: unknown }).method === "initialize",
  );
}

async function readJson(
  request: IncomingMessage,
): Promise<{ ok: true; value: unknown } | { ok: false; status: number; message: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return { ok: false, status: 413, message: `Request body over ${MAX_BODY_BYTES} bytes.` };
    chunks.push(chunk as Buffer);
  }
  try {
    return { ok: true, value: JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown };
  } catch (error) {
    return { ok: false, status: 400, message: `Parse error: ${errorText(error)}` };
  }
}

function reply(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { "content-type": "text/plain; charset=utf-8" }).end(`${text}\n`);
}

function rpcError(response: ServerResponse, status: number, code: number, message: string): void {
  response
    .writeHead(status, { "content-type": "application/json" })
    .end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}
