/**
 * Pieces of toolsift's canonical transcript, which is the Messages API's: user and assistant
 * messages of `text`, `tool_use` and `tool_result` blocks. Every provider converts its own
 * transcript to and from it, so a conversation can move between any two APIs through one form.
 *
 * @module
 */
import type { ToolResultContentBlock } from "../../catalogue/index.js";
import type { ContentBlockParam, MessageParam, ToolResultBlock } from "../../wire/index.js";

/** A canonical message's blocks (a string content is one text block). */
export function blocksOf(message: MessageParam): Record<string, unknown>[] {
  if (typeof message.content === "string")
    return message.content === "" ? [] : [{ type: "text", text: message.content }];
  return message.content as Record<string, unknown>[];
}

/** The text of a message's text blocks, joined. */
export function textOfBlocks(blocks: readonly Record<string, unknown>[]): string {
  return blocks
    .filter((block) => block.type === "text" && typeof block.text === "string")
    .map((block) => block.text as string)
    .join("\n\n");
}

/** The text of a canonical message: its text blocks, joined. */
export function messageText(message: MessageParam): string {
  return textOfBlocks(blocksOf(message));
}

/** The tool_result blocks of a message, as toolsift's own type. */
export function toolResultsOf(blocks: readonly Record<string, unknown>[]): ToolResultBlock[] {
  return blocks.filter((block) => block.type === "tool_result") as unknown as ToolResultBlock[];
}

/**
 * Appends blocks to a canonical transcript, merging them into its last message when that one has
 * the same role: the Messages API wants user and assistant turns to alternate, and an OpenAI
 * transcript gives one item per call and per answer.
 */
export function appendBlocks(messages: MessageParam[], role: "user" | "assistant", blocks: ContentBlockParam[]): void {
  if (blocks.length === 0) return;
  const last = messages.at(-1);
  if (last && last.role === role) {
    last.content = [...(blocksOf(last) as ContentBlockParam[]), ...blocks];
    return;
  }
  messages.push({ role, content: blocks });
}

/** A tool's answer as text parts for an API whose answers carry no references: each reference says which tool it loaded. */
export function withoutReferences(
  content: string | readonly ToolResultContentBlock[],
): string | ToolResultContentBlock[] {
  if (typeof content === "string") return content;
  return content.map((block) =>
    block.type === "tool_reference" ? { type: "text", text: `[Tool loaded: ${block.tool_name}]` } : block,
  );
}

/** The JSON text of a tool call's input, as OpenAI's `arguments` carry it. */
export function argumentsOf(input: unknown): string {
  return JSON.stringify(input ?? {}) ?? "{}";
}

/** The text of an API's message content: a string, or the `text` of its parts, joined. */
export function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((part) => (typeof (part as { text?: unknown })?.text === "string" ? (part as { text: string }).text : ""))
    .filter((text) => text !== "")
    .join("\n\n");
}
