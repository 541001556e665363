import type { AnthropicTool } from "../../src/index.js";

/** Names in block order, with the stubs marked, for compact assertions. */
export function blockNames(block: readonly AnthropicTool[]): string[] {
  return block.map((tool) => (tool.input_schema.additionalProperties === true && !tool.input_schema.properties ? `~${tool.name}` : tool.name));
}
