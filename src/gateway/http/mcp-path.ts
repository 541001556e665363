/** The path clients post to. */
export const MCP_PATH = "/mcp";
