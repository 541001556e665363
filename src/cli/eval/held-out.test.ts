import { describe, expect, it } from "vitest";
import type { EnrichmentFile } from "../../public/enrichment.js";
import { heldOutCount, holdOut } from "./held-out.js";

const HASH = "0".repeat(64);
const requests = (tool: string, count: number) => Array.from({ length: count }, (_, i) => `${tool} request ${i + 1}`);

describe("heldOutCount", () => {
  it("holds out a quarter, rounded down, at least one from two requests on, none of one", () => {
    expect([0, 1, 2, 3, 4, 5, 7, 8, 9, 12, 32].map(heldOutCount)).toEqual([0, 0, 1, 1, 1, 1, 1, 2, 2, 3, 8]);
  });
});

describe("holdOut", () => {
  const file: EnrichmentFile = {
    format: "toolsift.enrichment/1",
    model: "m",
    createdAt: "2026-12-01T00:00:00.000Z",
    tools: {
      zeta: { hash: HASH, requests: requests("zeta", 8), synonyms: ["z"] },
      alpha: { hash: HASH, requests: requests("alpha", 2), synonyms: [], description: "Alpha." },
      single: { hash: HASH, requests: ["only one"], synonyms: [] },
      elsewhere: { hash: HASH, requests: requests("elsewhere", 4), synonyms: [] },
    },
  };
  const split = holdOut(file, (name) => name !== "elsewhere");

  it("asks the last requests of each tool, tools in name order, each expecting its tool", () => {
    expect(split.tasks).toEqual([
      { query: "alpha request 2", expected: ["alpha"] },
      { query: "zeta request 7", expected: ["zeta"] },
      { query: "zeta request 8", expected: ["zeta"] },
    ]);
    expect(split.tooFew).toEqual(["single"]);
  });

  it("indexes only the rest, so no query is found by itself; synonyms and descriptions stay", () => {
    expect(split.indexed.tools.zeta).toEqual({ hash: HASH, requests: requests("zeta", 6), synonyms: ["z"] });
    expect(split.indexed.tools.alpha).toEqual({
      hash: HASH,
      requests: ["alpha request 1"],
      synonyms: [],
      description: "Alpha.",
    });
    expect(split.indexed.tools.single!.requests).toEqual(["only one"]);
    const indexed = Object.values(split.indexed.tools).flatMap((tool) => tool.requests);
    expect(split.tasks.filter((task) => indexed.includes(task.query))).toEqual([]);
  });

  it("leaves a tool the catalogue lacks whole and untested, and the file's own fields as they were", () => {
    expect(split.indexed.tools.elsewhere!.requests).toEqual(requests("elsewhere", 4));
    expect(split.indexed).toMatchObject({ format: file.format, model: "m", createdAt: file.createdAt });
    // The input is not changed: the caller may still use the whole file.
    expect(file.tools.zeta!.requests).toHaveLength(8);
  });

  it("splits the same way every time", () => {
    expect(holdOut(file, (name) => name !== "elsewhere")).toEqual(split);
  });
});
