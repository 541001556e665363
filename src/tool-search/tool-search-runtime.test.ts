import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { installInMemoryTracer } from "../../test/support/in-memory-tracer.js";
import { blockNames } from "../../test/support/block-names.js";
import { sampleTools, toolUse } from "../../test/support/sample-tools.js";
import type { ToolContext, ToolDefinition, ToolHost } from "../catalogue/index.js";
import type { ToolSearchEvent } from "../events.js";
import type { UsageStore, UsageStoreWarning } from "../learning/index.js";
import type { Embedder, RankedTool, Ranker, RankOptions } from "../ranking/index.js";
import { createToolSearch, type ToolSearch } from "./tool-search.js";

// How a tool search runs: what it asks of a custom ranker and enforces on its answers, the
// events and spans it reports, the caches that keep a block cheap, and what it closes.

const LOW = { toolSearchThresholdTokens: 100 };
const TOOLS = sampleTools();
const NAMES = TOOLS.map((tool) => tool.name);
const descriptionOf = (name: string) => TOOLS.find((tool) => tool.name === name)!.description;

/** A ranker that answers from a script and records every call it gets. */
function scriptedRanker(answer: (query: string) => RankedTool[], onSearch: () => void = () => undefined) {
  const updates: string[][] = [];
  const searches: {
    query: string;
    limit: number | undefined;
    allowed: string[] | undefined;
    allowsUnknown: boolean;
  }[] = [];
  let closed = 0;
  const ranker: Ranker = {
    name: "scripted",
    update: (documents) => void updates.push(documents.map((document) => document.name)),
    search: (query: string, options: RankOptions) => {
      onSearch();
      searches.push({
        query,
        limit: options?.limit,
        allowed: options?.filter ? NAMES.filter((name) => options.filter!(name)) : undefined,
        allowsUnknown: options?.filter ? options.filter("ghost__tool") : true,
      });
      return answer(query);
    },
    close: () => void closed++,
  };
  return { ranker, updates, searches, closed: () => closed };
}

const open: ToolSearch[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(open.splice(0).map((toolSearch) => toolSearch.close()));
});

