import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readVectorCache, writeVectorCache } from "./vector-cache.js";

describe("the model build's vector cache", () => {
  let dir: string;
  let path: string;
  const vectors = Float32Array.from({ length: 12 }, (_, i) => i / 7 - 0.5);
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "toolsift-vector-cache-"));
    path = join(dir, "nested", "vectors.f32");
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("reads back what it wrote", () => {
    writeVectorCache(path, vectors);
    expect(readVectorCache(path, vectors.length)).toEqual(vectors);
  });

  it("is absent, silently, before the first write", () => {
    const lines: string[] = [];
    expect(readVectorCache(path, vectors.length, (line) => lines.push(line))).toBeUndefined();
    expect(lines).toEqual([]);
  });

  it("refuses a file of the right length whose bytes were damaged, and says so", () => {
    writeVectorCache(path, vectors);
    const bytes = readFileSync(path);
    bytes[5] = (bytes[5] as number) ^ 0xff;
    writeFileSync(path, bytes);
    const lines: string[] = [];
    expect(readVectorCache(path, vectors.length, (line) => lines.push(line))).toBeUndefined();
    expect(lines.join("\n")).toMatch(/damaged/);
  });

  it("refuses a file of another length, such as a cache without its digest", () => {
    writeFileSync(path.replace("nested/", ""), Buffer.from(vectors.buffer));
    expect(readVectorCache(path.replace("nested/", ""), vectors.length)).toBeUndefined();
    writeVectorCache(path, vectors);
    expect(readVectorCache(path, vectors.length + 1)).toBeUndefined();
  });
});
