/**
 * One child process of `run-comp-refs.ts`: COMP@5 of one ranker on one shared set's multi-tool
 * queries, through the `createToolSearch` of the build it is given (any release's `dist`), so
 * the same probe measures an old release and the working tree alike. The catalogue is the
 * bench's own (`callableTools`), as every other bench passes it. Prints one JSON line.
 *
 *   node --import tsx bench/companions/comp-probe.ts <dist module URL> <dataset.json> <bm25|hybrid>
 */
import { callableTools } from "../learning/measure-learning-curve.js";
import { loadDataset } from "../load-dataset.js";

/**
 * A request a release refuses as too long is passed as its hosts had to: cut to the longest
 * request a release took (2,000 characters today, 500 in 0.2.0).
 */
const QUERY_CUTS = [Number.POSITIVE_INFINITY, 2_000, 500];

const [moduleUrl, datasetPath, ranker] = process.argv.slice(2);
if (!moduleUrl || !datasetPath || (ranker !== "bm25" && ranker !== "hybrid")) {
  console.error("usage: comp-probe.ts <dist module URL> <dataset.json> <bm25|hybrid>");
  process.exit(2);
}
const { createToolSearch } = (await import(moduleUrl)) as typeof import("../../src/index.js");
const dataset = await loadDataset(datasetPath);
const toolSearch = await createToolSearch({ tools: callableTools(dataset), ranker });
let multi = 0;
let whole = 0;
let cut = 0;
for (const query of dataset.queries) {
  if (query.expected.length < 2) continue;
  multi++;
  let matches: { name: string }[] | undefined;
  for (const length of QUERY_CUTS) {
    try {
      matches = await toolSearch.search(query.query.slice(0, length), { limit: 5 });
      if (length < query.query.length) cut++;
      break;
    } catch (error) {
      if ((error as { code?: unknown }).code !== "invalid_query") throw error;
    }
  }
  if (matches === undefined) throw new Error(`no cut of a ${query.query.length}-character request was taken`);
  const names = new Set(matches.map((match) => match.name));
  if (query.expected.every((name) => names.has(name))) whole++;
}
await toolSearch.close();
console.log(JSON.stringify({ ranker, multi, whole, cut }));
