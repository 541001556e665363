import { describe, expect, it } from "vitest";
import type { PrefetchArm, PrefetchRun } from "./bench-report.js";
import { prefetchSection } from "./prefetch-section.js";

const arm = (discoveryTurns: number, firstTurn: number, toolTokensPerRequest: number): PrefetchArm => ({
  successRate: 0.9,
  discoveryTurns,
  firstTurn,
  requestsPerTask: 3,
  toolTokensPerRequest,
  sessionTokens: 1_000,
  prefixStability: 0.5,
});

function run(catalogue: string, wrongHydrated: number): PrefetchRun {
  return {
    catalogue,
    strategy: "stubs",
    ranker: "bm25",
    limit: 3,
    tools: 1_437,
    sessions: 500,
    progressive: true,
    off: arm(2, 0, 257),
    on: arm(1.1, 0.9, 753),
    hydratedPerTask: 2.9,
    tasksPrefetched: 1,
    precision: 0.3,
    neededPrefetched: 0.9,
    stillSearched: 0.1,
    wrongHydrated,
    cache: { coldBytes: 690, coldTokens: 197, changedBytes: 1_950, changedTokens: 557, tasks: 500 },
  };
}

describe("prefetchSection", () => {
  it("shows both arms side by side and names the worst set for wrong hydrations", () => {
    const markdown = prefetchSection({
      prefetch: { policy: "Oracle.", catalogues: [], runs: [run("bfcl_v4", 0.4), run("seal_tools", 0.8)] },
    }).join("\n\n");
    expect(markdown).toContain("| bfcl_v4 | stubs | 3 | 500 | yes | 2.00 → 1.10 | 0.000 → 0.900 |");
    expect(markdown).toContain("| 257 → 753 |");
    expect(markdown).toContain("| 0.300 | 0.900 | 0.100 | 0.400 | 197 | 1,950 | 557 |");
    expect(markdown).toContain("(stubs, limit 3): **seal_tools**, 0.800");
  });

  it("shows nothing when the section did not run", () => {
    expect(prefetchSection({})).toEqual([]);
    expect(prefetchSection({ prefetch: { policy: "", catalogues: [], runs: [] } })).toEqual([]);
  });
});
