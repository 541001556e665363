import { CATALOGUE_LIMITS, copyJson, isToolOutput, type ToolResultContentBlock } from "../catalogue/index.js";
import { errorText } from "../errors.js";
import type { ToolResultBlock } from "../wire/index.js";
import { withCompanions } from "./companion-answer.js";
import { searchAnswer } from "./search-answer.js";
import type { SearchToolsOutcome } from "./session-services.js";
import { withSearchNotes } from "./search-notes.js";

/** Formats a `search_tools` outcome as the text `tool_result` the stubs strategy sends. */
export function searchResultBlock(toolUseId: string, outcome: SearchToolsOutcome): ToolResultBlock {
  if (!outcome.ok) return errorResult(toolUseId, outcome.error);
  return {
    type: "tool_result",
    tool_use_id: toolUseId,
    content: JSON.stringify(withSearchNotes(withCompanions(searchAnswer(outcome.matches), outcome), outcome)),
  };
}

/**
 * The tool's output as a result block. The tool has run by now, so an output that cannot be
 * rendered (a BigInt, a cycle, malformed content blocks) is still reported as run, not as
 * failed: a model told it failed could run a side effect twice.
 */
export function resultOf(
  toolUseId: string,
  name: string,
  output: unknown,
): { block: ToolResultBlock; unreadable?: string } {
  try {
    if (isToolOutput(output)) {
      const content = copyContentBlocks(output.content);
      return {
        block: {
          type: "tool_result",
          tool_use_id: toolUseId,
          content,
          ...(output.isError === true ? { is_error: true } : {}),
        },
      };
    }
    const content = typeof output === "string" ? output : (JSON.stringify(output) ?? "(no output)");
    return { block: { type: "tool_result", tool_use_id: toolUseId, content } };
  } catch (error) {
    const unreadable = `its output could not be serialised (${errorText(error).replace(/\s+/g, " ")})`;
    return {
      unreadable,
      block: {
        type: "tool_result",
        tool_use_id: toolUseId,
        content:
          `${name} ran, but ${unreadable}, so it cannot be shown. It did run: do not call it again for the same ` +
          "request; tell the user the result is not available.",
      },
    };
  }
}

/** The content blocks of a `toolOutput`, checked and copied: they go on the wire as they are. */
function copyContentBlocks(content: unknown): ToolResultContentBlock[] {
  if (!Array.isArray(content)) throw new Error("toolOutput content is not an array of content blocks");
  const copy = copyJson(content, CATALOGUE_LIMITS.output);
  if (!copy.ok) throw new Error(`toolOutput content at ${copy.path || "/"} ${copy.problem}`);
  for (const block of copy.value as unknown[]) {
    const type = typeof block === "object" && block !== null ? (block as { type?: unknown }).type : undefined;
    if (type !== "text" && type !== "image" && type !== "tool_reference") {
      throw new Error(
        `toolOutput content holds a block of type ${JSON.stringify(type)}; use "text", "image" or "tool_reference"`,
      );
    }
  }
  return copy.value as ToolResultContentBlock[];
}

/** A failure the model reads: an `is_error` result. */
export function errorResult(toolUseId: string, message: string): ToolResultBlock {
  return { type: "tool_result", tool_use_id: toolUseId, content: message, is_error: true };
}
