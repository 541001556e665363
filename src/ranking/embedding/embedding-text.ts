import type { RankDocument } from "../ranker.js";
import { splitIdentifier } from "../text/index.js";

/**
 * Characters of a tool's text that are embedded. Models read at most a few hundred tokens
 * (the bundled one 1,024), so text past this changes nothing but the time a hostile
 * megabyte-long description would take.
 */
export const MAX_EMBEDDED_CHARS = 8_192;

/**
 * The text a tool is embedded from: its name as words, then its description and tags.
 * Parameter names are left out: they are the same few words (`id`, `limit`, `query`) across
 * most tools and pull every vector towards the same point.
 */
export function embeddingTextOf(document: RankDocument): string {
  const tags = document.tags.length ? ` ${document.tags.join(", ")}.` : "";
  const text = `${splitIdentifier(document.name).join(" ")}: ${document.description}${tags}`;
  if (text.length <= MAX_EMBEDDED_CHARS) return text;
  // Never end on the first half of a surrogate pair.
  const end = /[\uD800-\uDBFF]/.test(text[MAX_EMBEDDED_CHARS - 1]!) ? MAX_EMBEDDED_CHARS - 1 : MAX_EMBEDDED_CHARS;
  return text.slice(0, end);
}
