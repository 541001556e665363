import { afterEach, describe, expect, it, vi } from "vitest";
import { sampleTools } from "../../test/support/sample-tools.js";
import { OptionsError, QueryError } from "../errors.js";
import { MAX_TAUGHT_QUERY_LENGTH, MAX_REQUEST_LENGTH } from "../session/index.js";
import type { Lesson, UsageStore } from "../learning/index.js";
import type { ToolHost } from "../catalogue/index.js";
import { createToolSearch, type ToolSearch } from "./tool-search.js";
import type { ToolSearchOptions } from "./tool-search-options.js";

// Every option check of createToolSearch, session(), search(), learn() and forget(): each
// refusal is an OptionsError (or QueryError) with a stable code and a message that says the fix.

const LOW = { toolSearchThresholdTokens: 100 };
const EMPTY_QUERY = '"query" is empty. Describe what you want to do, e.g. "create a calendar event".';

/** Expects `action` to throw (or reject with) `type`, with exactly this code and message. */
async function refuses(
  action: () => unknown,
  type: typeof OptionsError | typeof QueryError,
  code: string,
  message: string,
): Promise<void> {
  let thrown: unknown;
  try {
    await action();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(type);
  expect(thrown).toMatchObject({ code, message });
}

/** A usage store that keeps what it is given, so a test can read the lessons toolsift wrote. */
function recordingStore(): UsageStore & { added: Lesson[] } {
  const added: Lesson[] = [];
  return {
    added,
    add: async (lessons) => void added.push(...lessons),
    lessons: async (scope) => added.filter((lesson) => lesson.scope === scope),
    forget: async (scope) => void added.splice(0, added.length, ...added.filter((lesson) => lesson.scope !== scope)),
  };
}

const open: ToolSearch[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(open.splice(0).map((toolSearch) => toolSearch.close()));
});

async function learningSearch(store: UsageStore = recordingStore()): Promise<ToolSearch> {
  const toolSearch = await createToolSearch({
    tools: sampleTools(),
    tuning: LOW,
    learning: store,
    semanticFallback: false,
  });
  open.push(toolSearch);
  return toolSearch;
}

describe("createToolSearch options", () => {
  it.each([
    ["null", null],
    ["a string", "tools"],
    ["a number", 3],
  ])("refuses %s instead of an options object", async (_label, options) => {
    await refuses(
      () => createToolSearch(options as unknown as ToolSearchOptions),
      OptionsError,
      "invalid_options",
      "createToolSearch takes an options object: createToolSearch({ tools }).",
    );
  });

  it.each(["permit", "approve", "onEvent", "estimateTokens"] as const)(
    "refuses an options.%s that is not a function, naming what it got",
    async (callback) => {
      await refuses(
        () => createToolSearch({ tools: sampleTools(), [callback]: "yes" } as unknown as ToolSearchOptions),
        OptionsError,
        "invalid_options",
        `options.${callback} must be a function, got "yes" (a string). Pass a function or leave it out.`,
      );
      await refuses(
        () => createToolSearch({ tools: sampleTools(), [callback]: null } as unknown as ToolSearchOptions),
        OptionsError,
        "invalid_options",
        `options.${callback} must be a function, got null. Pass a function or leave it out.`,
      );
    },
  );

  it("refuses an option it does not know, naming the one meant, so a misspelt permit never lets every tool through", async () => {
    const permits = () => false;
    await refuses(
      () => createToolSearch({ tools: sampleTools(), permits } as ToolSearchOptions),
      OptionsError,
      "invalid_options",
      'createToolSearch: unknown option "permits". Did you mean "permit"? The options are tools, ranker, ' +
        "semanticFallback, learning, misses, enrichment, maxResultsPerServer, tuning, permit, approve, onEvent, estimateTokens.",
    );
    await expect(createToolSearch({ tools: sampleTools(), rankr: "hybrid" } as ToolSearchOptions)).rejects.toThrow(
      /unknown option "rankr"\. Did you mean "ranker"\?/,
    );
  });

  it("accepts every callback as a function", async () => {
    const toolSearch = await createToolSearch({
      tools: sampleTools(),
      permit: () => true,
      approve: () => true,
      onEvent: () => undefined,
      estimateTokens: () => 10,
    });
    expect((await toolSearch.search("post a slack message"))[0]!.name).toBe("slack__post_message");
  });

  const listTools: ToolHost["listTools"] = async () => sampleTools();
  it.each([
    ["missing", undefined],
    ["null", null],
    ["a string", "github"],
    ["an object without listTools", {}],
    ["an object whose listTools is not a function", { listTools: "all" }],
    // A host is an object: a function, even one carrying listTools, is a mistake (a class, say).
    ["a function carrying listTools", Object.assign(() => undefined, { listTools })],
  ])("refuses tools that are %s", async (_label, tools) => {
    await refuses(
      () => createToolSearch({ tools } as unknown as ToolSearchOptions),
      OptionsError,
      "invalid_tools",
      "options.tools must be an array of tool definitions or a host with listTools(), e.g. createToolSearch({ tools: [myTool] }).",
    );
  });

  it("names the one keepTools entry that is not in the catalogue", async () => {
    await refuses(
      () =>
        createToolSearch({ tools: sampleTools(), tuning: { keepTools: ["postgres__query", "github__create_isue"] } }),
      OptionsError,
      "unknown_keep_tool",
      'tuning.keepTools names "github__create_isue", which is not in the catalogue. Use exact tool names (with their server__ prefix, if any).',
    );
  });

  it("names every keepTools entry that is not in the catalogue", async () => {
    await refuses(
      () =>
        createToolSearch({
          tools: sampleTools(),
          tuning: { keepTools: ["create_issue", "postgres__query", "read_file"] },
        }),
      OptionsError,
      "unknown_keep_tool",
      'tuning.keepTools names "create_issue", "read_file", which are not in the catalogue. Use exact tool names (with their server__ prefix, if any).',
    );
  });

  it("accepts keepTools that are all in the catalogue", async () => {
    const toolSearch = await createToolSearch({
      tools: sampleTools(),
      tuning: { ...LOW, keepTools: ["postgres__query", "slack__post_message"] },
    });
    const block = await toolSearch.session().tools();
    expect(block.slice(1, 3).map((tool) => tool.name)).toEqual(["postgres__query", "slack__post_message"]);
  });
});

