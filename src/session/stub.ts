import type { CatalogueTool } from "../catalogue/index.js";
import type { AnthropicTool } from "../wire/index.js";
import { firstSentence } from "./first-sentence.js";

/**
 * Accepts any object: the real schema is enforced when the stub is called. `{"type":"object"}`
 * alone already admits every key (an object schema without `additionalProperties: false` is
 * open), so nothing else is spent on it.
 */
export const PERMISSIVE_SCHEMA = { type: "object" } as const;

/**
 * Ends every stub's description: there is more to this tool than its first sentence.
 * `search_tools`' description says once what it means (call it and a wrong input brings back
 * the full schema, or search to read more), so each stub pays one token for it, not a sentence.
 */
export const STUB_HINT = "…";

const stubs = new WeakMap<CatalogueTool, AnthropicTool>();

/**
 * A tool as a stub: its name, its first sentence plus a hint, and a permissive schema.
 * Memoised per tool like `fullToolOf`: treat the result as read-only.
 */
export function stubOf(tool: CatalogueTool): AnthropicTool {
  let stub = stubs.get(tool);
  if (!stub) {
    const sentence = firstSentence(tool.description);
    // A first sentence cut for length already ends in the hint.
    const description = sentence.endsWith(STUB_HINT) ? sentence : `${sentence} ${STUB_HINT}`;
    stub = { name: tool.name, description, input_schema: { ...PERMISSIVE_SCHEMA } };
    stubs.set(tool, stub);
  }
  return stub;
}
