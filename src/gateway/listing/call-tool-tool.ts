import { alwaysLoaded, type ListedTool } from "./listed-tool.js";

/** The name of the tool through which a model calls what `search_tools` found but its client does not list. */
export const CALL_TOOL_NAME = "call_tool";

/**
 * Why it exists: MCP clients offer their model only the tools `tools/list` named, and not every
 * client fetches the list again when it changes. A 2026-07-28 client has no session for search to
 * load tools into, and many 2025-era clients (agent frameworks that take one snapshot of the
 * tools per run) never act on `list_changed`. A match that search_tools found would be out of
 * their model's reach; through `call_tool` it is not, with no state kept. The real tool is
 * checked exactly as if called by its own name (policy, pins, validation, approval).
 */
export const CALL_TOOL_DEFINITION: ListedTool = alwaysLoaded({
  name: CALL_TOOL_NAME,
  description:
    "Call a tool that search_tools found, by name, with arguments that fit its input schema (a call that does not fit " +
    'returns it). E.g. {"name": "github__create_issue", "arguments": {"title": "…"}}.',
  inputSchema: {
    type: "object",
    properties: {
      name: { type: "string", description: "The tool's name, as search_tools gave it." },
      arguments: { type: "object", description: "The tool's arguments, as its input schema says." },
    },
    required: ["name"],
  },
});

/**
 * What a search answer says when the client's tool list does not hold the matches: a stateless
 * client's (there is no list to load them into), or a 2025-era client's that did not fetch its
 * list after the last change was announced. Nothing here may say a match is "now in your tool
 * list": the best match comes with its full input schema (another's with a first call that does
 * not fit), and the model calls it through `call_tool`, which is always listed.
 */
export const CALL_THROUGH_NOTE =
  'Call the one that fits with call_tool, {"name": "<its name>", "arguments": {…}}. The best match carries its full ' +
  "input schema; another's comes back if a call's arguments do not fit (nothing runs then).";

/**
 * Said after a 2025-era search's "now in your tool list": a client may fetch its list late, or
 * build its next request from the list it had, so the match may not be in the model's tools yet.
 */
export const CALL_THROUGH_FALLBACK =
  'If your tool list does not show them, call one with call_tool, {"name": "<its name>", "arguments": {…}}.';

/** The tool a `tools/call` runs: `call_tool` stands for the tool it names. */
export function toolCallOf(name: string, input: unknown): { name: string; input: unknown } | { problem: string } {
  return name === CALL_TOOL_NAME ? unwrapCallTool(input) : { name, input };
}

/** The call `call_tool` stands for, or why it cannot be made (a message the model reads). */
function unwrapCallTool(input: unknown): { name: string; input: unknown } | { problem: string } {
  if (typeof input !== "object" || input === null || Array.isArray(input))
    return { problem: `${CALL_TOOL_NAME} takes an object: {"name": "<tool>", "arguments": {…}}.` };
  const { name, arguments: args = {} } = input as { name?: unknown; arguments?: unknown };
  if (typeof name !== "string" || name === "")
    return { problem: `${CALL_TOOL_NAME} needs "name": the name of a tool search_tools found.` };
  if (name === CALL_TOOL_NAME) return { problem: `${CALL_TOOL_NAME} calls other tools, not itself.` };
  return { name, input: args };
}
