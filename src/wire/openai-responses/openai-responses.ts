/**
 * The OpenAI Responses API: a tool in `tools`, a `function_call` output item, and the
 * `function_call_output` item that answers it. Strict mode and description length: see
 * `openai-shared.ts`.
 *
 * @module
 */
import type { ToolResultContentBlock } from "../../catalogue/index.js";
import type { AnthropicTool, ToolResultBlock } from "../anthropic/anthropic.js";
import { copySchema, markError, type OpenAIParameters } from "../openai-shared.js";

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
export type OpenAIResponsesOutputPart =
  | { type: "input_text"; text: string }
  | { type: "input_image"; image_url: string; detail: "auto" };

/** The answer to a Responses API function call: a `function_call_output` item for the next request's `input`. */
export interface OpenAIResponsesFunctionCallOutput {
  type: "function_call_output";
  call_id: string;
  output: string | OpenAIResponsesOutputPart[];
}

/** A tool in the Responses API layout. */
export function openAIResponsesToolOf(tool: AnthropicTool): OpenAIResponsesTool {
  return {
    type: "function",
    name: tool.name,
    description: tool.description,
    parameters: copySchema(tool),
    strict: false,
  };
}

/** The answer to a Responses API call, from the `tool_result` toolsift built for it. */
export function responsesOutputOf(block: ToolResultBlock): OpenAIResponsesFunctionCallOutput {
  const output = typeof block.content === "string" ? block.content : block.content.map(responsesPartOf);
  return {
    type: "function_call_output",
    call_id: block.tool_use_id,
    output: block.is_error
      ? markError<OpenAIResponsesOutputPart>(output, (text) => ({ type: "input_text", text }))
      : output,
  };
}

function responsesPartOf(block: ToolResultContentBlock): OpenAIResponsesOutputPart {
  if (block.type === "text") return { type: "input_text", text: block.text };
  if (block.type === "image")
    return {
      type: "input_image",
      image_url: `data:${block.source.media_type};base64,${block.source.data}`,
      detail: "auto",
    };
  return { type: "input_text", text: `[Tool available: ${block.tool_name}]` };
}
