import { errorText } from "../errors.js";
import { parseArgumentsText } from "./openai-shared.js";
import type { ToolFormat } from "./tool-format.js";

/** A tool call's fields, each read once, whatever format it came in. */
export interface ReadToolCall {
  ok: true;
  format: ToolFormat;
  id: string;
  name: string;
  /** The input, parsed from JSON for the OpenAI formats; `undefined` when {@link inputProblem} says why it is unusable. */
  input: unknown;
  /** Why the input could not be read (OpenAI arguments that are not JSON): the tool must not run. */
  inputProblem?: string;
  /** Gemini: the name the call used (the answer repeats it), before any renaming back. */
  callName?: string;
}

/** A call that cannot be answered with anything but an error: no name, no id, or a shape toolsift does not run. */
export interface UnreadableToolCall {
  ok: false;
  format: ToolFormat;
  /** The id to answer with, `""` when the call has none. */
  id: string;
  error: string;
  /** Gemini: the name to answer with (`""` when the call has none). */
  callName?: string;
}

/**
 * Reads a tool call defensively, in any of the formats a session answers: an Anthropic
 * `tool_use` block, a Chat Completions tool call (`{ id, type: "function", function: { name,
 * arguments } }`) or a Responses `function_call` item (`{ type: "function_call", call_id,
 * name, arguments }`) or a Gemini `functionCall` part (`{ functionCall: { name, args, id? } }`). `execute` is documented never to throw, and a caller may hand it
 * anything (null, a call without a name, a getter that throws), so every field is read under
 * a guard, once.
 */
export function readToolCall(call: unknown): ReadToolCall | UnreadableToolCall {
  if (typeof call !== "object" || call === null) {
    return {
      ok: false,
      format: "anthropic",
      id: "",
      error: `This is not a tool_use block (got ${call === null ? "null" : typeof call}), so nothing was run.`,
    };
  }
  const type = fieldOf(call, "type");
  if (type.value === "function" || type.value === "custom") return readChatCall(call, type.value);
  if (type.value === "function_call") return readResponsesCall(call);
  if (type.value === undefined && type.error === undefined) {
    const part = fieldOf(call, "functionCall");
    if (part.error !== undefined || part.value !== undefined) return readGeminiCall(part);
  }
  return readToolUse(call);
}

function readToolUse(block: object): ReadToolCall | UnreadableToolCall {
  const id = fieldOf(block, "id");
  const name = fieldOf(block, "name");
  const input = fieldOf(block, "input");
  const safeId = typeof id.value === "string" ? id.value : "";
  const problem = id.error ?? missingId(id.value) ?? name.error ?? missingName(name.value) ?? input.error;
  if (problem !== undefined)
    return {
      ok: false,
      format: "anthropic",
      id: safeId,
      error: `This tool_use block cannot be run: ${problem}. Nothing was run.`,
    };
  return { ok: true, format: "anthropic", id: safeId, name: name.value as string, input: input.value };
}

function readChatCall(call: object, type: "function" | "custom"): ReadToolCall | UnreadableToolCall {
  const id = fieldOf(call, "id");
  const safeId = typeof id.value === "string" ? id.value : "";
  const unreadable = (problem: string): UnreadableToolCall => ({
    ok: false,
    format: "openai-chat",
    id: safeId,
    error: `This tool call cannot be run: ${problem}. Nothing was run.`,
  });
  const idProblem = id.error ?? missingId(id.value);
  if (idProblem !== undefined) return unreadable(idProblem);
  if (type === "custom") {
    return unreadable(
      "it is a custom tool call, and every tool here is a function tool. Call it as a function, with JSON arguments",
    );
  }
  const fn = fieldOf(call, "function");
  if (fn.error !== undefined) return unreadable(fn.error);
  if (typeof fn.value !== "object" || fn.value === null)
    return unreadable('it has no "function" object with the name and arguments');
  const name = fieldOf(fn.value, "name");
  const problem = name.error ?? missingName(name.value);
  if (problem !== undefined) return unreadable(problem);
  return {
    ok: true,
    format: "openai-chat",
    id: safeId,
    name: name.value as string,
    ...argumentsOf(fieldOf(fn.value, "arguments")),
  };
}

