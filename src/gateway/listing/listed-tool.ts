/** A tool as MCP's `tools/list` returns it. */
export interface ListedTool {
  name: string;
  description: string;
  inputSchema: { type: "object"; [keyword: string]: unknown };
  annotations?: { title?: string; readOnlyHint?: boolean; destructiveHint?: boolean; openWorldHint?: boolean };
}
