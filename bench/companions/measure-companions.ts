import { createToolSearch, type JsonSchemaObject, type ToolDefinition, type ToolSearch } from "../../src/index.js";
import type { BenchDataset, BenchQuery } from "../load-dataset.js";
import { recallAt } from "../metrics/index.js";
import { Prng } from "../scale/prng.js";
import { MAX_REQUEST_LENGTH } from "../../src/session/index.js";

/**
 * A model's `search_tools` query: the request cut to what that tool takes. The plain search that
 * recall@5 "before" comes from reads the same words, so the two differ only by the companions.
 */
const modelQuery = (query: string) => query.slice(0, MAX_REQUEST_LENGTH);

/** The cut-offs COMP@k is measured at. */
export const COMPANION_KS = [5, 10] as const;

/** What one condition (lessons taught or not) measures on a dataset's held-out multi-tool queries. */
export interface CompanionRow {
  dataset: string;
  ranker: string;
  /** Whether the training share was taught as sessions first (the learned co-usage). */
  taught: boolean;
  /** Held-out multi-tool queries measured. */
  queries: number;
  /** Taught sessions (training queries), 0 when not taught. */
  sessions: number;
  /** Mean recall@5 of the answer's direct matches. */
  recallAt5: number;
  /** Mean recall@5 of `toolSearch.search()`, which offers no companions: what the matches were before them. */
  recallAt5WithoutCompanions: number;
  /** Share of queries with every expected tool among the first k matches, by k. */
  compMatches: Record<string, number>;
  /** The same, counting the answer's companions as retrieved too, by k. */
  compWithCompanions: Record<string, number>;
  /** Mean companions per answer (limit 5). */
  companionsPerAnswer: number;
  /** Share of companions offered (limit 5) that the query expected. */
  companionPrecision: number;
}

/**
 * The dataset's tools as a catalogue a session can call: each property keeps its name and
 * description and the schema keeps its `required` list (what the producer links read), but no
 * types, so the taught call, each required property set to `"x"`, is always valid. A tool named
 * `<api>_for_<tool>` (StableToolBench's RapidAPI naming) is on server `<tool>`, as it would be
 * behind a gateway; other names have no server.
 */
export function linkableTools(dataset: BenchDataset): ToolDefinition[] {
  return dataset.tools.map((tool) => {
    const schema = (tool.inputSchema ?? {}) as {
      properties?: Record<string, { description?: unknown }>;
      required?: unknown;
    };
    const properties = Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([name, property]) => [
        name,
        typeof property?.description === "string" ? { description: property.description } : {},
      ]),
    );
    const required = Array.isArray(schema.required)
      ? schema.required.filter((name): name is string => typeof name === "string" && name in properties)
      : undefined;
    const inputSchema: JsonSchemaObject = { type: "object", properties, ...(required ? { required } : {}) };
    const server = /_for_(.+)$/.exec(tool.name)?.[1];
    return {
      name: tool.name,
      description: tool.description,
      inputSchema,
      execute: () => "ok",
      ...(server ? { server } : {}),
    };
  });
}

/** The multi-tool queries, shuffled once (seeded), split into a training half and a held-out half. */
export function splitMultiTool(dataset: BenchDataset, seed: number): { train: BenchQuery[]; test: BenchQuery[] } {
  const random = new Prng(seed);
  const multi = dataset.queries
    .filter((query) => new Set(query.expected).size > 1)
    .map((query, index) => ({ query, key: random.next(), index }))
    .sort((a, b) => a.key - b.key || a.index - b.index)
    .map(({ query }) => query);
  const half = Math.floor(multi.length / 2);
  return { train: multi.slice(0, half), test: multi.slice(half) };
}

/**
 * COMP@k (every expected tool retrieved) on a dataset's held-out multi-tool queries, through real
 * sessions' `search_tools` answers: the matches alone, and the matches with the answer's
 * companions counted as retrieved (a companion is in the answer whatever k is: it is offered
 * beside the first k matches, never in their place). With `teach`, each training query is first
 * taught as a session that searched for it and then called all its tools.
 */
