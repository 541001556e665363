import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { describePostgres, dropTable, scratchTable } from "../../test/support/postgres.js";
import { sampleTools, toolUse } from "../../test/support/sample-tools.js";
import { OptionsError, QueryError } from "../errors.js";
import type { ToolSearchEvent } from "../events.js";
import {
  FileUsageStore,
  LESSONS_FILE,
  MemoryUsageStore,
  PostgresUsageStore,
  type Lesson,
  type UsageStore,
} from "../learning/index.js";
import { toolOutput, type ToolContext, type ToolDefinition } from "../catalogue/index.js";
import { createToolSearch, type ToolSearch } from "./tool-search.js";
import type { ToolSearchOptions } from "./tool-search-options.js";

const LOW = { toolSearchThresholdTokens: 100 };
/** A request in words none of the sample tools use: no ranker finds anything for it unaided. */
const SLANG = "ping the crew";
const SLANG_AGAIN = "ping the whole crew now";
const SLACK_INPUT = { channel: "#ops", text: "deploy done" };
const DAY = 86_400_000;
/**
 * Lessons of one session steer every other at once: the crediting, scoping, decay and store
 * tests teach through one session and check with another. Corroboration has tests of its own.
 */
const ONE_SESSION = { minSessions: 1 } as const;

const open: ToolSearch[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((toolSearch) => toolSearch.close()));
});

async function searchWith(options: Partial<ToolSearchOptions> = {}, tools: ToolDefinition[] = sampleTools()) {
  const events: ToolSearchEvent[] = [];
  const toolSearch = await createToolSearch({
    tools,
    tuning: LOW,
    semanticFallback: false,
    learning: ONE_SESSION,
    onEvent: (event) => events.push(event),
    ...options,
  });
  open.push(toolSearch);
  return { toolSearch, events };
}

/** One session: search for `query`, then call `tool` with `input`. Returns the call's result. */
async function searchThenCall(
  toolSearch: ToolSearch,
  query: string,
  tool: string,
  input: unknown,
  session = toolSearch.session(),
) {
  await session.execute(toolUse("search_tools", { query }, "toolu_search"));
  return session.execute(toolUse(tool, input, "toolu_call"));
}

const names = (matches: readonly { name: string }[]) => matches.map((match) => match.name);

/** A tool with no inputs, for catalogues where only names and descriptions matter. */
const plain = (name: string, description: string): ToolDefinition => ({
  name,
  description,
  inputSchema: { type: "object", properties: {} },
  execute: () => "ok",
});

