import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { sampleTools, toolUse } from "../../test/support/sample-tools.js";
import { OptionsError } from "../errors.js";
import type { ToolSearchEvent } from "../events.js";
import { FileMissStore, MemoryMissStore, hashRequest, parseMissRecord, type MissStore } from "../learning/index.js";
import { createToolSearch, type ToolSearch } from "./tool-search.js";
import type { ToolSearchOptions } from "./tool-search-options.js";

const LOW = { toolSearchThresholdTokens: 100 };
/** Words no sample tool uses: no ranker finds anything for them. */
const PRIVATE_QUERY = "zxqv wobbleflorp the quarterly gizmo";
const SLACK_INPUT = { channel: "#ops", text: "deploy done" };

const open: ToolSearch[] = [];
const folders: string[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((toolSearch) => toolSearch.close()));
});
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

async function searchWith(options: Partial<ToolSearchOptions>) {
  const events: ToolSearchEvent[] = [];
  const toolSearch = await createToolSearch({
    tools: sampleTools(),
    tuning: LOW,
    semanticFallback: false,
    onEvent: (event) => events.push(event),
    ...options,
  });
  open.push(toolSearch);
  return { toolSearch, events };
}

/** A session that searches for nothing findable, then finds and posts to Slack, then ends. */
async function missThenFind(toolSearch: ToolSearch, scope?: string) {
  const session = toolSearch.session("run-1", scope ? { scope } : {});
  await session.execute(toolUse("search_tools", { query: PRIVATE_QUERY }, "toolu_1"));
  await session.execute(toolUse("slack__send_it", {}, "toolu_2"));
  await session.execute(toolUse("search_tools", { query: "post a message to a slack channel" }, "toolu_3"));
  await session.execute(toolUse("slack__post_message", SLACK_INPUT, "toolu_4"));
  toolSearch.endSession("run-1");
  await toolSearch.flushMisses();
}

async function folder() {
  const made = await mkdtemp(join(tmpdir(), "toolsift-misses-"));
  folders.push(made);
  return made;
}

describe("createToolSearch({ misses })", () => {
  it("records a session's misses in its scope, with the tool it used next and that tool's server", async () => {
    const store = new MemoryMissStore();
    const { toolSearch, events } = await searchWith({ misses: { store } });
    await missThenFind(toolSearch, "acme");
    const misses = await store.misses();
    expect(
      misses
        .map(({ kind, scope, answer, server }) => ({ kind, scope, answer, server }))
        .sort((a, b) => a.kind.localeCompare(b.kind)),
    ).toEqual([
      { kind: "empty", scope: "acme", answer: "slack__post_message", server: "slack" },
      { kind: "unknown-tool", scope: "acme", answer: "slack__post_message", server: "slack" },
    ]);
    const key = await store.key();
    const empty = misses.find((miss) => miss.kind === "empty")!;
    expect(empty.request).toEqual({ hash: hashRequest(key, PRIVATE_QUERY), length: PRIVATE_QUERY.length });
    expect(misses.every((miss) => parseMissRecord(miss) !== undefined)).toBe(true);
    expect(
      events
        .filter((event) => event.type === "miss")
        .map((event) => event.kind)
        .sort(),
    ).toEqual(["empty", "unknown-tool"]);
  });

  it("records nothing and sends no miss event when off", async () => {
    const { toolSearch, events } = await searchWith({});
    await missThenFind(toolSearch);
    expect(events.some((event) => event.type === "miss")).toBe(false);
    expect(events.some((event) => event.type === "search")).toBe(true);
  });

  it("takes true, a store alone, or { store, recordText }", async () => {
    const { toolSearch, events } = await searchWith({ misses: true });
    await missThenFind(toolSearch);
    expect(events.filter((event) => event.type === "miss")).toHaveLength(2);
    const store = new MemoryMissStore();
    const alone = await searchWith({ misses: store });
    await missThenFind(alone.toolSearch);
    expect(await store.misses()).toHaveLength(2);
  });

  it.each([
    ["a number", 3, "must be true, false, a MissStore"],
    ["a store without key()", { store: { add: async () => {}, misses: async () => [] } }, "must implement MissStore"],
    ["recordText not a boolean", { recordText: "yes" }, "recordText must be true or false"],
    ["an unknown field", { recordTxt: true }, "misses.recordTxt is not an option"],
  ])("refuses %s with an invalid_misses error", async (_, misses, message) => {
    const attempt = createToolSearch({ tools: sampleTools(), misses: misses as never });
    await expect(attempt).rejects.toThrow(OptionsError);
    await expect(createToolSearch({ tools: sampleTools(), misses: misses as never })).rejects.toMatchObject({
      code: "invalid_misses",
      message: expect.stringContaining(message),
    });
  });

  it("tells a store that fails as a misses_store_failed warning, and the session goes on", async () => {
    const failing: MissStore = {
      add: async () => {
        throw new Error("disk full");
      },
      misses: async () => [],
      key: async () => new Uint8Array(32),
    };
    const { toolSearch, events } = await searchWith({ misses: failing });
    await missThenFind(toolSearch);
    expect(events.filter((event) => event.type === "warning").map((event) => event.code)).toContain(
      "misses_store_failed",
    );
  });
});

describe("misses and privacy", () => {
  /** Every byte the file store wrote under its folder, as text. */
  async function bytesUnder(directory: string): Promise<string> {
    const names = await readdir(directory);
    const texts = await Promise.all(names.map((name) => readFile(join(directory, name), "latin1")));
    return texts.join("\n");
  }

  it("keeps no request text in the file store by default, only its keyed hash and length", async () => {
    const cacheDir = await folder();
    const { toolSearch } = await searchWith({ misses: { store: new FileMissStore({ cacheDir }) } });
    await missThenFind(toolSearch);
    const bytes = await bytesUnder(cacheDir);
    expect(bytes).toContain('"kind":"empty"');
    expect(bytes).not.toContain("wobbleflorp");
    expect(bytes).not.toContain("slack__send_it");
  });

  it("keeps the request text with recordText: true", async () => {
    const cacheDir = await folder();
    const { toolSearch } = await searchWith({ misses: { store: new FileMissStore({ cacheDir }), recordText: true } });
    await missThenFind(toolSearch);
    const bytes = await bytesUnder(cacheDir);
    expect(bytes).toContain(PRIVATE_QUERY);
    expect(bytes).toContain("slack__send_it");
  });
});
