import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { integrityOf, readTarballFiles } from "./npm-package.js";

const scratch = mkdtempSync(join(tmpdir(), "toolsift-npm-package-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

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
