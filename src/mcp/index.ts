export { fromMcp, type McpToolHost, type McpToolSource } from "./from-mcp.js";
export type { McpToolAnnotations, McpToolPresentation } from "./mcp-tool-presentation.js";
export type { FromMcpOptions, McpReconnectOptions } from "./from-mcp-options.js";
export type { McpHostEvent, McpServerStatus } from "./mcp-host-event.js";
export {
  SERVER_NAME_PATTERN,
  type McpHttpServerConfig,
  type McpServerConfig,
  type McpStdioServerConfig,
} from "./mcp-server-config.js";
export { mcpToolName } from "./mcp-tool-name.js";
export { MCP_LIST_LIMITS } from "./mcp-tool-list.js";
export type { McpClient, McpRequestOptions } from "./mcp-client.js";
export type { McpCallResultListener, McpCallResultSource, McpCheckedCallResult } from "./mcp-call-result.js";
export type { McpCallProgress, McpCallProgressListener } from "./mcp-call-progress.js";
export {
  MCP_CONTENT_LIMITS,
  type McpContentBlock,
  type McpResourceContents,
  type McpResourceLink,
} from "./mcp-content-blocks.js";
export type { McpContentHost } from "./mcp-content-host.js";
export type { McpCompletion, McpCompletionRequest } from "./mcp-completions.js";
export type { McpLogMessage } from "./mcp-log-message.js";
export type {
  McpContentRequestOptions,
  McpPrompt,
  McpPromptResult,
  McpResource,
  McpResourceTemplate,
} from "./mcp-resources.js";
export type {
  McpServerRequest,
  McpServerRequestHandler,
  McpServerRequestHandlers,
  McpServerRequestMethod,
} from "./mcp-server-requests.js";
