/**
 * Bounds on the text analysis does, so that a hostile string (MCP servers supply names,
 * descriptions, tags and parameter names) costs linear, bounded time. Real tool text stays far
 * inside them.
 */

/** Characters of one text analysed: a description longer than this is read up to here. */
export const MAX_ANALYSED_CHARS = 32_768;

/**
 * Characters kept of one word. Stemming is superlinear in word length, and no real word or
 * identifier part is this long, so a longer "word" is cut to its first characters: it still
 * matches itself, cut the same way, in a query.
 */
export const MAX_WORD_CHARS = 64;
