import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { ModelBuildError } from "./model-build-error.js";
import {
  checkPackageManifest,
  fetchPackageTarball,
  integrityOf,
  type PinnedPackage,
  readPinnedTarball,
  readTarballFiles,
} from "./npm-package.js";

const scratch = mkdtempSync(join(tmpdir(), "toolsift-npm-package-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
afterEach(() => vi.unstubAllEnvs());

describe("integrityOf", () => {
  it("is the sha512 subresource-integrity string npm records", () => {
    expect(integrityOf(new Uint8Array())).toBe(
      "sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg==",
    );
  });
});

describe("readTarballFiles", () => {
  // A tarball laid out like an npm package, made by the system tar.
  const root = join(scratch, "src");
  mkdirSync(join(root, "package", "nested"), { recursive: true });
  writeFileSync(join(root, "package", "package.json"), '{"name":"x","version":"1.0.0"}');
  const big = "v".repeat(1500); // spans several 512-byte blocks
  writeFileSync(join(root, "package", "nested", "data.json"), big);
  writeFileSync(join(root, "package", "README.md"), "readme");
  const tgz = join(scratch, "x-1.0.0.tgz");
  execFileSync("tar", ["-czf", tgz, "-C", root, "package"]);

  it("returns the wanted files' bytes", () => {
    const files = readTarballFiles(readFileSync(tgz), ["package/package.json", "package/nested/data.json"]);
    expect(files.get("package/package.json")?.toString()).toBe('{"name":"x","version":"1.0.0"}');
    expect(files.get("package/nested/data.json")?.toString()).toBe(big);
    expect(files.has("package/README.md")).toBe(false);
  });

  it("names wanted files the tarball lacks", () => {
    expect(() => readTarballFiles(readFileSync(tgz), ["package/missing.json"])).toThrow(/lacks package\/missing.json/);
  });
});

describe("checkPackageManifest", () => {
  const pinned: PinnedPackage = { name: "x", version: "1.0.0", integrity: "sha512-unused" };

  it("accepts the pinned release and names the one a tarball holds instead", () => {
    expect(() => checkPackageManifest(pinned, Buffer.from('{"name":"x","version":"1.0.0"}'))).not.toThrow();
    const other = () => checkPackageManifest(pinned, Buffer.from('{"name":"x","version":"1.0.1"}'));
    expect(other).toThrow(ModelBuildError);
    expect(other).toThrow("tarball holds x@1.0.1, expected x@1.0.0");
  });
});

describe("readPinnedTarball with a tarball the user brings", () => {
  const file = join(scratch, "brought.tgz");
  writeFileSync(file, "the pinned bytes");
  const pinned: PinnedPackage = {
    name: "x",
    version: "1.0.0",
    integrity: integrityOf(Buffer.from("the pinned bytes")),
  };
  const cacheDir = join(scratch, "never-made");

  it("reads it when its integrity is the pinned one, and downloads nothing", () => {
    expect(readPinnedTarball(pinned, { cacheDir, tarball: file }).toString()).toBe("the pinned bytes");
    expect(existsSync(cacheDir)).toBe(false);
  });

  it("refuses any other bytes, naming the file and both integrities", () => {
    const other = { ...pinned, integrity: integrityOf(Buffer.from("other bytes")) };
    const error = thrown(() => readPinnedTarball(other, { cacheDir, tarball: file }));
    expect(error).toBeInstanceOf(ModelBuildError);
    expect(error).toMatchObject({ code: "integrity_mismatch" });
    expect((error as Error).message).toContain(file);
    expect((error as Error).message).toContain(pinned.integrity);
    expect((error as Error).message).toContain(other.integrity);
  });

  it("says so when the file is missing or a folder", () => {
    for (const tarball of [join(scratch, "missing.tgz"), scratch]) {
      const error = thrown(() => readPinnedTarball(pinned, { cacheDir, tarball }));
      expect(error, tarball).toMatchObject({ code: "source_invalid" });
      expect((error as Error).message).toContain(tarball);
    }
  });
});

describe("fetchPackageTarball without the registry", () => {
  it("fails with download_failed, naming the package, and leaves no tarball behind", () => {
    const cacheDir = join(scratch, "offline-cache");
    // npm's offline mode with an empty npm cache: a registry that cannot be reached, without waiting on one.
    vi.stubEnv("npm_config_offline", "true");
    vi.stubEnv("npm_config_cache", join(scratch, "empty-npm-cache"));
    const error = thrown(() =>
      fetchPackageTarball({ name: "@toolsift-test/not-cached", version: "1.0.0", integrity: "sha512-x" }, cacheDir),
    );
    expect(error).toMatchObject({ code: "download_failed" });
    expect((error as Error).message).toMatch(/npm pack @toolsift-test\/not-cached@1\.0\.0 failed.*registry/);
    expect(existsSync(join(cacheDir, "toolsift-test-not-cached-1.0.0.tgz"))).toBe(false);
  });
});

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}
