import { createToolSearch } from "../../src/index.js";
import type { Embedder } from "../../src/ranking/embedding/embedder.js";
import { Bm25Ranker, EmbeddingRanker, HybridRanker, type Ranker } from "../../src/ranking/index.js";
import { guardSample } from "../guard/measure-guard.js";
import { callableTools } from "../learning/measure-learning-curve.js";
import type { BenchDataset, BenchQuery } from "../load-dataset.js";
import { recallAt } from "../metrics/index.js";
import { COMP_KS, type SetRow, type SetRanker } from "./models-report.js";
import { requestText } from "../request-text.js";

/** The matches asked for recall@1 and @5 and the empty rate; COMP@k asks for k. */
const RECALL_LIMIT = 5;

/** The queries a set is measured on: a seeded sample of the answerable ones, and of the multi-tool ones. */
export function modelSetQueries(
  dataset: BenchDataset,
  maxQueries: number,
  seed: number,
): { answerable: BenchQuery[]; multiTool: BenchQuery[] } {
  const answerable = dataset.queries.filter((query) => query.expected.length > 0);
  return {
    answerable: guardSample(answerable, maxQueries, seed),
    multiTool: guardSample(
      answerable.filter((query) => new Set(query.expected).size > 1),
      maxQueries,
      seed,
    ),
  };
}

/**
 * The ranker of one column: BM25 alone (no semantic fallback, so no model enters the reference),
 * the model by cosine alone, or the default hybrid with the model as its semantic side. Every
 * option but the model is the default; vectors are never cached, so each build embeds.
 */
export function columnRanker(kind: SetRanker, embedder: Embedder | undefined): Ranker {
  if (kind === "bm25") return new Bm25Ranker();
  if (!embedder) throw new Error(`the ${kind} column needs a model`);
  return kind === "cosine"
    ? new EmbeddingRanker({ embedder, cacheDir: false })
    : new HybridRanker({ semantic: { embedder, cacheDir: false } });
}

/**
 * One column on one set, through `toolSearch.search` (the path `search_tools` takes), top matches
 * only: recall@1 and @5 and the empty-answer rate over the answerable sample (5 matches asked),
 * COMP@5 and @10 (every expected tool among the k matches asked) over the multi-tool sample. A failure is a row with
 * `error`, never a throw.
 */
export async function measureModelSet(
  dataset: BenchDataset,
  column: { model: string | null; kind: SetRanker; embedder?: Embedder },
  queries: { answerable: readonly BenchQuery[]; multiTool: readonly BenchQuery[] },
): Promise<SetRow> {
  const base = {
    dataset: dataset.id,
    model: column.model,
    kind: column.kind,
    answerable: queries.answerable.length,
    multiTool: queries.multiTool.length,
  };
  const answers = new Map<string, string[]>();
  let searchMs = 0;
  let searches = 0;
  try {
    const ranker = columnRanker(column.kind, column.embedder);
    const indexStart = performance.now();
    const toolSearch = await createToolSearch({ tools: callableTools(dataset), ranker, semanticFallback: false });
    // A tool search indexes on its first search: time it apart from the queries.
    await toolSearch.search(dataset.tools[0]?.name ?? "x", { limit: 1 });
    const indexMs = performance.now() - indexStart;
    try {
      // Each number asks for as many matches as it reads, as a host does: a short answer may hold
      // other tools than a longer answer's first entries (the whole-answer rules fill its places).
      const answer = async (query: string, limit: number) => {
        const key = `${limit}\u0000${query}`;
        const known = answers.get(key);
        if (known) return known;
        const start = performance.now();
        const matches = await toolSearch.search(requestText(query), { limit });
        searchMs += performance.now() - start;
        searches++;
        const names = matches.map((match) => match.name);
        answers.set(key, names);
        return names;
      };
      let recall1 = 0;
      let recall5 = 0;
      let empty = 0;
      for (const query of queries.answerable) {
        const names = await answer(query.query, RECALL_LIMIT);
        const expected = new Set(query.expected);
        recall1 += recallAt(names, expected, 1);
        recall5 += recallAt(names, expected, 5);
        if (names.length === 0) empty++;
      }
      const comp = Object.fromEntries(COMP_KS.map((k) => [k, 0])) as Record<string, number>;
      for (const query of queries.multiTool) {
        for (const k of COMP_KS) {
          const top = new Set(await answer(query.query, k));
          if (query.expected.every((name) => top.has(name))) comp[k]!++;
        }
      }
      const share = (count: number, of: number) => (of === 0 ? 0 : count / of);
      return {
        ...base,
        recallAt1: share(recall1, queries.answerable.length),
        recallAt5: share(recall5, queries.answerable.length),
        emptyRate: share(empty, queries.answerable.length),
        comp:
          queries.multiTool.length === 0
            ? null
            : Object.fromEntries(COMP_KS.map((k) => [k, share(comp[k]!, queries.multiTool.length)])),
        indexMs,
        msPerQuery: searches === 0 ? 0 : searchMs / searches,
      };
    } finally {
      await toolSearch.close();
      await ranker.close?.();
    }
  } catch (error) {
    return {
      ...base,
      recallAt1: 0,
      recallAt5: 0,
      emptyRate: 0,
      comp: null,
      indexMs: 0,
      msPerQuery: 0,
      error: error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 2_000) : String(error),
    };
  }
}
