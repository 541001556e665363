import { loadMcpSdk } from "../for-apps.js";

/** The server side of @modelcontextprotocol/sdk that the gateway uses. */
export interface GatewaySdk {
  Server: typeof import("@modelcontextprotocol/sdk/server/index.js").Server;
  StdioServerTransport: typeof import("@modelcontextprotocol/sdk/server/stdio.js").StdioServerTransport;
  ListToolsRequestSchema: typeof import("@modelcontextprotocol/sdk/types.js").ListToolsRequestSchema;
  CallToolRequestSchema: typeof import("@modelcontextprotocol/sdk/types.js").CallToolRequestSchema;
  /** Thrown by a handler, it becomes the JSON-RPC error answer (a rate-limited call). */
  McpError: typeof import("@modelcontextprotocol/sdk/types.js").McpError;
}

/** The SDK's Streamable HTTP server transport, apart: it brings an HTTP stack only `--http` needs. */
export type StreamableHttpServerTransportClass =
  typeof import("@modelcontextprotocol/sdk/server/streamableHttp.js").StreamableHTTPServerTransport;

/**
 * Loads the server side of the optional MCP SDK on first use. The client side is loaded first,
 * through fromMcp's own loader, so a missing or broken SDK gives the same `DependencyError` (with
 * what to install) whichever side needs it first.
 */
export async function loadGatewaySdk(): Promise<GatewaySdk> {
  await loadMcpSdk();
  const [server, stdio, types] = await Promise.all([
    import("@modelcontextprotocol/sdk/server/index.js"),
    import("@modelcontextprotocol/sdk/server/stdio.js"),
    import("@modelcontextprotocol/sdk/types.js"),
  ]);
  return {
    Server: server.Server,
    StdioServerTransport: stdio.StdioServerTransport,
    ListToolsRequestSchema: types.ListToolsRequestSchema,
    CallToolRequestSchema: types.CallToolRequestSchema,
    McpError: types.McpError,
  };
}

/** Loads the Streamable HTTP server transport (see {@link StreamableHttpServerTransportClass}). */
export async function loadStreamableHttpServerTransport(): Promise<StreamableHttpServerTransportClass> {
  await loadMcpSdk();
  return (await import("@modelcontextprotocol/sdk/server/streamableHttp.js")).StreamableHTTPServerTransport;
}

/** The SDK's web-standard Streamable HTTP server transport (`Request` in, `Response` out). */
export type WebStandardHttpServerTransportClass =
  typeof import("@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js").WebStandardStreamableHTTPServerTransport;

/** Loads the web-standard Streamable HTTP server transport (see {@link WebStandardHttpServerTransportClass}). */
export async function loadWebStandardHttpServerTransport(): Promise<WebStandardHttpServerTransportClass> {
  await loadMcpSdk();
  return (await import("@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js"))
    .WebStandardStreamableHTTPServerTransport;
}
