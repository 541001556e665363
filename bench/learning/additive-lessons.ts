import type { Ranker } from "../../src/ranking/index.js";
import { analyzeText } from "../../src/ranking/text/index.js";
import type { BenchQuery } from "../load-dataset.js";

/** How deep both blends read the ranker's list. */
export const DEPTH = 50;

/**
 * The plain additive reference: lessons as a TF-IDF index, every similar lesson adding its
 * cosine to its tool. No caps, no corroboration, no gate, no decay: what a naive counter does.
 */
export class AdditiveLessons {
  private readonly lessons: { tool: string; terms: Map<string, number>; norm: number }[] = [];
  private readonly documentFrequency = new Map<string, number>();

  constructor(taught: readonly BenchQuery[]) {
    const counted = taught.map((query) => ({ query, terms: termCounts(query.query) }));
    for (const { terms } of counted)
      for (const term of terms.keys()) this.documentFrequency.set(term, (this.documentFrequency.get(term) ?? 0) + 1);
    for (const { query, terms } of counted) {
      const norm = Math.sqrt([...terms].reduce((sum, [term, count]) => sum + this.weight(term, count) ** 2, 0));
      for (const tool of query.expected) this.lessons.push({ tool, terms, norm });
    }
  }

  scores(query: string): Map<string, number> {
    const terms = termCounts(query);
    const norm = Math.sqrt([...terms].reduce((sum, [term, count]) => sum + this.weight(term, count) ** 2, 0));
    const scores = new Map<string, number>();
    if (norm === 0) return scores;
    for (const lesson of this.lessons) {
      let dot = 0;
      for (const [term, count] of terms) {
        const other = lesson.terms.get(term);
        if (other !== undefined) dot += this.weight(term, count) * this.weight(term, other);
      }
      if (dot > 0 && lesson.norm > 0)
        scores.set(lesson.tool, (scores.get(lesson.tool) ?? 0) + dot / (norm * lesson.norm));
    }
    return scores;
  }

  private weight(term: string, count: number): number {
    return (
      (1 + Math.log(count)) * Math.log(1 + (this.lessons.length + 1) / ((this.documentFrequency.get(term) ?? 0) + 0.5))
    );
  }
}

function termCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of analyzeText(text)) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

/** The additive blend's top 5: the ranker's score scaled to a best of 1, plus every lesson's cosine. */
export async function additiveTop5(ranker: Ranker, lessons: AdditiveLessons, query: string): Promise<string[]> {
  const base = await ranker.search(query, { limit: DEPTH });
  const top = base[0]?.score || 1;
  const scores = new Map(base.map((hit) => [hit.name, hit.score / top]));
  for (const [tool, learned] of lessons.scores(query)) scores.set(tool, (scores.get(tool) ?? 0) + learned);
  return [...scores]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([name]) => name);
}
