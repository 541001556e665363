import { createHash } from "node:crypto";
import { join } from "node:path";
import { errorText } from "../../errors.js";
import { ownModule } from "../../util/own-module.js";
import { ExactNames, PART_DEPTH, QueryPlan, ToolFamilies, type QueryHandling } from "../query/index.js";
import type { RankDocument, RankedTool, Ranker, RankOptions } from "../ranker.js";
import { RankerWarnings } from "../ranker-warnings.js";
import type { Embedder, EmbedderOptions } from "./embedder.js";
import { checkEmbeddingRankerOptions } from "./check-embedding-options.js";
import { embeddingTextOf } from "./embedding-text.js";
import { loadEmbedder } from "./load-embedder.js";
import { ExactVectorIndex } from "./exact-vector-index.js";
import { quantileOf, similarityProfile } from "./catalogue-similarity.js";
import { ExampleVectors, MAX_EXAMPLE_VECTORS, liftedByExamples } from "./example-vectors.js";
import type { HnswVectorIndex } from "./hnsw-vector-index.js";
import { VectorCache } from "./vector-cache.js";
import type { VectorIndex, VectorIndexOptions } from "./vector-index.js";

/**
 * The HNSW index, loaded when a catalogue first needs one (`kind: "hnsw"`, or `auto` past a
 * `hnswAbove` the user set): not with every import of toolsift.
 */
const loadHnsw = ownModule("the HNSW vector index", () => import("./hnsw-vector-index.js"));

/** The only index of kind `hnsw` is an {@link HnswVectorIndex}. */
const isHnsw = (index: VectorIndex): index is HnswVectorIndex => index.kind === "hnsw";

export interface EmbeddingRankerOptions extends QueryHandling {
  /**
   * The model: an {@link Embedder} you built, or options for `loadEmbedder` (a model folder
   * in the transformers.js layout, pooling, normalisation). Default: the bundled model.
   * An embedder you pass stays yours: `close()` releases only a model the ranker loaded.
   *
   * @example
   * ```ts
   * new EmbeddingRanker({ embedder: { model: "models/all-MiniLM-L6-v2" } })
   * ```
   */
  embedder?: Embedder | EmbedderOptions;
  /**
   * Where vectors (and an HNSW graph) persist between runs, so a restart with an unchanged
   * catalogue embeds nothing. The vectors kept are bounded (64 MiB of records, about 31,000 of
   * the bundled model's): past it, only the texts the catalogue has now are kept. `false` keeps
   * everything in memory, under the same bound.
   * @defaultValue `node_modules/.cache/toolsift` under the working directory
   */
  cacheDir?: string | false;
  /**
   * Matches at least this similar (cosine, -1 to 1) are `strong`; less similar ones are left out
   * while any match reaches it. When none does, the nearest tools are still returned, marked
   * `weak` (or nothing, with `abstention: true`). Tune it per model: sentence transformers
   * score unrelated texts higher than static word vectors do.
   * @defaultValue 0.35, for the bundled model: on toolsift's benchmark 17% of the queries no
   * tool answers have no match reaching it, at recall@5 0.487; at 0.5, 54%, but only 0.405 of
   * the answerable queries keep a strong match (`bench/tune-fusion.ts`)
   */
  minSimilarity?: number;
  /**
   * Answer nothing, rather than weak matches, when no tool reaches `minSimilarity`. Off by
   * default since 0.2: an empty answer tells the model the task is impossible.
   * @defaultValue false
   */
  abstention?: boolean;
  /** Exact or HNSW search, and HNSW's graph parameters. @defaultValue `{ kind: "auto" }` */
  index?: VectorIndexOptions;
  /** Told when the cache cannot be written (the ranker carries on in memory) and of index fallbacks. */
  onWarning?: (code: string, message: string) => void;
}

interface State {
  embedder: Embedder;
  /** The ranker loaded the embedder itself, so closing it is the ranker's job. */
  ownsEmbedder: boolean;
  cache: VectorCache;
  index: VectorIndex;
  /** Tools' examples (their enrichment), one vector each, searched exactly beside `index`. */
  examples: ExampleVectors;
  cacheDir: string | undefined;
  key: string;
  /** `auto` found hnswlib-node missing once: stay exact, and say so only once. */
  hnswUnavailable: boolean;
}