describe("session() options", () => {
  it.each([
    ["an empty id", ""],
    ["a number", 42],
    ["null", null],
  ])("refuses %s as the session id", async (_label, id) => {
    const toolSearch = await createToolSearch({ tools: sampleTools() });
    await refuses(
      () => toolSearch.session(id as unknown as string),
      OptionsError,
      "invalid_session_id",
      "A session id must be a non-empty string.",
    );
  });

  it("refuses an option it does not know, so a misspelt scope never starts the session in the default one", async () => {
    const toolSearch = await createToolSearch({ tools: sampleTools() });
    await refuses(
      () => toolSearch.session("s", { scop: "team-a" } as { scope?: string }),
      OptionsError,
      "invalid_options",
      'session(): unknown option "scop". Did you mean "scope"? The options are transcript, context, signal, scope.',
    );
    expect(toolSearch.session("s", { scope: "team-a" }).scope).toBe("team-a");
  });

  it("makes up an id when none is given, a different one each time", async () => {
    const toolSearch = await createToolSearch({ tools: sampleTools() });
    const a = toolSearch.session();
    const b = toolSearch.session(undefined, { context: "x" });
    expect(a.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.id).not.toBe(a.id);
  });

  it.each([
    ["null", null],
    ["a string", "user-1"],
    ["a number", 7],
  ])("refuses %s instead of an options object", async (_label, options) => {
    const toolSearch = await createToolSearch({ tools: sampleTools() });
    await refuses(
      () => toolSearch.session("s", options as never),
      OptionsError,
      "invalid_options",
      "session(id, options) takes an options object, e.g. session(id, { context: { userId } }).",
    );
  });

  it("refuses a signal that is not an AbortSignal, and takes a real one", async () => {
    const toolSearch = await createToolSearch({ tools: sampleTools() });
    for (const signal of [{}, "abort", { aborted: false }]) {
      await refuses(
        () => toolSearch.session("s", { signal: signal as never }),
        OptionsError,
        "invalid_signal",
        "options.signal must be an AbortSignal (e.g. new AbortController().signal).",
      );
    }
    expect(toolSearch.session("s", { signal: new AbortController().signal }).id).toBe("s");
  });

  it.each([
    ["empty", "", "a scope must not be empty; leave it out for the default scope."],
    ["not a string", 42, "a scope must be a string (a tenant or team id), got number."],
    ["null", null, "a scope must be a string (a tenant or team id), got null."],
    ["too long", "t".repeat(201), "a scope is at most 200 characters, got 201; use a tenant id or a hash of it."],
    [
      "holding a lone surrogate",
      "tenant-\uD800",
      "a scope must be well-formed Unicode without NUL, but it holds a lone surrogate or a NUL at character 7; PostgreSQL would merge it with another scope, so use a tenant id or a hash of it.",
    ],
    [
      "holding a NUL",
      "tenant\u0000-1",
      "a scope must be well-formed Unicode without NUL, but it holds a lone surrogate or a NUL at character 6; PostgreSQL would merge it with another scope, so use a tenant id or a hash of it.",
    ],
  ])("refuses a scope that is %s", async (_label, scope, message) => {
    const toolSearch = await createToolSearch({ tools: sampleTools() });
    await refuses(() => toolSearch.session("s", { scope: scope as never }), OptionsError, "invalid_scope", message);
  });

  it("keeps a session's scope: another is refused, the same one or none resumes it", async () => {
    const toolSearch = await createToolSearch({ tools: sampleTools() });
    toolSearch.session("s", { scope: "acme" });
    await refuses(
      () => toolSearch.session("s", { scope: "globex" }),
      OptionsError,
      "session_scope_changed",
      'Session "s" belongs to scope "acme", not "globex": a session keeps its scope. Use a new session id for another scope.',
    );
    expect(toolSearch.session("s", { scope: "acme" }).id).toBe("s");
    expect(toolSearch.session("s").id).toBe("s");
    // Nor does naming the default scope move a scoped session into it.
    await refuses(
      () => toolSearch.session("s", { scope: "default" }),
      OptionsError,
      "session_scope_changed",
      'Session "s" belongs to scope "acme", not "default": a session keeps its scope. Use a new session id for another scope.',
    );
  });

  it("starts a session without a scope in the default scope", async () => {
    const toolSearch = await createToolSearch({ tools: sampleTools() });
    toolSearch.session("plain");
    expect(toolSearch.session("plain", { scope: "default" }).id).toBe("plain");
    await refuses(
      () => toolSearch.session("plain", { scope: "acme" }),
      OptionsError,
      "session_scope_changed",
      'Session "plain" belongs to scope "default", not "acme": a session keeps its scope. Use a new session id for another scope.',
    );
  });

  it("lets a new session id take any scope", async () => {
    const toolSearch = await createToolSearch({ tools: sampleTools() });
    toolSearch.session("a", { scope: "acme" });
    expect(toolSearch.session("b", { scope: "globex" }).id).toBe("b");
  });
});

