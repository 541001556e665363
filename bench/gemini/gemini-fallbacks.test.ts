import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { tuningDatasetPaths } from "../tuning/tuning-datasets.js";
import { countFallbacks, datasetWireTools, exampleWireTools } from "./gemini-fallbacks.js";

const shared = (await tuningDatasetPaths()).filter((path) => !path.endsWith("toolsift-servers.json"));

describe("every schema converts to a declaration Gemini's documented check accepts", () => {
  it("the example catalogue", () => {
    const counts = countFallbacks("examples", exampleWireTools());
    expect(counts.tools).toBeGreaterThan(50);
    expect(counts.refused).toStrictEqual([]);
  });

  it.skipIf(shared.length === 0)(
    `every shared dataset${shared.length === 0 ? " (skipped: no ../shared/datasets; set TOOLSIFT_SHARED_DATASETS)" : ""}`,
    async () => {
      for (const path of shared) {
        if (!existsSync(path)) continue;
        const counts = countFallbacks(path, await datasetWireTools(path));
        expect(counts.refused, path).toStrictEqual([]);
      }
    },
    120_000,
  );
});
