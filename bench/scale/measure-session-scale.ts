import { Bm25Ranker, createToolSearch, type ToolDefinition, type ToolSearch } from "../../src/index.js";
import type { BenchDataset } from "../load-dataset.js";
import { MemoryProbe } from "../memory-probe.js";
import { mean, percentile } from "../metrics/index.js";
import type { LatencySummary, SessionScaleRun } from "../report/bench-report.js";
import { toolDefinitionsOf } from "../strategy/strategy-catalogues.js";
import { ReferenceBm25 } from "./reference-bm25.js";

export interface SessionScaleOptions {
  /** Results asked of `toolSearch.search`, of the direct bm25 and of the reference. @defaultValue 10 */
  limit?: number;
  /** Timed `session.tools()` calls per situation (nothing new, after a hydration, after a catalogue change). @defaultValue 20 */
  repeats?: number;
  /** Untimed calls before each timed series. @defaultValue 3 */
  warmup?: number;
  /** Builds of the direct bm25 and of the reference, alternating; their medians are compared. @defaultValue 3 */
  buildRounds?: number;
}

const NO_LATENCY: LatencySummary = { p50: 0, p95: 0, mean: 0 };

function summary(values: readonly number[]): LatencySummary {
  return { p50: percentile(values, 50), p95: percentile(values, 95), mean: mean(values) };
}

async function timed(action: () => unknown): Promise<number> {
  const start = performance.now();
  await action();
  return performance.now() - start;
}

/**
 * toolsift's `bm25` on one catalogue, as issue 13 states its targets, with the typed-array
 * {@link ReferenceBm25} timed in between so that every ratio compares numbers taken under
 * the same machine load:
 *
 * - **builds**: `buildRounds` fresh `Bm25Ranker` and `ReferenceBm25` builds, alternating
 *   (medians compared), then `createToolSearch({ tools, ranker: "bm25" })` once;
 * - **search**: per query, the `Bm25Ranker` directly and the reference, alternately; then
 *   `toolSearch.search(query, { limit })`;
 * - **search_tools**: `session.execute({ type: "tool_use", name: "search_tools", input: { query } })` per query;
 * - **tools()**: `session.tools()` with nothing new; right after a call to another tool
 *   hydrated it; and, on a second tool search over a host whose `listTools()` returns a changed
 *   array (one tool's description edited, back and forth), right after each change — plus that
 *   host with nothing new, and `search_tools` right after a change (the ranker's incremental update);
 * - **memory** of the array-backed tool search, sampled as {@link MemoryProbe} does.
 *
 * Each timed call of the tool search and of the direct bm25 is followed by one reference search
 * (the next query), and all those reference samples make the reference's p50 every ratio
 * divides by. A failure yields a run with `error` set instead of failing the bench.
 *
 * @example
 * ```ts
 * const run = await measureSessionScale(generateSkewedCatalogue({ size: 10_000 }));
 * run.toolsMs.unchanged.p50 / run.reference.searchMs.p50;
 * ```
 */
