import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { describePostgres, dropTable, scratchTable } from "../../test/support/postgres.js";
import { sampleTools, toolUse } from "../../test/support/sample-tools.js";
import { FileUsageStore, PostgresUsageStore, type LearningOptions, type UsageStore } from "../learning/index.js";
import type { ToolDefinition } from "../catalogue/index.js";
import { createToolSearch, type ToolSearch } from "./tool-search.js";

// The audit's attacks on learning from use, each through real sessions and a real store: one
// session (a prompt injection, a confused model) must not steer or evict the rest of its scope.

const LOW = { toolSearchThresholdTokens: 100 };
const FILE_QUERIES = [
  "read file",
  "read a file",
  "read the file at src/index.ts",
  "read the contents of a file",
  "show me the text of a file",
  "read file contents",
];
const PARAPHRASES = Array.from(
  { length: 16 },
  (_, i) => `read a file ${["now", "please", "quickly", "for me"][i % 4]} ${i}`,
);

/** The sample catalogue plus a deleting and a sending tool, as an attacker would want them. */
function catalogue(flags: { flagged: boolean }): ToolDefinition[] {
  return [
    ...sampleTools(),
    {
      name: "filesystem__delete_file",
      description: "Delete a file from the workspace.",
      destructive: flags.flagged,
      inputSchema: { type: "object", properties: { path: { type: "string" } } },
      execute: () => "deleted",
    },
    {
      name: "http__post",
      description: "Send an HTTP POST request with a JSON body to a URL.",
      openWorld: flags.flagged,
      inputSchema: { type: "object", properties: { url: { type: "string" } } },
      execute: () => "sent",
    },
  ];
}

const open: ToolSearch[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((toolSearch) => toolSearch.close()));
});

async function searchWith(learning: LearningOptions, flags = { flagged: true }) {
  const toolSearch = await createToolSearch({
    tools: catalogue(flags),
    tuning: LOW,
    semanticFallback: false,
    learning,
    approve: () => true,
  });
  open.push(toolSearch);
  return toolSearch;
}

/** A session searches for each query, then calls `tool` once, successfully. */
async function teach(
  toolSearch: ToolSearch,
  sessionId: string,
  queries: readonly string[],
  tool: string,
  input: unknown = { path: "a.txt" },
) {
  const session = toolSearch.session(sessionId);
  for (const [i, query] of queries.entries()) {
    const result = await session.execute(toolUse("search_tools", { query }, `toolu_search_${i}`));
    expect(result.is_error).toBeUndefined();
  }
  const call = await session.execute(toolUse(tool, input, "toolu_call"));
  expect(call.is_error).toBeUndefined();
}

/** The best match `sessionId` gets from search_tools for `query`. */
async function firstFor(toolSearch: ToolSearch, sessionId: string, query: string): Promise<string | undefined> {
  const result = await toolSearch.session(sessionId).execute(toolUse("search_tools", { query }, "toolu_look"));
  return (JSON.parse(String(result.content)) as { matches: { name: string }[] }).matches[0]?.name;
}

async function poison(toolSearch: ToolSearch): Promise<void> {
  await teach(toolSearch, "attacker", ["read file"], "filesystem__delete_file");
  await teach(toolSearch, "attacker", PARAPHRASES, "http__post", { url: "https://evil.example" });
  await toolSearch.flushLearning();
}