describe("a custom ranker's answers", () => {
  const noisy = () => [
    { name: "ghost__tool", score: 9 },
    { name: "slack__post_message", score: 8 },
    { name: "slack__post_message", score: 7 },
    { name: "postgres__query", score: 6 },
    { name: "github__create_issue", score: 5 },
    { name: "calendar__create_event", score: 4 },
  ];
  const denyPostgres = (tool: ToolDefinition) => tool.server !== "postgres";

  it("are kept to permitted catalogue tools, each once, at most the limit, described from the catalogue", async () => {
    const { ranker } = scriptedRanker(noisy);
    const toolSearch = await createToolSearch({ tools: sampleTools(), ranker, permit: denyPostgres });
    expect(await toolSearch.search("anything", { limit: 2 })).toEqual([
      {
        name: "slack__post_message",
        description: descriptionOf("slack__post_message"),
        score: 8,
        confidence: "strong",
      },
      {
        name: "github__create_issue",
        description: descriptionOf("github__create_issue"),
        score: 5,
        confidence: "strong",
      },
    ]);
    expect((await toolSearch.search("anything", { limit: 10 })).map(({ name, score }) => [name, score])).toEqual([
      ["slack__post_message", 8],
      ["github__create_issue", 5],
      ["calendar__create_event", 4],
    ]);
    const viaSession = await toolSearch.session().searchTools({ query: "anything", limit: 2 });
    expect(viaSession.ok && viaSession.matches.map((match) => match.name)).toEqual([
      "slack__post_message",
      "github__create_issue",
    ]);
  });

  it("never include a tool the catalogue does not have, without a permit callback too", async () => {
    const { ranker, searches } = scriptedRanker(noisy);
    const toolSearch = await createToolSearch({ tools: sampleTools(), ranker });
    expect((await toolSearch.search("anything", { limit: 10 })).map((match) => match.name)).toEqual([
      "slack__post_message",
      "postgres__query",
      "github__create_issue",
      "calendar__create_event",
    ]);
    expect(searches[0]).toMatchObject({ allowed: NAMES, allowsUnknown: false });
  });

  it("are drawn with the caller's limit and a filter that admits only permitted catalogue tools", async () => {
    const { ranker, searches } = scriptedRanker(() => []);
    const toolSearch = await createToolSearch({ tools: sampleTools(), ranker, permit: denyPostgres });
    await toolSearch.search("  post a message  ", { limit: 4 });
    expect(searches).toEqual([
      {
        query: "post a message",
        limit: 4,
        allowed: NAMES.filter((name) => name !== "postgres__query"),
        allowsUnknown: false,
      },
    ]);
  });

  it("come from an index brought up to date once per catalogue version", async () => {
    const { ranker, updates } = scriptedRanker(() => []);
    let listed = sampleTools();
    const host: ToolHost = { listTools: async () => listed };
    const toolSearch = await createToolSearch({ tools: host, ranker, tuning: LOW });
    expect(updates).toEqual([NAMES]);
    await toolSearch.search("a");
    await toolSearch.search("b");
    await toolSearch.session().tools();
    expect(updates).toHaveLength(1);
    listed = listed.filter((tool) => tool.name !== "postgres__query");
    await toolSearch.search("c");
    await toolSearch.search("d");
    expect(updates).toEqual([NAMES, NAMES.filter((name) => name !== "postgres__query")]);
  });

  it("are read deeper beside the answer asked for, and blended with finite scores, only when lessons apply to the query", async () => {
    const { ranker, searches } = scriptedRanker(() => [
      { name: "github__create_issue", score: 2 },
      { name: "calendar__create_event", score: 1 },
    ]);
    const toolSearch = await createToolSearch({ tools: sampleTools(), ranker, learning: true });
    open.push(toolSearch);
    await toolSearch.search("ping the crew", { limit: 3 });
    expect(searches.map((search) => search.limit)).toEqual([3]);
    for (let i = 0; i < 3; i++) await toolSearch.learn("ping the crew", "slack__post_message");
    const matches = await toolSearch.search("ping the crew", { limit: 3 });
    // The deep list for the lessons, and the ranker's own answer for the places asked.
    expect(searches.map((search) => search.limit)).toEqual([3, 50, 3]);
    expect(searches[1]!.allowed).toEqual(NAMES);
    expect(searches[2]!.allowed).toEqual(NAMES);
    expect(matches.map((match) => match.name)).toContain("slack__post_message");
    expect(matches.length).toBeLessThanOrEqual(3);
    for (const match of matches) expect(Number.isFinite(match.score)).toBe(true);
  });
});

describe("learning with a ranker that has an embedder", () => {
  it("compares learned queries by the ranker's embeddings, so a lesson reaches a query in other words", async () => {
    // A toy embedder: two phrasings of one request share a vector; anything else is orthogonal.
    const alike = new Set(["ping the crew", "alert the team"]);
    const embedder: Embedder = {
      id: "toy",
      dimensions: 2,
      embed: async (texts) => texts.map((text) => Float32Array.from(alike.has(text) ? [1, 0] : [0, 1])),
    };
    const { ranker } = scriptedRanker(() => []);
    const toolSearch = await createToolSearch({
      tools: sampleTools(),
      ranker: { ...ranker, embedder: async () => embedder },
      learning: true,
    });
    open.push(toolSearch);
    for (let i = 0; i < 3; i++) await toolSearch.learn("ping the crew", "slack__post_message");
    await toolSearch.flushLearning();
    expect((await toolSearch.search("alert the team")).map((match) => match.name)).toEqual(["slack__post_message"]);
    expect(await toolSearch.search("book a room")).toEqual([]);
  });
});

