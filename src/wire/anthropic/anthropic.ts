/**
 * The Anthropic Messages API's tool shapes: a tool in `tools`, a `tool_use` block the model
 * sends, and the `tool_result` block that answers it. A session's own, native format; the
 * other formats (see `openai-chat.ts`, `openai-responses.ts`) are built from these. The
 * request and reply of a whole Messages API call, which only the agent loop speaks, are in
 * `anthropic-messages.ts`.
 *
 * @module
 */
import type { CatalogueTool, ToolResultContentBlock } from "../../catalogue/index.js";

/** An input schema as it goes on the wire: a JSON Schema object, typed as the SDK's `Tool.InputSchema`. */
export interface WireInputSchema {
  type: "object";
  properties?: Record<string, unknown> | null;
  required?: string[] | null;
  [keyword: string]: unknown;
}

/** A tool as the Anthropic Messages API takes it in `tools`. */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: WireInputSchema;
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
  // The schema is toolsift's own copy (see parseTool), so handing it out as mutable is safe.
  if (!full)
    fullTools.set(
      tool,
      (full = { name: tool.name, description: tool.description, input_schema: tool.inputSchema as WireInputSchema }),
    );
  return full;
}

/** A `tool_use` block from the model, as the Messages API returns it. */
export interface ToolUseBlock {
  id: string;
  name: string;
  input: unknown;
  type?: "tool_use";
}

/** A `tool_result` block to send back to the model. */
export interface ToolResultBlock {
  type: "tool_result";
  tool_use_id: string;
  content: string | ToolResultContentBlock[];
  is_error?: boolean;
}
