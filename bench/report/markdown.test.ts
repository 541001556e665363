import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../sections/render.js";
import {
  kindTable,
  persistenceTable,
  retrievalTable,
  scaleTable,
  strategyDiscoveryTable,
  strategyTokenTable,
} from "./markdown.js";
import { sampleReport, sampleReportWithTargets } from "./report.fixture.js";

function rows(table: string): string[][] {
  return table
    .split("\n")
    .slice(2)
    .map((line) =>
      line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

describe("retrievalTable", () => {
  const table = retrievalTable(sampleReport());

  it("has one row per ranker and dataset with formatted numbers", () => {
    const body = rows(table);
    expect(body).toHaveLength(6);
    const bm25 = body.find((row) => row[0] === "own" && row[1] === "bm25");
    // R@1, R@5, R@10, COMP@5, MRR, nDCG, abstention, p50, p95, build, heap, RSS
    expect(bm25?.slice(2)).toEqual([
      "0.500",
      "1.000",
      "1.000",
      "0.250 (n=8)",
      "0.500",
      "0.600",
      "0.750",
      "0.0421",
      "1.5",
      "12.5",
      "12.3",
      "3.2",
    ]);
  });

  it("shows – for abstention on a set without unanswerable queries", () => {
    expect(rows(table).find((row) => row[0] === "public" && row[1] === "bm25")?.[8]).toBe("–");
  });

  it("shows – for COMP@5 on a set without multi-tool queries", () => {
    expect(rows(table).find((row) => row[0] === "public" && row[1] === "bm25")?.[5]).toBe("–");
  });

  it("shows the error of a failed run, escaping pipes", () => {
    const failed = table.split("\n").find((line) => line.includes("peer-b") && line.includes("own"));
    expect(failed).toContain("error: Error: boom \\| bang");
  });
});

describe("kindTable", () => {
  it("breaks recall@5 down by kind for runs that have kinds", () => {
    const body = rows(kindTable(sampleReport()) ?? "");
    expect(body).toEqual([
      ["own", "bm25", "1.000 (n=10)", "0.500 (n=6)", "0.750"],
      ["own", "peer-a", "0.900 (n=10)", "–", "0.000"],
    ]);
  });

  it("is absent when no dataset has kinds", () => {
    const report = sampleReport();
    report.retrieval = report.retrieval.map(({ byKind: _, ...run }) => run);
    expect(kindTable(report)).toBeUndefined();
  });
});

describe("scaleTable", () => {
  it("lists each ranker by growing size", () => {
    const body = rows(scaleTable(sampleReport()));
    expect(body.map((row) => `${row[0]}@${row[1]}`)).toEqual([
      "bm25@100",
      "bm25@1,000",
      "peer-a@100",
      "peer-a@1,000",
      "peer-b@100",
      "peer-b@1,000",
      "reference-bm25@100",
      "reference-bm25@1,000",
    ]);
    expect(body[1]?.slice(2, 5)).toEqual(["100.0", "0.2", "0.6"]);
  });
});

describe("persistenceTable", () => {
  it("shows reload time and texts embedded next to the build, and a failed run's error", () => {
    const table = persistenceTable(sampleReport());
    expect(rows(table)[0]).toEqual([
      "embedding",
      "1,000",
      "120.0",
      "1,500",
      "1,000",
      "161.3",
      "0",
      "9.8",
      "0.620",
      "0.620",
    ]);
    expect(table.split("\n").find((line) => line.includes("hybrid-adaptive"))).toContain(
      "| 1,000 | error: disk \\| full |",
    );
  });
});

describe("strategy tables", () => {
  it("give wire and context tokens per turn, the search result, the session total and its share of full", () => {
    const table = strategyTokenTable(sampleReport());
    const body = rows(table);
    expect(body.map((row) => row[1])).toEqual(["stubs", "native", "stable", "broken"]);
    // sessions, full, wire t1-t3, context t1-t3, search result, session total, vs full
    expect(body[0]?.slice(2)).toEqual([
      "40",
      "50,000",
      "20,000",
      "20,000",
      "20,100",
      "20,000",
      "20,000",
      "20,100",
      "300",
      "60,700",
      "40.5%",
    ]);
    expect(body[1]?.slice(2)).toEqual([
      "40",
      "50,000",
      "56,000",
      "56,000",
      "56,000",
      "180",
      "1,000",
      "1,000",
      "300",
      "2,780",
      "1.9%",
    ]);
    expect(table.split("\n").find((line) => line.includes("broken"))).toContain("| error: no \\| layout |");
  });

  it("give success, presence in the results, discovery turns and the share of stable turns", () => {
    const body = rows(strategyDiscoveryTable(sampleReport()));
    expect(body[0]?.slice(1)).toEqual(["stubs", "40", "0.450", "0.500", "2.00", "0.500", "78"]);
    expect(body[1]?.[6]).toBe("1.000");
  });
});

describe("renderMarkdown", () => {
  it("contains every section, with the strategy tables instead of a pending note", () => {
    const markdown = renderMarkdown(sampleReport());
    for (const heading of [
      "## Rankers",
      "## Datasets",
      "## Retrieval",
      "### Recall@5 by query kind",
      "## Scale",
      "### toolsift through a session",
      "### Ratios to the typed-array reference",
      "### Persistence",
      "## Tool-block saving",
      "## The packed package",
      "## Embedding search: exact vs HNSW",
      "## Agent strategies",
      "## Notes",
    ]) {
      expect(markdown).toContain(heading);
    }
    expect(markdown).not.toContain("PENDING");
    const strategy = markdown.slice(markdown.indexOf("## Agent strategies"), markdown.indexOf("## Notes"));
    expect(strategy).toContain(strategyTokenTable(sampleReport()));
    expect(strategy).toContain(strategyDiscoveryTable(sampleReport()));
    expect(strategy).toContain("own (300 tools; its single-tool queries)");
    expect(strategy).toContain("search_tools ranker: `bm25`.");
    expect(markdown).toContain("Run time 61.0 s");
  });

  it("leaves out the persistence table when nothing was reloaded, and says so when no strategy ran", () => {
    const markdown = renderMarkdown({
      ...sampleReport(),
      persistence: [],
      strategy: { ...sampleReport().strategy, runs: [] },
    });
    expect(markdown).not.toContain("### Persistence");
    expect(markdown).toContain("_No strategy runs._");
  });

  it("leaves out the sections that did not run, and lists the targets when there are some", () => {
    const skipped = renderMarkdown({
      ...sampleReport(),
      sessionScale: [],
      blockSaving: [],
      package: null,
      vectorIndex: [],
      targets: [],
    });
    for (const heading of [
      "### toolsift through a session",
      "## Tool-block saving",
      "## The packed package",
      "## Embedding search",
      "## Targets",
    ]) {
      expect(skipped).not.toContain(heading);
    }
    const withTargets = renderMarkdown(sampleReportWithTargets());
    expect(withTargets).toContain("## Targets");
    expect(withTargets.indexOf("## Targets")).toBeGreaterThan(withTargets.indexOf("## Agent strategies"));
  });
});
