import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

describe("memory stays flat (defect 3)", () => {
  it("over 10,000 re-listings of a changed schema, each compiled by a call, and 2,000 short-lived tool searches", () => {
    // Heap is measured after forced GCs in a child process (--expose-gc), away from the test
    // runner's own allocations. Before validators had an ajv of their own, the shared ajv kept
    // every compiled schema: +86 MB over the re-listings, +9 MB per 1,000 short-lived searches.
    // Without V8's compilation cache: from Node 26 on, it keeps the code of every function ajv
    // builds with new Function until the heap nears its limit (+61 MB over the re-listings with
    // it; a script that only builds functions stops growing at about 40 MB under
    // --max-old-space-size=64). That is V8's memory to give back, not toolsift's.
    const child = fileURLToPath(new URL("./relist-memory.child.ts", import.meta.url));
    const flags = ["--expose-gc", "--no-compilation-cache", "--import", "tsx"];
    const run = spawnSync(process.execPath, [...flags, child, "10000", "2000"], {
      encoding: "utf8",
      timeout: 400_000,
    });
    expect(run.stderr).toBe("");
    const measured = JSON.parse(run.stdout) as { relistGrowthMb: number; shortLivedGrowthMb: number };
    console.info(
      `heap growth: ${measured.relistGrowthMb.toFixed(2)} MB over 10,000 re-listings, ${measured.shortLivedGrowthMb.toFixed(2)} MB over 2,000 short-lived searches`,
    );
    expect(measured.relistGrowthMb).toBeLessThan(20);
    expect(measured.shortLivedGrowthMb).toBeLessThan(5);
  }, 420_000);

  it("keeps no compiled input validator alive once the tool search (or the listing) that compiled it is gone", () => {
    // Deterministic, unlike a heap total: every validator is watched through a WeakRef, and
    // after full collections each one must be gone or still needed. A shared ajv (or any cache
    // of compiled schemas keyed by schema) keeps all of them, and this fails at once.
    const child = fileURLToPath(new URL("./validator-retention.child.ts", import.meta.url));
    const run = spawnSync(process.execPath, ["--expose-gc", "--import", "tsx", child, "200", "200"], {
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(run.stderr).toBe("");
    const watched = JSON.parse(run.stdout) as Record<"kept" | "gone" | "relisted", { compiled: number; alive: number }>;
    // The control: a live tool search's validator stays, so a WeakRef that died proves something.
    expect(watched.kept).toMatchObject({ compiled: 1, alive: 1 });
    expect(watched.gone).toMatchObject({ compiled: 200, alive: 0 });
    // Only the schema the host lists now is still needed.
    expect(watched.relisted).toMatchObject({ compiled: 200, alive: 1 });
  }, 130_000);
});
