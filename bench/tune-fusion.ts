/**
 * Chooses the hybrid ranker's defaults by measurement: ranks every query of every dataset
 * once with BM25 and once with the embedding ranker (50 deep, no similarity cut), then
 * replays fusion settings over those lists. Prints recall@5 per dataset (paraphrases of
 * toolsift's own set apart) and abstention, for each setting.
 *
 *   npx tsx bench/tune-fusion.ts [--dataset path ...]
 */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { Bm25Ranker, EmbeddingRanker, fuse, type FusionOptions, type RankedTool } from "../src/ranking/index.js";
import { loadDataset } from "./load-dataset.js";
import { mean, recallAt } from "./metrics/index.js";

const DEPTH = 50;
const { values } = parseArgs({ options: { dataset: { type: "string", multiple: true } } });
const paths = values.dataset ?? [
  "bench/datasets/toolsift-servers.json",
  ...["bfcl_v4", "seal_tools", "toolbench_stabletoolbench"]
    .map((name) => `../shared/datasets/${name}.json`)
    .filter(existsSync),
];

interface Ranked {
  expected: ReadonlySet<string>;
  kind: string | undefined;
  lexical: RankedTool[];
  coverage: number;
  semantic: RankedTool[];
}

const runs: { id: string; queries: Ranked[] }[] = [];
for (const path of paths) {
  const dataset = await loadDataset(path);
  const bm25 = new Bm25Ranker();
  const embedding = new EmbeddingRanker({ cacheDir: false, minSimilarity: -1 });
  bm25.update(dataset.documents);
  await embedding.update(dataset.documents);
  const queries: Ranked[] = [];
  for (const query of dataset.queries) {
    queries.push({
      expected: new Set(query.expected),
      kind: query.kind,
      lexical: bm25.search(query.query, { limit: DEPTH }),
      coverage: bm25.coverage(query.query),
      semantic: await embedding.search(query.query, { limit: DEPTH }),
    });
  }
  runs.push({ id: dataset.id, queries });
  process.stderr.write(`ranked ${dataset.id}\n`);
}

type Setting = {
  label: string;
  minSimilarity: number;
  fusion: FusionOptions | "bm25" | "embedding";
  /** Lexical weight from coverage c: low + (high - low) * c. */
  adaptive?: { low: number; high: number };
  /** Answer nothing when coverage is under `coverage` and no semantic match reaches `similarity`. */
  abstain?: { coverage: number; similarity: number };
};
const settings: Setting[] = [
  { label: "bm25 alone", minSimilarity: 1, fusion: "bm25" },
  ...[0.35, 0.5, 0.6].map((minSimilarity) => ({
    label: `embedding alone (min ${minSimilarity})`,
    minSimilarity,
    fusion: "embedding" as const,
  })),
];
for (const minSimilarity of [0.3, 0.4, 0.5]) {
  for (const rrfK of [10, 60])
    settings.push({
      label: `rrf k=${rrfK} min=${minSimilarity}`,
      minSimilarity,
      fusion: { fusion: "rrf", rrfK, lexicalWeight: 0.5 },
    });
  for (const lexicalWeight of [0.6, 0.7, 0.8, 0.9]) {
    for (const semanticFloor of [0, minSimilarity]) {
      settings.push({
        label: `weighted w=${lexicalWeight} floor=${semanticFloor} min=${minSimilarity}`,
        minSimilarity,
        fusion: { fusion: "weighted", rrfK: 60, lexicalWeight, semanticFloor },
      });
    }
  }
}

for (const minSimilarity of [0.3, 0.4]) {
  for (const [low, high] of [
    [0.3, 0.9],
    [0.3, 0.95],
    [0.5, 0.95],
    [0.2, 1],
    [0.4, 1],
    [0.5, 1],
    [0.6, 1],
  ] as const) {
    settings.push({
      label: `adaptive ${low}..${high} floor=${minSimilarity}`,
      minSimilarity,
      adaptive: { low, high },
      fusion: { fusion: "weighted", rrfK: 60, lexicalWeight: 0, semanticFloor: minSimilarity },
    });
  }
}

for (const coverage of [0.2, 0.35, 0.5]) {
  for (const similarity of [0.5, 0.6, 0.7]) {
    settings.push({
      label: `adaptive 0.5..1 floor=0.3, abstain cov<${coverage} & sim<${similarity}`,
      minSimilarity: 0.3,
      adaptive: { low: 0.5, high: 1 },
      abstain: { coverage, similarity },
      fusion: { fusion: "weighted", rrfK: 60, lexicalWeight: 0, semanticFloor: 0.3 },
    });
  }
}

const header = [
  "setting",
  ...runs.flatMap((run) =>
    run.queries.some((q) => q.kind) ? [`${run.id} R@5`, "paraphrase R@5", "abstain"] : [`${run.id} R@5`],
  ),
];
console.log(`| ${header.join(" | ")} |\n|${header.map(() => " --- |").join("")}`);
for (const setting of settings) {
  const cells: string[] = [];
  for (const run of runs) {
    const results = run.queries.map((query) => {
      const semantic = query.semantic.filter((hit) => hit.score >= setting.minSimilarity);
      if (
        setting.abstain &&
        query.coverage < setting.abstain.coverage &&
        (semantic[0]?.score ?? 0) < setting.abstain.similarity
      ) {
        return { query, names: [] };
      }
      const ranked =
        setting.fusion === "bm25"
          ? query.lexical
          : setting.fusion === "embedding"
            ? semantic
            : fuse(query.lexical, semantic, {
                ...setting.fusion,
                ...(setting.adaptive
                  ? {
                      lexicalWeight:
                        setting.adaptive.low + (setting.adaptive.high - setting.adaptive.low) * query.coverage,
                    }
                  : {}),
              });
      return { query, names: ranked.slice(0, 5).map((hit) => hit.name) };
    });
    const answerable = results.filter(({ query }) => query.expected.size > 0);
    cells.push(mean(answerable.map(({ query, names }) => recallAt(names, query.expected, 5))).toFixed(3));
    if (run.queries.some((query) => query.kind)) {
      const paraphrases = answerable.filter(({ query }) => query.kind === "paraphrase");
      const unanswerable = results.filter(({ query }) => query.expected.size === 0);
      cells.push(mean(paraphrases.map(({ query, names }) => recallAt(names, query.expected, 5))).toFixed(3));
      cells.push(mean(unanswerable.map(({ names }) => (names.length === 0 ? 1 : 0))).toFixed(3));
    }
  }
  console.log(`| ${setting.label} | ${cells.join(" | ")} |`);
}
