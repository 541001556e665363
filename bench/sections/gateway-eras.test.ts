import { describe, expect, it } from "vitest";
import type { GatewayErasRun } from "../report/bench-report.js";
import { gatewayErasMarkdown, gatewayErasSection } from "./gateway-eras.js";

function side(toolsMedian: number, sessionTokens: number, p50Ms: number) {
  return {
    tokens: {
      requests: 20,
      toolTokens: [200, toolsMedian],
      transcriptTokens: [0, 1_000],
      toolsFirst: 200,
      toolsMedian,
      toolsLast: toolsMedian,
      searchAnswerTokens: 1_000,
      sessionTokens,
      labelledFirst: 6,
      callErrors: 5,
    },
    latency: {
      list: { p50Ms, p95Ms: p50Ms * 2 },
      call: { p50Ms, p95Ms: p50Ms * 2 },
      all: { p50Ms, p95Ms: p50Ms * 2 },
    },
  };
}

function run(): GatewayErasRun {
  const legacy = side(10_000, 200_000, 2);
  const stateless = side(400, 300_000, 3);
  return {
    servers: 8,
    tools: 97,
    tasks: 10,
    maxHydratedTools: 15,
    searchLimit: 5,
    legacy: legacy.tokens,
    stateless: stateless.tokens,
    sessionRatio: 1.5,
    toolsMedianRatio: 0.04,
    latency: {
      requests: 300,
      tool: "jira__create_issue",
      legacy: legacy.latency,
      stateless: stateless.latency,
      p50Ratio: 1.5,
      p95Ratio: 1.5,
      loadAverage: 3.25,
      cores: 2,
    },
  };
}

describe("the gateway-eras section", () => {
  it("shows each era's tokens and latency with the stateless ÷ 2025 ratios, losses as they are", () => {
    const markdown = gatewayErasMarkdown(run());
    expect(markdown).toContain("## Gateway eras");
    expect(markdown).toContain("| 2025 era (session) | 20 | 200 | 10,000 | 10,000 | 1,000 | 200,000 |");
    expect(markdown).toContain("| stateless ÷ 2025 |  | 1.00× | 0.04× | 0.04× | 1.00× | 1.50× |");
    expect(markdown).toContain("| 2026-07-28 (stateless) | 3 | 6 | 3 | 6 | 3 | 6 |");
    expect(markdown).toContain("load average was 3.3 on 2 cores");
    expect(markdown).toContain("| stateless ÷ 2025 | 1.50× | 1.50× | 1.50× | 1.50× | 1.50× | 1.50× |");
  });

  it("draws each era's tools array and its total with the search answers, and no panel for a failed run", () => {
    const [panel] = gatewayErasSection.svg!({ gatewayEras: run() });
    const svg = panel!.draw(0, new Map());
    for (const era of ["legacy", "stateless"])
      for (const series of ["tools", "with-transcript"])
        expect(svg).toContain(`data-era="${era}" data-series="${series}"`);
    expect(svg).toContain("2025 era (session), tools + search answers: 200, 11,000");
    expect(svg).toContain("2026-07-28 (stateless): session total 300,000");
    expect(gatewayErasSection.svg!({ gatewayEras: { ...run(), error: "no" } })).toEqual([]);
    expect(gatewayErasSection.svg!(gatewayErasSection.skipped())).toEqual([]);
  });

  it("shows a failed run's error, nothing when skipped, and fails the run only on an error", () => {
    const failed = { ...run(), error: "gateway | did not start" };
    expect(gatewayErasMarkdown(failed)).toContain("| error | gateway \\| did not start |");
    expect(gatewayErasMarkdown(null)).toBe("");
    expect(gatewayErasSection.failed({ gatewayEras: failed })).toBe(true);
    expect(gatewayErasSection.failed({ gatewayEras: run() })).toBe(false);
    expect(gatewayErasSection.failed(gatewayErasSection.skipped())).toBe(false);
  });
});
