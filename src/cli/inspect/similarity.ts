import { analyzeIdentifier, analyzeText } from "../../for-apps.js";

/** Two tools and how alike they are. */
export interface SimilarPair {
  a: number;
  b: number;
  score: number;
}

/**
 * Lexical similarity of every pair of texts that share a term: the cosine of their TF-IDF vectors
 * over the terms the lexical ranker indexes (stemmed, stop words dropped). Pairs are found through
 * an inverted index, so texts with nothing in common cost nothing.
 *
 * @param documents - Per tool, its name (split into words) and its description.
 * @param minScore - Pairs under it are not returned.
 */
export function lexicalPairs(
  documents: readonly { name: string; description: string }[],
  minScore: number,
): SimilarPair[] {
  const termLists = documents.map((document) => [
    ...analyzeIdentifier(document.name),
    ...analyzeText(document.description),
  ]);
  const documentFrequency = new Map<string, number>();
  for (const terms of termLists)
    for (const term of new Set(terms)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  const count = documents.length;
  const vectors = termLists.map((terms) => {
    const weights = new Map<string, number>();
    for (const term of terms) weights.set(term, (weights.get(term) ?? 0) + 1);
    let norm = 0;
    for (const [term, frequency] of weights) {
      const weight = frequency * Math.log(1 + count / documentFrequency.get(term)!);
      weights.set(term, weight);
      norm += weight * weight;
    }
    norm = Math.sqrt(norm) || 1;
    for (const [term, weight] of weights) weights.set(term, weight / norm);
    return weights;
  });
  const postings = new Map<string, { document: number; weight: number }[]>();
  vectors.forEach((vector, document) => {
    for (const [term, weight] of vector) {
      let list = postings.get(term);
      if (!list) postings.set(term, (list = []));
      list.push({ document, weight });
    }
  });
  const pairs: SimilarPair[] = [];
  const scores = new Float64Array(count);
  for (let a = 0; a < count; a++) {
    const touched: number[] = [];
    for (const [term, weight] of vectors[a]!) {
      for (const posting of postings.get(term)!) {
        if (posting.document <= a) continue;
        if (scores[posting.document] === 0) touched.push(posting.document);
        scores[posting.document] = scores[posting.document]! + weight * posting.weight;
      }
    }
    for (const b of touched) {
      if (scores[b]! >= minScore) pairs.push({ a, b, score: scores[b]! });
      scores[b] = 0;
    }
  }
  return pairs;
}

/** The cosine of two unit vectors (their dot product). */
export function cosine(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}
