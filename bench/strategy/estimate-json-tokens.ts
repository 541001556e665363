import type { ToolResultBlock } from "../../src/index.js";

/**
 * Estimated tokens of a `tool_result` block in the conversation, by the same rule as toolsift's
 * default `estimateTokens` for tool definitions: characters of the JSON serialisation / 3.5.
 * (`estimateTokens` is typed for tools only; a test keeps the two in step.)
 */
export function estimateResultTokens(block: ToolResultBlock | object): number {
  return Math.ceil(JSON.stringify(block).length / 3.5);
}