describe("learning from use, through sessions", () => {
  it("credits a search to the tool the model then calls successfully", async () => {
    const { toolSearch, events } = await searchWith();
    expect(await toolSearch.search(SLANG)).toEqual([]);
    const result = await searchThenCall(toolSearch, SLANG, "slack__post_message", SLACK_INPUT);
    expect(result.is_error).toBeUndefined();
    expect(names(await toolSearch.search(SLANG))).toEqual(["slack__post_message"]);
    // A query like it (not the same) is helped too.
    expect(names(await toolSearch.search(SLANG_AGAIN))[0]).toBe("slack__post_message");
    expect(events.filter((event) => event.type === "lesson")).toEqual([
      {
        type: "lesson",
        sessionId: expect.any(String),
        scope: "default",
        name: "slack__post_message",
        queries: [SLANG],
      },
    ]);
  });

  it("answers a search_tools query longer than a lesson keeps, and teaches nothing from it", async () => {
    const { toolSearch, events } = await searchWith();
    const session = toolSearch.session("run-1");
    // A model passing on the user's whole message: past the 500 characters a lesson keeps.
    const long = `${"Some background on our week, nothing to do with tools. ".repeat(10)}Post a slack message.`;
    expect(long.length).toBeGreaterThan(500);
    const outcome = await session.searchTools({ query: long });
    expect(outcome.ok && names(outcome.matches)).toContain("slack__post_message");
    await session.execute(toolUse("slack__post_message", SLACK_INPUT));
    expect(events.filter((event) => event.type === "lesson")).toEqual([]);
    // The same session's next short search is still taught: the long one did not break the trail.
    await searchThenCall(toolSearch, SLANG, "slack__post_message", SLACK_INPUT, session);
    expect(events.filter((event) => event.type === "lesson")).toMatchObject([{ queries: [SLANG] }]);
  });

  it("teaches search_tools calls inside the session as well as the session's own searches", async () => {
    const { toolSearch } = await searchWith();
    const session = toolSearch.session("run-1");
    const outcome = await session.searchTools({ query: SLANG });
    expect(outcome).toEqual({ ok: true, query: SLANG, matches: [] });
    await session.execute(toolUse("slack__post_message", SLACK_INPUT));
    const found = await toolSearch.session("run-2").searchTools({ query: SLANG });
    expect(found.ok && names(found.matches)).toEqual(["slack__post_message"]);
  });

  it("learns nothing when learning is off (the default), and learn() says how to turn it on", async () => {
    const toolSearch = await createToolSearch({ tools: sampleTools(), tuning: LOW, semanticFallback: false });
    open.push(toolSearch);
    await searchThenCall(toolSearch, SLANG, "slack__post_message", SLACK_INPUT);
    expect(await toolSearch.search(SLANG)).toEqual([]);
    await expect(toolSearch.learn(SLANG, "slack__post_message")).rejects.toThrow(/learning: true/);
    await expect(toolSearch.forget("acme")).rejects.toThrow(OptionsError);
  });

  const failures: [
    string,
    (calls: { name: string; input: unknown }[]) => Partial<ToolSearchOptions> & { tools?: ToolDefinition[] },
    string,
    unknown,
  ][] = [
    ["invalid input (validation failed)", () => ({}), "slack__post_message", { channel: "#ops" }],
    ["a tool that throws", () => ({}), "postgres__query", { sql: "select boom" }],
    [
      "an is_error result",
      () => ({
        tools: [
          ...sampleTools().filter((tool) => tool.name !== "slack__post_message"),
          {
            ...sampleTools()[2]!,
            execute: () => toolOutput({ content: [{ type: "text", text: "channel archived" }], isError: true }),
          },
        ],
      }),
      "slack__post_message",
      SLACK_INPUT,
    ],
    [
      "a tool permit denies",
      () => ({ permit: (tool: ToolDefinition) => tool.name !== "slack__post_message" }),
      "slack__post_message",
      SLACK_INPUT,
    ],
    ["an unknown tool", () => ({}), "slack__post_messages", SLACK_INPUT],
    ["a destructive tool not approved", () => ({ approve: () => false }), "github__delete_repository", { repo: "a/b" }],
    ["a destructive tool without approve()", () => ({}), "github__delete_repository", { repo: "a/b" }],
    [
      "a tool without execute",
      () => ({
        tools: sampleTools().map((tool) =>
          tool.name === "slack__post_message" ? { ...tool, execute: undefined } : tool,
        ),
      }),
      "slack__post_message",
      SLACK_INPUT,
    ],
  ];

  it.each(failures)("learns nothing from %s", async (_case, setup, tool, input) => {
    const { tools, ...options } = setup([]);
    const { toolSearch, events } = await searchWith(options, tools);
    const result = await searchThenCall(toolSearch, SLANG, tool, input);
    expect(result.is_error).toBe(true);
    await toolSearch.flushLearning();
    expect(await toolSearch.search(SLANG, { limit: 10 })).toEqual([]);
    expect(events.filter((event) => event.type === "lesson")).toEqual([]);
  });

  it("gives a failed call's searches to the call that then succeeds", async () => {
    const { toolSearch } = await searchWith();
    const session = toolSearch.session();
    await session.execute(toolUse("search_tools", { query: SLANG }));
    expect((await session.execute(toolUse("slack__post_message", { channel: "#ops" }))).is_error).toBe(true);
    expect((await session.execute(toolUse("slack__post_message", SLACK_INPUT))).is_error).toBeUndefined();
    expect(names(await toolSearch.search(SLANG))).toEqual(["slack__post_message"]);
  });

  it("credits calls of one turn (run side by side) with the search before them, and not a later call", async () => {
    const { toolSearch } = await searchWith();
    const session = toolSearch.session();
    await session.execute(toolUse("search_tools", { query: "tell the crew and jot it in the diary" }));
    await Promise.all([
      session.execute(toolUse("slack__post_message", SLACK_INPUT, "toolu_1")),
      session.execute(toolUse("calendar__create_event", { title: "deploy", start: "2030-01-01T10:00:00Z" }, "toolu_2")),
    ]);
    // A call in a later turn, with no search in between, learns nothing.
    await session.execute(toolUse("filesystem__read_file", { path: "notes.txt" }));
    expect(names(await toolSearch.search("tell the crew and jot it in the diary")).sort()).toEqual([
      "calendar__create_event",
      "slack__post_message",
    ]);
  });

  it("never surfaces a denied tool through a learned query, in search or search_tools", async () => {
    const denied = new Set<string>();
    const permit = (tool: ToolDefinition, context: ToolContext) =>
      !(tool.name === "slack__post_message" && denied.has(context.sessionId ?? "direct"));
    const { toolSearch } = await searchWith({ permit });
    await searchThenCall(toolSearch, SLANG, "slack__post_message", SLACK_INPUT, toolSearch.session("allowed"));
    expect(names(await toolSearch.search(SLANG))).toEqual(["slack__post_message"]);
    denied.add("guest").add("direct");
    const outcome = await toolSearch.session("guest").searchTools({ query: SLANG });
    expect(outcome).toEqual({ ok: true, query: SLANG, matches: [] });
    expect(await toolSearch.search(SLANG)).toEqual([]);
    expect(names(await toolSearch.search(SLANG_AGAIN, { limit: 50 }))).not.toContain("slack__post_message");
  });

  it("keeps scopes apart: one tenant's usage never steers another's", async () => {
    const { toolSearch, events } = await searchWith();
    await searchThenCall(
      toolSearch,
      SLANG,
      "slack__post_message",
      SLACK_INPUT,
      toolSearch.session("acme-run", { scope: "acme" }),
    );
    expect(names(await toolSearch.search(SLANG, { scope: "acme" }))).toEqual(["slack__post_message"]);
    expect(await toolSearch.search(SLANG, { scope: "globex" })).toEqual([]);
    expect(await toolSearch.search(SLANG)).toEqual([]);
    const globex = await toolSearch.session("globex-run", { scope: "globex" }).searchTools({ query: SLANG });
    expect(globex).toEqual({ ok: true, query: SLANG, matches: [] });
    const acme = await toolSearch.session("acme-run-2", { scope: "acme" }).searchTools({ query: SLANG });
    expect(acme.ok && names(acme.matches)).toEqual(["slack__post_message"]);
    expect(events.find((event) => event.type === "lesson")).toMatchObject({ scope: "acme", sessionId: "acme-run" });
  });

  it("fixes a session's scope when it starts, and checks scopes", async () => {
    const { toolSearch } = await searchWith();
    expect(toolSearch.session("s1", { scope: "acme" }).scope).toBe("acme");
    expect(toolSearch.session("s1").scope).toBe("acme");
    expect(toolSearch.session("s2").scope).toBe("default");
    expect(() => toolSearch.session("s1", { scope: "globex" })).toThrow(/belongs to scope "acme"/);
    expect(() => toolSearch.session("s3", { scope: "" })).toThrow(OptionsError);
    expect(() => toolSearch.session("s3", { scope: 42 as unknown as string })).toThrow(/must be a string/);
    await expect(toolSearch.search(SLANG, { scope: "x".repeat(201) })).rejects.toThrow(/at most 200/);
  });

  it("answers nothing, as the ranker did, when the lessons only faintly resemble the query", async () => {
    const { toolSearch } = await searchWith({ learning: { halfLifeDays: 10, ...ONE_SESSION } });
    // Four half-lives old: a sixteenth of its weight, too faint to answer a query the ranker finds nothing for.
    await toolSearch.learn(SLANG, "slack__post_message", { at: Date.now() - 40 * DAY });
    expect(await toolSearch.search(SLANG)).toEqual([]);
    await toolSearch.learn("ping", "slack__post_message");
    expect(names(await toolSearch.search(SLANG))).toEqual(["slack__post_message"]);
  });

  it("lets a handful of lessons lift the right tool above the ranker's own first choice", async () => {
    const { toolSearch } = await searchWith();
    const query = "read the file of deploy notes";
    expect(names(await toolSearch.search(query))[0]).toBe("filesystem__read_file");
    for (let run = 0; run < 3; run++)
      await searchThenCall(
        toolSearch,
        `${query} ${["now", "today", "please"][run]}`,
        "slack__post_message",
        SLACK_INPUT,
      );
    expect(names(await toolSearch.search(query)).slice(0, 2)).toEqual(["slack__post_message", "filesystem__read_file"]);
  });

  it("keeps the ranker's own answer at the asked limit when lessons apply: the place it gave a sibling stays", async () => {
    const { toolSearch } = await searchWith({}, [
      plain("github__list_issues", "List the open issues of a repository."),
      plain("github__comment_on_issue", "Comment on an issue of a repository."),
      plain("gitlab__list_issues", "List the open issues of a project."),
      plain("jira__list_issues", "List the open issues of a board."),
      plain("weather__forecast", "Get the weather forecast for a city."),
    ]);
    const query = "list the open issues of the toolsift repository";
    // Unaided, the best match's sibling takes the second place (listing issues, then commenting on one).
    const unaided = names(await toolSearch.search(query, { limit: 2 }));
    expect(unaided).toEqual(["github__list_issues", "github__comment_on_issue"]);
    // A session confirms the best match; lessons now apply to the query, and must not undo the
    // answer the ranker assembled for two places by reading its list fifty deep.
    await searchThenCall(toolSearch, query, "github__list_issues", {});
    expect(names(await toolSearch.search(query, { limit: 2 }))).toEqual(unaided);
  });

  it("keeps the place a chained query's answer gave each request's best when lessons apply to one request", async () => {
    const { toolSearch } = await searchWith({}, [
      plain("listOverdueInvoices", "List the overdue invoices of a billing account."),
      plain("exportOverdueInvoices", "Export the overdue invoices of a billing account."),
      plain("textDriver", "Send a text message to a driver."),
      plain("listDrivers", "List the drivers and their text message numbers."),
      plain("getDriver", "Get a driver by name."),
      plain("textDispatcher", "Send a text message to the dispatcher."),
      plain("getForecast", "Get the weather forecast for a city."),
    ]);
    const chain = "List the overdue invoices of billing account ACME, then text the driver.";
    // Unaided, the second request's best keeps a place, though the whole query ranks listDrivers above it.
    const unaided = names(await toolSearch.search(chain, { limit: 3 }));
    expect(unaided).toEqual(["listOverdueInvoices", "exportOverdueInvoices", "textDriver"]);
    // A session taught the first request alone: its lesson applies to the chain, and lifts only its own tool.
    await searchThenCall(toolSearch, "List the overdue invoices of billing account ACME", "listOverdueInvoices", {});
    expect(names(await toolSearch.search(chain, { limit: 3 }))).toEqual(unaided);
  });

  it("keeps at most maxLessonsPerTool lessons per tool: a flood of lessons stays a few", async () => {
    const store = new MemoryUsageStore({ maxLessonsPerTool: 3 });
    const { toolSearch } = await searchWith({ learning: { store, maxLessonsPerTool: 3, ...ONE_SESSION } });
    const start = Date.now() - 1_000;
    for (let i = 0; i < 200; i++)
      await toolSearch.learn(`flood query number ${i}`, "slack__post_message", { at: start + i });
    await toolSearch.flushLearning();
    expect((await store.lessons("default")).map((lesson) => lesson.query)).toEqual([
      "flood query number 197",
      "flood query number 198",
      "flood query number 199",
    ]);
    // The oldest lessons no longer count (their words only resemble the kept ones); the newest do.
    const slackScore = async (query: string) =>
      (await toolSearch.search(query)).find((match) => match.name === "slack__post_message")?.score ?? 0;
    expect(await slackScore("flood query number 199")).toBeGreaterThanOrEqual(2);
    // With its lesson kept, "flood query number 5" would match one exactly and score 2 or more.
    expect(await slackScore("flood query number 5")).toBeLessThan(2);
    // Other tools' queries are untouched by the flood.
    expect(names(await toolSearch.search("read a file"))[0]).toBe("filesystem__read_file");
  });

  it("weighs old lessons less: a lesson's weight halves every half-life", async () => {
    const now = Date.now();
    const { toolSearch } = await searchWith({ learning: { halfLifeDays: 10, ...ONE_SESSION } });
    await toolSearch.learn(SLANG, "slack__post_message", { at: now });
    await toolSearch.learn("jot it in the diary", "calendar__create_event", { at: new Date(now - 10 * DAY) });
    const [fresh] = await toolSearch.search(SLANG);
    const [old] = await toolSearch.search("jot it in the diary");
    expect([fresh!.name, old!.name]).toEqual(["slack__post_message", "calendar__create_event"]);
    expect(old!.score / fresh!.score).toBeCloseTo(1 / 2, 2);
  });

  it("counts a query that led to several tools as shared evidence", async () => {
    const { toolSearch } = await searchWith();
    await toolSearch.learn("tell the crew and jot it in the diary", "slack__post_message");
    await toolSearch.learn("tell the crew and jot it in the diary", "calendar__create_event");
    await toolSearch.learn("ping the whole crew", "slack__post_message");
    const scores = Object.fromEntries(
      (await toolSearch.search("tell the crew and jot it in the diary")).map((match) => [match.name, match.score]),
    );
    // Each tool gets half of what the shared query would give it alone; slack adds its own second lesson.
    expect(Object.keys(scores).sort()).toEqual(["calendar__create_event", "slack__post_message"]);
    expect(scores.calendar__create_event).toBeCloseTo(1, 5);
    expect(scores.slack__post_message).toBeGreaterThan(1);
  });

  it("imports lessons with learn(), checking each", async () => {
    const { toolSearch, events } = await searchWith();
    await toolSearch.learn(SLANG, "slack__post_message", { scope: "acme", at: new Date() });
    expect(names(await toolSearch.search(SLANG, { scope: "acme" }))).toEqual(["slack__post_message"]);
    expect(events.filter((event) => event.type === "lesson")).toEqual([
      { type: "lesson", sessionId: undefined, scope: "acme", name: "slack__post_message", queries: [SLANG] },
    ]);
    await expect(toolSearch.learn(SLANG, "slack__post_messages")).rejects.toThrow(/not a tool of the catalogue/);
    await expect(toolSearch.learn("", "slack__post_message")).rejects.toThrow(QueryError);
    await expect(toolSearch.learn("x".repeat(501), "slack__post_message")).rejects.toThrow(QueryError);
    await expect(toolSearch.learn(SLANG, "slack__post_message", { at: Number.NaN })).rejects.toThrow(
      /at must be a Date/,
    );
    await expect(toolSearch.learn(SLANG, "slack__post_message", { scope: "" })).rejects.toThrow(OptionsError);
  });

  it("forgets a scope: here, in the store, and nowhere else", async () => {
    const store = new MemoryUsageStore();
    const { toolSearch } = await searchWith({ learning: { store, ...ONE_SESSION } });
    await toolSearch.learn(SLANG, "slack__post_message", { scope: "acme" });
    await toolSearch.learn(SLANG, "slack__post_message", { scope: "globex" });
    await toolSearch.flushLearning();
    await toolSearch.forget("acme");
    expect(await toolSearch.search(SLANG, { scope: "acme" })).toEqual([]);
    expect(await store.lessons("acme")).toEqual([]);
    expect(names(await toolSearch.search(SLANG, { scope: "globex" }))).toEqual(["slack__post_message"]);
    // Learning goes on afresh in the forgotten scope.
    await searchThenCall(
      toolSearch,
      SLANG,
      "slack__post_message",
      SLACK_INPUT,
      toolSearch.session("after", { scope: "acme" }),
    );
    expect(names(await toolSearch.search(SLANG, { scope: "acme" }))).toEqual(["slack__post_message"]);
  });

  it("erases lessons still waiting to be written when their scope is forgotten", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const inner = new MemoryUsageStore();
    const slow: UsageStore = {
      add: async (lessons) => (await gate, inner.add(lessons)),
      lessons: (scope) => inner.lessons(scope),
      forget: (scope) => inner.forget(scope),
    };
    const { toolSearch } = await searchWith({ learning: { store: slow, ...ONE_SESSION } });
    await toolSearch.learn("first, written slowly", "slack__post_message", { scope: "acme" });
    await toolSearch.learn("second, still waiting", "slack__post_message", { scope: "acme" });
    const forgotten = toolSearch.forget("acme");
    release();
    await forgotten;
    await toolSearch.flushLearning();
    expect(await inner.lessons("acme")).toEqual([]);
  });

  it("compares learned queries by embedding too with the hybrid ranker: a lesson reaches queries in other words", async () => {
    const { toolSearch } = await searchWith({ ranker: "hybrid" });
    const { toolSearch: lexicalOnly } = await searchWith({ ranker: "bm25" });
    // Untaught, the hybrid's nearest meanings are weak guesses, and the right tool is not first.
    const before = await toolSearch.search("inform everyone");
    expect(before.every((match) => match.confidence === "weak") && before[0]?.name !== "slack__post_message").toBe(
      true,
    );
    expect(await lexicalOnly.search("inform everyone")).toEqual([]);
    for (const search of [toolSearch, lexicalOnly]) {
      await searchThenCall(search, "let everyone know", "slack__post_message", SLACK_INPUT);
      await search.flushLearning();
    }
    // One word in common is too little on its own; the vectors of "inform" and "know" add the rest.
    expect(names(await toolSearch.search("inform everyone"))[0]).toBe("slack__post_message");
    expect(await lexicalOnly.search("inform everyone")).toEqual([]);
  });
});

