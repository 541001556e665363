import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { edgesBetweenUnits, unitCycles, unitOf } from "../import-edges.js";
import { GATEWAY_LAYERS } from "./layer-table.js";

// Measured from the code's own imports (the TypeScript parser, as scripts/import-graph.ts reads
// them), production code only: tests may reach across to drive the layers above what they test.
const ROOT = resolve("src/gateway");
const production = edgesBetweenUnits(ROOT).filter((edge) => !edge.test);
const FIX =
  "See `npx tsx scripts/import-graph.ts --in src/gateway --files`, and the order in scripts/layers/layer-table.ts.";

describe("the gateway's inner graph", () => {
  it("has no cycle between its folders and root files, type-only imports included", () => {
    expect(unitCycles(ROOT, production), FIX).toEqual([]);
  });

  it("has every folder import only folders below it in GATEWAY_LAYERS", () => {
    const rank = new Map(GATEWAY_LAYERS.map((layer, position) => [`${layer.folder}/`, position]));
    const upward = production
      .map((edge) => ({ from: unitOf(ROOT, edge.from), to: unitOf(ROOT, edge.to) }))
      .filter(({ from, to }) => rank.has(from) && rank.has(to) && rank.get(to)! > rank.get(from)!)
      .map(({ from, to }) => `${from} -> ${to}`);
    expect([...new Set(upward)], FIX).toEqual([]);
  });

  it("finds a cycle when there is one", () => {
    const edge = (from: string, to: string) => ({
      from: resolve(ROOT, from),
      to: resolve(ROOT, to),
      typeOnly: true,
      test: false,
    });
    const cycles = unitCycles(ROOT, [edge("http/a.ts", "observe/b.ts"), edge("observe/b.ts", "http/c.ts")]);
    expect(cycles).toEqual([["http/", "observe/"]]);
  });
});
