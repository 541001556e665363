/**
 * `toolsift/mcp`: MCP servers as a tool host. `fromMcp` connects to stdio and HTTP servers
 * (the MCP SDK is an optional peer, loaded on first use) and lists their tools as
 * `server__tool`, for `createToolSearch({ tools: host })`.
 *
 * @example
 * ```ts
 * import { createToolSearch } from "toolsift";
 * import { fromMcp } from "toolsift/mcp";
 *
 * const host = await fromMcp({ github: { command: "npx", args: ["-y", "@modelcontextprotocol/server-github"] } });
 * const toolSearch = await createToolSearch({ tools: host, ranker: "hybrid" });
 * ```
 * @module
 */
export {
  MCP_CONTENT_LIMITS,
  MCP_LIST_LIMITS,
  SERVER_NAME_PATTERN,
  fromMcp,
  mcpToolName,
  type FromMcpOptions,
  type McpCallProgress,
  type McpCallProgressListener,
  type McpCallResultListener,
  type McpCallResultSource,
  type McpCheckedCallResult,
  type McpClient,
  type McpCompletion,
  type McpCompletionRequest,
  type McpContentBlock,
  type McpContentHost,
  type McpContentRequestOptions,
  type McpHostEvent,
  type McpHttpServerConfig,
  type McpLogMessage,
  type McpPrompt,
  type McpPromptResult,
  type McpReconnectOptions,
  type McpRequestOptions,
  type McpResource,
  type McpResourceContents,
  type McpResourceLink,
  type McpResourceTemplate,
  type McpServerConfig,
  type McpServerRequest,
  type McpServerRequestHandler,
  type McpServerRequestHandlers,
  type McpServerRequestMethod,
  type McpServerStatus,
  type McpStdioServerConfig,
  type McpToolAnnotations,
  type McpToolHost,
  type McpToolPresentation,
  type McpToolSource,
} from "../mcp/index.js";
