import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OptionsError } from "../../src/errors.js";
import { generateSkewedCatalogue } from "./generate-skewed-catalogue.js";
import { PERSISTENT_RANKERS, measurePersistedReload } from "./persisted-reload.js";

describe("measurePersistedReload", () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "persisted-reload-test-"));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it.each(Object.keys(PERSISTENT_RANKERS))(
    "%s: a new instance on the same cacheDir embeds nothing and answers as the built one",
    async (id) => {
      const dataset = generateSkewedCatalogue({ size: 60, queries: 12, seed: 7 });
      const run = await measurePersistedReload(id, dataset, { tempRoot: root });
      expect(run.error).toBeUndefined();
      expect(run.size).toBe(60);
      expect(run.embeddedDuringBuild).toBe(60);
      expect(run.embeddedDuringReload).toBe(0);
      expect(run.cacheMB).toBeGreaterThan(0);
      expect(run.recallAt5Reloaded).toBe(run.recallAt5Built);
      expect(run.recallAt5Built).toBeGreaterThan(0);
      expect(run.reloadMs).toBeGreaterThan(0);
      expect(await readdir(root)).toEqual([]);
    },
  );

  it("rejects a ranker without a persistent index", async () => {
    await expect(measurePersistedReload("bm25", generateSkewedCatalogue({ size: 5, queries: 1 }))).rejects.toThrow(
      OptionsError,
    );
  });
});
