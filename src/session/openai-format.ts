/**
 * The OpenAI wire shapes a session speaks besides Anthropic's: tools, tool calls and their
 * answers for Chat Completions and for the Responses API. They are small structural types of
 * toolsift's own (the `openai` SDK is an optional peer and toolsift's public types never name
 * it); the SDK's values fit them, which `openai-formats.test.ts` checks by type-checking a loop on the real SDK.
 *
 * **Strict mode.** OpenAI's strict function calling accepts only schemas where every object
 * sets `additionalProperties: false` and lists every property as required. A stub's schema
 * (`{"type":"object"}`, any input) is the opposite by design, and a catalogue's real schemas
 * rarely fit either, so every tool goes out with `strict: false`: the model is not
 * constrained by the schema, and toolsift validates each call against the real schema instead.
 * The Responses API treats a missing `strict` as `true`, so it is always sent.
 *
 * **Description length.** OpenAI refuses a function description over 1,024 characters (a
 * 400, `string_above_max_length`), which many MCP tools exceed. In the OpenAI formats such a
 * description is cut to fit, at a word boundary, ending in "…"; the tool still runs against
 * its real schema.
 *
 * @module
 */
import type { ToolResultContentBlock } from "../catalogue/index.js";
import type { AnthropicTool } from "./anthropic-tool.js";
import type { ToolResultBlock } from "./tool-search-session.js";

/** The wire formats a session lays out tools and answers calls in. */
export type ToolFormat = "anthropic" | "openai-chat" | "openai-responses";

/** Every {@link ToolFormat}, for checking a value at run time. */
export const TOOL_FORMATS: readonly ToolFormat[] = ["anthropic", "openai-chat", "openai-responses"];

/** A JSON Schema object, as OpenAI takes it in `parameters`. */
export type OpenAIParameters = { [keyword: string]: unknown };

/**
 * A tool as Chat Completions takes it in `tools` (the SDK's `ChatCompletionFunctionTool`).
 * `strict` is always `false`: see the module notes on strict mode.
 */
export interface OpenAIChatTool {
  type: "function";
  function: { name: string; description: string; parameters: OpenAIParameters; strict: false };
}

/**
 * A tool as the Responses API takes it in `tools` (the SDK's `FunctionTool`). `strict` is
 * always `false`, sent explicitly because the Responses API defaults it to `true`.
 */
export interface OpenAIResponsesTool {
  type: "function";
  name: string;
  description: string;
  parameters: OpenAIParameters;
  strict: false;
}

/** A function call in a Chat Completions assistant message (`message.tool_calls[i]`). `arguments` is a JSON string. */
export interface OpenAIChatFunctionCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

/**
 * A custom-tool call in a Chat Completions assistant message. toolsift declares only function
 * tools, so such a call is answered with an error and nothing runs; the type is here so that
 * `message.tool_calls` can be handed to `execute` as it is.
 */
export interface OpenAIChatCustomCall {
  id: string;
  type: "custom";
  custom: { name: string; input: string };
}

/** Any entry of a Chat Completions message's `tool_calls`. */
export type OpenAIChatToolCall = OpenAIChatFunctionCall | OpenAIChatCustomCall;

/** The answer to a Chat Completions tool call: a `tool` message for the next request's `messages`. */
export interface OpenAIChatToolMessage {
  role: "tool";
  tool_call_id: string;
  /** Text, or text parts (Chat Completions tool messages carry no images: an image is described in text). */
  content: string | { type: "text"; text: string }[];
}

/** A `function_call` item of a Responses API output (`response.output[i]`). `arguments` is a JSON string. */
export interface OpenAIResponsesFunctionCall {
  type: "function_call";
  call_id: string;
  name: string;
  arguments: string;
  id?: string;
  status?: "in_progress" | "completed" | "incomplete";
}

/** A content part of a `function_call_output`: text, or an image as a data URL. */
export type OpenAIResponsesOutputPart = { type: "input_text"; text: string } | { type: "input_image"; image_url: string; detail: "auto" };

