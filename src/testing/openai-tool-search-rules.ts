import { isRecord } from "../util/is-record.js";
/**
 * The local OpenAI server's rules for the Responses API's tool search, as OpenAI's "Tool search"
 * guide and the `openai` SDK's types give them: `namespace` tools (`name`, `description`, a
 * `tools` array of functions), `defer_loading` on functions, one `tool_search` tool
 * (`execution` `"server"` or `"client"`), `tool_search_call` / `tool_search_output` items
 * matched by `call_id`, and a deferred function callable only once a `tool_search_output`
 * has loaded it. Where the documentation is silent (a namespace's name, deferral without a
 * `tool_search` tool) the strictest reading is enforced.
 *
 * @module
 */

type Json = Record<string, unknown>;
const NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** Checks one function tool (name, description, schema, strict mode); the server's own rules. */
export type FunctionCheck = (tool: Json, at: string) => string | undefined;

/** What a Responses request's `tools` make callable. */
export interface ToolSearchSurface {
  /** `"namespace/name"` (`"/name"` at the top level) of every function the model can call from the start. */
  loaded: Set<string>;
  /** The same keys for every deferred function, which a `tool_search_output` must load first. */
  deferred: Set<string>;
  /** The namespace of each function name inside one, for a scripted call that gives none. */
  namespaceOf: Map<string, string[]>;
  /** The `tool_search` tool's `execution`, `undefined` without one. */
  search: "server" | "client" | undefined;
  /** Every deferred definition by key, for a hosted search to load. */
  definitions: Map<string, { namespace: Json | undefined; tool: Json }>;
}

/**
 * The tools OpenAI runs, or a client runs outside function calling, as the `openai` SDK (6.49)
 * types them: taken (Codex CLI sends `web_search`), never called by a scripted turn.
 */
const HOSTED_TOOL_TYPES = new Set([
  "apply_patch",
  "code_interpreter",
  "computer",
  "computer_use_preview",
  "custom",
  "file_search",
  "image_generation",
  "local_shell",
  "mcp",
  "programmatic_tool_calling",
  "shell",
  "web_search",
  "web_search_2025_08_26",
  "web_search_preview",
  "web_search_preview_2025_03_11",
]);

export const keyOf = (namespace: string | undefined, name: string) => `${namespace ?? ""}/${name}`;

/** Reads and checks the `tools` of a Responses request, or says which rule it breaks. */
export function readResponsesTools(tools: unknown, checkFunction: FunctionCheck): ToolSearchSurface | string {
  const surface: ToolSearchSurface = {
    loaded: new Set(),
    deferred: new Set(),
    namespaceOf: new Map(),
    search: undefined,
    definitions: new Map(),
  };
  if (tools === undefined) return surface;
  if (!Array.isArray(tools)) return "Invalid type for 'tools': expected an array.";
  const topLevel = new Set<string>();
  for (const [index, tool] of tools.entries()) {
    const at = `tools[${index}]`;
    if (!isRecord(tool)) return `Invalid value for '${at}.type'.`;
    if (tool.type === "function") {
      const problem = checkFunction(tool, at) ?? deferralProblem(tool, at);
      if (problem) return problem;
      if (topLevel.has(String(tool.name))) return `Duplicate tool name: '${String(tool.name)}'.`;
      topLevel.add(String(tool.name));
      record(surface, undefined, tool, undefined);
    } else if (tool.type === "namespace") {
      const problem = namespaceProblem(tool, at, checkFunction);
      if (problem) return problem;
      if (topLevel.has(String(tool.name))) return `Duplicate tool name: '${String(tool.name)}'.`;
      topLevel.add(String(tool.name));
      for (const member of tool.tools as Json[]) record(surface, String(tool.name), member, tool);
    } else if (tool.type === "tool_search") {
      if (surface.search !== undefined) return `Invalid '${at}': only one tool_search tool is allowed.`;
      const problem = toolSearchProblem(tool, at);
      if (problem) return problem;
      surface.search = tool.execution === "client" ? "client" : "server";
    } else if (!HOSTED_TOOL_TYPES.has(String(tool.type))) return `Invalid value for '${at}.type'.`;
  }
  if (surface.deferred.size > 0 && surface.search === undefined)
    return "Invalid 'tools': functions with 'defer_loading: true' need a 'tool_search' tool in 'tools' to be found.";
  return surface;
}

function record(surface: ToolSearchSurface, namespace: string | undefined, tool: Json, parent: Json | undefined) {
  const name = String(tool.name);
  const key = keyOf(namespace, name);
  if (tool.defer_loading === true) {
    surface.deferred.add(key);
    surface.definitions.set(key, { namespace: parent, tool });
  } else surface.loaded.add(key);
  if (namespace !== undefined) surface.namespaceOf.set(name, [...(surface.namespaceOf.get(name) ?? []), namespace]);
}

function deferralProblem(tool: Json, at: string): string | undefined {
  return tool.defer_loading === undefined || typeof tool.defer_loading === "boolean"
    ? undefined
    : `Invalid type for '${at}.defer_loading': expected a boolean.`;
}

