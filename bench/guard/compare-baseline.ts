import type { GuardRow, ReferenceRow } from "./measure-guard.js";

/** What `bench/baseline.json` holds: the guard's last accepted measurements. */
export interface GuardBaseline {
  formatVersion: 1;
  /** Why the baseline last changed, in a sentence; the commit that changes it says more. */
  note: string;
  seed: number;
  maxQueries: number;
  rows: GuardRow[];
  references: ReferenceRow[];
}

/** How far a set may fall before the guard fails, in recall@5 (0.5 points). */
export const MAX_RECALL_LOSS = 0.005;
/** bm25 must stay within this of the plain reference on every set (0.5 points). */
export const MAX_BELOW_REFERENCE = 0.005;
/** Empty answers the guard tolerates on answerable queries, as a share (1%). */
export const MAX_EMPTY_RATE = 0.01;

/** One failed check, said so a reader knows what fell, where, and by how much. */
export interface GuardFailure {
  dataset: string;
  ranker: string;
  message: string;
}

const points = (share: number) => `${(share * 100).toFixed(2)}`;

/**
 * Every way `rows` fall short: recall@5 more than {@link MAX_RECALL_LOSS} below the baseline, an
 * empty-answer rate above the baseline's, or above {@link MAX_EMPTY_RATE}; bm25 more than
 * {@link MAX_BELOW_REFERENCE} below the plain reference; a baseline set no longer measured. A set
 * the baseline lacks is compared with the absolute limits only.
 */
export function compareWithBaseline(
  rows: readonly GuardRow[],
  references: readonly ReferenceRow[],
  baseline: GuardBaseline | undefined,
): GuardFailure[] {
  const failures: GuardFailure[] = [];
  const key = (row: { dataset: string; ranker: string }) => `${row.dataset}\u0000${row.ranker}`;
  const before = new Map((baseline?.rows ?? []).map((row) => [key(row), row]));
  const measured = new Set(rows.map(key));
  for (const row of rows) {
    const fail = (message: string) => failures.push({ dataset: row.dataset, ranker: row.ranker, message });
    const old = before.get(key(row));
    if (old && row.recallAt5 < old.recallAt5 - MAX_RECALL_LOSS) {
      fail(
        `recall@5 fell from ${old.recallAt5.toFixed(4)} to ${row.recallAt5.toFixed(4)} (−${points(old.recallAt5 - row.recallAt5)} points; at most ${points(MAX_RECALL_LOSS)} allowed)`,
      );
    }
    // Compared by count over the same sample, so floating-point noise cannot fail the guard.
    if (old && Math.round(row.emptyRate * row.answerable) > Math.round(old.emptyRate * old.answerable)) {
      fail(`empty answers to answerable queries rose from ${points(old.emptyRate)}% to ${points(row.emptyRate)}%`);
    }
    if (row.emptyRate > MAX_EMPTY_RATE)
      fail(`${points(row.emptyRate)}% of answerable queries get no match at all (at most ${points(MAX_EMPTY_RATE)}%)`);
  }
  for (const old of baseline?.rows ?? []) {
    if (!measured.has(key(old)))
      failures.push({
        dataset: old.dataset,
        ranker: old.ranker,
        message: "in the baseline but not measured: is its dataset missing?",
      });
  }
  const referenceOf = new Map(references.map((reference) => [reference.dataset, reference]));
  for (const row of rows) {
    const reference = referenceOf.get(row.dataset);
    if (row.ranker !== "bm25" || !reference) continue;
    if (row.recallAt5 < reference.recallAt5 - MAX_BELOW_REFERENCE) {
      failures.push({
        dataset: row.dataset,
        ranker: row.ranker,
        message: `recall@5 ${row.recallAt5.toFixed(4)} is ${points(reference.recallAt5 - row.recallAt5)} points below the plain reference BM25 (${reference.recallAt5.toFixed(4)})`,
      });
    }
  }
  return failures;
}

/** The guard's table: every set, each ranker's numbers against the baseline, the worst set last. */
export function guardTable(
  rows: readonly GuardRow[],
  references: readonly ReferenceRow[],
  baseline: GuardBaseline | undefined,
): string {
  const before = new Map((baseline?.rows ?? []).map((row) => [`${row.dataset}\u0000${row.ranker}`, row]));
  const referenceOf = new Map(references.map((reference) => [reference.dataset, reference.recallAt5]));
  const lines = [
    "| dataset | ranker | queries | recall@5 | Δ baseline (points) | plain BM25 | empty | weak best (answerable) | weak or empty (unanswerable) |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const row of rows) {
    const old = before.get(`${row.dataset}\u0000${row.ranker}`);
    const delta = old
      ? `${row.recallAt5 >= old.recallAt5 ? "+" : "−"}${points(Math.abs(row.recallAt5 - old.recallAt5))}`
      : "new";
    const reference = referenceOf.get(row.dataset);
    lines.push(
      `| ${row.dataset} | ${row.ranker} | ${row.answerable} | ${row.recallAt5.toFixed(3)} | ${delta} | ${reference === undefined ? "–" : reference.toFixed(3)} | ` +
        `${points(row.emptyRate)}% | ${points(row.weakRate)}% | ${row.unanswerableWeakRate === null ? "–" : `${points(row.unanswerableWeakRate)}% of ${row.unanswerable}`} |`,
    );
  }
  for (const ranker of new Set(rows.map((row) => row.ranker))) {
    const own = rows.filter((row) => row.ranker === ranker);
    const worst = own.reduce((a, b) => (b.recallAt5 < a.recallAt5 ? b : a));
    const worstEmpty = own.reduce((a, b) => (b.emptyRate > a.emptyRate ? b : a));
    lines.push(
      `| **worst** | ${ranker} | | ${worst.recallAt5.toFixed(3)} (${worst.dataset}) | | | ${points(worstEmpty.emptyRate)}% (${worstEmpty.dataset}) | | |`,
    );
  }
  return lines.join("\n");
}
