// Run by `npm run bench:models` in a fresh `node --expose-gc` process, once per run and model:
// a program that imports toolsift, loads the model folder given, creates a tool search whose
// default hybrid ranker uses it (no vector cache: every tool is embedded) and searches once. The
// memory is read after a full collection once the model is loaded and again after a second,
// fresh hybrid index of the same tools (timed warm), then every query is timed once.
// Usage: node --expose-gc model-cold-start.mjs <catalogue.json> <model-dir> [<model-dir> …] (several
// are joined). Prints one JSON line.
import { readFileSync } from "node:fs";
import { peakRssMB } from "../../package/probes/peak-rss.mjs";

const specifier = process.env.TOOLSIFT_BENCH_MODULE ?? "toolsift";
const testingSpecifier = process.env.TOOLSIFT_BENCH_TESTING_MODULE ?? "toolsift/testing";
// Several model folders are joined into one embedder, as `loadEmbedder({ model: [...] })` does.
const [catalogueFile, ...folders] = process.argv.slice(2);
if (!catalogueFile || folders.length === 0)
  throw new Error("usage: model-cold-start.mjs <catalogue.json> <model-dir> [<model-dir> …]");
const model = folders.length === 1 ? folders[0] : folders;
const catalogue = JSON.parse(readFileSync(catalogueFile, "utf8"));
const MB = 1024 * 1024;

function memory() {
  globalThis.gc?.();
  globalThis.gc?.();
  const usage = process.memoryUsage();
  return { rssMB: usage.rss / MB, heapMB: (usage.heapUsed + usage.external) / MB };
}

const importStart = performance.now();
const { createToolSearch, HybridRanker, loadEmbedder } = await import(specifier);
const { rankDocumentOf } = await import(testingSpecifier);
const importMs = performance.now() - importStart;

// The user's path, timed from the process's start: load the model, create a tool search whose
// default hybrid reads it (every tool embedded: no vector cache), search once.
const loadStart = performance.now();
const embedder = await loadEmbedder({ model });
const modelLoadMs = performance.now() - loadStart;
// The memory with the model alone loaded; the collections it takes are left out of the cold start.
const memoryStart = performance.now();
const afterLoad = memory();
const memoryMs = performance.now() - memoryStart;
const started = performance.now();
const toolSearch = await createToolSearch({
  tools: catalogue.tools,
  ranker: new HybridRanker({ semantic: { embedder, cacheDir: false } }),
});
const first = await toolSearch.search(catalogue.queries[0], { limit: 10 });
const createAndSearchMs = performance.now() - started;
// performance.now() counts from the process's start: node's own boot is part of a cold start.
const firstAnswerMs = performance.now() - memoryMs;
await toolSearch.close();
await toolSearch.ranker.close?.();
if (first.length === 0) throw new Error(`the first search ("${catalogue.queries[0]}") found nothing`);

// Then, apart: a fresh index of the same tools (the process is warm by now), memory, queries.
const ranker = new HybridRanker({ semantic: { embedder, cacheDir: false } });
const documents = catalogue.tools.map((tool) => rankDocumentOf(tool));
const indexStart = performance.now();
await ranker.update(documents);
const indexMs = performance.now() - indexStart;
const afterIndex = memory();
for (const query of catalogue.queries.slice(0, 3)) await ranker.search(query, { limit: 10 });
const searchMs = [];
for (const query of catalogue.queries) {
  const start = performance.now();
  await ranker.search(query, { limit: 10 });
  searchMs.push(performance.now() - start);
}
await ranker.close();
await embedder.close?.();

console.log(
  JSON.stringify({
    tools: documents.length,
    importMs,
    createAndSearchMs,
    firstAnswerMs,
    modelLoadMs,
    indexMs,
    msPerQuery: searchMs.reduce((sum, ms) => sum + ms, 0) / searchMs.length,
    rssAfterLoadMB: afterLoad.rssMB,
    heapAfterLoadMB: afterLoad.heapMB,
    rssAfterIndexMB: afterIndex.rssMB,
    heapAfterIndexMB: afterIndex.heapMB,
    peakRssMB: peakRssMB(),
    gcExposed: typeof globalThis.gc === "function",
  }),
);