/** A namespace: a valid name, a description, and a non-empty list of functions with distinct names. */
function namespaceProblem(tool: Json, at: string, checkFunction: FunctionCheck): string | undefined {
  if (typeof tool.name !== "string" || !NAME.test(tool.name))
    return `Invalid '${at}.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`;
  if (typeof tool.description !== "string" || tool.description === "")
    return `Missing required parameter: '${at}.description'.`;
  if (!Array.isArray(tool.tools) || tool.tools.length === 0)
    return `Invalid '${at}.tools': expected a non-empty array of function tools.`;
  const names = new Set<string>();
  for (const [index, member] of tool.tools.entries()) {
    const memberAt = `${at}.tools[${index}]`;
    if (!isRecord(member) || member.type !== "function")
      return `Invalid value for '${memberAt}.type': a namespace holds function tools.`;
    const problem = checkFunction(member, memberAt) ?? deferralProblem(member, memberAt);
    if (problem) return problem;
    if (names.has(String(member.name)))
      return `Duplicate tool name in namespace '${tool.name}': '${String(member.name)}'.`;
    names.add(String(member.name));
  }
  return undefined;
}

function toolSearchProblem(tool: Json, at: string): string | undefined {
  if (tool.execution !== undefined && tool.execution !== "server" && tool.execution !== "client")
    return `Invalid value for '${at}.execution': expected 'server' or 'client'.`;
  if (tool.description !== undefined && tool.description !== null && typeof tool.description !== "string")
    return `Invalid type for '${at}.description': expected a string.`;
  if (tool.parameters !== undefined && tool.parameters !== null) {
    if (tool.execution !== "client")
      return `Invalid '${at}.parameters': only a client-executed tool_search takes parameters.`;
    if (!isRecord(tool.parameters) || tool.parameters.type !== "object")
      return `Invalid schema for '${at}.parameters': schema must be a JSON Schema of 'type: "object"'.`;
  }
  return undefined;
}

/**
 * Walks a Responses `input` in order: every client `tool_search_call` answered by exactly one
 * `tool_search_output` with its `call_id`, every output's `tools` well formed, and every
 * `function_call` of a deferred function preceded by an output that loaded it. Returns the
 * keys loaded by the outputs, or the rule broken.
 */
export function checkToolSearchItems(
  input: readonly unknown[],
  surface: ToolSearchSurface,
  checkFunction: FunctionCheck,
): Set<string> | string {
  const revealed = new Set<string>();
  const open = new Set<string>();
  for (const [index, item] of input.entries()) {
    if (!isRecord(item)) continue;
    const at = `input[${index}]`;
    if (item.type === "tool_search_call") {
      if (surface.search === undefined)
        return `Invalid '${at}': a tool_search_call needs a 'tool_search' tool in 'tools'.`;
      if (item.execution === "client" || (item.execution === undefined && surface.search === "client")) {
        if (typeof item.call_id !== "string" || item.call_id === "")
          return `Missing required parameter: '${at}.call_id' (a client-executed tool search call has one).`;
        open.add(item.call_id);
      }
    } else if (item.type === "tool_search_output") {
      const problem = outputProblem(item, at, open, checkFunction, revealed);
      if (problem) return problem;
    } else if (item.type === "function_call") {
      const key = keyOf(typeof item.namespace === "string" ? item.namespace : undefined, String(item.name));
      if (surface.deferred.has(key) && !revealed.has(key))
        return `Invalid '${at}': function_call '${String(item.name)}' calls a deferred tool that no earlier tool_search_output loaded.`;
    }
  }
  const [unanswered] = open;
  return unanswered === undefined ? revealed : `No tool search output found for tool search call ${unanswered}.`;
}

function outputProblem(
  item: Json,
  at: string,
  open: Set<string>,
  checkFunction: FunctionCheck,
  revealed: Set<string>,
): string | undefined {
  if (!Array.isArray(item.tools)) return `Invalid type for '${at}.tools': expected an array.`;
  if (item.execution !== "server") {
    if (typeof item.call_id !== "string" || !open.has(item.call_id))
      return `No tool search call found for tool search output with call_id ${String(item.call_id)}.`;
    open.delete(item.call_id);
  }
  for (const [index, tool] of item.tools.entries()) {
    const toolAt = `${at}.tools[${index}]`;
    if (!isRecord(tool)) return `Invalid value for '${toolAt}.type'.`;
    if (tool.type === "namespace") {
      const problem = namespaceProblem(tool, toolAt, checkFunction);
      if (problem) return problem;
      for (const member of tool.tools as Json[]) revealed.add(keyOf(String(tool.name), String(member.name)));
    } else if (tool.type === "function") {
      const problem = checkFunction(tool, toolAt);
      if (problem) return problem;
      revealed.add(keyOf(undefined, String(tool.name)));
    } else return `Invalid value for '${toolAt}.type': tool search loads function and namespace tools.`;
  }
  return undefined;
}
