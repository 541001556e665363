import { dependencyLoadError, loadMcpSdk } from "../for-apps.js";

/** The server side is still SDK v1's; fromMcp, the client side, is on SDK v2. */
const SERVER_SDK_PACKAGE = "@modelcontextprotocol/sdk";
const SERVER_SDK_RANGE = "^1.32";

/** Imports a module of SDK v1, with what to install if that fails. */
function serverSdk<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((error: unknown) => {
    throw dependencyLoadError(error, SERVER_SDK_PACKAGE, SERVER_SDK_RANGE, "toolsift serve", "the MCP SDK v1");
  });
}

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
  CompleteRequestSchema: typeof import("@modelcontextprotocol/sdk/types.js").CompleteRequestSchema;
  /** Resource subscriptions, passed on to the upstream server (see content/resource-subscriptions.ts). */
  SubscribeRequestSchema: typeof import("@modelcontextprotocol/sdk/types.js").SubscribeRequestSchema;
  UnsubscribeRequestSchema: typeof import("@modelcontextprotocol/sdk/types.js").UnsubscribeRequestSchema;
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
    serverSdk(() => import("@modelcontextprotocol/sdk/server/index.js")),
    serverSdk(() => import("@modelcontextprotocol/sdk/server/stdio.js")),
    serverSdk(() => import("@modelcontextprotocol/sdk/types.js")),
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
    CompleteRequestSchema: types.CompleteRequestSchema,
    SubscribeRequestSchema: types.SubscribeRequestSchema,
    UnsubscribeRequestSchema: types.UnsubscribeRequestSchema,
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
  return (await serverSdk(() => import("@modelcontextprotocol/sdk/server/streamableHttp.js")))
    .StreamableHTTPServerTransport;
}

/** The SDK's web-standard Streamable HTTP server transport (`Request` in, `Response` out). */
export type WebStandardHttpServerTransportClass =
  typeof import("@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js").WebStandardStreamableHTTPServerTransport;

/** Loads the web-standard Streamable HTTP server transport (see {@link WebStandardHttpServerTransportClass}). */
export async function loadWebStandardHttpServerTransport(): Promise<WebStandardHttpServerTransportClass> {
  await loadMcpSdk();
  return (await serverSdk(() => import("@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js")))
    .WebStandardStreamableHTTPServerTransport;
}