/** Where the rankers keep their persistent files unless told otherwise. */
export function defaultCacheDir(): string {
  return join(process.cwd(), "node_modules", ".cache", "toolsift");
}

/**
 * Semantic ranking: tools and queries embedded by a local model, nearest neighbours found by
 * exact search (or an HNSW graph, when asked for). Runs offline; finds "open a
 * ticket" for "create issue".
 *
 * A tool with examples (its enrichment's requests and synonyms) has a vector per example too,
 * and is as near a query as its nearest text, its own or an example's.
 *
 * The model loads on the first `update`. Tools are embedded only when their text is new to
 * this model (vectors are cached by a hash of model id and text, on disk), and the index is
 * updated in place, so a restart with the same catalogue re-embeds nothing.
 *
 * @example
 * ```ts
 * const toolSearch = await createToolSearch({ tools, ranker: new EmbeddingRanker({ minSimilarity: 0.4 }) });
 * ```
 */
export class EmbeddingRanker implements Ranker {
  readonly name = "embedding";
  private state: Promise<State> | undefined;
  /** Tools by every form of their name, for queries that name one; absent when `exactNames` is off. */
  private readonly names: ExactNames | undefined;
  /** The catalogue's servers and APIs, for a best match's sibling; absent when `siblings` is off. */
  private readonly families: ToolFamilies | undefined;
  private readonly listeners = new RankerWarnings();
  /** The catalogue's sorted tool-to-tool similarities, read once per update (`null`: too few tools). */
  private profile: Float64Array | null | undefined;

  /** @throws OptionsError (`invalid_options`, or `loadEmbedder`'s codes for `embedder`) for a bad option or one it does not know. */
  constructor(private readonly options: EmbeddingRankerOptions = {}) {
    checkEmbeddingRankerOptions("EmbeddingRanker", "", options);
    this.names = options.exactNames === false ? undefined : new ExactNames();
    this.families = options.siblings === false ? undefined : new ToolFamilies();
  }

  async update(documents: readonly RankDocument[]): Promise<void> {
    this.profile = undefined;
    const state = await this.open();
    const { embedder } = state;
    const index = await this.indexFor(state, documents.length);
    const wanted = new Set(documents.map((document) => document.name));
    let changed = false;
    for (const name of index.keys()) {
      if (!wanted.has(name)) {
        index.remove(name);
        changed = true;
      }
    }
    const stale: { document: RankDocument; text: string; hash: string }[] = [];
    for (const document of documents) {
      const text = embeddingTextOf(document);
      const hash = textHash(embedder.id, text);
      if (index.textHashOf(document.name) !== hash) stale.push({ document, text, hash });
    }
    const vectors = await this.vectorsOf(state, stale);
    stale.forEach(({ document, hash }, i) => {
      index.upsert(document.name, hash, vectors[i]!);
      changed = true;
    });
    const capped = await state.examples.update(
      documents,
      (text) => textHash(embedder.id, text),
      (texts) => this.vectorsOf(state, texts),
    );
    if (capped > 0)
      this.warn(
        "examples_capped",
        `${capped} examples of enriched tools were not embedded: the catalogue has over ${MAX_EXAMPLE_VECTORS} in all. Those tools are found by their own text only.`,
      );
    if (changed && state.cacheDir && isHnsw(index)) {
      await this.quietly("cache_write_failed", () => index.save(state.cacheDir!, state.key, embedder.id));
    }
    const live = new Set([...index.keys().map((name) => index.textHashOf(name)!), ...state.examples.textHashes()]);
    await this.quietly("cache_write_failed", () => state.cache.retain(live));
    this.names?.sync(documents);
    this.families?.sync(documents);
    // A profile read while this update ran may have seen half of it.
    this.profile = undefined;
  }

  /**
   * The vectors of texts by hash: from the cache, and the texts it lacks embedded (each distinct
   * text once) and added to it.
   */
  private async vectorsOf(state: State, texts: readonly { text: string; hash: string }[]): Promise<Float32Array[]> {
    const { embedder, cache } = state;
    const toEmbed = [...new Map(texts.filter(({ hash }) => !cache.get(hash)).map((entry) => [entry.hash, entry.text]))];
    if (toEmbed.length > 0) {
      const vectors = await embedder.embed(toEmbed.map(([, text]) => text));
      await this.quietly("cache_write_failed", () => cache.add(toEmbed.map(([hash], i) => [hash, vectors[i]!])));
    }
    return texts.map(({ hash }) => cache.get(hash)!);
  }