/** The answer to a Responses API function call: a `function_call_output` item for the next request's `input`. */
export interface OpenAIResponsesFunctionCallOutput {
  type: "function_call_output";
  call_id: string;
  output: string | OpenAIResponsesOutputPart[];
}

/** The longest function description OpenAI accepts, in characters. */
export const MAX_OPENAI_DESCRIPTION = 1024;

/** Starts the text of an answer that reports a failure: OpenAI's tool answers have no error flag. */
export const OPENAI_ERROR_PREFIX = "Error: ";

/** A tool in the Chat Completions layout. */
export function openAIChatToolOf(tool: AnthropicTool): OpenAIChatTool {
  return { type: "function", function: { name: tool.name, description: fitDescription(tool.description), parameters: copySchema(tool), strict: false } };
}

/** A tool in the Responses API layout. */
export function openAIResponsesToolOf(tool: AnthropicTool): OpenAIResponsesTool {
  return { type: "function", name: tool.name, description: fitDescription(tool.description), parameters: copySchema(tool), strict: false };
}

/** The answer to a Chat Completions call, from the `tool_result` toolsift built for it. */
export function chatToolMessageOf(block: ToolResultBlock): OpenAIChatToolMessage {
  const parts = typeof block.content === "string" ? undefined : block.content.map(chatTextOf);
  const content = parts === undefined ? (block.content as string) : parts.map((text) => ({ type: "text" as const, text }));
  return { role: "tool", tool_call_id: block.tool_use_id, content: block.is_error ? markError(content, (text) => ({ type: "text" as const, text })) : content };
}

/** The answer to a Responses API call, from the `tool_result` toolsift built for it. */
export function responsesOutputOf(block: ToolResultBlock): OpenAIResponsesFunctionCallOutput {
  const output = typeof block.content === "string" ? block.content : block.content.map(responsesPartOf);
  return { type: "function_call_output", call_id: block.tool_use_id, output: block.is_error ? markError<OpenAIResponsesOutputPart>(output, (text) => ({ type: "input_text", text })) : output };
}

/** A description cut to OpenAI's limit, at the last space that leaves room for the "…". */
export function fitDescription(description: string): string {
  if (description.length <= MAX_OPENAI_DESCRIPTION) return description;
  const room = description.slice(0, MAX_OPENAI_DESCRIPTION - 1);
  const space = room.lastIndexOf(" ");
  // A cut inside a surrogate pair would leave half a character.
  let cut = space > MAX_OPENAI_DESCRIPTION / 2 ? room.slice(0, space) : room;
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

function copySchema(tool: AnthropicTool): OpenAIParameters {
  // A shallow copy: the schema objects inside are toolsift's own memoised copies, shared by
  // every block, and a caller that edits its block must not reach them through the top level.
  return { ...tool.input_schema };
}

function chatTextOf(block: ToolResultContentBlock): string {
  if (block.type === "text") return block.text;
  if (block.type === "image") return `[An image (${block.source.media_type}) was returned; Chat Completions tool messages carry text only.]`;
  return `[Tool available: ${block.tool_name}]`;
}

function responsesPartOf(block: ToolResultContentBlock): OpenAIResponsesOutputPart {
  if (block.type === "text") return { type: "input_text", text: block.text };
  if (block.type === "image") return { type: "input_image", image_url: `data:${block.source.media_type};base64,${block.source.data}`, detail: "auto" };
  return { type: "input_text", text: `[Tool available: ${block.tool_name}]` };
}

/** Marks an answer as a failure in its first text part, or in a text part put first when it has none. */
function markError<Part extends { type: string; text?: string }>(content: string | Part[], textPart: (text: string) => Part): string | Part[] {
  if (typeof content === "string") return `${OPENAI_ERROR_PREFIX}${content}`;
  const first = content.findIndex((part) => typeof part.text === "string");
  if (first < 0) return [textPart(OPENAI_ERROR_PREFIX.trim()), ...content];
  return content.map((part, index) => (index === first ? { ...part, text: `${OPENAI_ERROR_PREFIX}${part.text}` } : part));
}
