import { fileURLToPath } from "node:url";
import { Bm25Ranker, EmbeddingRanker, HybridRanker, loadEmbedder, type Ranker } from "../src/ranking/index.js";
import {
  AiSdkToolSearchRanker,
  MiniSearchRanker,
  RegistryBm25Ranker,
  SubstringKeywordRanker,
  TunedMiniSearchRanker,
} from "./peers/index.js";
import { ReferenceBm25 } from "./scale/reference-bm25.js";

/** One ranker the bench can run: toolsift's own or a peer. */
export interface RankerEntry {
  /** What `--ranker` selects and reports print. */
  id: string;
  /** A longer human-readable name. */
  label: string;
  kind: "toolsift" | "peer" | "reference";
  /** Where the implementation comes from (package and version, or the reconstruction note). */
  source: string;
  /** Makes a fresh, empty ranker; its time is reported apart from the index build. */
  create(): Ranker | Promise<Ranker>;
}

/** The registry, plus notes for the report (e.g. rankers that could not be registered). */
export interface RankerRegistry {
  entries: RankerEntry[];
  notes: string[];
}

/** The peers, each driven through the same `Ranker` interface as toolsift's rankers. */
export const PEER_RANKERS: readonly RankerEntry[] = [
  {
    id: "peer-substring",
    label: "loomflow-style substring+keyword (reconstruction)",
    kind: "peer",
    source: "reconstructed from the common substring+keyword scheme; see bench/README.md",
    create: () => new SubstringKeywordRanker(),
  },
  {
    id: "peer-registry-bm25",
    label: "Anthropic-style ToolRegistry.search (BM25-like)",
    kind: "peer",
    source: "written here from the documented formula; see bench/README.md",
    create: () => new RegistryBm25Ranker(),
  },
  {
    id: "peer-ai-sdk",
    label: "Vercel AI SDK toolSearch() default search",
    kind: "peer",
    source: "ai@7.0.173 (the installed package, run as is)",
    create: () => new AiSdkToolSearchRanker(),
  },
  {
    id: "peer-minisearch",
    label: "MiniSearch defaults (name + description)",
    kind: "peer",
    source: "minisearch@7.2.0",
    create: () => new MiniSearchRanker(),
  },
  {
    id: "peer-minisearch-tuned",
    label:
      "MiniSearch tuned like toolsift's BM25 (same fields, stemmer, stop words, identifier splitting, field boosts)",
    kind: "peer",
    source: "minisearch@7.2.0, configured in bench/peers/minisearch-tuned-ranker.ts",
    create: () => new TunedMiniSearchRanker(),
  },
];

/** The id of the typed-array BM25 that the scale section's ratios (`scale.*.ratio` targets) divide by. */
export const REFERENCE_RANKER_ID = "reference-bm25";

/** The scale ratios' yardstick: a plain BM25 in flat typed arrays with toolsift's text analysis. */
export const REFERENCE_RANKER: RankerEntry = {
  id: REFERENCE_RANKER_ID,
  label: "plain BM25 over name + description in flat typed arrays (the scale ratios' yardstick)",
  kind: "reference",
  source: "bench/scale/reference-bm25.ts, toolsift's text analysis",
  create: () => new ReferenceBm25(),
};

/**
 * ─── toolsift's own rankers ─────────────────────────────────────────────────────────────
 * Add a ranker here as it appears in src/ranking. The embedding model is loaded in `create()`
 * so that model loading counts as setup and `update` measures embedding + indexing only; the
 * on-disk vector cache is off so every build really embeds the catalogue.
 */
function toolsiftRankers(): RankerEntry[] {
  const embeddingRanker = async () => new EmbeddingRanker({ embedder: await loadEmbedder(), cacheDir: false });
  // Options rather than an instance, so the hybrid's own defaults for its semantic side apply.
  const semanticOptions = async () => ({ embedder: await loadEmbedder(), cacheDir: false as const });
  return [...ownRankers(embeddingRanker, semanticOptions), ...otherModelRankers()];
}

/** The GloVe model of src/model-build/glove/build-glove.ts, bundled until 0.3 and kept for comparison. */
const GLOVE_MODEL_DIR = fileURLToPath(new URL("../models/glove-100d-sif/", import.meta.url));

/**
 * The embedding and the default hybrid ranker on a model other than the bundled one, so a run
 * can show both models side by side. Only run when named with `--ranker`.
 */
export const OTHER_MODEL_RANKERS: readonly string[] = ["embedding-glove", "hybrid-adaptive-glove"];

function otherModelRankers(): RankerEntry[] {
  const embedder = () => loadEmbedder({ model: GLOVE_MODEL_DIR });
  return [
    {
      id: "embedding-glove",
      label: "toolsift EmbeddingRanker on the GloVe model (models/glove-100d-sif)",
      kind: "toolsift",
      source: "src/ranking/embedding, models/glove-100d-sif",
      create: async () => new EmbeddingRanker({ embedder: await embedder(), cacheDir: false }),
    },
    {
      id: "hybrid-adaptive-glove",
      label: "toolsift HybridRanker, adaptive fusion, semantic side on the GloVe model",
      kind: "toolsift",
      source: "src/ranking/hybrid, models/glove-100d-sif",
      create: async () =>
        new HybridRanker({ fusion: "adaptive", semantic: { embedder: await embedder(), cacheDir: false } }),
    },
  ];
}

function ownRankers(
  embeddingRanker: () => Promise<Ranker>,
  semanticOptions: () => Promise<{ embedder: Awaited<ReturnType<typeof loadEmbedder>>; cacheDir: false }>,
): RankerEntry[] {
  return [
    {
      id: "bm25",
      label: "toolsift Bm25Ranker (BM25F, defaults)",
      kind: "toolsift",
      source: "src/ranking/bm25",
      create: () => new Bm25Ranker(),
    },
    {
      id: "embedding",
      label: "toolsift EmbeddingRanker (bundled model, default index: exact)",
      kind: "toolsift",
      source: "src/ranking/embedding",
      create: embeddingRanker,
    },
    {
      id: "hybrid-rrf",
      label: "toolsift HybridRanker, reciprocal-rank fusion",
      kind: "toolsift",
      source: "src/ranking/hybrid",
      create: async () => new HybridRanker({ fusion: "rrf", semantic: await semanticOptions() }),
    },
    {
      id: "hybrid-adaptive",
      label: "toolsift HybridRanker, adaptive weighted fusion (the default)",
      kind: "toolsift",
      source: "src/ranking/hybrid",
      create: async () => new HybridRanker({ fusion: "adaptive", semantic: await semanticOptions() }),
    },
    {
      id: "hybrid-weighted",
      label: "toolsift HybridRanker, weighted fusion",
      kind: "toolsift",
      source: "src/ranking/hybrid",
      create: async () => new HybridRanker({ fusion: "weighted", semantic: await semanticOptions() }),
    },
  ];
}

/** Every ranker the bench knows: toolsift's first, then the reference, then the peers. */
export function rankerRegistry(): RankerRegistry {
  return { entries: [...toolsiftRankers(), REFERENCE_RANKER, ...PEER_RANKERS], notes: [] };
}
