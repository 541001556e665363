/**
 * Gemini (`generateContent`): tools as one `{ functionDeclarations: [...] }` entry of `tools`,
 * a call as a `functionCall` part of a `model` turn, and the `functionResponse` part that
 * answers it. Small structural types of toolsift's own: `@google/genai` is never imported.
 *
 * From Gemini's references (Gemini API, `@google/genai`, Vertex AI, Firebase AI Logic):
 * - A FunctionDeclaration has `name` (rules in `gemini-names.ts`), `description` and
 *   `parameters` (a Schema: the subset in `gemini-schema.ts`; left unset for a function
 *   with no parameters). `parametersJsonSchema` (full JSON Schema, mutually exclusive with
 *   `parameters`) exists on newer models only, so `parameters` is what goes out.
 * - A FunctionCall is `{ name, args?, id? }`: `args` a JSON object, `id` optional ("if
 *   populated, the client [...] return[s] the response with the matching id"; Vertex AI
 *   leaves it out).
 * - A FunctionResponse is `{ name, response, id? }`: `response` a JSON object; "use 'output'
 *   key to specify function output and 'error' key to specify error details".
 * - The cap on declarations per request: Vertex AI's and Firebase's references say 64, the
 *   v1beta1 aiplatform reference 128, and toolsift's issue 22 cites 512 for the Gemini API.
 *   The default is {@link DEFAULT_GEMINI_MAX_DECLARATIONS}; `tools({ format: "gemini",
 *   maxDeclarations })` sets another.
 *
 * @module
 */
import type { ToolResultContentBlock } from "../../catalogue/index.js";
import type { AnthropicTool, ToolResultBlock } from "../anthropic/anthropic.js";
import { geminiFunctionName } from "./gemini-names.js";
import { toGeminiParameters, type GeminiConversion, type GeminiSchema } from "./gemini-schema.js";

/** The declarations cap `tools({ format: "gemini" })` keeps to unless told another. */
export const DEFAULT_GEMINI_MAX_DECLARATIONS = 512;

/** A function declaration as Gemini takes it. */
export interface GeminiFunctionDeclaration {
  name: string;
  description: string;
  /** Absent for a tool with no parameters Gemini can be shown (an any-input stub, say). */
  parameters?: GeminiSchema;
}

/** One entry of a Gemini request's `tools`: every declaration of the block. */
export interface GeminiTool {
  functionDeclarations: GeminiFunctionDeclaration[];
}

/** A `functionCall` part of a Gemini `model` turn (`candidates[0].content.parts[i]`). */
export interface GeminiFunctionCallPart {
  functionCall: { name: string; args?: Record<string, unknown>; id?: string };
}

/** The answer to a Gemini call: a `functionResponse` part for the next `user` turn's `parts`. */
export interface GeminiFunctionResponsePart {
  functionResponse: {
    name: string;
    /** `{ output }` on success, `{ error }` on failure, as Gemini's reference asks. */
    response: { output: string } | { error: string };
    id?: string;
  };
}

const conversions = new WeakMap<
  AnthropicTool,
  { declaration: GeminiFunctionDeclaration; conversion: GeminiConversion }
>();

/** A tool's declaration and the conversion behind it, memoised per (read-only) wire tool. */
export function geminiDeclarationOf(tool: AnthropicTool): {
  declaration: GeminiFunctionDeclaration;
  conversion: GeminiConversion;
} {
  let memo = conversions.get(tool);
  if (!memo) {
    const conversion = toGeminiParameters(tool.input_schema);
    const declaration: GeminiFunctionDeclaration = {
      name: geminiFunctionName(tool.name),
      description: tool.description,
      ...(conversion.parameters ? { parameters: conversion.parameters } : {}),
    };
    conversions.set(tool, (memo = { declaration, conversion }));
  }
  return memo;
}

/** A tool block as Gemini's `tools`: one entry holding every declaration (copies). */
export function geminiToolsOf(block: readonly AnthropicTool[]): GeminiTool[] {
  return [{ functionDeclarations: block.map((tool) => structuredClone(geminiDeclarationOf(tool).declaration)) }];
}

/** The answer to a Gemini call, from the `tool_result` toolsift built for it. */
export function geminiResponseOf(block: ToolResultBlock, name: string, id?: string): GeminiFunctionResponsePart {
  const text = typeof block.content === "string" ? block.content : block.content.map(geminiTextOf).join("\n");
  return {
    functionResponse: {
      name,
      response: block.is_error ? { error: text } : { output: text },
      ...(id ? { id } : {}),
    },
  };
}

function geminiTextOf(block: ToolResultContentBlock): string {
  if (block.type === "text") return block.text;
  if (block.type === "image") return `[An image (${block.source.media_type}) was returned; it is not shown here.]`;
  return `[Tool available: ${block.tool_name}]`;
}
