import type { WireCodec } from "../codec.js";
import { pushCall } from "../codec.js";
import {
  argumentsOf,
  fieldOf,
  missingId,
  missingName,
  type ReadToolCall,
  type UnreadableToolCall,
} from "../read-fields.js";
import {
  MAX_OPENAI_CHAT_TOOLS,
  chatToolMessageOf,
  openAIChatToolOf,
  type OpenAIChatTool,
  type OpenAIChatToolCall,
  type OpenAIChatToolMessage,
} from "./openai-chat.js";

/**
 * Chat Completions' codec. The API refuses a request of more tools than its cap, which a block
 * under the stub budget (or a catalogue under the threshold) can exceed: past it, the block is cut.
 */
export const openAIChatCodec: WireCodec<OpenAIChatTool, OpenAIChatToolCall, OpenAIChatToolMessage> = {
  format: "openai-chat",
  maxTools: () => MAX_OPENAI_CHAT_TOOLS,
  nativePresentation: false,
  toolChanges: undefined,
  layOut: (block) => block.map(openAIChatToolOf),
  recognises(call): call is OpenAIChatToolCall {
    const type = fieldOf(call, "type").value;
    return type === "function" || type === "custom";
  },
  readCall: readChatCall,
  writeAnswer: (block) => chatToolMessageOf(block),
  transcriptCalls(entry, calls) {
    if (entry.role !== "assistant" || !Array.isArray(entry.tool_calls)) return;
    for (const call of entry.tool_calls as unknown[]) {
      if (typeof call !== "object" || call === null) continue;
      const { type, id, function: fn } = call as Record<string, unknown>;
      // Custom (free-text) calls are left out: execute would not have run them either.
      if (type === "function" && typeof fn === "object" && fn !== null)
        pushCall(calls, (fn as Record<string, unknown>).name, id);
    }
  },
};

function readChatCall(call: object): ReadToolCall | UnreadableToolCall {
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
  if (fieldOf(call, "type").value === "custom") {
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
