import { anthropicToolChanges, type MessageParam } from "../../../wire/index.js";

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

/**
 * The tools a transcript's mid-conversation tool changes name, each once, first named first. An
 * addition or removal by reference must name a tool the request declares, so each stays defined.
 *
 * @example
 * ```ts
 * toolChangeNames([{ role: "system", content: [{ type: "tool_addition", tool: { type: "tool_reference", name: "github__create_issue" } }] }]);
 * // ["github__create_issue"]
 * ```
 */
export function toolChangeNames(messages: readonly MessageParam[]): string[] {
  const names = new Set<string>();
  for (const message of messages)
    for (const change of anthropicToolChanges.read(message as unknown as Record<string, unknown>))
      names.add(change.name);
  return [...names];
}
