import { describe, expect, it } from "vitest";
import { longSessionsMarkdown } from "../report/long-sessions-section.js";
import { planUses, stepsOf, type PlannedUse } from "./long-session.js";
import { measureLongSessions } from "./measure-long-sessions.js";
import { exampleStrategyCatalogue } from "./strategy-catalogues.js";

const fresh: PlannedUse[] = Array.from({ length: 12 }, (_, index) => ({ tool: `t${index}`, query: `find t${index}` }));

describe("long scripted sessions", () => {
  it("plans new tools first, then goes back to the least recently used tool every third use", () => {
    const plan = planUses(fresh, { uses: 10, warmUp: 4, reuseEvery: 3 });
    expect(plan.map((use) => use.tool)).toEqual(["t0", "t1", "t2", "t3", "t0", "t4", "t5", "t1", "t6", "t7"]);
    expect(stepsOf(plan.slice(0, 6)).map((step) => (step.type === "call" ? step.name : step.type))).toEqual([
      "search",
      "t0",
      "search",
      "t1",
      "search",
      "t2",
      "search",
      "t3",
      "t0",
      "search",
      "t4",
      "answer",
    ]);
    expect(() => planUses(fresh.slice(0, 3), { uses: 10, warmUp: 4, reuseEvery: 3 })).toThrow(/too few/);
  });

  it("plays every scripted request through runAgent and the SDK, and reports the cache per strategy", async () => {
    const section = await measureLongSessions(exampleStrategyCatalogue(), {
      arms: [
        { label: "stubs", strategy: "stubs" },
        { label: "stable", strategy: "stable" },
      ],
      sessions: 1,
      uses: 8,
      maxHydratedTools: 2,
    });
    const [stubs, stable] = section.runs;
    expect(section.plans).toEqual([{ newTools: 6, reuses: 2, requests: 15 }]);
    for (const run of section.runs) {
      expect(run.error).toBeUndefined();
      expect(run.perRequest).toHaveLength(15);
    }
    // The stable array never changes: every request after the first reads the prefix the one before wrote.
    expect(new Set(stable!.perRequest.map((request) => request.toolTokens)).size).toBe(1);
    expect(stable!.perRequest.slice(2).every((request) => request.cacheRead > 0)).toBe(true);
    expect(stable!.readShare).toBeGreaterThan(stubs!.readShare);
    const markdown = longSessionsMarkdown({ longSessions: section }).join("\n");
    expect(markdown).toContain("| stubs | 1 | 15 |");
    expect(markdown).toContain("| stable | 1 | 15 |");
  });

  it("shows a failed arm as an error row", () => {
    const markdown = longSessionsMarkdown({
      longSessions: {
        policy: "p.",
        catalogue: "c",
        tools: 1,
        model: "m",
        maxHydratedTools: 8,
        uses: 30,
        plans: [],
        runs: [
          {
            arm: "changes",
            sessions: 0,
            requests: 0,
            toolTokens: 0,
            cacheWrite: 0,
            cacheRead: 0,
            inputTokens: 0,
            readShare: 0,
            billedInput: 0,
            requestsWriting: 0,
            perRequest: [],
            error: "the server said | no",
          },
        ],
      },
    }).join("\n");
    expect(markdown).toContain("| changes | error: the server said \\| no |");
  });
});
