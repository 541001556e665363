import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EmbeddingRanker, HybridRanker, loadEmbedder, type Embedder, type Ranker } from "../../src/ranking/index.js";
import { OptionsError } from "../../src/errors.js";
import type { BenchDataset } from "../load-dataset.js";
import { collectGarbage } from "../memory-probe.js";
import { mean, recallAt } from "../metrics/index.js";
import type { PersistenceRun } from "../report/bench-report.js";

/**
 * The rankers whose index persists, by their bench id: each is built the way the registry
 * builds it, but with an on-disk `cacheDir` and a given embedder.
 */
export const PERSISTENT_RANKERS: Readonly<Record<string, (embedder: Embedder, cacheDir: string) => Ranker>> = {
  embedding: (embedder, cacheDir) => new EmbeddingRanker({ embedder, cacheDir }),
  "hybrid-adaptive": (embedder, cacheDir) =>
    new HybridRanker({ fusion: "adaptive", semantic: new EmbeddingRanker({ embedder, cacheDir }) }),
};

/** The embedder, wrapped to count the texts it embeds. No `close`: rankers must not close the shared model. */
function counting(real: Embedder): Embedder & { texts: number } {
  const wrapper = {
    id: real.id,
    dimensions: real.dimensions,
    texts: 0,
    embed: (texts: readonly string[]) => {
      wrapper.texts += texts.length;
      return real.embed(texts);
    },
  };
  return wrapper;
}

async function directoryMB(directory: string): Promise<number> {
  let bytes = 0;
  for (const entry of await readdir(directory, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) bytes += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return bytes / 1024 / 1024;
}

async function recallAt5(ranker: Ranker, dataset: BenchDataset): Promise<number> {
  const recalls: number[] = [];
  for (const query of dataset.queries.filter((q) => q.expected.length > 0)) {
    const hits = await ranker.search(query.query, { limit: 5 });
    recalls.push(
      recallAt(
        hits.map((hit) => hit.name),
        new Set(query.expected),
        5,
      ),
    );
  }
  return mean(recalls);
}

/**
 * A cold restart of a persistent ranker: load the model (timed on its own), build the index
 * once into a fresh temporary `cacheDir`, then make a NEW ranker on the same directory and
 * embedder and time its first `update` with the same documents, counting the texts it
 * embeds (0 when the cache works). Recall@5 of both instances shows the reloaded index
 * answers like the built one. The directory (under `tempRoot`, default the OS temp folder) is
 * deleted afterwards, also on failure.
 *
 * @example
 * ```ts
 * const run = await measurePersistedReload("embedding", generateSkewedCatalogue({ size: 10_000 }));
 * run.reloadMs; run.embeddedDuringReload; // e.g. 180, 0
 * ```
 */
export async function measurePersistedReload(
  rankerId: string,
  dataset: BenchDataset,
  options: { tempRoot?: string } = {},
): Promise<PersistenceRun> {
  const create = PERSISTENT_RANKERS[rankerId];
  const base = { ranker: rankerId, size: dataset.documents.length };
  if (!create) {
    throw new OptionsError(
      "BENCH_OPTIONS",
      `measurePersistedReload: "${rankerId}" has no persistent index; use one of ${Object.keys(PERSISTENT_RANKERS).join(", ")}.`,
    );
  }
  const empty = {
    modelLoadMs: 0,
    buildMs: 0,
    embeddedDuringBuild: 0,
    reloadMs: 0,
    embeddedDuringReload: 0,
    cacheMB: 0,
    recallAt5Built: 0,
    recallAt5Reloaded: 0,
  };
  let real: Embedder | undefined;
  let cacheDir: string | undefined;
  try {
    const loadStart = performance.now();
    real = await loadEmbedder();
    const modelLoadMs = performance.now() - loadStart;
    const embedder = counting(real);
    cacheDir = await mkdtemp(join(options.tempRoot ?? tmpdir(), "toolsift-bench-reload-"));

    let built: Ranker | undefined = create(embedder, cacheDir);
    const buildStart = performance.now();
    await built.update(dataset.documents);
    const buildMs = performance.now() - buildStart;
    const embeddedDuringBuild = embedder.texts;
    const recallAt5Built = await recallAt5(built, dataset);
    await built.close?.();
    built = undefined;
    const cacheMB = await directoryMB(cacheDir);
    collectGarbage?.();

    const reloaded = create(embedder, cacheDir);
    embedder.texts = 0;
    const reloadStart = performance.now();
    await reloaded.update(dataset.documents);
    const reloadMs = performance.now() - reloadStart;
    const embeddedDuringReload = embedder.texts;
    const recallAt5Reloaded = await recallAt5(reloaded, dataset);
    await reloaded.close?.();
    return {
      ...base,
      modelLoadMs,
      buildMs,
      embeddedDuringBuild,
      reloadMs,
      embeddedDuringReload,
      cacheMB,
      recallAt5Built,
      recallAt5Reloaded,
    };
  } catch (error) {
    return { ...base, ...empty, error: String((error as Error)?.message ?? error) };
  } finally {
    await real?.close?.();
    if (cacheDir) await rm(cacheDir, { recursive: true, force: true });
  }
}
