import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { exampleCatalogue } from "../../examples/catalogue/index.js";
import { createToolSearch } from "../../src/index.js";
import { numberField, runProbe } from "../package/measure-package.js";
import { COLD_START_PROBE, measureColdStart } from "./measure-cold-start.js";
import { meanToolChars, realisticCatalogue } from "./realistic-catalogue.js";

const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

describe("realisticCatalogue", () => {
  const catalogue = realisticCatalogue(1_000);

  it("fills 1,000 tools with distinct names and descriptions, keeping the example catalogue's schemas", () => {
    expect(catalogue.tools).toHaveLength(1_000);
    expect(new Set(catalogue.tools.map((tool) => tool.name)).size).toBe(1_000);
    expect(new Set(catalogue.tools.map((tool) => tool.description)).size).toBe(1_000);
    expect(catalogue.tools.every((tool) => /^[a-zA-Z0-9_-]{1,64}$/.test(tool.name))).toBe(true);
    const copy = catalogue.tools[exampleCatalogue.length]!;
    expect(copy.name).toBe(exampleCatalogue[0]!.name.replace("__", "_acme__"));
    expect(copy.inputSchema).toEqual(catalogue.tools[0]!.inputSchema);
    // Real schemas: far heavier than a generated tool's bare object.
    expect(meanToolChars(catalogue)).toBeGreaterThan(500);
  });

  it("is a catalogue createToolSearch accepts, and its first query finds something", async () => {
    const toolSearch = await createToolSearch({ tools: catalogue.tools as never, ranker: "bm25" });
    try {
      expect((await toolSearch.search(catalogue.queries[0]!, { limit: 5 })).length).toBeGreaterThan(0);
    } finally {
      await toolSearch.close();
    }
  });
});

describe("measureColdStart", () => {
  const project = mkdtempSync(join(tmpdir(), "toolsift-cold-start-test-"));
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it("runs each case in fresh processes with its node flags, each in its own empty working directory, and keeps medians and samples", async () => {
    const caches: string[] = [];
    const flags: string[] = [];
    let calls = 0;
    const run = await measureColdStart(project, {
      processes: 3,
      tools: 20,
      probe: (file, cwd, nodeArgs) => {
        flags.push(nodeArgs.join(" "));
        // The default vector cache is under the working directory: no process may find another's.
        expect(readdirSync(cwd)).toEqual([]);
        expect(cwd.startsWith(project)).toBe(false);
        mkdirSync(join(cwd, "node_modules", ".cache", "toolsift"), { recursive: true });
        caches.push(cwd);
        calls++;
        return { createAndSearchMs: calls * 10, peakRssMB: 100 + calls, rssMB: 90, importMs: 5, file };
      },
    });
    expect(run.error).toBeUndefined();
    expect(run.catalogues.map((entry) => [entry.catalogue, entry.tools])).toEqual([
      ["realistic", 20],
      ["realistic, node --max-semi-space-size=2", 20],
      ["tiny", 20],
    ]);
    expect(run.catalogues[0]!.createAndSearchMs).toEqual({ median: 20, samples: [10, 20, 30] });
    expect(run.catalogues[2]!.peakRssMB.median).toBe(108);
    expect(flags).toEqual([
      "",
      "",
      "",
      "--max-semi-space-size=2",
      "--max-semi-space-size=2",
      "--max-semi-space-size=2",
      "",
      "",
      "",
    ]);
    expect(new Set(caches).size).toBe(9);
    // Each cache folder is removed after its process.
    expect(caches.some((cache) => existsSync(cache))).toBe(false);
    expect(run.catalogues[0]!.toolChars).toBeGreaterThan(run.catalogues[2]!.toolChars);
  });

  it("reports a failed probe as an error, not a throw", async () => {
    const run = await measureColdStart(project, {
      processes: 1,
      tools: 5,
      probe: () => {
        throw new Error("node exited with 1");
      },
    });
    expect(run).toMatchObject({ catalogues: [], error: "node exited with 1" });
  });

  it("has a probe that creates the hybrid by name, searches, and reports time, RSS and peak RSS (run against the sources)", async () => {
    await measureColdStart(project, {
      processes: 1,
      tools: 30,
      probe: () => ({ createAndSearchMs: 1, peakRssMB: 1, rssMB: 1, importMs: 1 }),
    });
    const cache = mkdtempSync(join(tmpdir(), "toolsift-cold-start-cache-"));
    // This process holds 1 GB while it starts the probe: on Linux the probe's maxRSS would start
    // at that peak, and its own figure must not.
    const ballast = Buffer.alloc(1024 * 1024 * 1024, 1);
    try {
      const result = runProbe(COLD_START_PROBE, [join(project, "cold-start-realistic.json")], {
        cwd: cache,
        // By path: a bare "tsx" would resolve from the empty working directory.
        nodeArgs: ["--import", pathToFileURL(join(REPO_ROOT, "node_modules", "tsx", "dist", "loader.mjs")).href],
        env: { TOOLSIFT_BENCH_MODULE: pathToFileURL(join(REPO_ROOT, "src", "index.ts")).href },
      });
      expect(result.tools).toBe(30);
      expect(numberField(result, "matches")).toBeGreaterThan(0);
      expect(numberField(result, "createAndSearchMs")).toBeGreaterThan(0);
      // From the process's start: the import and the catalogue come before the answer.
      expect(numberField(result, "firstAnswerMs")).toBeGreaterThan(numberField(result, "createAndSearchMs"));
      expect(numberField(result, "cpuMs")).toBeGreaterThan(0);
      expect(numberField(result, "peakRssMB")).toBeGreaterThanOrEqual(numberField(result, "rssMB"));
      expect(numberField(result, "peakRssMB")).toBeLessThan(ballast.length / 1024 / 1024 / 2);
      // The vectors went to the default cache under the working directory, not the repository's.
      expect(readdirSync(join(cache, "node_modules", ".cache", "toolsift")).length).toBeGreaterThan(0);
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  }, 60_000);
});
