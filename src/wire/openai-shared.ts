/**
 * What the two OpenAI formats (`openai-chat.ts`, `openai-responses.ts`) share. They are small
 * structural types of toolsift's own (the `openai` SDK is an optional peer and toolsift's
 * public types never name it); the SDK's values fit them, which
 * `session/openai-formats.test.ts` checks by type-checking a loop on the real SDK.
 *
 * **Strict mode.** OpenAI's strict function calling accepts only schemas where every object
 * sets `additionalProperties: false` and lists every property as required. A stub's schema
 * (`{"type":"object"}`, any input) is the opposite by design, and a catalogue's real schemas
 * rarely fit either, so every tool goes out with `strict: false`: the model is not
 * constrained by the schema, and toolsift validates each call against the real schema instead.
 * The Responses API treats a missing `strict` as `true`, so it is always sent.
 *
 * **Description length.** A description goes out whole. OpenAI once refused a function
 * description over 1,024 characters (a 400, `string_above_max_length`) and no longer does: its
 * own Codex CLI (0.171.0) sends Responses functions described in 5,989 characters, and
 * LlamaIndex's maintainers dropped their check in May 2025 after Chat Completions took 36,000.
 * Cutting would hide the half of a long MCP description that says how to call the tool.
 *
 * @module
 */
import type { AnthropicTool } from "./anthropic/anthropic.js";

/** A JSON Schema object, as OpenAI takes it in `parameters`. */
export type OpenAIParameters = { [keyword: string]: unknown };

/** Starts the text of an answer that reports a failure: OpenAI's tool answers have no error flag. */
export const OPENAI_ERROR_PREFIX = "Error: ";

/** The parameters of a tool in either OpenAI layout: a shallow copy of its input schema. */
export function copySchema(tool: AnthropicTool): OpenAIParameters {
  // A shallow copy: the schema objects inside are toolsift's own memoised copies, shared by
  // every block, and a caller that edits its block must not reach them through the top level.
  return { ...tool.input_schema };
}

/** Marks an answer as a failure in its first text part, or in a text part put first when it has none. */
export function markError<Part extends { type: string; text?: string }>(
  content: string | Part[],
  textPart: (text: string) => Part,
): string | Part[] {
  if (typeof content === "string") return `${OPENAI_ERROR_PREFIX}${content}`;
  const first = content.findIndex((part) => typeof part.text === "string");
  if (first < 0) return [textPart(OPENAI_ERROR_PREFIX.trim()), ...content];
  return content.map((part, index) =>
    index === first ? { ...part, text: `${OPENAI_ERROR_PREFIX}${part.text}` } : part,
  );
}

/**
 * The value of an OpenAI function call's `arguments`, a JSON string. Empty arguments stand for
 * no arguments (`{}`), as OpenAI's own SDK helpers read them; text that is not JSON gives its
 * parse error. Callers word the problem for their reader.
 */
export function parseArgumentsText(text: string): { ok: true; value: unknown } | { ok: false; error: unknown } {
  if (text.trim() === "") return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error };
  }
}