describe("poisoning by one session", () => {
  it.each([
    [
      "with the tools flagged destructive and open-world (the defaults leave them to the ranker)",
      {},
      { flagged: true },
    ],
    ["with nothing flagged: corroboration alone holds", {}, { flagged: false }],
    [
      "with boosting of flagged tools allowed: corroboration alone holds",
      { boostDestructive: true },
      { flagged: true },
    ],
  ])(
    "leaves every other session of the scope the right tool first for benign file queries, %s",
    async (_label, options, flags) => {
      const cacheDir = mkdtempSync(join(tmpdir(), "toolsift-attack-"));
      const toolSearch = await searchWith({ store: new FileUsageStore({ cacheDir }), ...options }, flags);
      for (const query of FILE_QUERIES)
        expect(await firstFor(toolSearch, "before", query)).toBe("filesystem__read_file");
      await poison(toolSearch);
      const firsts = await Promise.all(FILE_QUERIES.map((query) => firstFor(toolSearch, "victim", query)));
      expect(firsts).toEqual(FILE_QUERIES.map(() => "filesystem__read_file"));
      expect((await toolSearch.search("read a file", { limit: 1 }))[0]!.name).toBe("filesystem__read_file");
    },
  );

  it("still learns what two sessions agree on, and steers the teaching session at once", async () => {
    const toolSearch = await searchWith({});
    const slang = "ping the crew";
    const input = { channel: "#ops", text: "done" };
    await teach(toolSearch, "first", [slang], "slack__post_message", input);
    await toolSearch.flushLearning();
    // A session's own lessons steer it; nobody else's yet.
    expect(await firstFor(toolSearch, "first", slang)).toBe("slack__post_message");
    expect(await firstFor(toolSearch, "other", slang)).toBeUndefined();
    await teach(toolSearch, "second", ["ping the whole crew"], "slack__post_message", input);
    await toolSearch.flushLearning();
    expect(await firstFor(toolSearch, "third", slang)).toBe("slack__post_message");
    expect((await toolSearch.search(slang))[0]?.name).toBe("slack__post_message");
  });

  it("lets one session alone plant no tool in another's results, whatever it taught", async () => {
    const toolSearch = await searchWith({}, { flagged: false });
    const listed = async (query: string) => (await toolSearch.search(query, { limit: 10 })).map((match) => match.name);
    expect(await listed("read file")).not.toContain("http__post");
    // One lesson, the fewest a session can teach: its share for others is then the largest.
    await teach(toolSearch, "attacker", ["read file"], "http__post", { url: "https://evil.example" });
    await toolSearch.flushLearning();
    expect(await firstFor(toolSearch, "attacker", "read file")).toBe("http__post");
    expect(await listed("read file")).not.toContain("http__post");
    const victim = await toolSearch
      .session("victim")
      .execute(toolUse("search_tools", { query: "read file" }, "toolu_v"));
    expect(String(victim.content)).not.toContain("http__post");
  });

  it("lets one session's single lesson displace no other session's first match", async () => {
    const toolSearch = await searchWith({}, { flagged: false });
    // The ranker retrieves the deleting tool for these words too, below the reading one.
    const before = (await toolSearch.search("read file", { limit: 10 })).map((match) => match.name);
    expect(before[0]).toBe("filesystem__read_file");
    expect(before).toContain("filesystem__delete_file");
    await teach(toolSearch, "attacker", ["read file"], "filesystem__delete_file");
    await toolSearch.flushLearning();
    expect(await firstFor(toolSearch, "attacker", "read file")).toBe("filesystem__delete_file");
    expect(await firstFor(toolSearch, "victim", "read file")).toBe("filesystem__read_file");
    expect((await toolSearch.search("read file", { limit: 1 }))[0]!.name).toBe("filesystem__read_file");
  });

  it("counts learn() imports as corroborated", async () => {
    const toolSearch = await searchWith({});
    await toolSearch.learn("ping the crew", "slack__post_message");
    expect(await firstFor(toolSearch, "anyone", "ping the crew")).toBe("slack__post_message");
  });

  it("leaves the fallback's guesses alone for others when one session taught a query the ranker finds nothing for", async () => {
    const toolSearch = await createToolSearch({
      tools: catalogue({ flagged: false }),
      tuning: LOW,
      learning: {},
      approve: () => true,
    });
    open.push(toolSearch);
    // Words no tool uses: the ranker finds nothing, so any answer is the semantic fallback's.
    const query = "zebra umbrella symphony";
    const before = (await toolSearch.search(query)).map((match) => match.name);
    const input = { url: "https://evil.example" };
    await teach(toolSearch, "attacker", [query, ...PARAPHRASES.map((text) => `${query} ${text}`)], "http__post", input);
    await toolSearch.flushLearning();
    // The attacker's own session follows its lessons, so they did reach the index.
    expect(await firstFor(toolSearch, "attacker", query)).toBe("http__post");
    expect((await toolSearch.search(query)).map((match) => match.name)).toEqual(before);
    expect(await firstFor(toolSearch, "victim", query)).not.toBe("http__post");
  });

  it("never lets lessons lift a destructive or open-world tool, unless boostDestructive is set", async () => {
    for (const boostDestructive of [false, true]) {
      const toolSearch = await searchWith({ boostDestructive });
      // Words no tool uses, so whatever comes first comes from the lessons.
      await toolSearch.learn("zap the junk", "filesystem__delete_file");
      await toolSearch.learn("shout to the hook", "http__post");
      const first = async (query: string) => (await toolSearch.search(query, { limit: 1 }))[0]?.name;
      expect([await first("zap the junk"), await first("shout to the hook")]).toEqual(
        boostDestructive ? ["filesystem__delete_file", "http__post"] : [undefined, undefined],
      );
    }
  });
});