export async function measureSessionScale(
  dataset: BenchDataset,
  options: SessionScaleOptions = {},
): Promise<SessionScaleRun> {
  const limit = options.limit ?? 10;
  const repeats = options.repeats ?? 20;
  const warmup = options.warmup ?? 3;
  const rounds = options.buildRounds ?? 3;
  const queries = dataset.queries.map((query) => query.query);
  const base = { size: dataset.tools.length, queries: queries.length, repeats };
  const tools = toolDefinitionsOf(dataset);
  const opened: ToolSearch[] = [];
  let probe: MemoryProbe | undefined;
  try {
    // Builds alternate, and so does which of the two goes first.
    const bm25Builds: number[] = [];
    const referenceBuilds: number[] = [];
    let direct = new Bm25Ranker();
    let reference = new ReferenceBm25();
    for (let round = 0; round < rounds; round++) {
      const buildDirect = async () =>
        bm25Builds.push(await timed(() => (direct = new Bm25Ranker()).update(dataset.documents)));
      const buildReference = async () =>
        referenceBuilds.push(await timed(() => (reference = new ReferenceBm25()).update(dataset.documents)));
      if (round % 2 === 0) await buildDirect().then(buildReference);
      else await buildReference().then(buildDirect);
    }
    const referenceSamples: number[] = [];
    let next = 0;
    const referenceSearch = async () =>
      referenceSamples.push(await timed(() => reference.search(queries[next++ % queries.length]!, { limit })));
    /** Times `action`, then one reference search. */
    const paired = async (action: () => unknown) => {
      const ms = await timed(action);
      await referenceSearch();
      return ms;
    };

    for (const query of queries.slice(0, warmup)) {
      direct.search(query, { limit });
      reference.search(query, { limit });
    }
    const directMs: number[] = [];
    for (const query of queries) directMs.push(await paired(() => direct.search(query, { limit })));
    direct = new Bm25Ranker();

    probe = new MemoryProbe();
    const buildMs = await timed(async () => opened.push(await createToolSearch({ tools, ranker: "bm25" })));
    const toolSearch = opened[0]!;
    probe.sample();

    for (const query of queries.slice(0, warmup)) await toolSearch.search(query, { limit });
    const search: number[] = [];
    for (const query of queries) search.push(await paired(() => toolSearch.search(query, { limit })));
    probe.sample();

    const session = toolSearch.session("bench-scale");
    let call = 0;
    const searchTools = (query: string) =>
      session.execute({ type: "tool_use", id: `toolu_${++call}`, name: "search_tools", input: { query } });
    for (const query of queries.slice(0, warmup)) await searchTools(query);
    const check = await searchTools(queries[0]!);
    if (check.is_error) throw new Error(`search_tools answered with an error: ${JSON.stringify(check.content)}`);
    const searchToolsMs: number[] = [];
    for (const query of queries) searchToolsMs.push(await paired(() => searchTools(query)));
    probe.sample();

    for (let i = 0; i < warmup; i++) await session.tools();
    const unchanged: number[] = [];
    for (let i = 0; i < repeats; i++) unchanged.push(await paired(() => session.tools()));
    const blockTools = (await session.tools()).length;

    // A different tool each time, spread over the catalogue, so every call is a new hydration.
    const afterHydration: number[] = [];
    const stride = Math.max(1, Math.floor(tools.length / (repeats + 1)));
    for (let i = 0; i < repeats; i++) {
      const name = tools[(i * stride + 1) % tools.length]!.name;
      await session.execute({ type: "tool_use", id: `toolu_${++call}`, name, input: {} });
      afterHydration.push(await paired(() => session.tools()));
    }
    const memory = probe.finish();

    const changing = await measureCatalogueChanges(tools, queries, repeats, warmup, opened);
    return {
      ...base,
      bm25: { buildMs: percentile(bm25Builds, 50), builds: bm25Builds, searchMs: summary(directMs) },
      reference: {
        buildMs: percentile(referenceBuilds, 50),
        builds: referenceBuilds,
        searchMs: summary(referenceSamples),
      },
      buildMs,
      searchMs: summary(search),
      searchToolsMs: summary(searchToolsMs),
      toolsMs: { unchanged: summary(unchanged), afterHydration: summary(afterHydration), ...changing.toolsMs },
      searchToolsAfterChangeMs: changing.searchToolsAfterChangeMs,
      blockTools,
      memory,
    };
  } catch (error) {
    const none = { buildMs: 0, builds: [], searchMs: NO_LATENCY };
    return {
      ...base,
      bm25: none,
      reference: none,
      buildMs: 0,
      searchMs: NO_LATENCY,
      searchToolsMs: NO_LATENCY,
      toolsMs: {
        unchanged: NO_LATENCY,
        afterHydration: NO_LATENCY,
        hostUnchanged: NO_LATENCY,
        afterCatalogueChange: NO_LATENCY,
      },
      searchToolsAfterChangeMs: NO_LATENCY,
      blockTools: 0,
      memory: (probe ?? new MemoryProbe()).finish(),
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    };
  } finally {
    for (const toolSearch of opened) await toolSearch.close();
  }
}

/**
 * The same catalogue behind a host, as `fromMcp` serves one: `listTools()` returns one of two
 * arrays that differ in a single tool's description, so switching between them is a
 * `list_changed` that touches one tool.
 */
async function measureCatalogueChanges(
  tools: readonly ToolDefinition[],
  queries: readonly string[],
  repeats: number,
  warmup: number,
  opened: ToolSearch[],
) {
  const edited = Math.floor(tools.length / 2);
  const original = [...tools];
  const changed = [...tools];
  changed[edited] = { ...tools[edited]!, description: `${tools[edited]!.description} Changed by the bench.` };
  let current = original;
  const toolSearch = await createToolSearch({ tools: { listTools: async () => current }, ranker: "bm25" });
  opened.push(toolSearch);
  const session = toolSearch.session("bench-scale-host");
  const flip = () => (current = current === original ? changed : original);

  for (let i = 0; i < warmup; i++) await session.tools();
  const hostUnchanged: number[] = [];
  for (let i = 0; i < repeats; i++) hostUnchanged.push(await timed(() => session.tools()));
  for (let i = 0; i < warmup; i++) {
    flip();
    await session.tools();
  }
  const afterCatalogueChange: number[] = [];
  for (let i = 0; i < repeats; i++) {
    flip();
    afterCatalogueChange.push(await timed(() => session.tools()));
  }
  const searchAfterChange: number[] = [];
  for (let i = 0; i < repeats; i++) {
    flip();
    const query = queries[i % queries.length]!;
    searchAfterChange.push(
      await timed(() =>
        session.execute({ type: "tool_use", id: `toolu_change_${i}`, name: "search_tools", input: { query } }),
      ),
    );
  }
  return {
    toolsMs: { hostUnchanged: summary(hostUnchanged), afterCatalogueChange: summary(afterCatalogueChange) },
    searchToolsAfterChangeMs: summary(searchAfterChange),
  };
}
