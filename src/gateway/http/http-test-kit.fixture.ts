/** What the listener's tests share: a gateway over a real MCP server process, a test authenticator, raw HTTP. */
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { DYNAMIC_SERVER } from "../../../test/support/mcp-servers.js";
import type { Authenticator } from "../auth/caller.js";
import { parseGatewayConfig } from "../config/gateway-config.js";
import { Gateway } from "../gateway.js";
import type { GatewayEvent } from "../observe/gateway-event.js";
import { listenHttp, type HttpListener, type HttpListenOptions } from "./http-listener.js";

/** `authorization: Bearer <name>` proves the caller `<name>`; anything else fails. Our own interface, for tests. */
export const testAuthenticator: Authenticator = {
  async authenticate(headers) {
    const match = /^Bearer ([a-z]+)$/.exec(String(headers.authorization ?? ""));
    if (!match) return { ok: false, reason: headers.authorization ? "unknown token" : "no bearer token" };
    return { ok: true, caller: { id: match[1]!, via: "token", groups: [], scopes: [], tenant: undefined } };
  },
  challenge: (error) => `Bearer realm="toolsift"${error ? `, error="${error}"` : ""}`,
};

/** A gateway in front of the dynamic test server, listening over HTTP, and the events its listener reported. */
export interface ServedGateway {
  gateway: Gateway;
  listener: HttpListener;
  events: GatewayEvent[];
  close(): Promise<void>;
}

/** Starts a gateway over the dynamic test server (a real process) and listens with `options`. */
export async function serveGateway(options: Partial<HttpListenOptions> = {}): Promise<ServedGateway> {
  const config = parseGatewayConfig(
    { mcpServers: { dyn: { command: process.execPath, args: [DYNAMIC_SERVER], stderr: "ignore" } } },
    "mcp.json",
    {},
  );
  const gateway = await Gateway.start({ config, log: () => undefined });
  const events: GatewayEvent[] = [];
  try {
    const listener = await listenHttp(gateway, {
      port: 0,
      host: "127.0.0.1",
      log: () => undefined,
      auth: false,
      observe: (event) => events.push(event),
      ...options,
    });
    return {
      gateway,
      listener,
      events,
      async close() {
        await listener.close();
        await gateway.close();
      },
    };
  } catch (error) {
    await gateway.close();
    throw error;
  }
}

/** An initialize request. */
export function initialize(id = 1): unknown {
  return {
    jsonrpc: "2.0",
    id,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
  };
}

/** The headers a Streamable HTTP client posts with. */
export const POST_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };

/** A raw HTTP request, to send what an SDK client never would (another Host, no credential, a session id not its own). */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? "POST", headers: options.headers ?? {} }, (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(options.body === undefined ? undefined : JSON.stringify(options.body));
  });
}
