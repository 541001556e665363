// Run by the bench in a fresh process: the hybrid ranker over a large catalogue. The model is
// loaded first (timed apart), then one `update` builds both indexes, then every query is
// searched once (after three untimed warm-up searches). Usage: node hybrid-build-search.mjs
// <catalogue.json>. Prints one JSON line with every search latency.
import { readFileSync } from "node:fs";

const specifier = process.env.TOOLSIFT_BENCH_MODULE ?? "toolsift";
const catalogue = JSON.parse(readFileSync(process.argv[2], "utf8"));
const { HybridRanker, loadEmbedder } = await import(specifier);
// The documents a ranker indexes come from toolsift/testing, next to the root (or the sources' face).
const testingSpecifier =
  specifier === "toolsift" ? "toolsift/testing" : specifier.replace(/index\.ts$/, "public/testing.ts");
const { rankDocumentOf } = await import(testingSpecifier);
const documents = catalogue.tools.map((tool) => rankDocumentOf(tool));

const loadStart = performance.now();
const embedder = await loadEmbedder();
const modelLoadMs = performance.now() - loadStart;
const ranker = new HybridRanker({ semantic: { embedder, cacheDir: false } });

const buildStart = performance.now();
await ranker.update(documents);
const buildMs = performance.now() - buildStart;

for (const query of catalogue.queries.slice(0, 3)) await ranker.search(query, { limit: 10 });
const searchMs = [];
let found = 0;
for (const query of catalogue.queries) {
  const start = performance.now();
  const hits = await ranker.search(query, { limit: 10 });
  searchMs.push(performance.now() - start);
  if (hits.length > 0) found++;
}
const rssMB = process.memoryUsage().rss / 1024 / 1024;
await ranker.close();
await embedder.close?.();

if (found === 0) throw new Error("no query found anything");
console.log(JSON.stringify({ tools: documents.length, modelLoadMs, buildMs, searchMs, rssMB }));
