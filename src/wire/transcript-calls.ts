import { OptionsError, errorText } from "../errors.js";
import { pushCall, type TranscriptCall } from "./codec.js";
import { CODECS } from "./codecs.js";

export type { TranscriptCall } from "./codec.js";

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
  for (const codec of Object.values(CODECS)) codec.transcriptCalls(entry, calls);
  // Vercel AI SDK model messages: no API of their own here, but kept transcripts of toolsift/ai.
  if (entry.role !== "assistant" || !Array.isArray(entry.content)) return;
  for (const block of entry.content as unknown[]) {
    if (typeof block !== "object" || block === null) continue;
    const part = block as Record<string, unknown>;
    if (part.type === "tool-call") pushCall(calls, part.toolName, part.toolCallId);
  }
}

function invalid(message: string, cause?: unknown): OptionsError {
  return new OptionsError("invalid_transcript", message, cause === undefined ? undefined : { cause });
}
