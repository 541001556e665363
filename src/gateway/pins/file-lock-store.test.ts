import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../settings/config-error.js";
import { FileLockStore } from "./file-lock-store.js";
import { LOCK_LIMITS, pinEntryOf, serializeLock, type PinEntry } from "./tool-lock.js";

const FIX = "restore it, or run toolsift pin --config mcp.json.";
const entry = (description: string, more: Partial<PinEntry> = {}): PinEntry => ({
  ...pinEntryOf(
    {
      name: "gh__echo",
      description,
      inputSchema: { type: "object" },
      annotations: { destructive: false, openWorld: false },
      tags: [],
    },
    "gh",
    "echo",
    "a".repeat(64),
  ),
  ...more,
});

function store(): { store: FileLockStore; file: string; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), "toolsift-lock-"));
  const file = join(dir, "toolsift.lock.json");
  return { store: new FileLockStore(file, FIX), file, dir };
}

describe("the lock file", () => {
  it("is empty before anything is pinned, and reads back what was written, sorted, one key per line", async () => {
    const { store: lock, file, dir } = store();
    expect((await lock.load()).size).toBe(0);
    await lock.save(
      new Map([
        ["zz__last", { ...entry("Last."), server: "zz", tool: "last" }],
        ["gh__echo", entry("Echo.")],
      ]),
    );
    const text = readFileSync(file, "utf8");
    expect(text.indexOf('"gh__echo"')).toBeLessThan(text.indexOf('"zz__last"'));
    expect(text).toMatch(/\n {6}"description": "Echo\.",\n/);
    expect(text.endsWith("}\n")).toBe(true);
    expect([...(await lock.load()).keys()]).toEqual(["gh__echo", "zz__last"]);
    expect((await lock.load()).get("gh__echo")).toEqual(entry("Echo."));
    // Written through a temporary file renamed over the lock: none is left behind.
    expect(readdirSync(dir)).toEqual(["toolsift.lock.json"]);
  });

  it("refuses a damaged lock with what is wrong and how to fix it", async () => {
    const { store: lock, file } = store();
    const damaged = [
      ["<<<<<<< HEAD\n{}", /is not valid JSON at line \d+/],
      ['{"lockfileVersion": 2, "tools": {}}', /lockfileVersion must be 1, not 2/],
      ['{"lockfileVersion": 1, "tools": []}', /tools must be an object/],
      [
        '{"lockfileVersion": 1, "tools": {"gh__echo": {"server": "gh", "tool": "echo", "sha256": "nothex"}}}',
        /tools\.gh__echo\.sha256 must be 64 lowercase hex digits/,
      ],
      [
        `{"lockfileVersion": 1, "tools": {"gh__echo": {"server": "other", "tool": "echo", "sha256": "${"b".repeat(64)}"}}}`,
        /tools\.gh__echo\.server is not the server the name gh__echo starts with/,
      ],
    ] as const;
    for (const [text, problem] of damaged) {
      writeFileSync(file, text);
      const error = await lock.load().then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(problem);
      expect((error as Error).message).toContain(FIX);
    }
  });

  it("is read with the bounded reader: a file past the limit is refused before it is read", async () => {
    const { store: lock, file } = store();
    writeFileSync(file, " ".repeat(LOCK_LIMITS.maxBytes + 1));
    await expect(lock.load()).rejects.toThrow(/holds \d+ bytes, more than the 8 MiB toolsift reads/);
  });

  it("keeps every hash past the size limit, dropping the text of the largest entries first", () => {
    const big = "w".repeat(LOCK_LIMITS.descriptionChars);
    const many = new Map<string, PinEntry>();
    for (let index = 0; index < 2_500; index++)
      many.set(`s__t${index}`, {
        ...entry(big),
        server: "s",
        tool: `t${index}`,
        sha256: index.toString(16).padStart(64, "0"),
      });
    const text = serializeLock(many);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(LOCK_LIMITS.maxBytes);
    const parsed = JSON.parse(text) as { tools: Record<string, PinEntry> };
    expect(Object.keys(parsed.tools)).toHaveLength(2_500);
    expect(Object.values(parsed.tools).filter((pinned) => pinned.description === undefined).length).toBeGreaterThan(0);
  });
});

describe("the lock file, watched and written", () => {
  it("tells of a replacement from outside, not of its own writes, and stops when asked", async () => {
    const { store: lock, file } = store();
    await lock.save(new Map([["gh__echo", entry("Echo.")]]));
    let changes = 0;
    const stop = lock.watch(() => changes++);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(changes).toBe(0);
    // `toolsift pin` writes a new file over it.
    writeFileSync(`${file}.new`, serializeLock(new Map([["gh__echo", entry("Echo again.")]])));
    renameSync(`${file}.new`, file);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(changes).toBe(1);
    await lock.load();
    stop();
    writeFileSync(file, serializeLock(new Map()));
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(changes).toBe(1);
  });

  it("leaves no temporary file behind when a write fails, and the old lock whole", async () => {
    const { store: lock, file, dir } = store();
    await lock.save(new Map([["gh__echo", entry("Echo.")]]));
    const before = readFileSync(file, "utf8");
    // A folder where the lock file is: the rename over it fails.
    const blocked = new FileLockStore(join(dir, "sub"), FIX);
    mkdirSync(join(dir, "sub", "x"), { recursive: true });
    await expect(blocked.save(new Map([["gh__echo", entry("Echo.")]]))).rejects.toThrow();
    expect(readdirSync(dir).sort()).toEqual(["sub", "toolsift.lock.json"]);
    expect(readdirSync(join(dir, "sub"))).toEqual(["x"]);
    expect(readFileSync(file, "utf8")).toBe(before);
    // And a lock in a folder that does not exist yet is written, folder and all.
    const nested = new FileLockStore(join(dir, "a", "b", "lock.json"), FIX);
    await nested.save(new Map());
    expect((await nested.load()).size).toBe(0);
  });

  it("says a lock that is not JSON is damaged, naming the fix once", async () => {
    const { store: lock, file } = store();
    writeFileSync(file, "{");
    const error = await lock.load().catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message.startsWith(`${file}: `)).toBe(true);
    expect(message).toMatch(/is not valid JSON/);
    expect(message.split(FIX)).toHaveLength(2);
    expect(message).toContain(`The lock is damaged: ${FIX}`);
  });
});