describe("learning in a session", () => {
  it("credits the session's searches to the tool it then calls, naming the session and its scope", async () => {
    const events: ToolSearchEvent[] = [];
    const toolSearch = await createToolSearch({
      tools: sampleTools(),
      tuning: LOW,
      learning: true,
      onEvent: (event) => events.push(event),
    });
    open.push(toolSearch);
    const session = toolSearch.session("run-1", { scope: "acme" });
    await session.execute(toolUse("search_tools", { query: "ping the crew" }, "toolu_search"));
    await session.execute(toolUse("slack__post_message", { channel: "#ops", text: "hi" }));
    expect(events.filter((event) => event.type === "lesson")).toEqual([
      { type: "lesson", sessionId: "run-1", scope: "acme", name: "slack__post_message", queries: ["ping the crew"] },
    ]);
  });
});

describe("the search event", () => {
  it("reports the trimmed query, the limit, the results and how long the search took", async () => {
    let clock = 1_000;
    vi.spyOn(performance, "now").mockImplementation(() => clock);
    // The ranker takes 5 ms.
    const { ranker } = scriptedRanker(
      () => [{ name: "slack__post_message", score: 3 }],
      () => (clock += 5),
    );
    const events: ToolSearchEvent[] = [];
    const toolSearch = await createToolSearch({ tools: sampleTools(), ranker, onEvent: (event) => events.push(event) });
    await toolSearch.search("  ping the crew ", { limit: 2 });
    expect(events.filter((event) => event.type === "search")).toEqual([
      {
        type: "search",
        sessionId: undefined,
        query: "ping the crew",
        limit: 2,
        results: [{ name: "slack__post_message", score: 3, confidence: "strong" }],
        ms: 5,
      },
    ]);
  });

  it("counts the time spent reading lessons in the search's time", async () => {
    let clock = 1_000;
    vi.spyOn(performance, "now").mockImplementation(() => clock);
    // Reading the scope's lessons takes 3 ms, ranking 5 ms.
    const store: UsageStore = {
      add: async () => undefined,
      lessons: async () => ((clock += 3), []),
      forget: async () => undefined,
    };
    const { ranker } = scriptedRanker(
      () => [],
      () => (clock += 5),
    );
    const events: ToolSearchEvent[] = [];
    const toolSearch = await createToolSearch({
      tools: sampleTools(),
      ranker,
      learning: store,
      semanticFallback: false,
      onEvent: (event) => events.push(event),
    });
    open.push(toolSearch);
    await toolSearch.session("s").searchTools({ query: "ping the crew" });
    expect(events.filter((event) => event.type === "search")).toEqual([
      { type: "search", sessionId: "s", query: "ping the crew", limit: 5, results: [], ms: 8 },
    ]);
  });
});

describe("permit", () => {
  it("is asked, for toolSearch.search, with no session and the search stage", async () => {
    const contexts: ToolContext[] = [];
    const toolSearch = await createToolSearch({
      tools: sampleTools(),
      permit: (_tool, context) => (contexts.push(context), true),
    });
    await toolSearch.search("post a message");
    expect(contexts.length).toBeGreaterThan(0);
    for (const context of contexts) expect(context).toStrictEqual({ sessionId: undefined, stage: "search" });
  });

  it("permits only on a strict true: a truthy answer denies, at search, block and call", async () => {
    const calls: { name: string; input: unknown }[] = [];
    const permit = (tool: ToolDefinition) =>
      tool.server === "postgres"
        ? ("yes" as unknown as boolean)
        : tool.server === "slack"
          ? (1 as unknown as boolean)
          : true;
    const toolSearch = await createToolSearch({ tools: sampleTools(calls), tuning: LOW, permit });
    expect(
      (await toolSearch.search("run a read-only sql query", { limit: 10 })).map((match) => match.name),
    ).not.toContain("postgres__query");
    expect(
      (await toolSearch.search("post a message to a slack channel", { limit: 10 })).map((match) => match.name),
    ).not.toContain("slack__post_message");
    const session = toolSearch.session();
    expect(blockNames(await session.tools())).toEqual([
      "search_tools",
      "~github__create_issue",
      "~github__delete_repository",
      "~calendar__create_event",
      "~filesystem__read_file",
    ]);
    expect(await session.execute(toolUse("postgres__query", { sql: "select 1" }))).toMatchObject({ is_error: true });
    expect(calls).toEqual([]);
  });

  it("that throws denies the tool and says so in a warning naming the tool and the error", async () => {
    const events: ToolSearchEvent[] = [];
    const permit = (tool: ToolDefinition) => {
      if (tool.server === "postgres") throw new Error("policy service down");
      return true;
    };
    const toolSearch = await createToolSearch({ tools: sampleTools(), permit, onEvent: (event) => events.push(event) });
    expect(
      (await toolSearch.search("run a read-only sql query", { limit: 10 })).map((match) => match.name),
    ).not.toContain("postgres__query");
    expect(events).toContainEqual({
      type: "warning",
      code: "permit_failed",
      message: "permit() threw for postgres__query, so it was denied: Error: policy service down",
    });
  });
});

