import { createToolSearch } from "../../src/index.js";
import type { QueryKind } from "../datasets/dataset-format.js";
import { callableTools } from "../learning/measure-learning-curve.js";
import type { BenchDataset } from "../load-dataset.js";
import { compAt, recallAt } from "../metrics/index.js";
import { RegistryBm25Ranker } from "../peers/registry-bm25-ranker.js";
import { requestText } from "../request-text.js";
import { serverOf } from "./real-mcp-dataset.js";

/** What the real-server bench reports of one ranker, by the kind of request. */
export interface RealMcpRow {
  ranker: "bm25" | "hybrid" | "plain BM25";
  /** Recall@5 over every answerable request, then by kind (`undefined` where a kind has none). */
  recallAt5: number;
  byKind: Partial<Record<Exclude<QueryKind, "unanswerable">, { requests: number; recallAt5: number }>>;
  /** Share of the multi-tool requests with every tool they need in the first 5. */
  compAt5: number;
  /** Answerable requests answered with nothing; `null` for the bare reference, which has no answer. */
  emptyRate: number | null;
  /** Answerable requests whose best match is marked weak (a false alarm). */
  weakRate: number | null;
  /** Unanswerable requests answered with nothing or a weak best match (a true alarm). */
  alarmRate: number | null;
}

/** One answerable request the ranker got wholly or partly wrong, for the report's list of misses. */
export interface RealMcpMiss {
  ranker: RealMcpRow["ranker"];
  query: string;
  kind: QueryKind | undefined;
  missing: string[];
  top: string[];
}

const KINDS = ["direct", "paraphrase", "multi"] as const;

/**
 * Every request through `toolSearch.search` (bm25 and the hybrid with every default, as
 * `search_tools` ranks them) and through the plain BM25 reference, limit 5. Each tool keeps its
 * server, as `fromMcp` lists it (`<server>__<tool>`).
 */
export async function measureRealMcp(dataset: BenchDataset): Promise<{ rows: RealMcpRow[]; misses: RealMcpMiss[] }> {
  const rows: RealMcpRow[] = [];
  const misses: RealMcpMiss[] = [];
  const tools = callableTools(dataset).map((tool) => ({ ...tool, server: serverOf(tool.name) }));
  for (const ranker of ["bm25", "hybrid"] as const) {
    const toolSearch = await createToolSearch({ tools, ranker });
    try {
      const answers = [];
      for (const query of dataset.queries) {
        const matches = await toolSearch.search(requestText(query.query), { limit: 5 });
        answers.push({ names: matches.map((match) => match.name), weak: matches[0]?.confidence === "weak" });
      }
      rows.push(summarise(ranker, dataset, answers, misses));
    } finally {
      await toolSearch.close();
      await toolSearch.ranker.close?.();
    }
  }
  const reference = new RegistryBm25Ranker();
  await reference.update(dataset.documents);
  const answers = [];
  for (const query of dataset.queries) {
    const hits = await reference.search(requestText(query.query), { limit: 5 });
    answers.push({ names: hits.map((hit) => hit.name), weak: undefined });
  }
  rows.push(summarise("plain BM25", dataset, answers, misses));
  return { rows, misses };
}

function summarise(
  ranker: RealMcpRow["ranker"],
  dataset: BenchDataset,
  answers: readonly { names: string[]; weak: boolean | undefined }[],
  misses: RealMcpMiss[],
): RealMcpRow {
  let recall = 0;
  let answerable = 0;
  let comp = 0;
  let multi = 0;
  let empty = 0;
  let weak = 0;
  let alarmed = 0;
  let unanswerable = 0;
  const kinds = new Map<string, { requests: number; recall: number }>();
  dataset.queries.forEach((query, index) => {
    const answer = answers[index]!;
    if (query.expected.length === 0) {
      unanswerable++;
      if (answer.names.length === 0 || answer.weak) alarmed++;
      return;
    }
    const expected = new Set(query.expected);
    const found = recallAt(answer.names, expected, 5);
    answerable++;
    recall += found;
    if (answer.names.length === 0) empty++;
    else if (answer.weak) weak++;
    if (query.expected.length > 1) {
      multi++;
      comp += compAt(answer.names, expected, 5);
    }
    if (query.kind) {
      const kind = kinds.get(query.kind) ?? { requests: 0, recall: 0 };
      kind.requests++;
      kind.recall += found;
      kinds.set(query.kind, kind);
    }
    if (found < 1) {
      const top = answer.names.slice(0, 5);
      misses.push({
        ranker,
        query: query.query,
        kind: query.kind,
        missing: query.expected.filter((name) => !top.includes(name)),
        top,
      });
    }
  });
  const share = (count: number, of: number) => (of === 0 ? 0 : count / of);
  const bare = ranker === "plain BM25";
  return {
    ranker,
    recallAt5: share(recall, answerable),
    byKind: Object.fromEntries(
      KINDS.filter((kind) => kinds.has(kind)).map((kind) => {
        const { requests, recall: sum } = kinds.get(kind)!;
        return [kind, { requests, recallAt5: sum / requests }];
      }),
    ),
    compAt5: share(comp, multi),
    emptyRate: bare ? null : share(empty, answerable),
    weakRate: bare ? null : share(weak, answerable),
    alarmRate: bare || unanswerable === 0 ? null : share(alarmed, unanswerable),
  };
}
