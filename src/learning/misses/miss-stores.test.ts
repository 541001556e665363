import { appendFile, mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FileMissStore } from "./file-miss-store.js";
import { MemoryMissStore } from "./memory-miss-store.js";
import { missRecord, missStoreContract } from "./miss-store-contract.fixture.js";

describe("MemoryMissStore", () => {
  missStoreContract(async (maxRecords) => new MemoryMissStore({ maxRecords }));
});

describe("FileMissStore", () => {
  const folders: string[] = [];
  afterAll(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });
  missStoreContract(async (maxRecords) => {
    const folder = await mkdtemp(join(tmpdir(), "toolsift-misses-"));
    folders.push(folder);
    return new FileMissStore({ cacheDir: folder, maxRecords });
  });

  const folder = async () => {
    const made = await mkdtemp(join(tmpdir(), "toolsift-misses-"));
    folders.push(made);
    return made;
  };

  it("skips damaged lines with a warning, and keeps the good ones", async () => {
    const cacheDir = await folder();
    const warnings: string[] = [];
    const store = new FileMissStore({ cacheDir, onWarning: (code) => warnings.push(code) });
    const [first, second] = [missRecord("s", 1), missRecord("s", 2)];
    await store.add([first!]);
    await appendFile(store.file, 'deadbeef {"id":"forged"}\nnot a record at all\n');
    await store.add([second!]);
    expect(await store.misses()).toEqual([second, first]);
    expect(warnings).toContain("misses_store_repaired");
  });

  it("makes its key once, mode 0600, and every instance over the folder reads the same one", async () => {
    const cacheDir = await folder();
    const one = new FileMissStore({ cacheDir });
    const key = Buffer.from(await one.key());
    expect((await stat(one.keyFile)).mode & 0o777).toBe(0o600);
    expect(Buffer.from(await new FileMissStore({ cacheDir }).key()).equals(key)).toBe(true);
  });

  it("refuses a damaged key file rather than hashing with a guessable key", async () => {
    const cacheDir = await folder();
    const store = new FileMissStore({ cacheDir });
    await writeFile(store.keyFile, "0000\n", { mode: 0o600 });
    await expect(store.key()).rejects.toThrow(/does not hold a 32-byte hex key/);
  });
});
