import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { generateSkewedCatalogue } from "../scale/generate-skewed-catalogue.js";
import { numberField, parseProbeOutput, PROBE_FILES, probeCatalogue, runProbe, samplesOf } from "./measure-package.js";

const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

describe("probe results", () => {
  it("takes the last JSON object line of the output, after any other lines", () => {
    expect(parseProbeOutput('warming up\n{"importMs": 41.5}\n')).toEqual({ importMs: 41.5 });
    expect(parseProbeOutput('{"a": 1}\nnoise\n{"a": 2}')).toEqual({ a: 2 });
  });

  it("fails with the output when there is no result line, and names a missing field", () => {
    expect(() => parseProbeOutput("Error: Cannot find package 'toolsift'\n[1, 2]")).toThrow(
      /no JSON result:\nError: Cannot find package/,
    );
    expect(() => numberField({ importMs: "fast" }, "importMs")).toThrow(/no number "importMs"/);
    expect(numberField({ importMs: 12 }, "importMs")).toBe(12);
  });

  it("summarises process samples by their median and keeps them", () => {
    expect(samplesOf([30, 10, 20, 50, 40, 60, 1_000])).toEqual({
      median: 40,
      samples: [30, 10, 20, 50, 40, 60, 1_000],
    });
  });
});

describe("the probe scripts, run against the sources", () => {
  // The bench runs them against the packed package; here `TOOLSIFT_BENCH_MODULE` points them at
  // src/index.ts, loaded through tsx, so their logic is checked without a build.
  const work = mkdtempSync(join(tmpdir(), "toolsift-probe-test-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const options = {
    cwd: REPO_ROOT,
    nodeArgs: ["--import", "tsx"],
    env: { TOOLSIFT_BENCH_MODULE: pathToFileURL(join(REPO_ROOT, "src", "index.ts")).href },
  };
  const catalogue = join(work, "catalogue.json");
  writeFileSync(
    catalogue,
    JSON.stringify(probeCatalogue(generateSkewedCatalogue({ size: 200, queries: 12, seed: 3 }))),
  );

  it("import-time reports how long the import took and what it exported", () => {
    const result = runProbe(PROBE_FILES.importTime, [], options);
    expect(numberField(result, "importMs")).toBeGreaterThan(0);
    expect(numberField(result, "exports")).toBeGreaterThan(10);
  });

  it("hybrid-first-search creates a hybrid tool search, finds something, and reports time and RSS", () => {
    const result = runProbe(PROBE_FILES.hybridFirstSearch, [catalogue], options);
    expect(result.tools).toBe(200);
    expect(numberField(result, "matches")).toBeGreaterThan(0);
    expect(numberField(result, "createAndSearchMs")).toBeGreaterThan(0);
    expect(numberField(result, "rssMB")).toBeGreaterThan(10);
  });

  it("hybrid-build-search reports model load, build and one latency per query", () => {
    const result = runProbe(PROBE_FILES.hybridBuildSearch, [catalogue], options);
    expect(result.tools).toBe(200);
    expect(numberField(result, "buildMs")).toBeGreaterThan(0);
    expect(numberField(result, "modelLoadMs")).toBeGreaterThan(0);
    expect(result.searchMs).toHaveLength(12);
  });

  it("fails, quoting the process output, when the module cannot be imported", () => {
    expect(() =>
      runProbe(PROBE_FILES.importTime, [], { cwd: work, env: { TOOLSIFT_BENCH_MODULE: "toolsift-missing-package" } }),
    ).toThrow(/toolsift-missing-package/);
  });
});