describe("learning by meaning with a ranker that has no model", () => {
  it("compares learned queries by the semantic fallback's model with bm25: a lesson reaches queries in other words", async () => {
    const { toolSearch } = await searchWith({ ranker: "bm25", semanticFallback: true });
    // No word in common with the lesson below: the ranker finds nothing, the fallback guesses,
    // and its guess puts another tool first.
    const rankOf = async () => names(await toolSearch.search("alert everybody")).indexOf("slack__post_message");
    expect(await rankOf()).not.toBe(0);
    await searchThenCall(toolSearch, "let everyone know", "slack__post_message", SLACK_INPUT);
    await toolSearch.flushLearning();
    // The lesson, reached by meaning alone, puts the taught tool first.
    expect(await rankOf()).toBe(0);
  });

  it("keeps words only with the fallback off, or with learning.embeddings off", async () => {
    for (const options of [{ semanticFallback: false }, { learning: { ...ONE_SESSION, embeddings: false } }]) {
      const { toolSearch } = await searchWith({ ranker: "bm25", ...options });
      await searchThenCall(toolSearch, "let everyone know", "slack__post_message", SLACK_INPUT);
      await toolSearch.flushLearning();
      const rank = names(await toolSearch.search("alert everybody")).indexOf("slack__post_message");
      expect(rank === -1 || rank > 1).toBe(true);
    }
  });
});

