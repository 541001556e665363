import { OptionsError, errorText } from "../errors.js";

/** A tool call found in a transcript: the tool it named and the call's id. */
export interface TranscriptCall {
  name: string;
  id: string;
}

/**
 * The most calls a transcript is replayed from. A conversation this long is far past any
 * context window; past it the oldest calls are left out (with a warning), which can change
 * the order of tools hydrated since before them.
 */
export const MAX_TRANSCRIPT_CALLS = 100_000;

/**
 * The tool calls of a transcript, in order, in whichever format it was kept:
 *
 * - Anthropic messages: `tool_use` blocks in assistant messages' `content`;
 * - OpenAI Chat Completions messages: function entries of assistant messages' `tool_calls`;
 * - OpenAI Responses input items: `function_call` items;
 * - Vercel AI SDK model messages: `tool-call` parts in assistant messages' `content`.
 *
 * Formats may be mixed. A call without a name or an id is left out: `execute` would not have
 * run it either. Custom (free-text) OpenAI tool calls are left out for the same reason.
 *
 * @throws {@link OptionsError} `invalid_transcript` when the transcript is not an array, holds
 *   something other than objects, or cannot be read.
 */
export function transcriptCalls(transcript: unknown): TranscriptCall[] {
  if (!Array.isArray(transcript)) {
    throw invalid(
      "options.transcript must be the conversation so far: an array of messages (Anthropic or OpenAI Chat), of Responses input items or of Gemini contents.",
    );
  }
  const calls: TranscriptCall[] = [];
  transcript.forEach((entry: unknown, index) => {
    if (typeof entry !== "object" || entry === null) {
      throw invalid(
        `options.transcript[${index}] is ${entry === null ? "null" : typeof entry}; each entry is a message or an input item object.`,
      );
    }
    try {
      collect(entry as Record<string, unknown>, calls);
    } catch (error) {
      throw invalid(`options.transcript[${index}] could not be read (${errorText(error)}).`, error);
    }
  });
  return calls;
}

function collect(entry: Record<string, unknown>, calls: TranscriptCall[]): void {
  if (entry.type === "function_call") {
    add(calls, entry.name, entry.call_id);
    return;
  }
  if (entry.role === "model" && Array.isArray(entry.parts)) {
    for (const part of entry.parts as unknown[]) {
      if (typeof part !== "object" || part === null) continue;
      const call = (part as Record<string, unknown>).functionCall;
      if (typeof call !== "object" || call === null) continue;
      const { name, id } = call as Record<string, unknown>;
      if (typeof name === "string" && name !== "") calls.push({ name, id: typeof id === "string" ? id : "" });
    }
    return;
  }
  if (entry.role !== "assistant") return;
  const { content, tool_calls: toolCalls } = entry;
  if (Array.isArray(content)) {
    for (const block of content as unknown[]) {
      if (typeof block !== "object" || block === null) continue;
      const part = block as Record<string, unknown>;
      if (part.type === "tool_use") add(calls, part.name, part.id);
      else if (part.type === "tool-call") add(calls, part.toolName, part.toolCallId);
    }
  }
  if (Array.isArray(toolCalls)) {
    for (const call of toolCalls as unknown[]) {
      if (typeof call !== "object" || call === null) continue;
      const { type, id, function: fn } = call as Record<string, unknown>;
      if (type === "function" && typeof fn === "object" && fn !== null)
        add(calls, (fn as Record<string, unknown>).name, id);
    }
  }
}

function add(calls: TranscriptCall[], name: unknown, id: unknown): void {
  if (typeof name === "string" && name !== "" && typeof id === "string" && id !== "") calls.push({ name, id });
}

function invalid(message: string, cause?: unknown): OptionsError {
  return new OptionsError("invalid_transcript", message, cause === undefined ? undefined : { cause });
}
