import type { MessageParam } from "../../../wire/index.js";

/**
 * The tools a transcript's `tool_reference` blocks name (inside `tool_result` content), each
 * once, in the order they were first referenced. The API expands every reference in the
 * history on every request, with the definition the request carries, so each of these must
 * stay defined (deferred) for the conversation to continue.
 *
 * @example
 * ```ts
 * referencedToolNames([{ role: "user", content: [{ type: "tool_result", tool_use_id: "t1",
 *   content: [{ type: "tool_reference", tool_name: "slack__post_message" }] }] }]);
 * // ["slack__post_message"]
 * ```
 */
export function referencedToolNames(messages: readonly MessageParam[]): string[] {
  const names = new Set<string>();
  for (const message of messages) {
    if (typeof message.content === "string") continue;
    for (const block of message.content) {
      if (block.type !== "tool_result") continue;
      const content = (block as { content?: unknown }).content;
      if (!Array.isArray(content)) continue;
      for (const inner of content as unknown[]) {
        const reference = inner as { type?: unknown; tool_name?: unknown } | null;
        if (reference?.type === "tool_reference" && typeof reference.tool_name === "string")
          names.add(reference.tool_name);
      }
    }
  }
  return [...names];
}
