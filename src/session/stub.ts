import type { CatalogueTool } from "../catalogue/index.js";
import type { AnthropicTool } from "./anthropic-tool.js";
import { firstSentence } from "./first-sentence.js";

/** Accepts any object: the real schema is enforced server-side when the stub is called. */
export const PERMISSIVE_SCHEMA = { type: "object", additionalProperties: true } as const;

export const STUB_HINT = "(Call it or search_tools to load its parameters.)";

const stubs = new WeakMap<CatalogueTool, AnthropicTool>();

/**
 * A tool as a stub: its name, its first sentence plus a hint, and a permissive schema.
 * Memoised per tool like `fullToolOf`: treat the result as read-only.
 */
export function stubOf(tool: CatalogueTool): AnthropicTool {
  let stub = stubs.get(tool);
  if (!stub) {
    stub = { name: tool.name, description: `${firstSentence(tool.description)} ${STUB_HINT}`, input_schema: { ...PERMISSIVE_SCHEMA } };
    stubs.set(tool, stub);
  }
  return stub;
}
