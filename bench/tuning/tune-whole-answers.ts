/**
 * Whole answers to multi-tool requests, chosen leave one dataset out. For bm25 and the hybrid
 * (bundled embedding model), each query is ranked as the rankers rank it (whole, to the limit and
 * `PART_DEPTH` more, and request by request), and the answer is then made by `wholeAnswer` under
 * each setting: how the query is split into requests (`splitRequests`: at cues and clauses, or
 * sentence by sentence), whether a request keeps a place for its confident best match (never,
 * always, or unless one of its best 1–3 matches made the answer already) and whether the best
 * match's sibling (same server or API) is added; on top of the default, whether 1 or 2 lone tools
 * give their place to a tool of a family already in the answer (`gatherFamilies`), and on top of
 * that whether lone places go to a family's best new tool as the family's own ranking orders it
 * (`searchFamilies`: the whole query or the request about the family ranked within the family, or
 * the whole query's ranking read deeper; 1 or 2 places; families holding 2, 3 or any number of
 * places). Measured: COMP@5 (every tool a multi-tool query needs among the
 * first 5, no lessons; every multi-tool query of the set) and recall@1 and @5 (answerable queries,
 * at most 1,000 per set, seed 42), on toolsift's own set and every shared dataset. One fold per
 * dataset, judged by its worst (set, ranker, metric): a setting may not buy COMP@5 with recall.
 * The baseline is the answer as merged (split at cues and clauses), before these rules. Then,
 * against the default, rules giving a multi-request query's free places to its requests'
 * runners-up (`shareRunnersUp`), each fold choosing between the default and them; and, against
 * the shipped default (those rules and `RUNNERS_UP`), the family searches on top of it. Writes
 * `bench/results/whole-answers-leave-one-out.md`.
 *
 *   npx tsx bench/tuning/tune-whole-answers.ts      # about a minute on two cores
 */
import { writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { BUNDLED_MODEL_DIR } from "../../src/ranking/embedding/bundled-model.js";
import { Bm25Ranker, HybridRanker, type RankedTool, type Ranker } from "../../src/ranking/index.js";
import {
  addSibling,
  ExactNames,
  gatherFamilies,
  keepPlaces,
  mergeParts,
  namedFirst,
  PART_DEPTH,
  GATHERED,
  REPRESENTED_BY,
  REQUEST_SPLITTING,
  RUNNERS_UP,
  type RequestSplitting,
  splitRequests,
  ToolFamilies,
  wholeAnswer,
} from "../../src/ranking/query/index.js";
import { type RunnerUpRule, shareRunnersUp } from "../../src/ranking/query/runner-up-places.js";
import { guardSample } from "../guard/measure-guard.js";
import { answerFamilies, FAMILY_CAP, familyRequest, protectedTools, searchFamilies } from "./family-search.js";
import { loadDataset } from "../load-dataset.js";
import { compAt, recallAt } from "../metrics/index.js";
import { foldsTable, points } from "./leave-one-out-tables.js";
import { type LeaveOneOutFold, leaveOneDatasetOut, type ScoreTable } from "./leave-one-out.js";
import { BENCH_DIR, tuningDatasetPaths } from "./tuning-datasets.js";
import { requestText } from "../request-text.js";

const LIMIT = 5;
/**
 * What a family search ranks within each family: the whole query, the request whose best match
 * is of the family (else the whole query), or the whole query's own ranking read to
 * {@link DEEP} (no new search).
 */
const FAMILY_TEXTS = ["query", "request", "deep"] as const;
type FamilyText = (typeof FAMILY_TEXTS)[number];
/** A family holding this many places is not searched (`Infinity`: every family is). */
const FAMILY_HELDS = [2, 3, Number.POSITIVE_INFINITY];
/** How deep the whole query's ranking is read for the `deep` family search. */
const DEEP = 50;
const DEFAULT_ID = `sentences: keep always + sibling${GATHERED > 0 ? ` + gather ${GATHERED}` : ""}`;
const KEEPS: readonly (number | false)[] = [false, 0, 1, 2, 3];
const SPLITTINGS: readonly RequestSplitting[] = ["clauses", "sentences"];
const settingId = (keep: number | false, siblings: boolean, splitting: RequestSplitting = "clauses") =>
  `${splitting === "clauses" ? "" : `${splitting}: `}${keep === false ? "no kept places" : keep === 0 ? "keep always" : `keep unless in best ${keep}`}${siblings ? " + sibling" : ""}`;
interface Setting {
  splitting: RequestSplitting;
  keep: number | false;
  siblings: boolean;
  gather: number;
  family?: { text: FamilyText; swaps: number; held: number };
  id: string;
}
const SETTINGS: Setting[] = [
  ...SPLITTINGS.flatMap((splitting) =>
    KEEPS.flatMap((keep) =>
      [false, true].map((siblings) => ({
        splitting,
        keep,
        siblings,
        gather: 0,
        id: settingId(keep, siblings, splitting),
      })),
    ),
  ),
  ...[1, 2].map((gather) => ({
    splitting: REQUEST_SPLITTING,
    keep: REPRESENTED_BY,
    siblings: true,
    gather,
    id: `${settingId(REPRESENTED_BY, true, REQUEST_SPLITTING)} + gather ${gather}`,
  })),
  // On top of the default: lone tools give their place to the best new tool of an answer's
  // family as the family's own ranking orders it (`searchFamilies`).
  ...FAMILY_TEXTS.flatMap((text) =>
    [1, 2].flatMap((swaps) =>
      FAMILY_HELDS.map((held) => ({
        splitting: REQUEST_SPLITTING,
        keep: REPRESENTED_BY,
        siblings: true,
        gather: GATHERED,
        family: { text, swaps, held },
        id: `${DEFAULT_ID} + family search (${text}) ${swaps}${Number.isFinite(held) ? ` under ${held}` : ""}`,
      })),
    ),
  ),
];
const BASELINE = settingId(false, false);
const DEFAULT = DEFAULT_ID;
/**
 * On top of the default: places for requests' runners-up (`shareRunnersUp`), given before the
 * families' rules (which then leave them in place) or after them (taking the places of siblings
 * and gathered tools too). Single-request queries are never touched.
 */
type Position = "kept" | "unkept" | "after";
const POSITION_IDS: Record<Position, string> = { kept: "", unkept: " unkept", after: " after families" };
const RUNNER_UP_RULES: { rule: RunnerUpRule; position: Position; id: string }[] = [];
const runnerUpId = (rule: RunnerUpRule, position: Position) =>
  `runners-up${POSITION_IDS[position]}: ${rule.places} place${rule.places === 1 ? "" : "s"}, ≥${rule.closeness}, depth ${rule.depth}${rule.order === "closeness" ? ", closest first" : ""}`;
const addRule = (rule: RunnerUpRule, position: Position = "kept") =>
  RUNNER_UP_RULES.push({ rule, position, id: runnerUpId(rule, position) });
for (const places of [1, 2, 5])
  for (const closeness of [0, 0.5, 0.7, 0.8, 0.9, 0.95])
    for (const depth of [2, 3]) addRule({ places, closeness, depth, order: "requests" });
for (const places of [1, 2])
  for (const closeness of [0.7, 0.8, 0.9]) {
    addRule({ places, closeness, depth: 2, order: "closeness" });
    for (const depth of [2, 3])
      for (const position of ["unkept", "after"] as const)
        addRule({ places, closeness, depth, order: "requests" }, position);
  }
/**
 * On top of the shipped default (the rules before runners-up and \`RUNNERS_UP\`): a family search
 * as above, whole query or deep read, so the two are measured together and not one instead of
 * the other.
 */
const SHIPPED_FAMILY_TEXTS: readonly FamilyText[] = ["deep", "query"];
const SHIPPED_FAMILIES = SHIPPED_FAMILY_TEXTS.flatMap((text) =>
  [1, 2].flatMap((swaps) =>
    FAMILY_HELDS.map((held) => ({
      family: { text, swaps, held },
      id: `shipped + family search (${text}) ${swaps}${Number.isFinite(held) ? ` under ${held}` : ""}`,
    })),
  ),
);
/** The default chosen with GloVe bundled, before requests were read sentence by sentence. */
const PREVIOUS = settingId(3, true, "clauses");

/** One query as a ranker's plan sees it: its whole ranking, its requests' rankings, the tools it names. */
interface Ranked {
  expected: ReadonlySet<string>;
  sampled: boolean;
  ranked: RankedTool[];
  parts: RankedTool[][];
  named: string[];
  /** Each family search's rankings within the default answer's families, by what it ranks. */
  within: Map<FamilyText, Map<string, RankedTool[]>>;
}

const scores: Record<string, Record<string, number>> = {};
const sizes: Record<string, number> = {};
for (const path of await tuningDatasetPaths()) {
  const dataset = await loadDataset(path);
  const answerable = dataset.queries.filter((query) => query.expected.length > 0);
  const sample = new Set(guardSample(answerable, 1_000, 42));
  const queries = answerable.filter((query) => sample.has(query) || query.expected.length > 1);
  const names = new ExactNames();
  names.sync(dataset.documents);
  const families = new ToolFamilies();
  families.sync(dataset.documents);
  // The rankers' own handling off: the plan is made here, from the same lists, as `QueryPlan` makes it.
  const single = { exactNames: false, multiPart: false, siblings: false } as const;
  const rankers: [string, Ranker][] = [
    ["bm25", new Bm25Ranker(single)],
    ["hybrid", new HybridRanker({ ...single, semantic: { cacheDir: false } })],
  ];
  for (const [rankerId, ranker] of rankers) {
    await ranker.update(dataset.documents);
    const rankedQueries = new Map<RequestSplitting, Ranked[]>(SPLITTINGS.map((splitting) => [splitting, []]));
    for (const query of queries) {
      const text = requestText(query.query).trim();
      const whole = await ranker.search(text, { limit: LIMIT + PART_DEPTH });
      const named = names.match(text);
      for (const splitting of SPLITTINGS) {
        const requests = splitRequests(text, splitting);
        const parts: RankedTool[][] = [];
        if (requests.length > 1)
          for (const request of requests) parts.push(await ranker.search(request, { limit: PART_DEPTH }));
        const merged = parts.length > 0 && whole.length > 0 ? mergeParts(whole, parts) : whole;
        const ranked = namedFirst(merged, named);
        const kept = whole.length > 0 ? parts : [];
        const within = new Map<FamilyText, Map<string, RankedTool[]>>(FAMILY_TEXTS.map((text) => [text, new Map()]));
        if (splitting === REQUEST_SPLITTING) {
          const familyOf = (name: string) => families.of(name);
          const answer = wholeAnswer(ranked, kept, named, LIMIT, { keep: REPRESENTED_BY, familyOf });
          const shipped = wholeAnswer(ranked, kept, named, LIMIT, {
            keep: REPRESENTED_BY,
            familyOf,
            runnersUp: RUNNERS_UP,
          });
          // The families of both answers: a runner-up may bring a family the answer before it lacks.
          const searched = [
            ...new Set([...answerFamilies(answer, familyOf, LIMIT), ...answerFamilies(shipped, familyOf, LIMIT)]),
          ];
          const deep = searched.length > 0 ? await ranker.search(text, { limit: DEEP }) : [];
          for (const family of searched) {
            const inFamily = { limit: FAMILY_CAP, filter: (name: string) => families.of(name) === family };
            const ofQuery = await ranker.search(text, inFamily);
            const asked = familyRequest(family, text, requests, kept, familyOf);
            within.get("query")!.set(family, ofQuery);
            within.get("request")!.set(family, asked === text ? ofQuery : await ranker.search(asked, inFamily));
            within.get("deep")!.set(
              family,
              deep.filter((hit) => families.of(hit.name) === family),
            );
          }
        }
        rankedQueries.get(splitting)!.push({
          expected: new Set(query.expected),
          sampled: sample.has(query),
          ranked,
          parts: kept,
          named,
          within,
        });
      }
    }
    await ranker.close?.();
    // Recall@1 and @5 over the sampled queries and COMP@5 over the multi-tool ones, of one setting's answers.
    const record = (id: string, queries: readonly Ranked[], answerOf: (query: Ranked) => readonly RankedTool[]) => {
      let recall1 = 0;
      let recall5 = 0;
      let whole = 0;
      let multi = 0;
      for (const query of queries) {
        const names = answerOf(query).map((hit) => hit.name);
        if (query.sampled) {
          recall1 += recallAt(names, query.expected, 1);
          recall5 += recallAt(names, query.expected, 5);
        }
        if (query.expected.size > 1) {
          multi++;
          whole += compAt(names, query.expected, LIMIT);
        }
      }
      const rows: [string, number, number][] = [
        ["recall@1", recall1, sample.size],
        ["recall@5", recall5, sample.size],
        ...(multi > 0 ? [["COMP@5", whole, multi] as [string, number, number]] : []),
      ];
      for (const [metric, sum, size] of rows) {
        const row = `${dataset.id} · ${rankerId} · ${metric}`;
        scores[row] ??= {};
        scores[row]![id] = sum / size;
        sizes[row] = size;
      }
    };
    const familyOf = (name: string) => families.of(name);
    /** An answer with a family search on top, as `family` asks it. */
    const withFamilySearch = (answer: RankedTool[], query: Ranked, family: NonNullable<Setting["family"]>) =>
      searchFamilies(
        answer,
        LIMIT,
        protectedTools(query.parts, query.named),
        familyOf,
        (name) => query.within.get(family.text)!.get(name) ?? [],
        family.swaps,
        family.held,
      );
    for (const { splitting, keep, siblings, gather, family, id } of SETTINGS) {
      record(id, rankedQueries.get(splitting)!, (query) => {
        const made = wholeAnswer(query.ranked, query.parts, query.named, LIMIT, {
          keep,
          familyOf: siblings ? familyOf : undefined,
          gather,
        });
        return family ? withFamilySearch(made, query, family) : made;
      });
    }
    const rules = { keep: REPRESENTED_BY, familyOf, gather: GATHERED };
    for (const { family, id } of SHIPPED_FAMILIES) {
      record(id, rankedQueries.get(REQUEST_SPLITTING)!, (query) =>
        withFamilySearch(
          wholeAnswer(query.ranked, query.parts, query.named, LIMIT, { ...rules, runnersUp: RUNNERS_UP }),
          query,
          family,
        ),
      );
    }
    for (const { rule, position, id } of RUNNER_UP_RULES) {
      record(id, rankedQueries.get(REQUEST_SPLITTING)!, (query) => {
        if (position === "unkept")
          return wholeAnswer(query.ranked, query.parts, query.named, LIMIT, { ...rules, runnersUp: rule });
        // The places `wholeAnswer` keeps: the named tools and every request's confident best.
        const kept = new Set(query.named);
        for (const part of query.parts) if (part[0] && part[0].confidence !== "weak") kept.add(part[0].name);
        const share = (answer: readonly RankedTool[]) =>
          shareRunnersUp(answer, query.ranked, query.parts, LIMIT, kept, rule, familyOf);
        if (position === "after")
          return share(wholeAnswer(query.ranked, query.parts, query.named, LIMIT, rules)).answer;
        // Placed before the families' rules and kept from their swaps.
        const shared = share(keepPlaces(query.ranked, LIMIT, kept));
        const held = new Set([...kept, ...shared.runnersUp]);
        const sibling = addSibling(shared.answer, query.ranked, LIMIT, held, familyOf);
        return gatherFamilies(sibling, query.ranked, LIMIT, held, familyOf, GATHERED);
      });
    }
  }
  process.stderr.write(`tune-whole-answers: ${dataset.id} done\n`);
}

const table: ScoreTable = scores;
const rows = Object.keys(table);
const datasetOf = (row: string) => row.slice(0, row.indexOf(" · "));
const ids = SETTINGS.map((setting) => setting.id);
const FAMILY_IDS = SETTINGS.filter((setting) => setting.family).map((setting) => setting.id);
/** The rows of the sets with families, where a family search can change the answer. */
const FAMILY_ROWS = rows.filter(
  (row) => !row.endsWith("recall@1") && FAMILY_IDS.some((id) => table[row]![id] !== table[row]![DEFAULT]),
);
const worstAndMean = (id: string): [number, number] => {
  const changes = rows.map((row) => table[row]![id]! - table[row]![DEFAULT]!);
  return [Math.min(...changes), changes.reduce((sum, change) => sum + change, 0) / changes.length];
};
const BEST_FAMILY = FAMILY_IDS.reduce((best, id) => {
  const [worst, mean] = worstAndMean(id);
  const [bestWorst, bestMean] = worstAndMean(best);
  return worst > bestWorst || (worst === bestWorst && mean > bestMean) ? id : best;
});
/** `table` with only the settings `keep` names, so a fold chooses among them alone. */
const only = (keep: readonly string[]): ScoreTable =>
  Object.fromEntries(rows.map((row) => [row, Object.fromEntries(keep.map((id) => [id, table[row]![id]!]))]));
const folds = leaveOneDatasetOut(only(ids), BASELINE, datasetOf, (row) => 1 / sizes[row]!);
// Runners-up are judged against today's default, which they build on: a fold keeps the default
// unless a rule loses less than one query on the worst row of the other sets and gains on the mean.
const runnerUpIds = RUNNER_UP_RULES.map((setting) => setting.id);
const runnerUpFolds = leaveOneDatasetOut(only([DEFAULT, ...runnerUpIds]), DEFAULT, datasetOf, (row) => 1 / sizes[row]!);
const changeOf = (id: string, row: string) => table[row]![id]! - table[row]![DEFAULT]!;
const worstRowOf = (id: string) => rows.reduce((low, row) => (changeOf(id, row) < changeOf(id, low) ? row : low));
const meanOf = (id: string) => rows.reduce((sum, row) => sum + changeOf(id, row), 0) / rows.length;
// The rule shown row by row: the one most folds chose, then the one whose worst row loses least.
const foldsOf = (id: string) => runnerUpFolds.filter((fold) => fold.chosen === id).length;
const shown = [...runnerUpIds].sort(
  (a, b) => foldsOf(b) - foldsOf(a) || changeOf(b, worstRowOf(b)) - changeOf(a, worstRowOf(a)) || meanOf(b) - meanOf(a),
)[0]!;
/** The rule \`QueryPlan\` gives: \`RUNNERS_UP\`, given before the families' rules and left to them. */
const SHIPPED = runnerUpId(RUNNERS_UP, "unkept");
if (!runnerUpIds.includes(SHIPPED))
  throw new Error(`the shipped runner-up rule "${SHIPPED}" is not among the measured rules`);
const bestComp = [...runnerUpIds].sort((a, b) =>
  rows.filter((row) => row.endsWith("COMP@5")).reduce((sum, row) => sum + changeOf(b, row) - changeOf(a, row), 0),
)[0]!;
const pct = (value: number) => (value * 100).toFixed(1);
// Family search on top of the shipped default, judged against it as the runner-up rules were.
const shippedFamilyIds = SHIPPED_FAMILIES.map((setting) => setting.id);
const shippedFolds = leaveOneDatasetOut(
  only([SHIPPED, ...shippedFamilyIds]),
  SHIPPED,
  datasetOf,
  (row) => 1 / sizes[row]!,
);
// The deep read alone, as if it were the only family search on offer.
const deepFolds = leaveOneDatasetOut(
  only([SHIPPED, ...shippedFamilyIds.filter((id) => id.includes("(deep)"))]),
  SHIPPED,
  datasetOf,
  (row) => 1 / sizes[row]!,
);
const onShipped = (id: string, row: string) => table[row]![id]! - table[row]![SHIPPED]!;
const worstOnShipped = (id: string) => rows.reduce((low, row) => (onShipped(id, row) < onShipped(id, low) ? row : low));
const meanOnShipped = (id: string) => rows.reduce((sum, row) => sum + onShipped(id, row), 0) / rows.length;
/** The rows some family search on top of the shipped default changes. */
const SHIPPED_FAMILY_ROWS = rows.filter((row) => shippedFamilyIds.some((id) => onShipped(id, row) !== 0));
/** Whether `folds` chose a family search on top of the shipped default, and what it did on the sets left out. */
function shippedFamilyVerdict(folds: readonly LeaveOneOutFold[]): string {
  const chose = folds.filter((fold) => fold.chosen !== SHIPPED);
  if (chose.length === 0)
    return "No fold chose a family search over the shipped default: each fold's best family search lost more on its worst row of the other sets than the shipped default (no change), or tied it within one query without a larger mean.";
  const worst = chose.reduce((low, fold) => (fold.heldOutChange < low.heldOutChange ? fold : low));
  const deep = chose.filter((fold) => fold.chosen.includes("(deep)")).length;
  return (
    `${chose.length} of ${folds.length} folds chose a family search over the shipped default, ${deep} of them a deep read; the worst change on the set left out among them is ${points(worst.heldOutChange)} (${worst.heldOut}, "${worst.chosen}"). ` +
    (worst.heldOutChange < 0
      ? "A fold lost on the set it left out, so none of these joins the shipped default."
      : "No fold lost on the set it left out.")
  );
}

/**
 * Why a family search is or is not the default: the folds that chose one, and the worst change
 * on the set each left out. One fold losing on its own set is enough to leave it out.
 */
function familyVerdict(): string[] {
  const chose = folds.filter((fold) => FAMILY_IDS.includes(fold.chosen));
  if (chose.length === 0) return ["No fold chose a family search."];
  const worst = chose.reduce((low, fold) => (fold.heldOutChange < low.heldOutChange ? fold : low));
  return [
    `${chose.length} of ${folds.length} folds chose a family search; the worst change on the set left out among them (against the answer as merged) is ${points(worst.heldOutChange)} (${worst.heldOut}, "${worst.chosen.slice(DEFAULT_ID.length + 3)}"). ` +
      (worst.heldOutChange < 0
        ? "A fold lost on the set it left out, so family search is measured here and not the default."
        : "No fold lost on the set it left out."),
  ];
}
const markdown = [
  "# Whole answers to multi-tool requests, leave one dataset out",
  "",
  `COMP@5 (every tool a multi-tool query needs among the first 5 matches, no lessons taught; every multi-tool query of the set) and recall@1 and @5 (answerable queries, at most 1,000 per set, seed 42) of bm25 and the hybrid (embedding model: the bundled \`${basename(BUNDLED_MODEL_DIR)}\`), ` +
    "the answer made by `wholeAnswer` from the rankers' own lists under each setting. Each fold chooses, on every set but one, the setting whose worst (set, ranker, metric) changes least against the answer as merged (worst rows within one query count as a tie, broken by the mean), then measures it on the set left out. " +
    `The rules before runners-up are "${DEFAULT}"; the shipped default adds one runner-up rule on top (below).`,
  "",
  ...foldsTable(folds),
  "",
  ...familyVerdict(),
  "",
  "Each setting's worst change and mean change against the answer as merged, over every row (points):",
  "",
  "| setting | worst | mean |",
  "|---|---:|---:|",
  ...ids.map((id) => {
    const changes = rows.map((row) => table[row]![id]! - table[row]![BASELINE]!);
    return `| ${id} | ${points(Math.min(...changes))} | ${points(changes.reduce((sum, change) => sum + change, 0) / changes.length)} |`;
  }),
  "",
  `Every row: as merged, the previous default ("${PREVIOUS}"), the default ("${DEFAULT}") and its changes against both (points), and the default without its sibling:`,
  "",
  "| set · ranker · metric | queries | as merged | previous | default | change | change on previous | no sibling |",
  "|---|---:|---:|---:|---:|---:|---:|---:|",
  ...rows.map((row) => {
    const values = table[row]!;
    return `| ${row} | ${sizes[row]} | ${pct(values[BASELINE]!)} | ${pct(values[PREVIOUS]!)} | ${pct(values[DEFAULT]!)} | ${points(values[DEFAULT]! - values[BASELINE]!)} | ${points(values[DEFAULT]! - values[PREVIOUS]!)} | ${pct(values[settingId(REPRESENTED_BY, false, REQUEST_SPLITTING)]!)} |`;
  }),
  "",
  "Family search (`searchFamilies`) on top of the default: lone places given to the best new tool of an answer's family as the family's own ranking orders it. `query`: the whole query ranked within each family; `request`: the request whose best match is of the family (else the whole query); " +
    `\`deep\`: the whole query's own ranking read to ${DEEP}, no new search. Then how many lone places it may take, and the places a family may hold before it is not searched. ` +
    "Each setting's worst and mean change against the default over every row, and its change on every COMP@5 and recall@5 row some family search changes (points; no other row changes):",
  "",
  `| setting | worst | mean | ${FAMILY_ROWS.map((row) => row.replace(" · ", " ")).join(" | ")} |`,
  `|---|---:|---:|${FAMILY_ROWS.map(() => "---:").join("|")}|`,
  ...FAMILY_IDS.map((id) => {
    const [worst, mean] = worstAndMean(id);
    return `| ${id.slice(DEFAULT_ID.length + " + family search ".length)} | ${points(worst)} | ${points(mean)} | ${FAMILY_ROWS.map((row) => points(table[row]![id]! - table[row]![DEFAULT]!)).join(" | ")} |`;
  }),
  "",
  `Every set's COMP@5 and recall@5, the default and "${BEST_FAMILY}" (the family search with the best worst change, then mean):`,
  "",
  "| set · ranker · metric | default | family search | change |",
  "|---|---:|---:|---:|",
  ...rows
    .filter((row) => !row.endsWith("recall@1"))
    .map((row) => {
      const values = table[row]!;
      return `| ${row} | ${pct(values[DEFAULT]!)} | ${pct(values[BEST_FAMILY]!)} | ${points(values[BEST_FAMILY]! - values[DEFAULT]!)} |`;
    }),
  "## Places for requests' runners-up",
  "",
  "On top of the rules before runners-up, a multi-request query's free places go to its requests' runners-up (`shareRunnersUp`): round by round (every request's 2nd match, then every 3rd, to `depth`), in request order or closest to the request's best first, at most `places` of them, each only when the request's best and the runner-up are confident and the runner-up scores at least the given share of its request's best; each takes the place of the answer's lowest tool that is not kept. " +
    "Given before the families' rules (sibling, gather), which then leave it in place, or may swap it out as any lone tool (unkept, as `wholeAnswer` gives it), or after them; a runner-up never takes the first place nor that of a tool whose family holds another place. Single-request queries are never touched. " +
    "Each fold chooses, on every set but one, between the default and these rules, judged against the default (worst rows within one query count as a tie, broken by the mean):",
  "",
  ...foldsTable(runnerUpFolds),
  "",
  "Each rule's worst row and mean change against the default, over every row (points):",
  "",
  "| rule | worst | worst row | mean |",
  "|---|---:|---|---:|",
  ...runnerUpIds.map(
    (id) => `| ${id} | ${points(changeOf(id, worstRowOf(id)))} | ${worstRowOf(id)} | ${points(meanOf(id))} |`,
  ),
  "",
  `The rule most folds chose: "${shown}", ${foldsOf(shown)} of ${runnerUpFolds.length} folds. The shipped default (\`RUNNERS_UP\` in \`src/ranking/query/whole-answer.ts\`) is "${SHIPPED}"${SHIPPED === shown ? ", that rule" : `, chosen in ${foldsOf(SHIPPED)} folds`}. Every row: the rules before runners-up, the most chosen rule and the rule that gains most COMP@5 over the sets ("${bestComp}"), with their changes against the rules before runners-up (points):`,
  "",
  "| set · ranker · metric | queries | before runners-up | most chosen | change | most COMP@5 | change |",
  "|---|---:|---:|---:|---:|---:|---:|",
  ...rows.map(
    (row) =>
      `| ${row} | ${sizes[row]} | ${pct(table[row]![DEFAULT]!)} | ${pct(table[row]![shown]!)} | ${points(changeOf(shown, row))} | ${pct(table[row]![bestComp]!)} | ${points(changeOf(bestComp, row))} |`,
  ),
  "",
  "## Family search on top of the shipped default",
  "",
  `The family searches above were measured on top of the rules before runners-up, that is instead of the runner-up rule. Here they are measured on top of the shipped default ("${DEFAULT}" and "${SHIPPED}"), as the query plan would give them: the shipped answer, then \`searchFamilies\` (\`deep\`: the whole query's own ranking read to ${DEEP}; \`query\`: the whole query ranked within each family; 1 or 2 lone places; families holding 2, 3 or any number of places are not searched). ` +
    "Each fold chooses, on every set but one, between the shipped default and these, judged against the shipped default (worst rows within one query count as a tie, broken by the mean). " +
    `Since the runs of 2026-12-03, in which most folds chose it and it lowered no row, \`QueryPlan\` gives "shipped + family search (deep) 1" on top (\`FAMILY_SEARCH\` in \`src/ranking/query/family-search.ts\`); "the shipped default" here is the answer before it:`,
  "",
  ...foldsTable(shippedFolds),
  "",
  shippedFamilyVerdict(shippedFolds),
  "",
  "The same folds offered the deep reads alone (no search within a family), judged the same way:",
  "",
  ...foldsTable(deepFolds),
  "",
  shippedFamilyVerdict(deepFolds),
  "",
  "Each setting's worst row and mean change against the shipped default over every row, and its change on every row some of them change (points; no other row changes):",
  "",
  `| setting | worst | worst row | mean | ${SHIPPED_FAMILY_ROWS.map((row) => row.replace(" · ", " ")).join(" | ")} |`,
  `|---|---:|---|---:|${SHIPPED_FAMILY_ROWS.map(() => "---:").join("|")}|`,
  ...shippedFamilyIds.map(
    (id) =>
      `| ${id.slice("shipped + family search ".length)} | ${points(onShipped(id, worstOnShipped(id)))} | ${onShipped(id, worstOnShipped(id)) < 0 ? worstOnShipped(id) : "none lower"} | ${points(meanOnShipped(id))} | ${SHIPPED_FAMILY_ROWS.map((row) => points(onShipped(id, row))).join(" | ")} |`,
  ),
  "",
  `The shipped default's value on those rows: ${SHIPPED_FAMILY_ROWS.map((row) => `${row} ${pct(table[row]![SHIPPED]!)}`).join("; ")}.`,
  "",
].join("\n");
process.stdout.write(markdown);
await writeFile(join(BENCH_DIR, "results", "whole-answers-leave-one-out.md"), markdown);
