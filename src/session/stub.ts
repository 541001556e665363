import type { CatalogueTool } from "../catalogue/index.js";
import type { AnthropicTool } from "./anthropic-tool.js";
import { firstSentence } from "./first-sentence.js";

/**
 * Accepts any object: the real schema is enforced when the stub is called. `{"type":"object"}`
 * alone already admits every key (an object schema without `additionalProperties: false` is
 * open), so nothing else is spent on it.
 */
export const PERMISSIVE_SCHEMA = { type: "object" } as const;

/**
 * Ends every stub's description. `search_tools`' own description says what it means; this
 * marks which tools it applies to, in four tokens.
 */
export const STUB_HINT = "(schema on call)";

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