describe("the permitted tools a block is built from", () => {
  it("are derived per session when permit decides by session", async () => {
    const toolSearch = await createToolSearch({
      tools: sampleTools(),
      tuning: LOW,
      permit: (tool, context) => tool.server !== "github" || context.sessionId === "admin",
    });
    expect(blockNames(await toolSearch.session("guest").tools())).not.toContain("~github__create_issue");
    expect(blockNames(await toolSearch.session("admin").tools())).toContain("~github__create_issue");
    expect(blockNames(await toolSearch.session("guest").tools())).not.toContain("~github__create_issue");
  });

  it("are kept for the 64 most recently served sessions, and derived again for older ones", async () => {
    // A tool denied when a session's tools were derived stays out of its blocks until they are
    // derived again: that shows whether a session's derivation was kept or made anew.
    let allowCalendar = false;
    const toolSearch = await createToolSearch({
      tools: sampleTools(),
      tuning: LOW,
      permit: (tool) => tool.name !== "calendar__create_event" || allowCalendar,
    });
    const hasCalendar = async (id: string) =>
      blockNames(await toolSearch.session(id).tools()).includes("~calendar__create_event");
    for (let i = 0; i <= 64; i++) expect(await hasCalendar(`s${i}`)).toBe(false);
    allowCalendar = true;
    // s1 to s64 are kept (64 sessions); s0, the least recently served, was dropped.
    expect(await hasCalendar("s1")).toBe(false);
    expect(await hasCalendar("s64")).toBe(false);
    expect(await hasCalendar("s0")).toBe(true);
  });

  it("are derived again when the catalogue changes or the permissions are refreshed, and only then", async () => {
    let allowCalendar = false;
    let listed = sampleTools();
    const host: ToolHost = { listTools: async () => listed };
    const toolSearch = await createToolSearch({
      tools: host,
      tuning: LOW,
      permit: (tool) => tool.name !== "calendar__create_event" || allowCalendar,
    });
    const session = toolSearch.session("s");
    const hasCalendar = async () => blockNames(await session.tools()).includes("~calendar__create_event");
    expect(await hasCalendar()).toBe(false);
    allowCalendar = true;
    expect(await hasCalendar()).toBe(false);
    listed = listed.filter((tool) => tool.name !== "postgres__query");
    expect(await hasCalendar()).toBe(true);
    allowCalendar = false;
    toolSearch.refreshPermissions();
    expect(await hasCalendar()).toBe(false);
    allowCalendar = true;
    expect(await hasCalendar()).toBe(false);
    toolSearch.refreshPermissions();
    expect(await hasCalendar()).toBe(true);
  });

  it("are derived again after a refresh that came while they were being derived", async () => {
    // permit learns mid-derivation that the policy changed (after calendar was asked about) and
    // refreshes: the derivation under way is already stale, so the next block must not reuse it.
    let allowCalendar = false;
    let policyChanges = false;
    let toolSearch: ToolSearch | undefined;
    const permit = (tool: ToolDefinition) => {
      if (policyChanges && tool.name === "postgres__query") {
        policyChanges = false;
        allowCalendar = true;
        toolSearch!.refreshPermissions();
      }
      return tool.name !== "calendar__create_event" || allowCalendar;
    };
    toolSearch = await createToolSearch({ tools: sampleTools(), tuning: LOW, permit });
    const session = toolSearch.session("s");
    policyChanges = true;
    expect(blockNames(await session.tools())).not.toContain("~calendar__create_event");
    expect(blockNames(await session.tools())).toContain("~calendar__create_event");
  });

  it("cost one token estimate per tool form, however often they are derived", async () => {
    const estimated: string[] = [];
    const toolSearch = await createToolSearch({
      tools: sampleTools(),
      tuning: LOW,
      estimateTokens: (tool) => (estimated.push(tool.name), 40),
    });
    const session = toolSearch.session();
    await session.tools();
    // Each tool in full and as a stub.
    expect(estimated.slice().sort()).toEqual([...NAMES, ...NAMES].sort());
    toolSearch.refreshPermissions();
    await session.tools();
    await toolSearch.session("other").tools();
    expect(estimated).toHaveLength(2 * NAMES.length);
  });

  it("fall back to the default estimate with one warning when estimateTokens returns a bad number", async () => {
    const events: ToolSearchEvent[] = [];
    const toolSearch = await createToolSearch({
      tools: sampleTools(),
      tuning: LOW,
      estimateTokens: () => -1,
      onEvent: (event) => events.push(event),
    });
    const view = await toolSearch.session().view();
    expect(view.fullTokens).toBeGreaterThan(0);
    expect(events.filter((event) => event.type === "warning")).toEqual([
      {
        type: "warning",
        code: "estimate_invalid",
        message:
          "estimateTokens returned -1 for github__create_issue, not a number of tokens of at least 0; the default estimate (JSON characters / 3.5) is used for such tools. Fix the estimator.",
      },
    ]);
  });
});

