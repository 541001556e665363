import type { RankDocument } from "../ranker.js";
import { splitIdentifier } from "../text/index.js";

/**
 * The text a tool is embedded from: its name as words, then its description and tags.
 * Parameter names are left out: they are the same few words (`id`, `limit`, `query`) across
 * most tools and pull every vector towards the same point.
 */
export function embeddingTextOf(document: RankDocument): string {
  const tags = document.tags.length ? ` ${document.tags.join(", ")}.` : "";
  return `${splitIdentifier(document.name).join(" ")}: ${document.description}${tags}`;
}
