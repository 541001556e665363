import { describe, expect, it } from "vitest";
import { thrownBy } from "../../../test/support/thrown-by.js";
import { ConfigError } from "../settings/config-error.js";
import { LOCK_LIMITS, parseLock, pinEntryOf, serializeLock, type PinEntry } from "./tool-lock.js";
import type { PinnedDefinition } from "./tool-fingerprint.js";

const SHA = "c".repeat(64);
const FIX = "restore it from version control.";
const definition = (more: Partial<PinnedDefinition> = {}): PinnedDefinition => ({
  name: "gh__echo",
  description: "Echo the text.",
  inputSchema: { type: "object" },
  annotations: { destructive: true, openWorld: false },
  tags: [],
  ...more,
});

const lockOf = (tools: Record<string, unknown>) => ({ lockfileVersion: 1, tools });
const pinned = (more: Record<string, unknown> = {}) => ({ server: "gh", tool: "echo", sha256: SHA, ...more });
const problemOf = (value: unknown) => thrownBy(() => parseLock(value, "/etc/toolsift.lock.json", FIX), ConfigError);

describe("pinEntryOf", () => {
  it("keeps the whole definition beside its hash when it fits, with no cut and no empty tags", () => {
    expect(pinEntryOf(definition(), "gh", "echo", SHA)).toEqual({
      server: "gh",
      tool: "echo",
      sha256: SHA,
      description: "Echo the text.",
      inputSchema: { type: "object" },
      annotations: { destructive: true, openWorld: false },
    });
    expect(pinEntryOf(definition({ tags: ["Echo"] }), "gh", "echo", SHA).tags).toEqual(["Echo"]);
  });

  it("cuts a description past its bound to the bound, and keeps a schema of exactly the bound", () => {
    const long = "d".repeat(LOCK_LIMITS.descriptionChars + 1);
    const entry = pinEntryOf(definition({ description: long }), "gh", "echo", SHA);
    expect(entry.description).toBe(long.slice(0, LOCK_LIMITS.descriptionChars));
    expect(entry.cut).toEqual(["description"]);
    const exact = "d".repeat(LOCK_LIMITS.descriptionChars);
    expect(pinEntryOf(definition({ description: exact }), "gh", "echo", SHA)).not.toHaveProperty("cut");
    // {"a":"…"} is 8 characters around the text.
    const fits = { a: "s".repeat(LOCK_LIMITS.schemaChars - 8) };
    expect(pinEntryOf(definition({ inputSchema: fits }), "gh", "echo", SHA).inputSchema).toBe(fits);
  });

  it("keeps only the hash of a schema too long or too deep to write", () => {
    const long = { a: "s".repeat(LOCK_LIMITS.schemaChars - 7) };
    const entry = pinEntryOf(definition({ inputSchema: long }), "gh", "echo", SHA);
    expect(entry).not.toHaveProperty("inputSchema");
    expect(entry.cut).toEqual(["inputSchema"]);
    let deep: Record<string, unknown> = {};
    for (let depth = 0; depth < 2_000; depth++) deep = { d: deep };
    expect(pinEntryOf(definition({ inputSchema: deep }), "gh", "echo", SHA)).toMatchObject({ cut: ["inputSchema"] });
  });
});

