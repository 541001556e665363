import { responsesOutputOf, type MessageParam, type OpenAIResponsesItem } from "../../../wire/index.js";
import { appendBlocks, argumentsOf, blocksOf, textOf, textOfBlocks, toolResultsOf } from "../canonical-blocks.js";
import { readArguments } from "../openai-shared.js";
import { isRecord } from "../../../util/is-record.js";

/**
 * A Responses API transcript in the canonical form: message items as text, each
 * `function_call` as a `tool_use` (arguments parsed; `{}` when they are not an object), each
 * `function_call_output` as a `tool_result`. A client-executed tool search becomes a
 * `search_tools` call whose answer holds a `tool_reference` per tool it loaded, so what was
 * discovered carries over; a hosted one, which has no call to answer, becomes a note of what it
 * loaded. Reasoning and other items with no counterpart are left out, as are instructions
 * (system and developer messages: the run's `system` option).
 */
export function responsesToCanonical(items: readonly OpenAIResponsesItem[]): MessageParam[] {
  const canonical: MessageParam[] = [];
  for (const item of items as readonly Record<string, unknown>[]) {
    const type = item.type ?? (typeof item.role === "string" ? "message" : undefined);
    if (type === "message") {
      const text = textOf(item.content);
      if (text === "" || (item.role !== "user" && item.role !== "assistant")) continue;
      appendBlocks(canonical, item.role, [{ type: "text", text }]);
    } else if (type === "function_call") {
      appendBlocks(canonical, "assistant", [
        {
          type: "tool_use",
          id: String(item.call_id),
          name: String(item.name),
          input: readArguments(item.arguments).input,
        },
      ]);
    } else if (type === "function_call_output") {
      appendBlocks(canonical, "user", [
        { type: "tool_result", tool_use_id: String(item.call_id), content: textOf(item.output) },
      ]);
    } else if (type === "tool_search_call" && typeof item.call_id === "string") {
      appendBlocks(canonical, "assistant", [
        { type: "tool_use", id: item.call_id, name: "search_tools", input: searchInput(item.arguments) },
      ]);
    } else if (type === "tool_search_output") {
      const references = loadedNames(item.tools).map((name) => ({ type: "tool_reference", tool_name: name }));
      if (typeof item.call_id === "string")
        appendBlocks(canonical, "user", [{ type: "tool_result", tool_use_id: item.call_id, content: references }]);
      else if (references.length > 0)
        appendBlocks(canonical, "assistant", [
          { type: "text", text: `(Tool search loaded: ${loadedNames(item.tools).join(", ")}.)` },
        ]);
    }
  }
  return canonical;
}

/**
 * A canonical transcript as Responses API input items: text as message items, `tool_use`
 * blocks as `function_call` items, each `tool_result` as a `function_call_output`. Blocks with
 * no counterpart (thinking, server tools) are left out.
 */
export function responsesFromCanonical(messages: readonly MessageParam[]): OpenAIResponsesItem[] {
  const items: OpenAIResponsesItem[] = [];
  for (const message of messages) {
    const blocks = blocksOf(message);
    if (message.role === "assistant") {
      const text = textOfBlocks(blocks);
      if (text !== "") items.push({ role: "assistant", content: text });
      for (const block of blocks)
        if (block.type === "tool_use")
          items.push({
            type: "function_call",
            call_id: String(block.id),
            name: String(block.name),
            arguments: argumentsOf(block.input),
          });
    } else if (message.role === "user") {
      for (const result of toolResultsOf(blocks)) items.push(responsesOutputOf(result));
      const text = textOfBlocks(blocks);
      if (text !== "") items.push({ role: "user", content: text });
    }
  }
  return items;
}

/** The names of the functions a tool_search_output loaded, inside namespaces or not. */
function loadedNames(tools: unknown): string[] {
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((tool: { type?: unknown; name?: unknown; tools?: unknown }) =>
    tool?.type === "namespace" ? loadedNames(tool.tools) : typeof tool?.name === "string" ? [tool.name] : [],
  );
}

function searchInput(value: unknown): Record<string, unknown> {
  if (isRecord(value)) return value;
  return readArguments(value).input;
}
