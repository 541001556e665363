import type { RankDocument } from "../ranker.js";
import { ExactVectorIndex } from "./exact-vector-index.js";
import { MAX_EMBEDDED_CHARS } from "./embedding-text.js";
import type { VectorMatch } from "./vector-index.js";

/** Examples embedded per tool: an enrichment file keeps at most 32 requests and 32 synonyms. */
export const MAX_EXAMPLES_PER_TOOL = 64;
/**
 * Example vectors in all: 80 MB with the bundled model's 100 dimensions, 300 MB at 384. Enough
 * for 15,000 tools enriched with 8 requests and 5 synonyms each; past it, further tools keep
 * their own vector only (with an `examples_capped` warning).
 */
export const MAX_EXAMPLE_VECTORS = 200_000;

/** One example of a tool to embed, keyed for the index. */
export interface ExampleText {
  readonly key: string;
  readonly text: string;
}

/**
 * The vectors of tools' examples (their enrichment's requests and synonyms), one per example,
 * in an exact index of their own beside the tools' (which may be HNSW): a tool is as near a
 * query as its nearest text, its own or an example's (Re-Invoke's rule, which needs no weight).
 *
 * Tools are diffed by fingerprint, so an unchanged catalogue costs a map lookup per tool, and
 * by each example's text hash, so a changed tool re-embeds only the examples that changed.
 */
export class ExampleVectors {
  private readonly index: ExactVectorIndex;
  /**
   * Per tool with examples: its fingerprint when last synced, its examples' keys, and whether
   * the cap cut them (such a tool is synced again while room may have been freed).
   */
  private readonly tools = new Map<string, { fingerprint: string; keys: string[]; capped: boolean }>();
  private readonly toolOfKey = new Map<string, string>();

  constructor(
    dimensions: number,
    /** The most vectors held; see {@link MAX_EXAMPLE_VECTORS}. */
    private readonly maxVectors = MAX_EXAMPLE_VECTORS,
  ) {
    this.index = new ExactVectorIndex(dimensions);
  }

  /** Example vectors held. */
  get size(): number {
    return this.index.size;
  }

  /** The text hashes of the examples held: what a vector cache must keep for them. */
  textHashes(): string[] {
    return this.index.keys().map((key) => this.index.textHashOf(key)!);
  }

  /**
   * Brings the index in line with the documents: gone tools' vectors removed, and for every
   * changed tool its examples embedded (through `vectorsOf`, which reads a cache first).
   * Returns how many examples of the changed tools were left out for the cap on vectors.
   */
  async update(
    documents: readonly RankDocument[],
    hashOf: (text: string) => string,
    vectorsOf: (texts: readonly { text: string; hash: string }[]) => Promise<Float32Array[]>,
  ): Promise<number> {
    const wanted = new Map(documents.map((document) => [document.name, document]));
    for (const [name, entry] of [...this.tools]) {
      const document = wanted.get(name);
      if (!document?.examples?.length) this.removeTool(name, entry.keys);
    }
    const changed: { document: RankDocument; texts: string[] }[] = [];
    let room = this.maxVectors;
    for (const entry of this.tools.values()) room -= entry.keys.length;
    for (const document of documents) {
      if (!document.examples?.length) continue;
      const known = this.tools.get(document.name);
      if (known?.fingerprint === document.fingerprint && !known.capped) continue;
      room += known?.keys.length ?? 0;
      changed.push({ document, texts: textsOf(document.examples) });
    }
    let capped = 0;
    const pending: { key: string; tool: string; text: string; hash: string }[] = [];
    for (const { document, texts } of changed) {
      const kept = texts.slice(0, Math.max(0, room));
      capped += texts.length - kept.length;
      room -= kept.length;
      const old = this.tools.get(document.name)?.keys ?? [];
      const keys = kept.map((_, i) => `${document.name}\0${i}`);
      for (const key of old.slice(keys.length)) this.removeKey(key);
      kept.forEach((text, i) => {
        const hash = hashOf(text);
        if (this.index.textHashOf(keys[i]!) !== hash) pending.push({ key: keys[i]!, tool: document.name, text, hash });
      });
      // A tool the cap left without any vector is not remembered: it is tried again next time.
      if (keys.length === 0) this.removeTool(document.name, []);
      else
        this.tools.set(document.name, { fingerprint: document.fingerprint, keys, capped: kept.length < texts.length });
    }
    if (pending.length > 0) {
      const vectors = await vectorsOf(pending);
      pending.forEach(({ key, tool, hash }, i) => {
        this.index.upsert(key, hash, vectors[i]!);
        this.toolOfKey.set(key, tool);
      });
    }
    return capped;
  }

