// Run by the bench's cold-start section in a fresh process of the packed package, and by
// `npm run bench:cold-start-refs` against each git ref's dist: a user's program that has its
// tools in memory, imports toolsift, creates a tool search with the hybrid ranker by name
// (bundled model; vectors cached in the default folder, node_modules/.cache/toolsift under the
// working directory, so a fresh working directory is an empty cache) and searches once.
// Usage: node cold-start.mjs <catalogue.json>. Prints one JSON line.
import { readFileSync } from "node:fs";
import { peakRssMB } from "./peak-rss.mjs";

const specifier = process.env.TOOLSIFT_BENCH_MODULE ?? "toolsift";
const catalogue = JSON.parse(readFileSync(process.argv[2], "utf8"));

const importStart = performance.now();
const { createToolSearch } = await import(specifier);
const importMs = performance.now() - importStart;

const started = performance.now();
const toolSearch = await createToolSearch({ tools: catalogue.tools, ranker: "hybrid" });
const matches = await toolSearch.search(catalogue.queries[0], { limit: 10 });
const createAndSearchMs = performance.now() - started;
// performance.now() counts from the process's start: node's own boot is part of the first answer.
const firstAnswerMs = performance.now();
// All threads' CPU time up to the answer (the collector's helpers too): less swayed by a busy machine than wall time.
const cpu = process.cpuUsage();
const cpuMs = (cpu.user + cpu.system) / 1000;
const rssMB = process.memoryUsage().rss / 1024 / 1024;
// The most the process ever held, which is what a host has to allow for.
const peakRss = peakRssMB();
await toolSearch.close();

if (matches.length === 0) throw new Error(`the first search ("${catalogue.queries[0]}") found nothing`);
console.log(
  JSON.stringify({
    tools: catalogue.tools.length,
    importMs,
    createAndSearchMs,
    firstAnswerMs,
    cpuMs,
    rssMB,
    peakRssMB: peakRss,
    matches: matches.length,
  }),
);