describe("search() options", () => {
  it("refuses a bad query with a QueryError whose message has no search_tools prefix", async () => {
    const toolSearch = await createToolSearch({ tools: sampleTools() });
    await refuses(() => toolSearch.search("   "), QueryError, "invalid_query", EMPTY_QUERY);
    await refuses(
      () => toolSearch.search(42 as unknown as string),
      QueryError,
      "invalid_query",
      '"query" must be a string describing the task, got 42.',
    );
  });

  it("refuses an option it does not know, so a misspelt scope never searches the default one", async () => {
    const toolSearch = await createToolSearch({ tools: sampleTools() });
    await refuses(
      () => toolSearch.search("post a message", { scop: "team-a" } as { scope?: string }),
      OptionsError,
      "invalid_options",
      'search(): unknown option "scop". Did you mean "scope"? The options are limit, scope.',
    );
    expect((await toolSearch.search("post a message", { limit: 2, scope: "team-a" }))[0]?.name).toBe(
      "slack__post_message",
    );
  });

  it("ranks a user's whole request up to 2,000 characters, so its later requests count", async () => {
    const toolSearch = await createToolSearch({ tools: sampleTools() });
    // Words no tool has, then the request that needs a tool, past the 500 a model's query may take.
    const context = "Some background on our week comes first, with nothing to do with the task. ".repeat(9);
    const request = `${context}After that, post a slack message to the team channel.`;
    expect(request.length).toBeGreaterThan(MAX_TAUGHT_QUERY_LENGTH);
    expect((await toolSearch.search(request)).map((match) => match.name)).toContain("slack__post_message");
    await refuses(
      () => toolSearch.search("a".repeat(MAX_REQUEST_LENGTH + 1)),
      QueryError,
      "invalid_query",
      `"query" is ${MAX_REQUEST_LENGTH + 1} characters; the limit is ${MAX_REQUEST_LENGTH}. Use a few key words for the task instead.`,
    );
    // A lesson is a search_tools query: the stores bound each one by its length.
    const learning = await learningSearch();
    await expect(learning.learn(request, "slack__post_message")).rejects.toMatchObject({ code: "invalid_query" });
  });

  it.each([
    ["0", 0, "0"],
    ["51", 51, "51"],
    ["a fraction", 2.5, "2.5"],
    ["a string", "3", '"3" (a string)'],
    ["NaN", Number.NaN, "NaN"],
    // JSON.stringify throws on a BigInt: the message must still be an OptionsError, not a raw TypeError.
    ["a BigInt", 10n, "10n"],
  ])("refuses a limit of %s", async (_label, limit, shown) => {
    const toolSearch = await createToolSearch({ tools: sampleTools() });
    await refuses(
      () => toolSearch.search("create an issue", { limit: limit as number }),
      OptionsError,
      "invalid_limit",
      `limit must be a whole number from 1 to 50, got ${shown}.`,
    );
  });

  it("takes limits from 1 to 50, and the tuned searchLimit without options (null included)", async () => {
    const query = "create issue message event query file repository";
    const toolSearch = await createToolSearch({ tools: sampleTools(), tuning: { searchLimit: 3 } });
    expect(await toolSearch.search(query, { limit: 1 })).toHaveLength(1);
    expect((await toolSearch.search(query, { limit: 50 })).length).toBeGreaterThan(3);
    expect(await toolSearch.search(query)).toHaveLength(3);
    expect(await toolSearch.search(query, null as never)).toHaveLength(3);
    expect(await toolSearch.search(query, {})).toHaveLength(3);
  });

  it("refuses a bad scope", async () => {
    const toolSearch = await createToolSearch({ tools: sampleTools() });
    await refuses(
      () => toolSearch.search("create an issue", { scope: "" }),
      OptionsError,
      "invalid_scope",
      "a scope must not be empty; leave it out for the default scope.",
    );
  });
});