function readResponsesCall(item: object): ReadToolCall | UnreadableToolCall {
  const id = fieldOf(item, "call_id");
  const name = fieldOf(item, "name");
  const safeId = typeof id.value === "string" ? id.value : "";
  const problem =
    id.error ??
    (typeof id.value === "string" && id.value !== ""
      ? undefined
      : "it has no call_id, so its output could not be matched to it") ??
    name.error ??
    missingName(name.value);
  if (problem !== undefined) {
    return {
      ok: false,
      format: "openai-responses",
      id: safeId,
      error: `This function_call cannot be run: ${problem}. Nothing was run.`,
    };
  }
  return {
    ok: true,
    format: "openai-responses",
    id: safeId,
    name: name.value as string,
    ...argumentsOf(fieldOf(item, "arguments")),
  };
}

/**
 * A Gemini `functionCall` part: `{ functionCall: { name, args?, id? } }`. `args` is a JSON
 * object, absent for no arguments; `id` is optional (Vertex AI sends none), so an answer
 * without one is matched by name and order, as Gemini does.
 */
function readGeminiCall(part: { value?: unknown; error?: string }): ReadToolCall | UnreadableToolCall {
  const unreadable = (problem: string, id = "", callName = ""): UnreadableToolCall => ({
    ok: false,
    format: "gemini",
    id,
    callName,
    error: `This functionCall cannot be run: ${problem}. Nothing was run.`,
  });
  if (part.error !== undefined) return unreadable(part.error);
  if (typeof part.value !== "object" || part.value === null)
    return unreadable('its "functionCall" is not an object with the name and args');
  const id = fieldOf(part.value, "id");
  const name = fieldOf(part.value, "name");
  const args = fieldOf(part.value, "args");
  const safeId = typeof id.value === "string" ? id.value : "";
  const safeName = typeof name.value === "string" ? name.value : "";
  const problem =
    id.error ??
    (id.value === undefined || typeof id.value === "string" ? undefined : "its id is not a string") ??
    name.error ??
    missingName(name.value);
  if (problem !== undefined) return unreadable(problem, safeId, safeName);
  const base = { ok: true as const, format: "gemini" as const, id: safeId, name: safeName, callName: safeName };
  if (args.error !== undefined)
    return { ...base, input: undefined, inputProblem: `Its args could not be read: ${args.error}.` };
  if (args.value === undefined || args.value === null) return { ...base, input: {} };
  if (typeof args.value !== "object" || Array.isArray(args.value))
    return {
      ...base,
      input: undefined,
      inputProblem: 'Its args are not a JSON object. Send the args as one object, such as {"name": "value"}.',
    };
  return { ...base, input: args.value };
}

/** OpenAI sends arguments as a JSON string (see `parseArgumentsText`); one that is not JSON is a problem the model is told about. */
function argumentsOf(field: { value?: unknown; error?: string }): { input: unknown; inputProblem?: string } {
  if (field.error !== undefined)
    return { input: undefined, inputProblem: `Its arguments could not be read: ${field.error}.` };
  if (typeof field.value !== "string") {
    const got =
      field.value === undefined ? "missing" : typeof field.value === "object" ? "an object" : `a ${typeof field.value}`;
    return { input: undefined, inputProblem: `Its arguments are ${got}, not a JSON string.` };
  }
  const parsed = parseArgumentsText(field.value);
  if (parsed.ok) return { input: parsed.value };
  return {
    input: undefined,
    inputProblem: `Its arguments are not valid JSON (${errorText(parsed.error)}). Send the arguments as one JSON object, such as {"name": "value"}.`,
  };
}

function fieldOf(value: object, key: string): { value?: unknown; error?: string } {
  try {
    return { value: (value as Record<string, unknown>)[key] };
  } catch (error) {
    return { error: `its "${key}" could not be read (${errorText(error)})` };
  }
}

function missingId(id: unknown): string | undefined {
  return typeof id === "string" && id !== "" ? undefined : "it has no id, so its result could not be matched to it";
}

function missingName(name: unknown): string | undefined {
  return typeof name === "string" && name !== "" ? undefined : "it names no tool";
}