  /**
   * The `limit` tools whose nearest example is nearest the query, best first, each with that
   * example's similarity; only tools the filter allows. Reads deeper until `limit` distinct
   * tools are found (or every example has been read).
   */
  search(vector: Float32Array, limit: number, filter?: (name: string) => boolean): VectorMatch[] {
    if (limit <= 0 || this.index.size === 0) return [];
    const allowed = new Map<string, boolean>();
    const keyFilter = filter
      ? (key: string) => {
          const tool = this.toolOfKey.get(key)!;
          let allow = allowed.get(tool);
          if (allow === undefined) allowed.set(tool, (allow = filter(tool)));
          return allow;
        }
      : undefined;
    for (let depth = limit * 4; ; depth *= 4) {
      const hits = this.index.search(vector, depth, keyFilter);
      const best = new Map<string, number>();
      // Best first: a tool's first hit is its nearest example.
      for (const hit of hits) {
        const tool = this.toolOfKey.get(hit.name)!;
        if (!best.has(tool)) best.set(tool, hit.similarity);
      }
      if (best.size >= limit || hits.length < depth || depth >= this.index.size) {
        return [...best].slice(0, limit).map(([name, similarity]) => ({ name, similarity }));
      }
    }
  }

  private removeTool(name: string, keys: readonly string[]): void {
    for (const key of keys) this.removeKey(key);
    this.tools.delete(name);
  }

  private removeKey(key: string): void {
    this.index.remove(key);
    this.toolOfKey.delete(key);
  }
}

/**
 * Each tool's similarity, lifted halfway towards its nearest example: the mean of its own text's
 * similarity and the larger of that and its nearest example's. A tool without examples keeps its
 * own. Why not the nearest text alone: a tool with eight examples then has nine chances to be
 * near a query, and where only some tools are enriched they take queries from the others (the
 * bench's ToolAlpaca lost 5.6 points of recall@5 that way with the embedding ranker). Halfway
 * keeps most of the lift on fully enriched sets and none of the take-over.
 *
 * `ownOf` gives the own similarity of a tool the own list lacks (its vector is at hand), so the
 * lift of a tool found only through an example is exact. Exact for the top `limit` when each
 * list is its side's top `limit`: a tool in neither list is beaten on both sides by `limit` others.
 */
export function liftedByExamples(
  own: readonly VectorMatch[],
  examples: readonly VectorMatch[],
  ownOf: (name: string) => number | undefined,
  limit: number,
): VectorMatch[] {
  if (examples.length === 0) return own.slice(0, limit);
  const owns = new Map(own.map((hit) => [hit.name, hit.similarity]));
  const scores = new Map(owns);
  for (const hit of examples) {
    const base = owns.get(hit.name) ?? ownOf(hit.name);
    // Its own vector is gone (the tool left the catalogue mid-update): not a match.
    if (base === undefined) continue;
    scores.set(hit.name, (base + Math.max(base, hit.similarity)) / 2);
  }
  return [...scores]
    .map(([name, similarity]) => ({ name, similarity }))
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, limit);
}

/** A tool's examples to embed: strings, at most {@link MAX_EXAMPLES_PER_TOOL}, each cut to what a model reads. */
function textsOf(examples: readonly string[]): string[] {
  const texts: string[] = [];
  for (const example of examples.slice(0, MAX_EXAMPLES_PER_TOOL)) {
    if (typeof example === "string" && example.trim()) texts.push(example.slice(0, MAX_EMBEDDED_CHARS));
  }
  return texts;
}
