import type { JsonLimits } from "./copy-json.js";

/**
 * The bounds toolsift puts on what a tool definition or a tool input may hold. Hosts such as
 * MCP servers supply these values, so every bound is checked before any other work is done on
 * them: a definition past one is rejected (from an array) or skipped with a warning (from a
 * host), never truncated, so what the model sees is always what the tool's author wrote.
 */
export const CATALOGUE_LIMITS = {
  /** Tools in one catalogue (an array, or one host listing). */
  tools: 100_000,
  /** A description of ~25,000 tokens is far past any useful one; the stub uses its first sentence. */
  descriptionChars: 100_000,
  /** Tags are extra search words, not documents. */
  tags: 100,
  tagChars: 200,
  serverChars: 200,
  /** A regular expression in a schema (`pattern`, a `patternProperties` key). */
  patternChars: 2_000,
  /** A tool's input schema, after a zod schema is converted. Real schemas stay far below. */
  schema: { maxDepth: 100, maxValues: 20_000, maxChars: 1_000_000 } satisfies JsonLimits,
  /** A tool input, as the model (or a caller) sends it. Big enough for a file's contents. */
  input: { maxDepth: 128, maxValues: 200_000, maxChars: 10_000_000 } satisfies JsonLimits,
  /** The content blocks of a `toolOutput`: room for several full-size images in base64. */
  output: { maxDepth: 16, maxValues: 100_000, maxChars: 50_000_000 } satisfies JsonLimits,
} as const;
