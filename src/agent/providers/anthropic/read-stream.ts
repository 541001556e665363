import type { MessageStreamLike } from "../../../wire/index.js";
import type { StreamedPart } from "../model-provider.js";

interface PendingToolUse {
  id: string;
  name: string;
  json: string;
}

/**
 * Reads a streaming Messages API reply: each text delta, and each `tool_use` block once its
 * input is complete, go to `onPart` as they arrive; the accumulated message (the SDK's own
 * accumulation) is returned at the end, for runAgent to check like any reply. A failure of the
 * stream, whether it surfaced while iterating or only in the final message, rejects.
 *
 * Only the fields read here are trusted to be what they claim; events of other types (thinking,
 * citations, server tools, ones the API adds later) are left to the SDK's accumulation.
 */
export async function readStream(stream: MessageStreamLike, onPart: (part: StreamedPart) => void): Promise<unknown> {
  const toolUses = new Map<number, PendingToolUse>();
  for await (const event of stream) {
    if (typeof event !== "object" || event === null) continue;
    const {
      type,
      index,
      content_block: block,
      delta,
    } = event as { type?: unknown; index?: unknown; content_block?: unknown; delta?: unknown };
    if (typeof index !== "number") continue;
    if (type === "content_block_start") {
      const { type: blockType, id, name } = (block ?? {}) as { type?: unknown; id?: unknown; name?: unknown };
      if (blockType === "tool_use" && typeof id === "string" && typeof name === "string")
        toolUses.set(index, { id, name, json: "" });
    } else if (type === "content_block_delta") {
      const {
        type: deltaType,
        text,
        partial_json: json,
      } = (delta ?? {}) as { type?: unknown; text?: unknown; partial_json?: unknown };
      if (deltaType === "text_delta" && typeof text === "string") onPart({ type: "text", text });
      const pending = toolUses.get(index);
      if (deltaType === "input_json_delta" && pending && typeof json === "string") pending.json += json;
    } else if (type === "content_block_stop") {
      const pending = toolUses.get(index);
      toolUses.delete(index);
      const input = pending && parseInput(pending.json);
      // A block whose input does not parse is left to the final message's check.
      if (pending && input !== undefined) onPart({ type: "tool-use", id: pending.id, name: pending.name, input });
    }
  }
  return stream.finalMessage();
}

function parseInput(json: string): unknown {
  if (json.trim() === "") return {};
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return undefined;
  }
}
