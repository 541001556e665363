// Run by the bench in a fresh process: a user's program that has its tools in memory, imports
// toolsift, creates a hybrid tool search (bundled model, no vector cache on disk) and searches
// once. Usage: node hybrid-first-search.mjs <catalogue.json>. Prints one JSON line.
import { readFileSync } from "node:fs";

const specifier = process.env.TOOLSIFT_BENCH_MODULE ?? "toolsift";
const catalogue = JSON.parse(readFileSync(process.argv[2], "utf8"));

const importStart = performance.now();
const { createToolSearch, HybridRanker } = await import(specifier);
const importMs = performance.now() - importStart;

const started = performance.now();
const toolSearch = await createToolSearch({
  tools: catalogue.tools,
  ranker: new HybridRanker({ semantic: { cacheDir: false } }),
});
const matches = await toolSearch.search(catalogue.queries[0], { limit: 10 });
const createAndSearchMs = performance.now() - started;
const rssMB = process.memoryUsage().rss / 1024 / 1024;
await toolSearch.close();

if (matches.length === 0) throw new Error(`the first search ("${catalogue.queries[0]}") found nothing`);
console.log(
  JSON.stringify({ tools: catalogue.tools.length, importMs, createAndSearchMs, rssMB, matches: matches.length }),
);
