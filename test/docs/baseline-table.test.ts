import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** The sets as the table names them, and as the guard's baseline does. */
const DATASET_IDS: Readonly<Record<string, string>> = {
  "toolsift-servers": "toolsift-servers",
  "BFCL v4": "bfcl_v4",
  "Seal-Tools": "seal_tools",
  StableToolBench: "toolbench_stabletoolbench",
  ToolAlpaca: "toolalpaca",
  "API-Bank": "apibank",
  CLINC150: "clinc150_intents",
  HWU64: "hwu64_intents",
  Banking77: "banking77_intents",
};

interface BaselineRow {
  dataset: string;
  ranker: "bm25" | "hybrid";
  recallAt5: number;
  emptyRate: number;
  weakRate: number;
  unanswerable: number;
  unanswerableWeakRate: number | null;
}

interface Baseline {
  rows: BaselineRow[];
  references: { dataset: string; recallAt5: number }[];
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** The row the table should show for one set, computed from the baseline. */
function expectedCells(baseline: Baseline, id: string): string[] {
  const row = (ranker: "bm25" | "hybrid") => {
    const found = baseline.rows.find((entry) => entry.dataset === id && entry.ranker === ranker);
    if (found === undefined) throw new Error(`bench/baseline.json has no ${ranker} row for ${id}`);
    return found;
  };
  const reference = baseline.references.find((entry) => entry.dataset === id);
  if (reference === undefined) throw new Error(`bench/baseline.json has no plain reference for ${id}`);
  const [bm25, hybrid] = [row("bm25"), row("hybrid")];
  const alarms =
    bm25.unanswerableWeakRate === null || hybrid.unanswerableWeakRate === null
      ? "–"
      : `${Math.round(bm25.unanswerableWeakRate * 100)}% / ${Math.round(hybrid.unanswerableWeakRate * 100)}% of ${bm25.unanswerable.toLocaleString("en-US")}`;
  return [
    reference.recallAt5.toFixed(3),
    ...[bm25, hybrid].flatMap((entry) => [
      entry.recallAt5.toFixed(3),
      percent(entry.emptyRate),
      percent(entry.weakRate),
    ]),
    alarms,
  ];
}

describe("docs/benchmarks.md's table of what search_tools answers", () => {
  it("shows the guard's committed baseline, bench/baseline.json, set by set", () => {
    const baseline = JSON.parse(readFileSync(join(root, "bench/baseline.json"), "utf8")) as Baseline;
    const page = readFileSync(join(root, "docs/benchmarks.md"), "utf8");
    const start = page.indexOf("## What `search_tools` answers");
    const section = page.slice(start, page.indexOf("\n## ", start + 1));
    const rows = section
      .split("\n")
      .filter((line) => line.startsWith("| ") && !line.startsWith("| dataset"))
      .map((line) =>
        line
          .slice(2, -2)
          .split(" | ")
          .map((cell) => cell.trim()),
      )
      .filter(([name]) => name !== undefined && name in DATASET_IDS);
    expect(rows.map(([name]) => name)).toEqual(Object.keys(DATASET_IDS));
    for (const [name, ...cells] of rows)
      expect(cells, `the ${name} row`).toEqual(expectedCells(baseline, DATASET_IDS[name!]!));
  });
});
