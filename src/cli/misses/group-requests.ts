import { analyzeText } from "../../for-apps.js";
import { MAX_COMPARED, MAX_SEEDS, MAX_TERMS, SIMILARITY } from "./miss-report.js";

/** One distinct request (one hash) and how many records asked it. */
export interface DistinctRequest {
  hash: string;
  length: number;
  text?: string;
  count: number;
}

/**
 * Groups distinct requests that ask for the same thing. The most asked come first and become
 * seeds; each later text joins the seed whose term set it is most like, when their Jaccard
 * similarity reaches {@link SIMILARITY}, else it becomes a seed itself (up to {@link MAX_SEEDS};
 * past them, a group of its own). A request without text (or whose text has no terms) cannot be
 * compared: it is a group of its own, equal hashes having been merged already.
 *
 * The work is bounded: at most {@link MAX_COMPARED} texts are analysed (the most asked; the
 * rarer ones past them are groups of their own, as without text), each compared through an
 * inverted index of the seeds' terms with at most {@link MAX_SEEDS} seeds over at most
 * {@link MAX_TERMS} terms.
 *
 * @returns The groups as indexes into `requests`, each led by its seed (its representative).
 */
export function groupRequests(requests: readonly DistinctRequest[]): number[][] {
  const order = requests
    .map((_, index) => index)
    .sort((a, b) => requests[b]!.count - requests[a]!.count || compareText(requests[a]!.hash, requests[b]!.hash));
  const groups: number[][] = [];
  const seedTerms: number[] = [];
  const seedGroup: number[] = [];
  const postings = new Map<string, number[]>();
  // Terms shared with each seed, for the text at hand; `touched` lists the seeds to reset.
  const shared = new Int32Array(MAX_SEEDS);
  const touched: number[] = [];
  let compared = 0;
  for (const index of order) {
    const text = requests[index]!.text;
    const terms = text === undefined || compared >= MAX_COMPARED ? [] : termsOf(text);
    if (terms.length === 0) {
      groups.push([index]);
      continue;
    }
    compared++;
    for (const term of terms)
      for (const seed of postings.get(term) ?? []) if (shared[seed]!++ === 0) touched.push(seed);
    let best = -1;
    let bestScore = 0;
    for (const seed of touched) {
      const common = shared[seed]!;
      shared[seed] = 0;
      const score = common / (terms.length + seedTerms[seed]! - common);
      if (score > bestScore || (score === bestScore && seed < best)) [best, bestScore] = [seed, score];
    }
    touched.length = 0;
    if (best >= 0 && bestScore >= SIMILARITY) {
      groups[seedGroup[best]!]!.push(index);
      continue;
    }
    groups.push([index]);
    if (seedTerms.length >= MAX_SEEDS) continue;
    const seed = seedTerms.length;
    seedTerms.push(terms.length);
    seedGroup.push(groups.length - 1);
    for (const term of terms) {
      let list = postings.get(term);
      if (!list) postings.set(term, (list = []));
      list.push(seed);
    }
  }
  return groups;
}

/** The distinct terms the lexical ranker would index for `text`, at most {@link MAX_TERMS}. */
export function termsOf(text: string): string[] {
  return [...new Set(analyzeText(text))].slice(0, MAX_TERMS);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
