import type { WireCodec } from "../codec.js";
import { pushCall } from "../codec.js";
import { fieldOf, missingId, missingName, type ReadToolCall, type UnreadableToolCall } from "../read-fields.js";
import type { AnthropicTool, ToolResultBlock, ToolUseBlock } from "./anthropic.js";
import { anthropicToolChanges } from "./anthropic-tool-changes.js";

/** The Messages API's codec: a session's own shapes, so laying out and answering are copies. */
export const anthropicCodec: WireCodec<AnthropicTool, ToolUseBlock, ToolResultBlock> = {
  format: "anthropic",
  maxTools: () => undefined,
  nativePresentation: false,
  toolChanges: anthropicToolChanges,
  // Copies, so a caller that adds cache_control to its block cannot alter later blocks.
  layOut: (block) => block.map((tool) => ({ ...tool })),
  // The fallback: anything no other codec recognises is read as a tool_use block, and refused clearly.
  recognises: (_call): _call is ToolUseBlock => true,
  readCall: readToolUse,
  writeAnswer: (block) => block,
  transcriptCalls(entry, calls) {
    // A system message's tool changes rebuild the working set where a transcript is replayed.
    for (const change of anthropicToolChanges.read(entry))
      calls.push({ name: change.name, id: "", change: change.type });
    if (entry.role !== "assistant" || !Array.isArray(entry.content)) return;
    for (const block of entry.content as unknown[]) {
      if (typeof block !== "object" || block === null) continue;
      const part = block as Record<string, unknown>;
      if (part.type === "tool_use") pushCall(calls, part.name, part.id);
    }
  },
};

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