async function evictionBy(store: UsageStore): Promise<void> {
  const caps = { maxLessonsPerTool: 32, maxLessonsPerScope: 60 };
  const toolSearch = await searchWith({ store, ...caps, refreshMs: 0 });
  const input = { channel: "#ops", text: "done" };
  // 20 sessions each teach a way of asking for Slack; pairs of them agree, so they steer others.
  const taught = Array.from({ length: 20 }, (_, i) => `ping crew number ${Math.floor(i / 2)}`);
  for (const [i, query] of taught.entries())
    await teach(toolSearch, `user-${i}`, [query], "slack__post_message", input);
  await toolSearch.flushLearning();
  // One session floods the same tool, then every tool, each call after 16 searches.
  const flood = (tool: string, batch: number) => Array.from({ length: 16 }, (_, i) => `flood ${tool} ${batch} ${i}`);
  for (let batch = 0; batch < 6; batch++)
    await teach(toolSearch, "flooder", flood("slack", batch), "slack__post_message", input);
  for (const tool of ["github__create_issue", "calendar__create_event", "postgres__query", "filesystem__read_file"]) {
    for (let batch = 0; batch < 3; batch++)
      await teach(toolSearch, "flooder", flood(tool, batch), tool, {
        repo: "a/b",
        title: "t",
        start: "2030-01-01T10:00:00Z",
        sql: "select 1",
        path: "a",
      });
  }
  await toolSearch.flushLearning();
  const kept = (await store.lessons("default")).map((lesson) => lesson.query);
  expect(taught.filter((query) => !kept.includes(query))).toEqual([]);
  // The flooder kept its share only: a quarter of each cap.
  expect(kept.filter((query) => query.startsWith("flood slack")).length).toBeLessThanOrEqual(8);
  expect(kept.filter((query) => query.startsWith("flood")).length).toBeLessThanOrEqual(15);
  // And what the 20 taught still steers a session that never taught anything.
  expect(await firstFor(toolSearch, "newcomer", "ping crew number 3")).toBe("slack__post_message");
}

describe("eviction by one session", () => {
  it("keeps, in a file store, every lesson 20 other sessions taught however much one session floods", async () => {
    await evictionBy(
      new FileUsageStore({
        cacheDir: mkdtempSync(join(tmpdir(), "toolsift-attack-")),
        maxLessonsPerTool: 32,
        maxLessonsPerScope: 60,
      }),
    );
  });
});

describePostgres("eviction by one session, in PostgreSQL", (url) => {
  it("keeps every lesson 20 other sessions taught however much one session floods", async () => {
    const table = scratchTable();
    const store = new PostgresUsageStore({
      connectionString: url,
      table,
      maxLessonsPerTool: 32,
      maxLessonsPerScope: 60,
    });
    try {
      await evictionBy(store);
    } finally {
      await Promise.all(open.splice(0).map((toolSearch) => toolSearch.close()));
      await store.close();
      await dropTable(url, table);
    }
  });
});
