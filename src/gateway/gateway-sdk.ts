import { loadMcpSdk } from "../for-apps.js";
import { loadModernSdk, type ModernSdk } from "./gateway-sdk-v2.js";

/**
 * The server side of MCP SDK v2 (`@modelcontextprotocol/server`) that the gateway uses for both
 * eras: a 2025-era session (`initialize`, `Mcp-Session-Id`, stdio) is one v2 `Server` connected to
 * its transport; a 2026-07-28 request is served by the same package's `createMcpHandler` or
 * `serveStdio` (see `modern/`).
 */
export type GatewaySdk = ModernSdk;

/** The SDK's web-standard Streamable HTTP server transport (`Request` in, `Response` out). */
export type WebStandardHttpServerTransportClass = GatewaySdk["WebStandardStreamableHTTPServerTransport"];

/** A 2025-era session's MCP `Server`. */
export type GatewayMcpServer = InstanceType<GatewaySdk["Server"]>;

/** The context a request handler of a 2025-era session's `Server` is given (`ctx.mcpReq`, `ctx.http`). */
export type GatewayRequestContext = import("@modelcontextprotocol/server").ServerContext;

/**
 * Loads the server side of the optional MCP SDK on first use. The client side is loaded first,
 * through fromMcp's own loader, so a missing or broken client package gives the same
 * `DependencyError` (with what to install) whichever side needs it first.
 *
 * @throws `DependencyError` when `@modelcontextprotocol/client` or `@modelcontextprotocol/server` is missing or broken.
 */
export async function loadGatewaySdk(): Promise<GatewaySdk> {
  await loadMcpSdk();
  return loadModernSdk();
}