describe("learn() and forget() options", () => {
  it("say, with learning off, which method needs learning and how to turn it on", async () => {
    const toolSearch = await createToolSearch({ tools: sampleTools() });
    await refuses(
      () => toolSearch.learn("ping the crew", "slack__post_message"),
      OptionsError,
      "learning_off",
      "learn() needs learning: create the tool search with createToolSearch({ tools, learning: true }) or a UsageStore.",
    );
    await refuses(
      () => toolSearch.forget("acme"),
      OptionsError,
      "learning_off",
      "forget() needs learning: create the tool search with createToolSearch({ tools, learning: true }) or a UsageStore.",
    );
  });

  it("learn() refuses an option it does not know, so a lesson never lands in the default scope by a typo", async () => {
    const toolSearch = await learningSearch();
    await refuses(
      () => toolSearch.learn("ping the crew", "slack__post_message", { scpoe: "team-a" } as { scope?: string }),
      OptionsError,
      "invalid_options",
      'learn(): unknown option "scpoe". Did you mean "scope"? The options are scope, at.',
    );
  });

  it("learn() refuses a bad query, an unknown tool and a bad scope", async () => {
    const toolSearch = await learningSearch();
    await refuses(() => toolSearch.learn(" ", "slack__post_message"), QueryError, "invalid_query", EMPTY_QUERY);
    await refuses(
      () => toolSearch.learn("ping the crew", "slack__post"),
      OptionsError,
      "unknown_tool",
      'learn(): "slack__post" is not a tool of the catalogue; lessons name a tool by its exact name.',
    );
    await refuses(
      () => toolSearch.learn("ping the crew", 42 as unknown as string),
      OptionsError,
      "unknown_tool",
      "learn(): 42 is not a tool of the catalogue; lessons name a tool by its exact name.",
    );
    await refuses(
      () => toolSearch.learn("ping the crew", "slack__post_message", { scope: "" }),
      OptionsError,
      "invalid_scope",
      "a scope must not be empty; leave it out for the default scope.",
    );
  });

  it.each([
    ["NaN", Number.NaN, "null"],
    ["negative", -1, "-1"],
    ["infinite", Number.POSITIVE_INFINITY, "null"],
    ["a string", "yesterday", '"yesterday"'],
    ["an invalid Date", new Date("not a date"), "null"],
  ])("learn() refuses a date that is %s", async (_label, at, shown) => {
    const toolSearch = await learningSearch();
    await refuses(
      () => toolSearch.learn("ping the crew", "slack__post_message", { at: at as number }),
      OptionsError,
      "invalid_date",
      `learn(): at must be a Date or milliseconds since the epoch, got ${shown}.`,
    );
  });

  it("learn() writes the lesson with its date: a Date, milliseconds (the epoch included), or now", async () => {
    const store = recordingStore();
    const toolSearch = await learningSearch(store);
    await toolSearch.learn("ping the crew", "slack__post_message", { at: new Date(Date.UTC(2026, 0, 2)) });
    await toolSearch.learn("open a ticket", "github__create_issue", { at: 0 });
    await toolSearch.learn("run some sql", "postgres__query", { at: 1_700_000_000_000, scope: "acme" });
    vi.useFakeTimers({ toFake: ["Date"], now: Date.UTC(2026, 5, 1) });
    await toolSearch.learn("book a meeting", "calendar__create_event");
    await toolSearch.learn("read a file", "filesystem__read_file", null as never);
    await toolSearch.flushLearning();
    expect(store.added).toEqual([
      { scope: "default", query: "ping the crew", tool: "slack__post_message", at: Date.UTC(2026, 0, 2), by: "import" },
      { scope: "default", query: "open a ticket", tool: "github__create_issue", at: 0, by: "import" },
      { scope: "acme", query: "run some sql", tool: "postgres__query", at: 1_700_000_000_000, by: "import" },
      {
        scope: "default",
        query: "book a meeting",
        tool: "calendar__create_event",
        at: Date.UTC(2026, 5, 1),
        by: "import",
      },
      { scope: "default", query: "read a file", tool: "filesystem__read_file", at: Date.UTC(2026, 5, 1), by: "import" },
    ]);
  });

  it("search() ranks with the lessons of its scope, the default one when left out", async () => {
    const toolSearch = await learningSearch();
    await toolSearch.learn("ping the crew", "slack__post_message", { scope: "acme" });
    await toolSearch.learn("wake the oncall", "calendar__create_event");
    const names = async (query: string, scope?: string) =>
      (await toolSearch.search(query, scope === undefined ? {} : { scope })).map((match) => match.name);
    expect(await names("ping the crew", "acme")).toEqual(["slack__post_message"]);
    expect(await names("ping the crew")).toEqual([]);
    expect(await names("wake the oncall")).toEqual(["calendar__create_event"]);
    expect(await names("wake the oncall", "acme")).toEqual([]);
  });

  it("forget() erases a valid scope's lessons, leaving the others", async () => {
    const toolSearch = await learningSearch();
    await toolSearch.learn("ping the crew", "slack__post_message", { scope: "acme" });
    await toolSearch.learn("ping the crew", "slack__post_message", { scope: "globex" });
    await expect(toolSearch.forget("acme")).resolves.toBeUndefined();
    expect(await toolSearch.search("ping the crew", { scope: "acme" })).toEqual([]);
    expect((await toolSearch.search("ping the crew", { scope: "globex" })).map((match) => match.name)).toEqual([
      "slack__post_message",
    ]);
  });

  it("forget() refuses a bad scope, saying so", async () => {
    const toolSearch = await learningSearch();
    await refuses(
      () => toolSearch.forget(""),
      OptionsError,
      "invalid_scope",
      "forget(): a scope must not be empty; leave it out for the default scope.",
    );
    await refuses(
      () => toolSearch.forget(7 as unknown as string),
      OptionsError,
      "invalid_scope",
      "forget(): a scope must be a string (a tenant or team id), got number.",
    );
    await refuses(
      () => toolSearch.forget("acme\uDC00"),
      OptionsError,
      "invalid_scope",
      "forget(): a scope must be well-formed Unicode without NUL, but it holds a lone surrogate or a NUL at character 4; PostgreSQL would merge it with another scope, so use a tenant id or a hash of it.",
    );
  });
});