export async function measureCompanions(
  dataset: BenchDataset,
  options: { ranker: "bm25" | "hybrid"; teach: boolean; seed: number; maxQueries?: number },
): Promise<CompanionRow> {
  const { train, test } = splitMultiTool(dataset, options.seed);
  const measured = test.slice(0, options.maxQueries ?? test.length);
  const tools = linkableTools(dataset);
  const requiredOf = new Map(
    tools.map((tool) => {
      const required = "required" in tool.inputSchema ? tool.inputSchema.required : undefined;
      return [tool.name, Array.isArray(required) ? required.filter((name) => typeof name === "string") : []];
    }),
  );
  const toolSearch = await createToolSearch({ tools, ranker: options.ranker, learning: options.teach });
  try {
    let sessions = 0;
    if (options.teach) {
      for (const query of train) await teachSession(toolSearch, query, `teach-${++sessions}`, requiredOf);
      await toolSearch.flushLearning();
    }
    let recall = 0;
    let recallWithout = 0;
    let offered = 0;
    let right = 0;
    const matchesHit = Object.fromEntries(COMPANION_KS.map((k) => [k, 0]));
    const withHit = Object.fromEntries(COMPANION_KS.map((k) => [k, 0]));
    let index = 0;
    for (const query of measured) {
      const expected = new Set(query.expected);
      for (const k of COMPANION_KS) {
        const answer = await searchAnswerOf(toolSearch, query.query, k, `measure-${++index}`);
        const top = new Set(answer.matches.slice(0, k));
        const all = new Set([...top, ...answer.companions]);
        if ([...expected].every((name) => top.has(name))) matchesHit[k]!++;
        if ([...expected].every((name) => all.has(name))) withHit[k]!++;
        if (k === 5) {
          recall += recallAt(answer.matches, expected, 5);
          const plain = await toolSearch.search(modelQuery(query.query).trim(), { limit: 5 });
          recallWithout += recallAt(
            plain.map((match) => match.name),
            expected,
            5,
          );
          offered += answer.companions.length;
          right += answer.companions.filter((name) => expected.has(name)).length;
        }
      }
    }
    const share = (count: number) => (measured.length === 0 ? 0 : count / measured.length);
    return {
      dataset: dataset.id,
      ranker: options.ranker,
      taught: options.teach,
      queries: measured.length,
      sessions,
      recallAt5: share(recall),
      recallAt5WithoutCompanions: share(recallWithout),
      compMatches: Object.fromEntries(COMPANION_KS.map((k) => [`${k}`, share(matchesHit[k]!)])),
      compWithCompanions: Object.fromEntries(COMPANION_KS.map((k) => [`${k}`, share(withHit[k]!)])),
      companionsPerAnswer: share(offered),
      companionPrecision: offered === 0 ? 0 : right / offered,
    };
  } finally {
    await toolSearch.close();
    await toolSearch.ranker.close?.();
  }
}

/** A taught session: it searches for the query, then calls every tool it expects, in one turn. */
async function teachSession(
  toolSearch: ToolSearch,
  query: BenchQuery,
  sessionId: string,
  requiredOf: ReadonlyMap<string, readonly string[]>,
): Promise<void> {
  const session = toolSearch.session(sessionId);
  await session.execute({ id: "toolu_search", name: "search_tools", input: { query: modelQuery(query.query) } });
  const results = await Promise.all(
    query.expected.map((name, i) =>
      session.execute({
        id: `toolu_${i}`,
        name,
        input: Object.fromEntries((requiredOf.get(name) ?? []).map((property) => [property, "x"])),
      }),
    ),
  );
  const failed = results.find((result) => result.is_error);
  if (failed) throw new Error(`a taught call failed: ${String(failed.content)}`);
  toolSearch.endSession(sessionId);
}

/** The names a session's `search_tools` answer gives: its matches, and its companions. */
async function searchAnswerOf(
  toolSearch: ToolSearch,
  query: string,
  limit: number,
  sessionId: string,
): Promise<{ matches: string[]; companions: string[] }> {
  const session = toolSearch.session(sessionId);
  try {
    const result = await session.execute({
      id: "toolu_search",
      name: "search_tools",
      input: { query: modelQuery(query), limit },
    });
    if (result.is_error) throw new Error(`search_tools failed on "${query}": ${String(result.content)}`);
    const answer = JSON.parse(String(result.content)) as {
      matches?: { name: string }[];
      companions?: { name: string }[];
    };
    return {
      matches: (answer.matches ?? []).map((match) => match.name),
      companions: (answer.companions ?? []).map((companion) => companion.name),
    };
  } finally {
    toolSearch.endSession(sessionId);
  }
}
