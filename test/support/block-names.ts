import { STUB_HINT } from "../../src/session/index.js";
import type { AnthropicTool } from "../../src/index.js";

/** Names in block order, with the stubs marked, for compact assertions. */
export function blockNames(block: readonly AnthropicTool[]): string[] {
  return block.map((tool) =>
    tool.description.endsWith(STUB_HINT) && !tool.input_schema.properties ? `~${tool.name}` : tool.name,
  );
}