describe("learning with a failing or slow store", () => {
  const failing = (what: string): UsageStore => ({
    add: async () => {
      throw new Error(`${what}: disk full`);
    },
    lessons: async () => {
      throw new Error(`${what}: connection refused`);
    },
    forget: async () => {
      throw new Error(`${what}: read-only`);
    },
  });

  it("keeps searching and learning in memory, with warnings, when the store fails", async () => {
    const { toolSearch, events } = await searchWith({ learning: { store: failing("broken store"), ...ONE_SESSION } });
    const result = await searchThenCall(toolSearch, SLANG, "slack__post_message", SLACK_INPUT);
    expect(result.is_error).toBeUndefined();
    await toolSearch.flushLearning();
    expect(names(await toolSearch.search(SLANG))).toEqual(["slack__post_message"]);
    const warnings = events.flatMap((event) => (event.type === "warning" ? [event.code] : []));
    expect(warnings).toContain("learning_store_failed");
    expect(events.find((event) => event.type === "warning" && event.message.includes("disk full"))).toBeDefined();
    await expect(toolSearch.forget("default")).rejects.toThrow(/read-only/);
  });

  it("skips what a store returns that is not a lesson, with a warning", async () => {
    const junk: UsageStore = {
      add: async () => undefined,
      lessons: async () =>
        [
          { scope: "default", tool: "slack__post_message", query: SLANG, at: 1 },
          { scope: "default", tool: 7 },
          { scope: "other", tool: "slack__post_message", query: "x", at: 1 },
        ] as unknown as Lesson[],
      forget: async () => undefined,
    };
    const { toolSearch, events } = await searchWith({
      learning: { store: junk, halfLifeDays: Infinity, ...ONE_SESSION },
    });
    expect(names(await toolSearch.search(SLANG))).toEqual(["slack__post_message"]);
    expect(events).toContainEqual({
      type: "warning",
      code: "learning_store_invalid",
      message: expect.stringContaining("2 unusable lessons"),
    });
  });

  it("does not hang searches on a store that never answers", async () => {
    // The store waits are seconds long; fake timers let the test (and each mutant run) skip them.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const hung: UsageStore = {
        add: () => new Promise(() => undefined),
        lessons: () => new Promise(() => undefined),
        forget: async () => undefined,
      };
      const { toolSearch, events } = await searchWith({ learning: hung });
      await toolSearch.learn(SLANG, "slack__post_message");
      const searching = toolSearch.search(SLANG);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(names(await searching)).toEqual(["slack__post_message"]);
      expect(events.some((event) => event.type === "warning" && event.code === "learning_store_slow")).toBe(true);
      // close() gives up on the hung write rather than hang the shutdown, and says so.
      open.splice(open.indexOf(toolSearch), 1);
      const closing = toolSearch.close();
      await vi.advanceTimersByTimeAsync(5_000);
      await closing;
      expect(events.at(-1)).toEqual({
        type: "warning",
        code: "learning_store_slow",
        message: expect.stringContaining("1 lessons within 5000 ms of close()"),
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it("bounds forget() on a store whose erasures and writes never settle, ranking the scope with nothing learned meanwhile", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const hung: UsageStore = {
        add: () => new Promise(() => undefined),
        lessons: async () => [],
        forget: () => new Promise(() => undefined),
      };
      const { toolSearch, events } = await searchWith({ learning: hung });
      await toolSearch.learn(SLANG, "slack__post_message", { scope: "acme" });
      await toolSearch.learn(SLANG, "slack__post_message", { scope: "globex" });
      expect(names(await toolSearch.search(SLANG, { scope: "acme" }))).toEqual(["slack__post_message"]);
      let forgotten = false;
      const forgetting = toolSearch.forget("acme").then(() => (forgotten = true));
      // While the store has not answered, the scope's searches neither wait nor use what was learned.
      let answered: string[] | undefined;
      void toolSearch.search(SLANG, { scope: "acme" }).then((matches) => (answered = names(matches)));
      await vi.advanceTimersByTimeAsync(0);
      expect(answered).toEqual([]);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(forgotten).toBe(true);
      await forgetting;
      expect(events).toContainEqual({
        type: "warning",
        code: "learning_store_slow",
        message: expect.stringContaining('erase scope "acme"'),
      });
      let again: string[] | undefined;
      void toolSearch.search(SLANG, { scope: "acme" }).then((matches) => (again = names(matches)));
      await vi.advanceTimersByTimeAsync(0);
      expect(again).toEqual([]);
      // Other scopes keep what they learned.
      expect(names(await toolSearch.search(SLANG, { scope: "globex" }))).toEqual(["slack__post_message"]);
      open.splice(open.indexOf(toolSearch), 1);
      const closing = toolSearch.close();
      await vi.advanceTimersByTimeAsync(5_000);
      await closing;
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses a learning option it cannot use, saying what it takes", async () => {
    const create = (learning: unknown) => createToolSearch({ tools: sampleTools(), learning } as ToolSearchOptions);
    await expect(create({ store: { add: () => undefined } })).rejects.toThrow(
      /add\(lessons\), lessons\(scope\) and forget\(scope\)/,
    );
    // A store given as learning itself, missing a method: named as a store, not as unknown options.
    await expect(create({ add: async () => undefined, lessons: async () => [] })).rejects.toThrow(
      /^options\.learning must implement UsageStore: .*; it has no forget\(\)\.$/,
    );
    await expect(create({ maxLessonsPerTool: 0 })).rejects.toThrow(
      /learning.maxLessonsPerTool must be a whole number > 0/,
    );
    await expect(create({ weight: -1 })).rejects.toThrow(/learning.weight/);
    await expect(create({ halfLifeDays: "30" })).rejects.toThrow(/learning.halfLifeDays/);
    await expect(create("yes")).rejects.toThrow(/options.learning must be/);
    await expect(create({ minSessions: 0 })).rejects.toThrow(/learning.minSessions must be a whole number > 0, got 0/);
    await expect(create({ minSessions: 17 })).rejects.toThrow(/learning.minSessions must be at most 16, got 17/);
    await expect(create({ boostDestructive: "yes" })).rejects.toThrow(
      /learning.boostDestructive must be true or false, got "yes"/,
    );
    await expect(create({ minSesions: 3 })).rejects.toThrow(
      /^createToolSearch: unknown option "learning\.minSesions"\. Did you mean "learning\.minSessions"\?/,
    );
  });
});

describe("a file store", () => {
  it("keeps what was learned across a restart", async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), "toolsift-learning-"));
    const first = await createToolSearch({
      tools: sampleTools(),
      tuning: LOW,
      semanticFallback: false,
      learning: { store: new FileUsageStore({ cacheDir }), ...ONE_SESSION },
    });
    await searchThenCall(first, SLANG, "slack__post_message", SLACK_INPUT, first.session("run", { scope: "acme" }));
    await first.close();
    const restarted = await createToolSearch({
      tools: sampleTools(),
      tuning: LOW,
      semanticFallback: false,
      learning: { store: new FileUsageStore({ cacheDir }), ...ONE_SESSION },
    });
    open.push(restarted);
    expect(names(await restarted.search(SLANG, { scope: "acme" }))).toEqual(["slack__post_message"]);
    expect(readFileSync(join(cacheDir, LESSONS_FILE), "utf8")).toContain(SLANG);
  });

  it("heals a damaged file with a warning event and keeps its good lessons", async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), "toolsift-learning-"));
    const writer = new FileUsageStore({ cacheDir });
    await writer.add([
      { scope: "default", tool: "slack__post_message", query: SLANG, at: Date.now() },
      { scope: "default", tool: "calendar__create_event", query: "jot it in the diary", at: Date.now() },
    ]);
    const file = join(cacheDir, LESSONS_FILE);
    writeFileSync(file, readFileSync(file, "utf8").replace("diary", "dairy"));
    const { toolSearch, events } = await searchWith({
      learning: { store: new FileUsageStore({ cacheDir }), ...ONE_SESSION },
    });
    expect(names(await toolSearch.search(SLANG))).toEqual(["slack__post_message"]);
    expect(await toolSearch.search("jot it in the dairy")).toEqual([]);
    expect(events).toContainEqual({
      type: "warning",
      code: "learning_store_repaired",
      message: expect.stringContaining("1 records failed their check"),
    });
  });
});