describe("parseLock", () => {
  it("reads every field of an entry back as serializeLock wrote it", () => {
    const entry: PinEntry = {
      ...pinEntryOf(definition({ tags: ["Echo", "echo"] }), "gh", "echo", SHA),
      cut: ["description"],
    };
    const lock = new Map([["gh__echo", entry]]);
    expect(parseLock(JSON.parse(serializeLock(lock)), "lock", FIX)).toEqual(lock);
    // Optional fields may be absent.
    expect(parseLock(lockOf({ gh__echo: pinned() }), "lock", FIX).get("gh__echo")).toEqual(pinned());
  });

  it("refuses each damaged field, naming the file, the field and the fix", () => {
    const cases: [unknown, string, string][] = [
      [null, "", "must hold a JSON object, not null."],
      [[], "", "must hold a JSON object, not an empty array."],
      [{ tools: {} }, "lockfileVersion", "must be 1, not undefined."],
      [{ lockfileVersion: 1 }, "tools", "must be an object of pinned tools, not undefined."],
      [lockOf({ "gh echo": pinned() }), "tools.gh echo", "is not a tool name toolsift lists (server__tool)."],
      [lockOf({ [`gh__${"x".repeat(100)}`]: pinned() }), `tools.gh__${"x".repeat(76)}`, "is not a tool name"],
      [lockOf({ gh__echo: "pinned" }), "tools.gh__echo", 'must be an object, not "pinned" (a string).'],
      [lockOf({ gh__echo: pinned({ sha256: 7 }) }), "tools.gh__echo.sha256", "must be a string of at most 64"],
      [lockOf({ gh__echo: pinned({ sha256: SHA.toUpperCase() }) }), "tools.gh__echo.sha256", "lowercase hex"],
      [lockOf({ gh__echo: pinned({ sha256: `${SHA}0` }) }), "tools.gh__echo.sha256", "at most 64 characters"],
      [lockOf({ gh__echo: pinned({ server: "" }) }), "tools.gh__echo.server", "at most 64 characters, not"],
      [lockOf({ gh__echo: pinned({ server: "s".repeat(65) }) }), "tools.gh__echo.server", "at most 64"],
      [lockOf({ gh__echo: pinned({ tool: undefined }) }), "tools.gh__echo.tool", "at most 512 characters"],
      [lockOf({ gh__echo: pinned({ tool: "t".repeat(513) }) }), "tools.gh__echo.tool", "at most 512 characters"],
      [lockOf({ gh__echo: pinned({ description: 5 }) }), "tools.gh__echo.description", "at most 4000 characters"],
      [lockOf({ gh__echo: pinned({ description: "d".repeat(4_001) }) }), "tools.gh__echo.description", "at most 4000"],
      [lockOf({ gh__echo: pinned({ server: "g" }) }), "tools.gh__echo.server", "is not the server the name gh__echo"],
      [lockOf({ gh__echo: pinned({ inputSchema: [] }) }), "tools.gh__echo.inputSchema", "must be an object."],
      [
        lockOf({ gh__echo: pinned({ annotations: { destructive: true } }) }),
        "tools.gh__echo.annotations",
        'must be {"destructive": true|false, "openWorld": true|false}.',
      ],
      [lockOf({ gh__echo: pinned({ annotations: { openWorld: false } }) }), "tools.gh__echo.annotations", "must be {"],
      [lockOf({ gh__echo: pinned({ annotations: "destructive" }) }), "tools.gh__echo.annotations", "must be {"],
      [lockOf({ gh__echo: pinned({ tags: "echo" }) }), "tools.gh__echo.tags", "must be an array of strings."],
      [lockOf({ gh__echo: pinned({ tags: ["echo", 1] }) }), "tools.gh__echo.tags", "must be an array of strings."],
      [lockOf({ gh__echo: pinned({ cut: "description" }) }), "tools.gh__echo.cut", 'must list "description"'],
      [lockOf({ gh__echo: pinned({ cut: ["tags"] }) }), "tools.gh__echo.cut", 'and/or "inputSchema".'],
    ];
    for (const [value, field, problem] of cases) {
      const error = problemOf(value);
      expect({ field, message: error.message }).toEqual({
        field,
        message: expect.stringContaining(problem),
      });
      expect(error.message).toContain(`The lock is damaged: ${FIX}`);
      expect(error.message).toContain("/etc/toolsift.lock.json");
      if (field !== "") expect(error.message).toContain(field);
    }
  });
});

describe("parseLock and serializeLock, exactly", () => {
  it("words a lock that is no object with no field, and quotes at most 80 characters of a bad name", () => {
    expect(problemOf(null).message).toBe(
      `/etc/toolsift.lock.json: must hold a JSON object, not null. The lock is damaged: ${FIX}`,
    );
    const name = `gh ${"x".repeat(100)}`;
    const message = problemOf(lockOf({ [name]: pinned() })).message;
    expect(message).toContain(`tools.${name.slice(0, 80)} is not a tool name`);
    expect(message).not.toContain(name);
  });

  it("takes each field that cut may list, and nothing else among them", () => {
    for (const cut of [["inputSchema"], ["description"], ["description", "inputSchema"], []]) {
      expect(parseLock(lockOf({ gh__echo: pinned({ cut }) }), "lock", FIX).get("gh__echo")?.cut).toEqual(cut);
    }
    expect(problemOf(lockOf({ gh__echo: pinned({ cut: ["description", "tags"] }) })).message).toContain(
      'tools.gh__echo.cut must list "description" and/or "inputSchema".',
    );
    expect(parseLock(lockOf({ gh__echo: pinned() }), "lock", FIX).get("gh__echo")).not.toHaveProperty("description");
  });

  it("heads the file with what it is and how to review it", () => {
    const text = serializeLock(new Map());
    expect(JSON.parse(text)).toEqual({
      comment:
        "Pinned upstream tool definitions, written by toolsift. Review what changed with `toolsift inspect --config <file>`; accept it with `toolsift pin --config <file>`.",
      lockfileVersion: 1,
      tools: {},
    });
  });

  it("past its size, drops the text of the largest entries first, and only as many as it must", () => {
    const big = "w".repeat(LOCK_LIMITS.descriptionChars);
    const lock = new Map<string, PinEntry>();
    for (let index = 0; index < 2_100; index++) {
      const entry = pinEntryOf(
        definition({ description: big }),
        "s",
        `t${index}`,
        index.toString(16).padStart(64, "0"),
      );
      // The largest come last, so only the order by size strips them first.
      lock.set(`s__t${index}`, index >= 2_097 ? { ...entry, tags: ["x".repeat(3_000)] } : entry);
    }
    const text = serializeLock(lock);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(LOCK_LIMITS.maxBytes);
    const tools = (JSON.parse(text) as { tools: Record<string, PinEntry> }).tools;
    // The three largest (with tags) lose their text first; the rest keep theirs as long as they fit.
    for (const name of ["s__t2097", "s__t2098", "s__t2099"]) {
      expect(tools[name]).toEqual({
        server: "s",
        tool: name.slice(3),
        sha256: lock.get(name)!.sha256,
        annotations: { destructive: true, openWorld: false },
        cut: ["description", "inputSchema"],
      });
    }
    const bare = Object.values(tools).filter((entry) => entry.description === undefined).length;
    expect(bare).toBeGreaterThan(3);
    expect(bare).toBeLessThan(300);
    expect(Object.keys(tools)).toHaveLength(2_100);
  });
});