describe("the session cap", () => {
  it("keeps maxSessions sessions, forgetting the least recently used past it", async () => {
    const toolSearch = await createToolSearch({ tools: sampleTools(), tuning: { ...LOW, maxSessions: 3 } });
    for (const id of ["a", "b", "c"])
      await toolSearch.session(id).execute(toolUse("slack__post_message", { channel: "#ops", text: id }));
    // At the cap: all three are kept, and using "a" makes "b" the least recently used.
    expect(toolSearch.session("a").hydrated()).toEqual(["slack__post_message"]);
    toolSearch.session("d");
    expect(toolSearch.session("c").hydrated()).toEqual(["slack__post_message"]);
    expect(toolSearch.session("a").hydrated()).toEqual(["slack__post_message"]);
    expect(toolSearch.session("b").hydrated()).toEqual([]);
  });
});

describe("a session's request", () => {
  it("hands its context and signal to execute and permit", async () => {
    const seen: ToolContext[] = [];
    const tool: ToolDefinition = {
      name: "probe__run",
      description: "Record what the call was given.",
      inputSchema: { type: "object" },
      execute: (_input, context) => (seen.push(context), "ok"),
    };
    const permitted: ToolContext[] = [];
    const toolSearch = await createToolSearch({
      tools: [tool],
      permit: (_tool, context) => (permitted.push(context), true),
    });
    const signal = new AbortController().signal;
    await toolSearch.session("s", { context: { user: "ann" }, signal }).execute(toolUse("probe__run", {}));
    expect(seen).toEqual([
      expect.objectContaining({ sessionId: "s", stage: "execute", context: { user: "ann" }, signal }),
    ]);
    expect(permitted.at(-1)).toMatchObject({ context: { user: "ann" }, signal });
    await toolSearch.session("s").execute(toolUse("probe__run", {}));
    expect(seen[1]).not.toHaveProperty("context");
    expect(seen[1]).not.toHaveProperty("signal");
  });
});

describe("a host", () => {
  it("has a tool it lists that is not valid skipped, with a warning event", async () => {
    const events: ToolSearchEvent[] = [];
    const host: ToolHost = {
      listTools: async () => [
        ...sampleTools(),
        { name: "bad name", description: "x", inputSchema: { type: "object" } },
      ],
    };
    const toolSearch = await createToolSearch({ tools: host, onEvent: (event) => events.push(event) });
    expect((await toolSearch.search("bad name", { limit: 10 })).map((match) => match.name)).not.toContain("bad name");
    expect(events).toContainEqual({
      type: "warning",
      code: "invalid_tool_name",
      message: expect.stringContaining('"bad name"'),
    });
  });
});

