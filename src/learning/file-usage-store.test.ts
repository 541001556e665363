import { execFile } from "node:child_process";
import {
  appendFileSync,
  chmodSync,
  chownSync,
  linkSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { FileUsageStore, LESSONS_FILE } from "./file-usage-store.js";
import type { Lesson } from "./lesson.js";
import { usageStoreContract } from "./usage-store-contract.fixture.js";

const run = promisify(execFile);
const WRITER = fileURLToPath(new URL("../../test/fixtures/file-store-writer.child.ts", import.meta.url));
const folder = () => mkdtempSync(join(tmpdir(), "toolsift-lessons-"));
const lesson = (query: string, at = 1_000, scope = "acme", tool = "mail__send"): Lesson => ({ scope, tool, query, at });

/** A store whose warnings are collected. */
function storeIn(cacheDir: string, caps: { maxLessonsPerTool?: number; maxLessonsPerScope?: number } = {}) {
  const warnings: { code: string; message: string }[] = [];
  const store = new FileUsageStore({
    cacheDir,
    ...caps,
    onWarning: (code, message) => warnings.push({ code, message }),
  });
  return { store, warnings };
}

describe("FileUsageStore", () => {
  usageStoreContract(async (caps) => new FileUsageStore({ cacheDir: folder(), ...caps }));

  it("keeps what it learned across a restart (a new instance on the same folder)", async () => {
    const cacheDir = folder();
    await new FileUsageStore({ cacheDir }).add([lesson("email the invoice"), lesson("send the report", 2_000)]);
    const restarted = new FileUsageStore({ cacheDir });
    expect((await restarted.lessons("acme")).map((kept) => kept.query).sort()).toEqual([
      "email the invoice",
      "send the report",
    ]);
  });

  it("sees lessons another instance appends after its first read", async () => {
    const cacheDir = folder();
    const reader = new FileUsageStore({ cacheDir });
    await reader.add([lesson("first")]);
    expect(await reader.lessons("acme")).toHaveLength(1);
    await new FileUsageStore({ cacheDir }).add([lesson("second", 2_000)]);
    expect((await reader.lessons("acme")).map((kept) => kept.query)).toEqual(["first", "second"]);
  });

  it("writes the file readable by its owner only: it holds user queries", async () => {
    const cacheDir = folder();
    await new FileUsageStore({ cacheDir }).add([lesson("private question")]);
    expect(statSync(join(cacheDir, LESSONS_FILE)).mode & 0o777).toBe(0o600);
  });

  it("drops a damaged record with a warning, keeps the rest, and rewrites the file clean", async () => {
    const cacheDir = folder();
    await new FileUsageStore({ cacheDir }).add([
      lesson("alpha query", 1),
      lesson("bravo query", 2),
      lesson("charlie query", 3),
    ]);
    const file = join(cacheDir, LESSONS_FILE);
    writeFileSync(file, readFileSync(file, "utf8").replace("bravo", "brAvo"));
    const { store, warnings } = storeIn(cacheDir);
    expect((await store.lessons("acme")).map((kept) => kept.query)).toEqual(["alpha query", "charlie query"]);
    expect(warnings).toEqual([
      { code: "learning_store_repaired", message: expect.stringContaining("1 records failed their check") },
    ]);
    expect(readFileSync(file, "utf8")).not.toContain("brAvo");
    const again = storeIn(cacheDir);
    expect(await again.store.lessons("acme")).toHaveLength(2);
    expect(again.warnings).toEqual([]);
  });

  it("survives a crash mid-write: the torn record is ignored, closed off by the next append, then healed", async () => {
    const cacheDir = folder();
    await new FileUsageStore({ cacheDir }).add([lesson("before the crash")]);
    const file = join(cacheDir, LESSONS_FILE);
    appendFileSync(file, '1a2b3c4d {"s":"acme","q":"half writ');
    const { store, warnings } = storeIn(cacheDir);
    // Unterminated: it could be an append still under way, so it is left alone.
    expect((await store.lessons("acme")).map((kept) => kept.query)).toEqual(["before the crash"]);
    expect(warnings).toEqual([]);
    await store.add([lesson("after the crash", 2_000)]);
    expect((await store.lessons("acme")).map((kept) => kept.query)).toEqual(["before the crash", "after the crash"]);
    expect(warnings.map((warning) => warning.code)).toEqual(["learning_store_repaired"]);
    expect(readFileSync(file, "utf8")).not.toContain("half writ");
  });

  it("heals a file that is not a lessons file at all", async () => {
    const cacheDir = folder();
    writeFileSync(join(cacheDir, LESSONS_FILE), Buffer.from([0, 159, 146, 150, 10, 255, 10]), { mode: 0o600 });
    const { store, warnings } = storeIn(cacheDir);
    expect(await store.lessons("acme")).toEqual([]);
    expect(warnings.map((warning) => warning.code)).toEqual(["learning_store_repaired"]);
    await store.add([lesson("fresh start")]);
    expect(await new FileUsageStore({ cacheDir }).lessons("acme")).toHaveLength(1);
  });

  it("skips a record whose fields are not a lesson, even with a good checksum", async () => {
    const cacheDir = folder();
    const { crc32 } = await import("node:zlib");
    const json = JSON.stringify({ s: "acme", q: "x".repeat(600), t: "mail__send", a: 1 });
    writeFileSync(join(cacheDir, LESSONS_FILE), `${crc32(json).toString(16).padStart(8, "0")} ${json}\n`, {
      mode: 0o600,
    });
    const { store, warnings } = storeIn(cacheDir);
    expect(await store.lessons("acme")).toEqual([]);
    expect(warnings.map((warning) => warning.code)).toEqual(["learning_store_repaired"]);
  });

  it("erases a forgotten scope's queries from the file itself", async () => {
    const cacheDir = folder();
    const store = new FileUsageStore({ cacheDir });
    await store.add([lesson("acme's secret plan"), lesson("globex public plan", 1_000, "globex")]);
    await store.forget("acme");
    const text = readFileSync(join(cacheDir, LESSONS_FILE), "utf8");
    expect(text).not.toContain("secret");
    expect(text).toContain("globex public plan");
  });

  it("refuses a lessons file that is a symbolic link, and never follows it", async () => {
    const elsewhere = folder();
    await new FileUsageStore({ cacheDir: elsewhere }).add([lesson("planted lesson")]);
    const target = join(elsewhere, LESSONS_FILE);
    const before = readFileSync(target, "utf8");
    const cacheDir = folder();
    symlinkSync(target, join(cacheDir, LESSONS_FILE));
    const store = new FileUsageStore({ cacheDir });
    await expect(store.lessons("acme")).rejects.toThrow(/is a symbolic link; toolsift does not follow it/);
    await expect(store.add([lesson("private question")])).rejects.toThrow(/symbolic link/);
    await expect(store.forget("acme")).rejects.toThrow(/symbolic link/);
    expect(readFileSync(target, "utf8")).toBe(before);
    expect(lstatSync(join(cacheDir, LESSONS_FILE)).isSymbolicLink()).toBe(true);
  });

  it("sets a lessons file readable by others back to 0600, with a warning", async () => {
    const cacheDir = folder();
    await new FileUsageStore({ cacheDir }).add([lesson("private question")]);
    const file = join(cacheDir, LESSONS_FILE);
    chmodSync(file, 0o644);
    const { store, warnings } = storeIn(cacheDir);
    expect(await store.lessons("acme")).toHaveLength(1);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(warnings).toEqual([
      { code: "learning_store_repaired", message: expect.stringContaining("was mode 644; it is set to 600") },
    ]);
  });

  it.skipIf(process.getuid?.() !== 0)(
    "refuses a lessons file another user owns (as root, which can make one)",
    async () => {
      const cacheDir = folder();
      await new FileUsageStore({ cacheDir }).add([lesson("planted lesson")]);
      chownSync(join(cacheDir, LESSONS_FILE), 65_534, 65_534);
      await expect(new FileUsageStore({ cacheDir }).lessons("acme")).rejects.toThrow(
        /belongs to user 65534, not to this process's user 0/,
      );
    },
  );

  it("sees another instance's rewrite even when the file keeps the inode and the length it had (the generation changes)", async () => {
    const cacheDir = folder();
    const file = join(cacheDir, LESSONS_FILE);
    const reader = new FileUsageStore({ cacheDir });
    await reader.add([lesson("acme's secret plan"), lesson("globex public plan", 1_000, "globex")]);
    expect(await reader.lessons("acme")).toHaveLength(1);
    const { ino, size } = statSync(file);
    // Another instance forgets acme. Keeping the old inode alive and putting the rewritten
    // content back into it, padded to the old length, is what inode reuse can do by chance.
    const old = `${file}.old`;
    linkSync(file, old);
    await new FileUsageStore({ cacheDir }).forget("acme");
    const rewritten = readFileSync(file, "utf8");
    expect(rewritten.length).toBeLessThanOrEqual(size);
    writeFileSync(old, rewritten + "\n".repeat(size - Buffer.byteLength(rewritten)));
    renameSync(old, file);
    expect(statSync(file)).toMatchObject({ ino, size });
    expect(await reader.lessons("acme")).toEqual([]);
    expect((await reader.lessons("globex")).map((kept) => kept.query)).toEqual(["globex public plan"]);
  });

  it("writes each lesson's teacher, and reads records without one as an unknown teacher", async () => {
    const cacheDir = folder();
    await new FileUsageStore({ cacheDir }).add([
      { ...lesson("taught", 1), by: "0123456789abcdef" },
      { ...lesson("imported", 2), by: "import" },
      lesson("older record", 3),
    ]);
    expect(await new FileUsageStore({ cacheDir }).lessons("acme")).toEqual([
      { ...lesson("taught", 1), by: "0123456789abcdef" },
      { ...lesson("imported", 2), by: "import" },
      lesson("older record", 3),
    ]);
  });

  it("rewrites the file to its caps once it holds twice what they keep", async () => {
    const cacheDir = folder();
    const store = new FileUsageStore({ cacheDir, maxLessonsPerTool: 5, maxLessonsPerScope: 5 });
    for (let i = 0; i < 300; i++) await store.add([lesson(`query ${i}`, i)]);
    await store.lessons("acme");
    // Never more than 2 × kept + 1,000 records, and down to the caps at the last rewrite.
    for (let i = 300; i < 1_100; i++) await store.add([lesson(`query ${i}`, i)]);
    const lines = readFileSync(join(cacheDir, LESSONS_FILE), "utf8").trim().split("\n").length;
    expect(lines).toBeLessThanOrEqual(2 * 5 + 1_000);
    expect((await store.lessons("acme")).map((kept) => kept.at)).toEqual([1_095, 1_096, 1_097, 1_098, 1_099]);
  });

  it("breaks a lock left by a process that died holding it", async () => {
    const cacheDir = folder();
    const lock = join(cacheDir, `${LESSONS_FILE}.lock`);
    writeFileSync(lock, "99999999\n");
    const old = (Date.now() - 60_000) / 1_000;
    utimesSync(lock, old, old);
    const store = new FileUsageStore({ cacheDir });
    await store.add([lesson("after a stale lock")]);
    expect(await store.lessons("acme")).toHaveLength(1);
  });

  it("loses nothing when several processes write and rewrite the file at once", async () => {
    const cacheDir = folder();
    const writers = ["1", "2", "3"];
    const outputs = await Promise.all(
      writers.map((writer) =>
        run(process.execPath, ["--import", "tsx", WRITER, cacheDir, writer], { timeout: 60_000 }),
      ),
    );
    expect(outputs.map((output) => output.stdout)).toEqual(["done", "done", "done"]);
    const { store, warnings } = storeIn(cacheDir, { maxLessonsPerTool: 1_000, maxLessonsPerScope: 10_000 });
    for (const writer of writers) {
      const kept = await store.lessons(`writer-${writer}`);
      expect(new Set(kept.map((entry) => entry.query)).size).toBe(60);
      // The last forget came after the last scratch lesson.
      expect(await store.lessons(`scratch-${writer}`)).toEqual([]);
    }
    expect(warnings).toEqual([]);
  });
});
