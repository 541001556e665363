import type { ToolResultBlock } from "../index.js";

/** A content block of an MCP `tools/call` result, of the kinds the gateway sends. */
export type McpContent = { type: "text"; text: string } | { type: "image"; data: string; mimeType: string };

/** An MCP `tools/call` result. */
export interface McpCallResult {
  content: McpContent[];
  isError?: boolean;
  [key: string]: unknown;
}

/**
 * Turns a session's `tool_result` back into an MCP result: text stays text, base64 images become
 * MCP images, a tool reference becomes its name in text. (What an upstream server sent has already
 * been through toolsift's MCP reading, so audio and resource links arrive here as text.)
 */
export function callResultOf(block: ToolResultBlock): McpCallResult {
  const content: McpContent[] =
    typeof block.content === "string"
      ? [{ type: "text", text: block.content }]
      : block.content.map((part): McpContent => {
          switch (part.type) {
            case "text":
              return { type: "text", text: part.text };
            case "image":
              return { type: "image", data: part.source.data, mimeType: part.source.media_type };
            case "tool_reference":
              return { type: "text", text: `(tool ${part.tool_name})` };
          }
        });
  return block.is_error ? { content, isError: true } : { content };
}

/** An error result with one line of text: what a refused or failed call gets. */
export function errorCallResult(text: string): McpCallResult {
  return { content: [{ type: "text", text }], isError: true };
}