describe("a usage store that can be listened to", () => {
  it("has its warnings reported as warning events, until the tool search closes", async () => {
    let listener: UsageStoreWarning | undefined;
    const store: UsageStore = {
      add: async () => undefined,
      lessons: async () => [],
      forget: async () => undefined,
      listen: (heard) => {
        listener = heard;
        return () => (listener = undefined);
      },
    };
    const events: ToolSearchEvent[] = [];
    const toolSearch = await createToolSearch({
      tools: sampleTools(),
      learning: store,
      onEvent: (event) => events.push(event),
    });
    listener!("learning_store_repaired", "The lessons file was damaged; its good lessons were kept.");
    expect(events).toEqual([
      {
        type: "warning",
        code: "learning_store_repaired",
        message: "The lessons file was damaged; its good lessons were kept.",
      },
    ]);
    await toolSearch.close();
    expect(listener).toBeUndefined();
  });
});

describe("close() and flushLearning()", () => {
  it("leave a ranker passed in open: it is the caller's", async () => {
    const scripted = scriptedRanker(() => []);
    const toolSearch = await createToolSearch({ tools: sampleTools(), ranker: scripted.ranker });
    await toolSearch.close();
    expect(scripted.closed()).toBe(0);
  });

  it("do not close a ranker passed in when the first indexing fails either", async () => {
    let closed = 0;
    const ranker: Ranker = {
      name: "broken",
      update: () => {
        throw new Error("index unavailable");
      },
      search: () => [],
      close: () => void closed++,
    };
    await expect(createToolSearch({ tools: sampleTools(), ranker })).rejects.toThrow("index unavailable");
    expect(closed).toBe(0);
  });

  it("resolve with learning off", async () => {
    const toolSearch = await createToolSearch({ tools: sampleTools() });
    await expect(toolSearch.flushLearning()).resolves.toBeUndefined();
    await expect(toolSearch.close()).resolves.toBeUndefined();
  });
});

describe("the toolsift.search span", () => {
  // Installed for this block only: the other blocks run without a tracer.
  let tracing: ReturnType<typeof installInMemoryTracer>;
  beforeAll(() => {
    tracing = installInMemoryTracer();
  });
  afterAll(() => tracing.uninstall());

  it("carries the session, stage, limit, query length, ranker and outcome, never the query", async () => {
    const toolSearch = await createToolSearch({ tools: sampleTools(), semanticFallback: false });
    await toolSearch.search("  post a slack message ", { limit: 3 });
    await toolSearch.session("s1").searchTools({ query: "zebra xylophone quasar" });
    const spans = tracing.named("toolsift.search");
    expect(spans.map((span) => span.attributes)).toEqual([
      {
        "toolsift.search.stage": "search",
        "toolsift.search.limit": 3,
        "toolsift.search.query_length": "post a slack message".length,
        "toolsift.ranker": "bm25",
        "toolsift.search.result_count": expect.any(Number),
        "toolsift.search.top_tool": "slack__post_message",
      },
      {
        "toolsift.session.id": "s1",
        "toolsift.search.stage": "search",
        "toolsift.search.limit": 5,
        "toolsift.search.query_length": "zebra xylophone quasar".length,
        "toolsift.ranker": "bm25",
        "toolsift.search.result_count": 0,
      },
    ]);
    expect(spans.every((span) => span.ended)).toBe(true);
  });

  it("leaves the ranker out when a custom ranker's name is not a string", async () => {
    const { ranker } = scriptedRanker(() => [{ name: "slack__post_message", score: 1 }]);
    const nameless = { ...ranker, name: 42 as unknown as string };
    const toolSearch = await createToolSearch({ tools: sampleTools(), ranker: nameless });
    tracing.reset();
    await toolSearch.search("anything");
    const span = tracing.only("toolsift.search");
    expect(span.attributes).not.toHaveProperty("toolsift.ranker");
    expect(span.attributes).toMatchObject({
      "toolsift.search.result_count": 1,
      "toolsift.search.top_tool": "slack__post_message",
    });
  });
});
