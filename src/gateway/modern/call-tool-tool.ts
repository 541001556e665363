import type { ListedTool } from "../listing/gateway-listing.js";

/** The name of the tool through which a stateless client's model calls what `search_tools` found. */
export const CALL_TOOL_NAME = "call_tool";

/**
 * Why it exists: a 2026-07-28 client has no session for search to load tools into, and MCP
 * clients offer their model only the tools `tools/list` named. A match that search_tools found
 * would be out of the model's reach; through `call_tool` it is not, with no state kept. The real
 * tool is checked exactly as if called by its own name (policy, pins, validation, approval).
 */
export const CALL_TOOL_DEFINITION: ListedTool = {
  name: CALL_TOOL_NAME,
  description:
    "Call a tool that search_tools found, by its name, with arguments that fit the input schema search_tools " +
    'gave for it. E.g. {"name": "github__create_issue", "arguments": {"title": "…"}}.',
  inputSchema: {
    type: "object",
    properties: {
      name: { type: "string", description: "The tool's name, as search_tools gave it." },
      arguments: { type: "object", description: "The tool's arguments, as its input schema says." },
    },
    required: ["name"],
  },
};

/** The call `call_tool` stands for, or why it cannot be made (a message the model reads). */
export function unwrapCallTool(input: unknown): { name: string; input: unknown } | { problem: string } {
  if (typeof input !== "object" || input === null || Array.isArray(input))
    return { problem: `${CALL_TOOL_NAME} takes an object: {"name": "<tool>", "arguments": {…}}.` };
  const { name, arguments: args = {} } = input as { name?: unknown; arguments?: unknown };
  if (typeof name !== "string" || name === "")
    return { problem: `${CALL_TOOL_NAME} needs "name": the name of a tool search_tools found.` };
  if (name === CALL_TOOL_NAME) return { problem: `${CALL_TOOL_NAME} calls other tools, not itself.` };
  return { name, input: args };
}
