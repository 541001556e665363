import type { WireCodec } from "../codec.js";
import { pushCall } from "../codec.js";
import { argumentsOf, fieldOf, missingName, type ReadToolCall, type UnreadableToolCall } from "../read-fields.js";
import {
  openAIResponsesToolOf,
  responsesOutputOf,
  type OpenAIResponsesFunctionCall,
  type OpenAIResponsesFunctionCallOutput,
  type OpenAIResponsesTool,
} from "./openai-responses.js";

/** The Responses API's codec; its native presentation (OpenAI's tool search) is laid out by the session. */
export const openAIResponsesCodec: WireCodec<
  OpenAIResponsesTool,
  OpenAIResponsesFunctionCall,
  OpenAIResponsesFunctionCallOutput
> = {
  format: "openai-responses",
  maxTools: () => undefined,
  nativePresentation: true,
  toolChanges: undefined,
  layOut: (block) => block.map(openAIResponsesToolOf),
  recognises: (call): call is OpenAIResponsesFunctionCall => fieldOf(call, "type").value === "function_call",
  readCall: readResponsesCall,
  writeAnswer: (block) => responsesOutputOf(block),
  transcriptCalls(entry, calls) {
    if (entry.type === "function_call") pushCall(calls, entry.name, entry.call_id);
  },
};

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
