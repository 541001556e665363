import { loadMcpSdk } from "../for-apps.js";

/** The server side of @modelcontextprotocol/sdk that the gateway uses. */
export interface GatewaySdk {
  Server: typeof import("@modelcontextprotocol/sdk/server/index.js").Server;
  StdioServerTransport: typeof import("@modelcontextprotocol/sdk/server/stdio.js").StdioServerTransport;
  ListToolsRequestSchema: typeof import("@modelcontextprotocol/sdk/types.js").ListToolsRequestSchema;
  CallToolRequestSchema: typeof import("@modelcontextprotocol/sdk/types.js").CallToolRequestSchema;
  /** The resource and prompt requests the gateway fronts (see content/gateway-resources.ts). */
  ListResourcesRequestSchema: typeof import("@modelcontextprotocol/sdk/types.js").ListResourcesRequestSchema;
  ListResourceTemplatesRequestSchema: typeof import("@modelcontextprotocol/sdk/types.js").ListResourceTemplatesRequestSchema;
  ReadResourceRequestSchema: typeof import("@modelcontextprotocol/sdk/types.js").ReadResourceRequestSchema;
  ListPromptsRequestSchema: typeof import("@modelcontextprotocol/sdk/types.js").ListPromptsRequestSchema;
  GetPromptRequestSchema: typeof import("@modelcontextprotocol/sdk/types.js").GetPromptRequestSchema;
  /** Thrown by a handler, it becomes the JSON-RPC error answer (a rate-limited call). */
  McpError: typeof import("@modelcontextprotocol/sdk/types.js").McpError;
  /** What an upstream server's requests, forwarded to a client, are answered with (see upstream-requests.ts). */
  ListRootsResultSchema: typeof import("@modelcontextprotocol/sdk/types.js").ListRootsResultSchema;
  ElicitResultSchema: typeof import("@modelcontextprotocol/sdk/types.js").ElicitResultSchema;
  CreateMessageResultSchema: typeof import("@modelcontextprotocol/sdk/types.js").CreateMessageResultSchema;
  RootsListChangedNotificationSchema: typeof import("@modelcontextprotocol/sdk/types.js").RootsListChangedNotificationSchema;
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
    ListResourcesRequestSchema: types.ListResourcesRequestSchema,
    ListResourceTemplatesRequestSchema: types.ListResourceTemplatesRequestSchema,
    ReadResourceRequestSchema: types.ReadResourceRequestSchema,
    ListPromptsRequestSchema: types.ListPromptsRequestSchema,
    GetPromptRequestSchema: types.GetPromptRequestSchema,
    McpError: types.McpError,
    ListRootsResultSchema: types.ListRootsResultSchema,
    ElicitResultSchema: types.ElicitResultSchema,
    CreateMessageResultSchema: types.CreateMessageResultSchema,
    RootsListChangedNotificationSchema: types.RootsListChangedNotificationSchema,
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
