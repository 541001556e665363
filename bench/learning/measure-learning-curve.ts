import { createToolSearch, type JsonSchemaObject, type ToolDefinition, type ToolSearch } from "../../src/index.js";
import type { BenchDataset, BenchQuery } from "../load-dataset.js";
import { mean, percentile, recallAt } from "../metrics/index.js";
import type { RankerEntry } from "../rankers.js";
import type { LearningCurveRun, LearningPoint } from "../report/bench-report.js";
import { Prng } from "../scale/prng.js";

/** Shares of a dataset's answerable queries taught, in order: the points of the curve. */
export const LEARNING_SHARES = [0, 0.01, 0.05, 0.1, 0.25] as const;

export interface LearningCurveOptions {
  /** Held-back queries measured at each point, at most (and at most 30% of the answerable queries). */
  heldBack: number;
  seed: number;
  /** Told after each point, for progress output. */
  onPoint?(point: LearningPoint): void;
}

/**
 * Whether a dataset can show learning: a fifth or more of the tools its queries expect are
 * expected by two queries or more, so a query taught for a tool can be followed by another
 * one for it.
 */
export function hasRepeatedTools(dataset: BenchDataset): boolean {
  const counts = new Map<string, number>();
  for (const query of dataset.queries) for (const name of query.expected) counts.set(name, (counts.get(name) ?? 0) + 1);
  if (counts.size === 0) return false;
  return [...counts.values()].filter((count) => count >= 2).length / counts.size >= 0.2;
}

/**
 * The dataset's tools as a catalogue a session can call: each runs and answers "ok", and its
 * schema keeps each property's name and description (all a ranking document takes from it, so
 * documents are the retrieval runs' own) and nothing that constrains a value (no types, enums,
 * defaults or `required`), so the taught call `{}` is always valid: the curve measures what is
 * learned, not input guessing.
 */
export function callableTools(dataset: BenchDataset): ToolDefinition[] {
  return dataset.documents.map((document) => {
    const properties = Object.fromEntries(
      document.parameters.map((parameter) => [
        parameter.name,
        parameter.description === undefined ? {} : { description: parameter.description },
      ]),
    );
    const inputSchema: JsonSchemaObject = { type: "object", properties };
    return { name: document.name, description: document.description, inputSchema, execute: () => "ok" };
  });
}

/**
 * Recall@5 on held-back queries against the share of the dataset's queries taught, through real
 * sessions: for each taught query a new session calls `search_tools` with it, then calls each
 * expected tool (side by side, as one turn), which succeeds and so teaches the tool search.
 * Queries are shuffled once (seeded); the held-back set is never taught; shares are of every
 * answerable query, so a point's lessons per tool match what that share of real traffic gives.
 * At each point it also measures abstention on up to as many unanswerable queries.
 */
export async function measureLearningCurve(
  entry: RankerEntry,
  dataset: BenchDataset,
  options: LearningCurveOptions,
): Promise<LearningCurveRun> {
  const random = new Prng(options.seed);
  const answerable = shuffled(
    dataset.queries.filter((query) => query.expected.length > 0),
    random,
  );
  const unanswerable = shuffled(
    dataset.queries.filter((query) => query.expected.length === 0),
    random,
  ).slice(0, options.heldBack);
  const heldBack = answerable.slice(0, Math.min(options.heldBack, Math.floor(answerable.length * 0.3)));
  const pool = answerable.slice(heldBack.length);
  const base = {
    dataset: dataset.id,
    ranker: entry.id,
    answerable: answerable.length,
    heldBack: heldBack.length,
    unanswerable: unanswerable.length,
  };
  let lessons = 0;
  let toolSearch: ToolSearch | undefined;
  const points: LearningPoint[] = [];
  try {
    toolSearch = await createToolSearch({
      tools: callableTools(dataset),
      ranker: await entry.create(),
      learning: true,
      onEvent: (event) => {
        if (event.type === "lesson") lessons++;
      },
    });
    let taught = 0;
    let sessions = 0;
    for (const share of LEARNING_SHARES) {
      const target = Math.min(pool.length, Math.round(share * answerable.length));
      const teachStart = performance.now();
      for (; taught < target; taught++) await teach(toolSearch, pool[taught]!, `learn-${++sessions}`);
      await toolSearch.flushLearning();
      const teachMs = performance.now() - teachStart;
      const point = { share, taught, lessons, teachMs, ...(await measure(toolSearch, heldBack, unanswerable)) };
      options.onPoint?.(point);
      points.push(point);
    }
    return { ...base, points };
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { ...base, points, error: message.split("\n")[0]! };
  } finally {
    await toolSearch?.close();
    await toolSearch?.ranker.close?.();
  }
}

/** One taught query: a session searches for it, then calls its tools in one turn. */
export async function teach(toolSearch: ToolSearch, query: BenchQuery, sessionId: string): Promise<void> {
  const session = toolSearch.session(sessionId);
  const search = await session.execute({
    id: "toolu_search",
    name: "search_tools",
    input: { query: query.query.slice(0, 500) },
  });
  if (search.is_error)
    throw new Error(`search_tools failed while teaching "${query.query}": ${String(search.content)}`);
  const results = await Promise.all(
    query.expected.map((name, i) => session.execute({ id: `toolu_${i}`, name, input: {} })),
  );
  const failed = results.find((result) => result.is_error);
  if (failed) throw new Error(`a taught call failed: ${String(failed.content)}`);
  toolSearch.endSession(sessionId);
}

async function measure(toolSearch: ToolSearch, heldBack: readonly BenchQuery[], unanswerable: readonly BenchQuery[]) {
  const recall: number[] = [];
  const latencies: number[] = [];
  for (const query of heldBack) {
    const started = performance.now();
    const matches = await toolSearch.search(query.query.slice(0, 500), { limit: 5 });
    latencies.push(performance.now() - started);
    recall.push(
      recallAt(
        matches.map((match) => match.name),
        new Set(query.expected),
        5,
      ),
    );
  }
  let abstained = 0;
  // Since weak matches replaced empty answers, "no tool fits" is an empty answer or a weak best match.
  for (const query of unanswerable)
    if ((await toolSearch.search(query.query.slice(0, 500), { limit: 5 }))[0]?.confidence !== "strong") abstained++;
  return {
    recallAt5: mean(recall),
    abstention: unanswerable.length === 0 ? null : abstained / unanswerable.length,
    searchP50Ms: percentile(latencies, 50),
  };
}

export function shuffled<T>(items: readonly T[], random: Prng): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
