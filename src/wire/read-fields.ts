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

/** A field read under a guard: a caller may hand `execute` an object whose getter throws. */
export function fieldOf(value: object, key: string): { value?: unknown; error?: string } {
  try {
    return { value: (value as Record<string, unknown>)[key] };
  } catch (error) {
    return { error: `its "${key}" could not be read (${errorText(error)})` };
  }
}

export function missingId(id: unknown): string | undefined {
  return typeof id === "string" && id !== "" ? undefined : "it has no id, so its result could not be matched to it";
}

export function missingName(name: unknown): string | undefined {
  return typeof name === "string" && name !== "" ? undefined : "it names no tool";
}

/** OpenAI sends arguments as a JSON string (see `parseArgumentsText`); one that is not JSON is a problem the model is told about. */
export function argumentsOf(field: { value?: unknown; error?: string }): { input: unknown; inputProblem?: string } {
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