  /**
   * The nearest tools to the query, best first. A tool the query names comes first; a query
   * that chains requests is also embedded request by request (see {@link QueryHandling}).
   */
  async search(query: string, options: RankOptions): Promise<RankedTool[]> {
    const { embedder, index, examples, cache } = await this.open();
    const plan = QueryPlan.of(query, options, this.options, this.names, this.families);
    const vectors = await embedder.embed([query, ...plan.parts]);
    const minSimilarity = this.options.minSimilarity ?? 0.35;
    const nearest = (vector: Float32Array | undefined, limit: number): RankedTool[] => {
      // No word of the text is known to the model: nothing to compare, so no matches.
      if (!vector || vector.every((value) => value === 0)) return [];
      // A tool's examples lift it halfway towards the nearest of them.
      const ownOf = (name: string) => {
        const hash = index.textHashOf(name);
        const own = hash === undefined ? undefined : cache.get(hash);
        return own === undefined ? undefined : dotOf(vector, own);
      };
      const hits = liftedByExamples(
        index.search(vector, limit, options.filter),
        examples.search(vector, limit, options.filter),
        ownOf,
        limit,
      );
      const strong = hits.filter((hit) => hit.similarity >= minSimilarity);
      if (strong.length > 0)
        return strong.map((hit) => ({ name: hit.name, score: hit.similarity, confidence: "strong" }));
      if (this.options.abstention === true) return [];
      // A tool no closer than unrelated text (cosine 0 or below) is not even a guess.
      return hits
        .filter((hit) => hit.similarity > 0)
        .map((hit) => ({ name: hit.name, score: hit.similarity, confidence: "weak" }));
    };
    return plan.finish(
      nearest(vectors[0], plan.depth),
      plan.parts.map((_, i) => nearest(vectors[i + 1], PART_DEPTH)),
    );
  }

  /** The embedder queries are compared with (loading it if need be); `undefined` when it cannot load. */
  async embedder(): Promise<Embedder | undefined> {
    try {
      return (await this.open()).embedder;
    } catch {
      return undefined;
    }
  }

  /**
   * The `quantile` (0 to 1) of the similarities between the catalogue's tools, in this model's
   * own scale (see {@link similarityQuantile}): what a hybrid reads its semantic floor from.
   * `undefined` before an update, for a catalogue under ten tools, or when the model cannot load.
   */
  async catalogueSimilarity(quantile: number): Promise<number | undefined> {
    const state = await this.open().catch(() => undefined);
    if (!state) return undefined;
    this.profile ??= this.profileOf(state) ?? null;
    return this.profile === null ? undefined : quantileOf(this.profile, quantile);
  }

  private profileOf(state: State): Float64Array | undefined {
    // By name, so the value depends on the catalogue, not on the order tools arrived in.
    const vectors: Float32Array[] = [];
    for (const name of state.index.keys().sort()) {
      const hash = state.index.textHashOf(name);
      const vector = hash === undefined ? undefined : state.cache.get(hash);
      // A tool with no word the model knows has the zero vector: it says nothing of the scale.
      if (vector?.some((value) => value !== 0)) vectors.push(vector);
    }
    return similarityProfile(vectors);
  }

  /** Hears the ranker's warnings beside `onWarning`; returns a function that stops listening. */
  listen(listener: (code: string, message: string) => void): () => void {
    return this.listeners.listen(listener);
  }

  private warn(code: string, message: string): void {
    this.options.onWarning?.(code, message);
    this.listeners.warn(code, message);
  }

  /** Releases the model if the ranker loaded it; an {@link Embedder} passed in stays open. */
  async close(): Promise<void> {
    const state = await this.state?.catch(() => undefined);
    this.state = undefined;
    if (state?.ownsEmbedder) await state.embedder.close?.();
  }

  private open(): Promise<State> {
    this.state ??= this.load();
    // A failed load is not cached: a model put in place later is picked up by the next call.
    this.state.catch(() => (this.state = undefined));
    return this.state;
  }

