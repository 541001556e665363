import { OptionsError } from "../../errors.js";
import type { WireCodec } from "../codec.js";
import { pushCall } from "../codec.js";
import { fieldOf, missingName, type ReadToolCall, type UnreadableToolCall } from "../read-fields.js";
import {
  DEFAULT_GEMINI_MAX_DECLARATIONS,
  geminiResponseOf,
  geminiToolsOf,
  type GeminiFunctionCallPart,
  type GeminiFunctionResponsePart,
  type GeminiTool,
} from "./gemini.js";
import { resolveGeminiCall, toolByGeminiName } from "./gemini-call.js";

/**
 * Gemini's codec: one `{ functionDeclarations }` entry holding the whole block, within
 * `maxDeclarations`; tools and properties renamed for Gemini are named back before a call runs.
 */
export const geminiCodec: WireCodec<GeminiTool, GeminiFunctionCallPart, GeminiFunctionResponsePart> = {
  format: "gemini",
  maxTools: readMaxDeclarations,
  nativePresentation: false,
  toolChanges: undefined,
  layOut: geminiToolsOf,
  recognises(call): call is GeminiFunctionCallPart {
    const type = fieldOf(call, "type");
    if (type.value !== undefined || type.error !== undefined) return false;
    const part = fieldOf(call, "functionCall");
    return part.error !== undefined || part.value !== undefined;
  },
  readCall: (call) => readGeminiCall(fieldOf(call, "functionCall")),
  resolveCall: resolveGeminiCall,
  // The answer repeats the name the call used, and its id when it had one.
  writeAnswer: (block, call) => geminiResponseOf(block, call.callName ?? "", block.tool_use_id),
  transcriptCalls(entry, calls) {
    if (entry.role !== "model" || !Array.isArray(entry.parts)) return;
    for (const part of entry.parts as unknown[]) {
      if (typeof part !== "object" || part === null) continue;
      const call = (part as Record<string, unknown>).functionCall;
      if (typeof call !== "object" || call === null) continue;
      const { name, id } = call as Record<string, unknown>;
      // Vertex AI sends no ids: such calls are matched by name and order, as Gemini does.
      pushCall(calls, name, id, true);
    }
  },
  toolByCallName: toolByGeminiName,
};

/** `options.maxDeclarations` of a Gemini `tools()`: an integer of at least 1, 512 when absent. */
function readMaxDeclarations(options: Readonly<Record<string, unknown>>): number {
  const cap = options.maxDeclarations;
  if (cap === undefined) return DEFAULT_GEMINI_MAX_DECLARATIONS;
  if (typeof cap === "number" && Number.isSafeInteger(cap) && cap >= 1) return cap;
  throw new OptionsError(
    "invalid_max_declarations",
    `tools({ format: "gemini" }) takes maxDeclarations as an integer of at least 1 (Gemini's cap on function declarations per request); got ${JSON.stringify(cap) ?? String(cap)}.`,
  );
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
