// The rules of OpenAI's Chat Completions and Responses requests that the local server enforces, with the API's wording where it is known.
import { checkToolSearchItems, readResponsesTools, type ToolSearchSurface } from "./openai-tool-search-rules.js";
import { isRecord } from "../util/is-record.js";

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** What a request's tools and input make callable, with the keys its tool search outputs loaded. */
export type CheckedResponses = ToolSearchSurface & { revealed: Set<string> };

export function emptySurface(): CheckedResponses {
  return {
    loaded: new Set(),
    deferred: new Set(),
    namespaceOf: new Map(),
    search: undefined,
    definitions: new Map(),
    revealed: new Set(),
  };
}

type Json = Record<string, unknown>;

/** What a function without `parameters` takes: nothing. */
const NO_PARAMETERS: Json = { type: "object", properties: {}, additionalProperties: false, required: [] };

/** A Responses function's parameters: its `parameters`, which the API types as an object or null (none). */
const responsesParameters = (tool: Json): unknown => (tool.parameters === null ? NO_PARAMETERS : tool.parameters);
function checkFunction(
  name: unknown,
  description: unknown,
  parameters: unknown,
  strict: boolean,
  at: string,
): string | undefined {
  if (typeof name !== "string" || !TOOL_NAME.test(name))
    return `Invalid '${at}.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`;
  // No length limit: OpenAI dropped its 1,024 characters (Codex 0.171.0 sends 5,989).
  if (description !== undefined && typeof description !== "string")
    return `Invalid type for '${at}.description': expected a string.`;
  if (!isRecord(parameters) || parameters.type !== "object")
    return `Invalid schema for function '${name}': schema must be a JSON Schema of 'type: "object"', got 'type: "${isRecord(parameters) ? String(parameters.type) : "None"}'.`;
  if (strict) {
    const problem = strictProblem(parameters, "()");
    if (problem) return `Invalid schema for function '${name}': In context=${problem}`;
  }
  return undefined;
}

/** The first rule of strict mode a schema breaks: every object closed, every property required. */
function strictProblem(schema: Json, context: string): string | undefined {
  if (schema.type === "object") {
    if (schema.additionalProperties !== false)
      return `${context}, 'additionalProperties' is required to be supplied and to be false.`;
    const properties = isRecord(schema.properties) ? schema.properties : {};
    const required = Array.isArray(schema.required) ? schema.required : [];
    const missing = Object.keys(properties).find((key) => !required.includes(key));
    if (missing !== undefined)
      return `${context}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`;
    for (const [key, value] of Object.entries(properties)) {
      const problem = isRecord(value) ? strictProblem(value, `('properties', '${key}')`) : undefined;
      if (problem) return problem;
    }
  }
  return undefined;
}

function checkTools(
  tools: unknown,
  read: (tool: Json) => { name: unknown; description: unknown; parameters: unknown; strict: boolean; at: string },
  at: string,
): string | undefined {
  if (tools === undefined) return undefined;
  if (!Array.isArray(tools)) return `Invalid type for '${at}': expected an array.`;
  const names = new Set<string>();
  for (const [index, tool] of tools.entries()) {
    if (!isRecord(tool) || tool.type !== "function") return `Invalid value for '${at}[${index}].type'.`;
    const { name, description, parameters, strict, at: field } = read(tool);
    const problem = checkFunction(name, description, parameters, strict, `${at}[${index}]${field}`);
    if (problem) return problem;
    if (names.has(String(name))) return `Duplicate tool name: '${String(name)}'.`;
    names.add(String(name));
  }
  return undefined;
}

export function checkChatRequest(body: Json): string | undefined {
  if (typeof body.model !== "string" || body.model === "") return "you must provide a model parameter";
  const messages = body.messages;
  if (!Array.isArray(messages) || messages.length === 0)
    return "Invalid 'messages': empty array. Expected an array with minimum length 1.";
  const tools = checkTools(
    body.tools,
    (tool) => {
      const fn = isRecord(tool.function) ? tool.function : {};
      return {
        name: fn.name,
        description: fn.description,
        // "Omitting parameters defines a function with an empty parameter list" (the API's reference).
        parameters: fn.parameters ?? NO_PARAMETERS,
        strict: fn.strict === true,
        at: ".function",
      };
    },
    "tools",
  );
  if (tools) return tools;
  let pending: string[] = [];
  for (const [index, message] of messages.entries()) {
    if (!isRecord(message)) return `Invalid type for 'messages[${index}]': expected an object.`;
    if (message.role === "tool") {
      const id = String(message.tool_call_id);
      if (!pending.includes(id))
        return "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.";
      pending = pending.filter((open) => open !== id);
      if (Array.isArray(message.content) && message.content.some((part) => !isRecord(part) || part.type !== "text")) {
        return `Invalid value for 'messages[${index}].content': a tool message takes only text parts.`;
      }
      continue;
    }
    if (pending.length > 0) {
      return `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${pending.join(", ")}`;
    }
    if (message.role === "assistant" && Array.isArray(message.tool_calls))
      pending = message.tool_calls.map((call) => String((call as Json).id));
  }
  if (pending.length > 0) {
    return `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${pending.join(", ")}`;
  }
  return undefined;
}

export function checkResponsesRequest(body: Json): CheckedResponses | string {
  if (typeof body.model !== "string" || body.model === "") return "Missing required parameter: 'model'.";
  // The Responses API makes a function tool strict unless it says otherwise.
  const surface = readResponsesTools(body.tools, (tool, at) =>
    checkFunction(tool.name, tool.description, responsesParameters(tool), tool.strict !== false, at),
  );
  if (typeof surface === "string") return surface;
  if (typeof body.input === "string") return { ...surface, revealed: new Set() };
  if (!Array.isArray(body.input)) return "Invalid type for 'input': expected a string or an array of input items.";
  const calls = new Set<string>();
  const answered = new Set<string>();
  for (const item of body.input) {
    if (!isRecord(item)) return "Invalid type for 'input[]': expected an object.";
    if (item.type === "function_call") calls.add(String(item.call_id));
    if (item.type === "function_call_output") {
      if (!calls.has(String(item.call_id)))
        return `No tool call found for function call output with call_id ${String(item.call_id)}.`;
      answered.add(String(item.call_id));
    }
  }
  const open = [...calls].find((id) => !answered.has(id));
  if (open !== undefined) return `No tool output found for function call ${open}.`;
  const revealed = checkToolSearchItems(body.input, surface, (tool, at) =>
    checkFunction(tool.name, tool.description, responsesParameters(tool), tool.strict !== false, at),
  );
  return typeof revealed === "string" ? revealed : { ...surface, revealed };
}
