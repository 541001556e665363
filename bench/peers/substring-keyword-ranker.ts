import type { RankDocument, RankedTool, Ranker, RankOptions } from "../../src/ranking/index.js";

interface Entry {
  name: string;
  /** Lower-cased once at index time; matching is case-insensitive. */
  lowerName: string;
  lowerDescription: string;
  order: number;
}

/** Scores of the substring scheme; a whole-query hit outweighs any plausible count of keyword hits. */
const WHOLE_QUERY_IN_NAME = 10;
const WHOLE_QUERY_IN_DESCRIPTION = 5;
const KEYWORD_IN_NAME = 2;
const KEYWORD_IN_DESCRIPTION = 1;

/**
 * Peer (a): the substring-plus-keyword scoring a "loomflow"-style `search_tools` describes.
 *
 * A RECONSTRUCTION, not loomflow code: the bench README says what was found and what was
 * assumed. Scoring, all case-insensitive plain substring tests (no tokenising of the tools):
 * the whole query inside the name +10, inside the description +5; then for each distinct
 * query keyword (split on non-alphanumerics, at least two characters) inside the name +2,
 * inside the description +1. Tools scoring 0 are not returned; ties keep catalogue order.
 */
export class SubstringKeywordRanker implements Ranker {
  readonly name = "peer-substring";
  private entries: Entry[] = [];

  update(documents: readonly RankDocument[]): void {
    this.entries = documents.map((document, order) => ({
      name: document.name,
      lowerName: document.name.toLowerCase(),
      lowerDescription: document.description.toLowerCase(),
      order,
    }));
  }

  search(query: string, options: RankOptions): RankedTool[] {
    const whole = query.trim().toLowerCase();
    if (whole === "") return [];
    const keywords = [...new Set(whole.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 2))];
    const scored: { name: string; score: number; order: number }[] = [];
    for (const entry of this.entries) {
      if (options.filter && !options.filter(entry.name)) continue;
      let score = 0;
      if (entry.lowerName.includes(whole)) score += WHOLE_QUERY_IN_NAME;
      if (entry.lowerDescription.includes(whole)) score += WHOLE_QUERY_IN_DESCRIPTION;
      for (const keyword of keywords) {
        if (entry.lowerName.includes(keyword)) score += KEYWORD_IN_NAME;
        if (entry.lowerDescription.includes(keyword)) score += KEYWORD_IN_DESCRIPTION;
      }
      if (score > 0) scored.push({ name: entry.name, score, order: entry.order });
    }
    scored.sort((a, b) => b.score - a.score || a.order - b.order);
    return scored.slice(0, options.limit).map(({ name, score }) => ({ name, score }));
  }
}
