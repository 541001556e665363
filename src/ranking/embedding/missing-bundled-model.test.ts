import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { ModelError } from "../../errors.js";

// The bundled model, as an installed package whose install went wrong would have it: a folder of
// its own here, so this file can take files away from it.
const bundled = vi.hoisted(() => ({ dir: "" }));
vi.mock("./bundled-model.js", async () => {
  const { mkdtempSync: makeTemp } = await import("node:fs");
  const { tmpdir: temp } = await import("node:os");
  const { join: joinPath } = await import("node:path");
  bundled.dir = joinPath(makeTemp(joinPath(temp(), "toolsift-bundled-")), "use-lite-sif");
  return { BUNDLED_MODEL_DIR: bundled.dir };
});

const { loadEmbedder } = await import("./load-embedder.js");
const REAL_MODEL = join(import.meta.dirname, "..", "..", "..", "models", "use-lite-sif");
const scratch = mkdtempSync(join(tmpdir(), "toolsift-own-model-"));

afterAll(() => {
  rmSync(join(bundled.dir, ".."), { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

async function failure(options: Parameters<typeof loadEmbedder>[0] = {}): Promise<ModelError> {
  const error = await loadEmbedder(options).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ModelError);
  return error as ModelError;
}

describe("a missing or damaged bundled model", () => {
  it("tells a package user to reinstall or pass a model of their own, and the repository's build only as such", async () => {
    const error = await failure();
    expect(error.code).toBe("model_not_found");
    expect(error.message).toContain(bundled.dir);
    expect(error.message).toContain("the install is broken or partial: reinstall toolsift");
    expect(error.message).toContain("pass `model` the folder of a model of your own");
    expect(error.message).toContain("In a clone of the toolsift repository, build it with `npm run model:build`.");
  });

  it("says the same of a bundled model missing a file or with a damaged one", async () => {
    cpSync(REAL_MODEL, bundled.dir, { recursive: true });
    rmSync(join(bundled.dir, "tokenizer.json"));
    const missingFile = await failure();
    expect(missingFile.code).toBe("model_not_found");
    expect(missingFile.message).toContain("reinstall toolsift");

    cpSync(join(REAL_MODEL, "tokenizer.json"), join(bundled.dir, "tokenizer.json"));
    writeFileSync(
      join(bundled.dir, "onnx", "model.onnx"),
      "version https://git-lfs.github.com/spec/v1\noid sha256:0000\nsize 42\n",
    );
    const damaged = await failure();
    expect(damaged.code).toBe("model_corrupt");
    expect(damaged.message).toContain("reinstall toolsift");
  });

  it("does not tell the owner of another model to reinstall toolsift", async () => {
    const own = join(scratch, "my-model");
    cpSync(REAL_MODEL, own, { recursive: true });
    writeFileSync(join(own, "onnx", "model.onnx"), "not onnx");
    const damaged = await failure({ model: own });
    expect(damaged.code).toBe("model_corrupt");
    expect(damaged.message).toContain("download the model's files again.");
    expect(damaged.message).not.toContain("reinstall");
    expect(damaged.message).not.toContain("model:build");
  });
});