describePostgres("a PostgreSQL store shared by a fleet", (url) => {
  it("lets two workers learn together, and forget together", async () => {
    const table = scratchTable();
    const stores = [
      new PostgresUsageStore({ connectionString: url, table }),
      new PostgresUsageStore({ connectionString: url, table }),
    ];
    const [workerA, workerB] = await Promise.all(
      stores.map((store) =>
        createToolSearch({
          tools: sampleTools(),
          tuning: LOW,
          semanticFallback: false,
          learning: { store, refreshMs: 0, ...ONE_SESSION },
        }),
      ),
    );
    try {
      expect(await workerB!.search(SLANG, { scope: "fleet" })).toEqual([]);
      await searchThenCall(
        workerA!,
        SLANG,
        "slack__post_message",
        SLACK_INPUT,
        workerA!.session("a-1", { scope: "fleet" }),
      );
      await workerA!.flushLearning();
      expect(names(await workerB!.search(SLANG, { scope: "fleet" }))).toEqual(["slack__post_message"]);
      // B teaches A in turn.
      await searchThenCall(
        workerB!,
        "jot it in the diary",
        "calendar__create_event",
        { title: "x", start: "2030-01-01T10:00:00Z" },
        workerB!.session("b-1", { scope: "fleet" }),
      );
      await workerB!.flushLearning();
      expect(names(await workerA!.search("jot it in the diary", { scope: "fleet" }))).toEqual([
        "calendar__create_event",
      ]);
      // Another tenant on the same table sees none of it.
      expect(await workerB!.search(SLANG, { scope: "other-tenant" })).toEqual([]);
      await workerA!.forget("fleet");
      expect(await workerB!.search(SLANG, { scope: "fleet" })).toEqual([]);
    } finally {
      await Promise.all([workerA!.close(), workerB!.close()]);
      await Promise.all(stores.map((store) => store.close()));
      await dropTable(url, table);
    }
  });
});
