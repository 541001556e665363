import { describe, expect, it } from "vitest";
import { createToolSearch } from "../../index.js";
import { formatInspectReport } from "./format-inspect-report.js";
import type { InspectReport } from "./inspect-report.js";
import { type Projection, projectStrategies } from "./projection.js";

const TOOLS = Array.from({ length: 6 }, (_, index) => ({
  name: `svc__tool_${index}`,
  description: `Does task number ${index} on the service, with care.`,
  inputSchema: { type: "object" as const, properties: { id: { type: "string" } } },
}));

/** A report of nothing but its projection, over a catalogue of `tools` tools. */
function reportOf(projection: Projection, tools: number): InspectReport {
  return {
    file: "tools.json",
    ranker: "bm25",
    estimate: "JSON characters / 3.5",
    servers: [],
    totals: { servers: 0, tools, fullTokens: 0, stubTokens: 0 },
    hidden: [],
    projection,
    lint: { coverage: { embedding: false }, errors: 0, warnings: 0, findings: [] },
  };
}

async function strategyLines(tuning: Record<string, number>): Promise<string[]> {
  const toolSearch = await createToolSearch({ tools: TOOLS, tuning });
  try {
    const report = reportOf(await projectStrategies(toolSearch, TOOLS.slice(0, 2)), TOOLS.length);
    return formatInspectReport(report)
      .split("\n")
      .filter((line) => /^ {2}(stubs|every tool in full)/.test(line));
  } finally {
    await toolSearch.close();
  }
}

describe("formatInspectReport's stubs row", () => {
  it("says every tool is a stub while the stubs fit their budget", async () => {
    const [, stubs] = await strategyLines({ toolSearchThresholdTokens: 0 });
    expect(stubs).toMatch(/^ {2}stubs +[\d,]+ +every tool as a stub, the called tool in full$/);
  });

  it("says no stub is listed past the stub budget, only search_tools, keep tools and the called tool", async () => {
    // Past maxStubTokens the block lists no stubs at all: "every tool as a stub" would be false.
    const [, stubs] = await strategyLines({ toolSearchThresholdTokens: 0, maxStubTokens: 10 });
    expect(stubs).toMatch(
      /^ {2}stubs +[\d,]+ +no stubs past maxStubTokens: search_tools, keep tools and the called tool in full$/,
    );
  });

  it("says every tool goes in full under the threshold", async () => {
    const [full, stubs] = await strategyLines({ toolSearchThresholdTokens: 1_000_000 });
    const tokens = (line: string | undefined) => line?.match(/ ([\d,]+) /)?.[1];
    expect(stubs).toMatch(/^ {2}stubs +[\d,]+ +every tool in full: the catalogue is under the threshold$/);
    expect(tokens(stubs)).toBe(tokens(full));
  });
});

describe("a catalogue past the Messages API's deferred-tool limit", () => {
  it("reports native as not possible and still projects the other strategies", async () => {
    // One more tool than MAX_DEFERRED_TOOLS: native would have to defer them all.
    const tools = Array.from({ length: 10_001 }, (_, index) => ({
      name: `svc__tool_${index}`,
      description: `Does task number ${index} on the service.`,
      inputSchema: { type: "object" as const },
    }));
    const toolSearch = await createToolSearch({ tools });
    try {
      const projection = await projectStrategies(toolSearch, [tools[0]!, tools[5_000]!]);
      const native = projection.costs.find((cost) => cost.strategy === "native")!;
      expect(native).toMatchObject({
        toolTokens: 0,
        unavailable: expect.stringContaining("at most 10,000 deferred tools"),
      });
      for (const cost of projection.costs.filter((cost) => cost.strategy !== "native")) {
        expect(cost.unavailable).toBeUndefined();
        expect(cost.toolTokens).toBeGreaterThan(0);
      }
      const report = reportOf(projection, tools.length);
      expect(formatInspectReport(report)).toMatch(
        /^ {2}native +- +not possible: The "native" strategy would defer 10,001 tools/m,
      );
    } finally {
      await toolSearch.close();
    }
  });
});
