// Run by the bench's cold-start section in a fresh process of the packed package: a user's
// program that has its tools in memory, imports toolsift, creates a tool search with the hybrid
// ranker by name (bundled model; the cache folder is whatever XDG_CACHE_HOME says, which the
// bench points at an empty folder) and searches once. Usage: node cold-start.mjs <catalogue.json>.
// Prints one JSON line.
import { readFileSync } from "node:fs";

const specifier = process.env.TOOLSIFT_BENCH_MODULE ?? "toolsift";
const catalogue = JSON.parse(readFileSync(process.argv[2], "utf8"));

const importStart = performance.now();
const { createToolSearch } = await import(specifier);
const importMs = performance.now() - importStart;

const started = performance.now();
const toolSearch = await createToolSearch({ tools: catalogue.tools, ranker: "hybrid" });
const matches = await toolSearch.search(catalogue.queries[0], { limit: 10 });
const createAndSearchMs = performance.now() - started;
const rssMB = process.memoryUsage().rss / 1024 / 1024;
// maxRSS is in kibibytes: the most the process ever held, which is what a host has to allow for.
const peakRssMB = process.resourceUsage().maxRSS / 1024;
await toolSearch.close();

if (matches.length === 0) throw new Error(`the first search ("${catalogue.queries[0]}") found nothing`);
console.log(
  JSON.stringify({
    tools: catalogue.tools.length,
    importMs,
    createAndSearchMs,
    rssMB,
    peakRssMB,
    matches: matches.length,
  }),
);
