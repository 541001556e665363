/**
 * The OpenAI Responses API's own tool search, as its documentation ("Tool search" guide) and
 * the `openai` SDK's types describe it: function tools marked `defer_loading: true`, grouped in
 * `namespace` tools (`{ type: "namespace", name, description, tools }`, `defer_loading` on the
 * functions inside, not on the namespace), a `tool_search` tool executed by OpenAI
 * (`execution: "server"`) or by the application (`execution: "client"`, with the `description`
 * and `parameters` the model calls it with), the `tool_search_call` item the model emits and the
 * `tool_search_output` item (`call_id`, `execution`, `status`, `tools`) that answers it with the
 * loaded definitions. A call to a function inside a namespace is a `function_call` with a
 * `namespace` field.
 *
 * The documentation gives no rule for a namespace's name; it is held to the function name rule
 * (letters, digits, `_` and `-`, at most 64), the most conservative reading.
 *
 * @module
 */
import { errorText } from "../../errors.js";
import type { OpenAIParameters } from "../openai-shared.js";
import type { OpenAIResponsesTool } from "./openai-responses.js";

/** A function tool the model sees only once tool search has loaded it. */
export interface OpenAIResponsesDeferredTool extends OpenAIResponsesTool {
  defer_loading: true;
}

/** Function tools grouped under one name: the model sees only the namespace's name and description until a search loads them. */
export interface OpenAIResponsesNamespaceTool {
  type: "namespace";
  name: string;
  description: string;
  tools: OpenAIResponsesDeferredTool[];
}

/**
 * The `tool_search` tool. `execution: "client"` makes the application answer each
 * `tool_search_call` with a `tool_search_output`; `"server"` lets OpenAI search.
 */
export type OpenAIToolSearchTool =
  | { type: "tool_search"; execution: "server" }
  | { type: "tool_search"; execution: "client"; description: string; parameters: OpenAIParameters };

/** Any tool of a native-search Responses request. */
export type OpenAIResponsesNativeTool = OpenAIResponsesTool | OpenAIResponsesNamespaceTool | OpenAIToolSearchTool;

/** A `tool_search_call` item of a Responses API output. `arguments` is an object (or, defensively, a JSON string). */
export interface OpenAIResponsesToolSearchCall {
  type: "tool_search_call";
  call_id?: string | null;
  arguments: unknown;
  execution?: "server" | "client";
  id?: string | null;
  status?: "in_progress" | "completed" | "incomplete" | null;
}

/** The answer to a client-executed `tool_search_call`: the loaded definitions, for the next request's `input`. */
export interface OpenAIResponsesToolSearchOutput {
  type: "tool_search_output";
  call_id: string | null;
  execution: "client";
  status: "completed";
  tools: (OpenAIResponsesDeferredTool | OpenAIResponsesNamespaceTool)[];
}

/** The namespace of the tools that belong to no server. */
export const DEFAULT_NAMESPACE = "tools";

const NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * A namespace name for `server`, unique among `taken` (which it joins): the server's name
 * with every character the name rule refuses replaced by `_`, cut to fit, numbered on a clash.
 */
export function namespaceNameOf(server: string | undefined, taken: Set<string>): string {
  const base =
    server === undefined ? DEFAULT_NAMESPACE : server.replace(/[^a-zA-Z0-9_-]/g, "_").slice(0, 64) || "server";
  let name = base;
  for (let n = 2; taken.has(name) || !NAME.test(name); n++) name = `${base.slice(0, 60)}_${n}`;
  taken.add(name);
  return name;
}

/** Whether a value is a `tool_search_call` item (its `type` read under a guard). */
export function isToolSearchCall(value: unknown): value is OpenAIResponsesToolSearchCall {
  try {
    return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "tool_search_call";
  } catch {
    return false;
  }
}

/** A `tool_search_call`'s `call_id` and arguments, read once each under a guard; `problem` says why the arguments are unusable. */
export function readToolSearchCall(call: OpenAIResponsesToolSearchCall): {
  callId: string | null;
  input: unknown;
  problem?: string;
} {
  let callId: unknown;
  let args: unknown;
  try {
    callId = call.call_id;
    args = call.arguments;
  } catch (error) {
    return { callId: null, input: undefined, problem: `its fields could not be read (${errorText(error)})` };
  }
  const id = typeof callId === "string" && callId !== "" ? callId : null;
  if (typeof args !== "string") return { callId: id, input: args };
  try {
    return { callId: id, input: JSON.parse(args) as unknown };
  } catch (error) {
    return { callId: id, input: undefined, problem: `its arguments are not valid JSON (${errorText(error)})` };
  }
}
