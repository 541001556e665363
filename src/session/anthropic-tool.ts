import type { CatalogueTool, JsonSchemaObject } from "../catalogue/index.js";

/** A tool as the Anthropic Messages API takes it in `tools`. */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: JsonSchemaObject;
  /** Native tool search: the API keeps the tool out of the prompt until a `tool_reference` names it. */
  defer_loading?: boolean;
  cache_control?: { type: "ephemeral"; ttl?: "5m" | "1h" };
}

const fullTools = new WeakMap<CatalogueTool, AnthropicTool>();

/**
 * A tool's full wire definition; `destructive`, `server` and `tags` stay behind, since the
 * API rejects unknown fields. Memoised per tool, so token estimates can be cached by
 * identity: treat the result as read-only.
 */
export function fullToolOf(tool: CatalogueTool): AnthropicTool {
  let full = fullTools.get(tool);
  if (!full) fullTools.set(tool, (full = { name: tool.name, description: tool.description, input_schema: tool.inputSchema }));
  return full;
}