  private async load(): Promise<State> {
    const configured = this.options.embedder;
    const ownsEmbedder = !isEmbedder(configured);
    const embedder = isEmbedder(configured) ? configured : await loadEmbedder(configured ?? {});
    try {
      const cacheDir = this.options.cacheDir === false ? undefined : (this.options.cacheDir ?? defaultCacheDir());
      const key = createHash("sha256").update(embedder.id).digest("hex").slice(0, 16);
      const cache = await VectorCache.open(cacheDir, key, embedder.dimensions, (problem) =>
        this.warn("cache_repaired", `The embedding cache was damaged (${problem}).`),
      );
      const index =
        this.options.index?.kind === "hnsw"
          ? await this.hnswIndex(embedder, cache, cacheDir, key)
          : new ExactVectorIndex(embedder.dimensions);
      const examples = new ExampleVectors(embedder.dimensions);
      return { embedder, ownsEmbedder, cache, index, examples, cacheDir, key, hnswUnavailable: false };
    } catch (error) {
      if (ownsEmbedder) await embedder.close?.().catch(() => undefined);
      throw error;
    }
  }

  /**
   * The index kind this catalogue size calls for. Under `auto`, crossing `hnswAbove` moves the
   * vectors to a new index (from the vector cache: nothing is embedded again).
   */
  private async indexFor(state: State, size: number): Promise<VectorIndex> {
    // No default size: on real catalogues HNSW drops a tenth or more of the exact top ten at
    // every size toolsift takes (VectorIndexOptions.hnswAbove), so only a user trades that away.
    const { kind = "auto", hnswAbove } = this.options.index ?? {};
    if (kind !== "auto" || hnswAbove === undefined || state.hnswUnavailable) return state.index;
    const wanted = size > hnswAbove ? "hnsw" : "exact";
    if (state.index.kind === wanted) return state.index;
    let next: VectorIndex;
    if (wanted === "exact") {
      next = new ExactVectorIndex(state.embedder.dimensions);
    } else {
      try {
        next = await this.hnswIndex(state.embedder, state.cache, state.cacheDir, state.key);
      } catch (error) {
        state.hnswUnavailable = true;
        this.warn(
          "index_fallback",
          `The catalogue has ${size} tools, above hnswAbove (${hnswAbove}), but the HNSW index is unavailable (${errorText(error)}); searching exactly instead.`,
        );
        return state.index;
      }
    }
    // Vectors of the old index carry over by text hash; the caller's update re-adds the rest.
    for (const name of state.index.keys()) {
      const hash = state.index.textHashOf(name)!;
      const vector = state.cache.get(hash);
      if (vector && next.textHashOf(name) !== hash) next.upsert(name, hash, vector);
    }
    state.index = next;
    return next;
  }

  /**
   * The persisted HNSW index if it holds up, else a new one that the next update fills from
   * cached vectors. A damaged one is never loaded: it is reported and replaced on the next save.
   */
  private async hnswIndex(
    embedder: Embedder,
    cache: VectorCache,
    cacheDir: string | undefined,
    key: string,
  ): Promise<HnswVectorIndex> {
    const options = this.options.index;
    const { HnswVectorIndex } = await loadHnsw();
    if (cacheDir) {
      const loaded = await HnswVectorIndex.load(cacheDir, key, embedder.id, embedder.dimensions, {
        ...options,
        vectorOf: (hash) => cache.get(hash),
      });
      if ("index" in loaded) return loaded.index;
      if ("damaged" in loaded) {
        this.warn(
          "cache_repaired",
          `The saved HNSW index in ${cacheDir} was damaged (${loaded.damaged}); it is rebuilt from the vector cache.`,
        );
      }
    }
    return HnswVectorIndex.create(embedder.dimensions, options);
  }

  private async quietly(code: string, write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (error) {
      this.warn(code, `The embedding cache could not be written (${errorText(error)}); continuing in memory.`);
    }
  }
}

function isEmbedder(value: Embedder | EmbedderOptions | undefined): value is Embedder {
  return typeof (value as Embedder | undefined)?.embed === "function";
}

function textHash(embedderId: string, text: string): string {
  return createHash("sha256").update(embedderId).update("\0").update(text).digest("hex").slice(0, 32);
}

/** The similarity of two vectors of the same model (unit length: their dot product). */
function dotOf(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) sum += a[i]! * b[i]!;
  return sum;
}
