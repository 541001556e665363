import { STUB_HINT, WEAK_MATCH_HINT } from "../session/index.js";
import { describe, expect, it } from "vitest";
import { blockNames } from "../../test/support/block-names.js";
import { sampleTools, toolUse } from "../../test/support/sample-tools.js";
import { z } from "zod";
import { Bm25Ranker, type Ranker, type ToolDefinition, type ToolHost, type ToolSearchEvent } from "../index.js";
import { OptionsError, QueryError } from "../errors.js";
import { createToolSearch } from "./tool-search.js";

const LOW = { toolSearchThresholdTokens: 100 };
const STUBS = [
  "~github__create_issue",
  "~github__delete_repository",
  "~slack__post_message",
  "~calendar__create_event",
  "~postgres__query",
  "~filesystem__read_file",
];

describe("rule 1: threshold", () => {
  it("ships every full definition unchanged when the block fits under the threshold", async () => {
    const tools = sampleTools();
    const session = (await createToolSearch({ tools, tuning: { toolSearchThresholdTokens: 1_000_000 } })).session();
    const block = await session.tools();
    expect(block.map((tool) => tool.name)).toEqual(tools.map((tool) => tool.name));
    expect(block[0]).toEqual({
      name: tools[0]!.name,
      description: tools[0]!.description,
      input_schema: tools[0]!.inputSchema,
    });
    expect(block.some((tool) => tool.name === "search_tools")).toBe(false);
  });

  it("ships every full definition when tool search is off, whatever the size", async () => {
    const session = (await createToolSearch({ tools: sampleTools(), tuning: { ...LOW, toolSearch: false } })).session();
    expect(blockNames(await session.tools())).not.toContain("search_tools");
    expect((await session.tools()).every((tool) => tool.input_schema.properties)).toBe(true);
  });

  it("switches to stubs just above the threshold", async () => {
    const tools = sampleTools();
    const full = (await createToolSearch({ tools, tuning: { toolSearchThresholdTokens: 1_000_000 } })).session();
    const estimated = (await full.view()).fullTokens;
    const at = (await createToolSearch({ tools, tuning: { toolSearchThresholdTokens: estimated } })).session();
    const below = (await createToolSearch({ tools, tuning: { toolSearchThresholdTokens: estimated - 1 } })).session();
    expect(blockNames(await at.tools())).not.toContain("search_tools");
    expect(blockNames(await below.tools())[0]).toBe("search_tools");
  });
});

describe("rule 2: stubs", () => {
  it("shows each tool by name, first sentence plus a hint, and a permissive schema", async () => {
    const session = (await createToolSearch({ tools: sampleTools(), tuning: LOW })).session();
    const block = await session.tools();
    expect(blockNames(block)).toEqual(["search_tools", ...STUBS]);
    const stub = block.find((tool) => tool.name === "github__create_issue")!;
    expect(stub.description).toBe(`Create a GitHub issue in a repository. ${STUB_HINT}`);
    expect(stub.input_schema).toEqual({ type: "object" });
    // search_tools tells the model what the hint means.
    expect(block[0]!.description).toContain(`description ends in "${STUB_HINT}"`);
  });

  it("never puts destructive, server or tags on the wire, stub or full", async () => {
    const tools = sampleTools().map((tool) => ({ ...tool, tags: ["x"] }));
    const session = (await createToolSearch({ tools, tuning: LOW, approve: () => true })).session();
    await session.execute(toolUse("github__delete_repository", { repo: "a/b" }));
    for (const tool of await session.tools()) {
      expect(Object.keys(tool).sort()).toEqual(["description", "input_schema", "name"]);
    }
  });

  it("keeps destructive attached to a stubbed tool: the approval gate still applies", async () => {
    const calls: { name: string; input: unknown }[] = [];
    const session = (
      await createToolSearch({ tools: sampleTools(calls), tuning: LOW, approve: () => false })
    ).session();
    const result = await session.execute(toolUse("github__delete_repository", { repo: "a/b" }));
    expect(result.is_error).toBe(true);
    expect(calls).toEqual([]);
  });
});

describe("rule 3: search_tools", () => {
  it("is injected in full, first, with a query and an optional limit", async () => {
    const [search] = await (await createToolSearch({ tools: sampleTools(), tuning: LOW })).session().tools();
    expect(search!.name).toBe("search_tools");
    expect(search!.input_schema.required).toEqual(["query"]);
    expect(Object.keys(search!.input_schema.properties!)).toEqual(["query", "limit"]);
  });

  it("returns name and description matches, best first", async () => {
    const session = (await createToolSearch({ tools: sampleTools(), tuning: LOW })).session();
    const result = await session.execute(toolUse("search_tools", { query: "post a message to a channel", limit: 2 }));
    const body = JSON.parse(result.content as string);
    expect(result.is_error).toBeUndefined();
    expect(body.matches[0]).toEqual({ name: "slack__post_message", description: sampleTools()[2]!.description });
    expect(body.matches.length).toBeLessThanOrEqual(2);
  });

  it("answers a query no tool's words match with the nearest tools by meaning, marked weak, and says the best is weak", async () => {
    const session = (await createToolSearch({ tools: sampleTools(), tuning: LOW })).session();
    const body = JSON.parse(
      (await session.execute(toolUse("search_tools", { query: "zebra xylophone quasar" }))).content as string,
    );
    expect(body.matches.length).toBeGreaterThan(0);
    expect(body.matches.every((match: { confidence?: string }) => match.confidence === "weak")).toBe(true);
    expect(body.hint).toBe(WEAK_MATCH_HINT);
  });

  it("lists strong matches with no confidence field and no hint: strong is the rule", async () => {
    const session = (await createToolSearch({ tools: sampleTools(), tuning: LOW })).session();
    const body = JSON.parse(
      (await session.execute(toolUse("search_tools", { query: "post a slack message" }))).content as string,
    );
    expect(body.matches[0]).toEqual({ name: "slack__post_message", description: expect.any(String) });
    expect(body.hint).toBeUndefined();
  });

  it("returns an empty list and a hint to rephrase when nothing matches and the semantic fallback is off", async () => {
    const session = (await createToolSearch({ tools: sampleTools(), tuning: LOW, semanticFallback: false })).session();
    const body = JSON.parse(
      (await session.execute(toolUse("search_tools", { query: "zebra xylophone quasar" }))).content as string,
    );
    expect(body.matches).toEqual([]);
    expect(body.hint).toMatch(/rephrase/i);
  });

  it("re-lists a host on every search, so a tool added mid-session is found", async () => {
    let tools: ToolDefinition[] = sampleTools();
    const host: ToolHost = { listTools: async () => tools };
    const session = (await createToolSearch({ tools: host, tuning: LOW })).session();
    const before = await session.searchTools({ query: "weather forecast" });
    expect(before.ok && before.matches.every((match) => match.confidence === "weak")).toBe(true);
    tools = [
      ...tools,
      {
        name: "weather__forecast",
        description: "Get the weather forecast for a city.",
        inputSchema: { type: "object", properties: { city: { type: "string" } } },
      },
    ];
    const outcome = await session.searchTools({ query: "weather forecast" });
    expect(outcome).toMatchObject({ ok: true, matches: [{ name: "weather__forecast", confidence: "strong" }] });
    expect(blockNames(await session.tools())).toContain("~weather__forecast");
  });

  it("rejects an empty or over-long query with an is_error result that says how to fix it", async () => {
    const session = (await createToolSearch({ tools: sampleTools(), tuning: LOW })).session();
    const empty = await session.execute(toolUse("search_tools", { query: "  " }));
    const long = await session.execute(toolUse("search_tools", { query: "x".repeat(2_001) }));
    expect(empty).toMatchObject({ is_error: true, content: expect.stringMatching(/empty/) });
    expect(long).toMatchObject({
      is_error: true,
      content: expect.stringMatching(/2001 characters; the limit is 2000/),
    });
    // A model passing on a user's long message is answered, not refused.
    const message = `${"Some background first. ".repeat(30)}Then schedule a meeting event.`;
    expect(message.length).toBeGreaterThan(500);
    const answered = await session.execute(toolUse("search_tools", { query: message }));
    expect(answered.is_error).toBeUndefined();
    expect(answered.content).toContain("calendar__create_event");
  });

  it("toolSearch.search gives the same ranking and throws QueryError on a bad query", async () => {
    const toolSearch = await createToolSearch({ tools: sampleTools(), tuning: LOW });
    const direct = await toolSearch.search("schedule a meeting event", { limit: 3 });
    const viaSession = await toolSearch.session().searchTools({ query: "schedule a meeting event", limit: 3 });
    expect(viaSession).toEqual({ ok: true, query: "schedule a meeting event", matches: direct });
    expect(direct[0]!.name).toBe("calendar__create_event");
    expect(direct[0]!.score).toBeGreaterThan(0);
    await expect(toolSearch.search("")).rejects.toThrow(QueryError);
    await expect(toolSearch.search("a".repeat(2_001))).rejects.toThrow(/2000/);
  });
});

describe("rule 4: hydration on use", () => {
  it("ships a tool in full from the turn after the model calls it", async () => {
    const session = (await createToolSearch({ tools: sampleTools(), tuning: LOW })).session();
    await session.execute(toolUse("slack__post_message", { channel: "#ops", text: "hi" }));
    const block = await session.tools();
    const slack = block.find((tool) => tool.name === "slack__post_message")!;
    expect(slack.input_schema).toEqual(sampleTools()[2]!.inputSchema);
    expect(session.hydrated()).toEqual(["slack__post_message"]);
  });

  it("evicts the least recently used tool past the cap; the evicted tool is a stub again and still callable", async () => {
    const calls: { name: string; input: unknown }[] = [];
    const session = (
      await createToolSearch({ tools: sampleTools(calls), tuning: { ...LOW, maxHydratedTools: 2 } })
    ).session();
    await session.execute(toolUse("slack__post_message", { channel: "c", text: "t" }));
    await session.execute(toolUse("filesystem__read_file", { path: "a" }));
    await session.execute(toolUse("slack__post_message", { channel: "c", text: "again" }));
    await session.execute(toolUse("postgres__query", { sql: "select 1" }));
    expect(session.hydrated()).toEqual(["slack__post_message", "postgres__query"]);
    expect(blockNames(await session.tools())).toContain("~filesystem__read_file");
    const again = await session.execute(toolUse("filesystem__read_file", { path: "b" }));
    expect(again.is_error).toBeUndefined();
    expect(calls.map((call) => call.name)).toEqual([
      "slack__post_message",
      "filesystem__read_file",
      "slack__post_message",
      "postgres__query",
      "filesystem__read_file",
    ]);
  });
  it("hydrate() loads tools without running them, under the same cap, skipping unknown, denied and keep tools", async () => {
    const calls: { name: string; input: unknown }[] = [];
    const events: ToolSearchEvent[] = [];
    const toolSearch = await createToolSearch({
      tools: sampleTools(calls),
      tuning: { ...LOW, maxHydratedTools: 2, keepTools: ["postgres__query"] },
      permit: (tool) => tool.name !== "github__delete_repository",
      onEvent: (event) => events.push(event),
    });
    const session = toolSearch.session("s");
    const now = await session.hydrate([
      "slack__post_message",
      "nope__missing",
      "github__delete_repository",
      "postgres__query",
      "filesystem__read_file",
    ]);
    expect(now).toEqual(["slack__post_message", "filesystem__read_file"]);
    expect(await session.hydrate(["filesystem__read_file"])).toEqual([]);
    expect(await session.hydrate(["calendar__create_event"])).toEqual(["calendar__create_event"]);
    expect(session.hydrated()).toEqual(["filesystem__read_file", "calendar__create_event"]);
    expect(blockNames(await session.tools())).toEqual([
      "search_tools",
      "postgres__query",
      "filesystem__read_file",
      "calendar__create_event",
      "~github__create_issue",
      "~slack__post_message",
    ]);
    expect(calls).toEqual([]);
    expect(
      events
        .filter((event) => event.type === "hydrate" || event.type === "evict")
        .map((event) => `${event.type} ${(event as { name: string }).name}`),
    ).toEqual([
      "hydrate slack__post_message",
      "hydrate filesystem__read_file",
      "hydrate calendar__create_event",
      "evict slack__post_message",
    ]);
  });
});

describe("rule 5: stubs stay callable, validated against the real schema", () => {
  it("coerces the model's input to the real schema before running", async () => {
    const calls: { name: string; input: unknown }[] = [];
    const session = (await createToolSearch({ tools: sampleTools(calls), tuning: LOW })).session();
    const result = await session.execute(toolUse("github__create_issue", { repo: "a/b", title: "Bug", priority: "3" }));
    expect(result.is_error).toBeUndefined();
    expect(calls[0]!.input).toEqual({ repo: "a/b", title: "Bug", priority: 3 });
  });

  it("does not run an invalid input; the error names the fields and includes the real schema", async () => {
    const calls: { name: string; input: unknown }[] = [];
    const session = (await createToolSearch({ tools: sampleTools(calls), tuning: LOW })).session();
    const result = await session.execute(toolUse("github__create_issue", { repo: "a/b", priority: 9 }));
    expect(result.is_error).toBe(true);
    expect(result.content).toContain("/title: is required");
    expect(result.content).toContain("/priority: must be <= 5");
    expect(result.content).toContain(JSON.stringify(sampleTools()[0]!.inputSchema));
    expect(calls).toEqual([]);
  });
});

describe("rule 6: cache-stable ordering", () => {
  it("orders search_tools, keep tools as given, hydrated by first use, stubs in catalogue order", async () => {
    const session = (
      await createToolSearch({
        tools: sampleTools(),
        tuning: { ...LOW, keepTools: ["postgres__query", "github__create_issue"] },
      })
    ).session();
    await session.execute(toolUse("filesystem__read_file", { path: "x" }));
    await session.execute(toolUse("slack__post_message", { channel: "c", text: "t" }));
    await session.execute(toolUse("filesystem__read_file", { path: "y" }));
    expect(blockNames(await session.tools())).toEqual([
      "search_tools",
      "postgres__query",
      "github__create_issue",
      "filesystem__read_file",
      "slack__post_message",
      "~github__delete_repository",
      "~calendar__create_event",
    ]);
  });

  it("is byte-identical between calls with no new hydration, and a hydration keeps the prefix up to the earlier hydrated tools", async () => {
    const session = (await createToolSearch({ tools: sampleTools(), tuning: LOW })).session();
    await session.execute(toolUse("calendar__create_event", { title: "x", start: "2026-01-01T10:00:00Z" }));
    const first = await session.tools();
    await session.execute(toolUse("search_tools", { query: "message" }));
    await session.execute(toolUse("calendar__create_event", { title: "y", start: "2026-01-01T10:00:00Z" }));
    const second = await session.tools();
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
    await session.execute(toolUse("slack__post_message", { channel: "c", text: "t" }));
    const third = await session.tools();
    const prefix = JSON.stringify(first.slice(0, 2));
    expect(JSON.stringify(third.slice(0, 2))).toBe(prefix);
    expect(third[2]!.name).toBe("slack__post_message");
  });

  it("is not changed by a caller mutating a returned block", async () => {
    const session = (await createToolSearch({ tools: sampleTools(), tuning: LOW })).session();
    const first = await session.tools();
    first[first.length - 1]!.cache_control = { type: "ephemeral" };
    expect((await session.tools()).some((tool) => "cache_control" in tool)).toBe(false);
  });
});

describe("rule 7: session scope", () => {
  it("keeps sessions apart, resumes by id, and starts a new id clean", async () => {
    const toolSearch = await createToolSearch({ tools: sampleTools(), tuning: LOW });
    const a = toolSearch.session("a");
    const b = toolSearch.session("b");
    await a.execute(toolUse("slack__post_message", { channel: "c", text: "t" }));
    expect(a.hydrated()).toEqual(["slack__post_message"]);
    expect(b.hydrated()).toEqual([]);
    expect(blockNames(await b.tools())).toEqual(["search_tools", ...STUBS]);
    expect(toolSearch.session("a").hydrated()).toEqual(["slack__post_message"]);
    expect(toolSearch.session("c").hydrated()).toEqual([]);
    expect(toolSearch.session().id).not.toBe(toolSearch.session().id);
  });
});

describe("rule 8: safety", () => {
  const permit = (tool: ToolDefinition) => tool.server !== "postgres";

  it("a denied tool is not found, not shown and not run, even by its exact name", async () => {
    const calls: { name: string; input: unknown }[] = [];
    const toolSearch = await createToolSearch({ tools: sampleTools(calls), tuning: LOW, permit });
    const session = toolSearch.session();
    expect((await toolSearch.search("run sql query analytics database")).map((match) => match.name)).not.toContain(
      "postgres__query",
    );
    expect(blockNames(await session.tools())).not.toContain("~postgres__query");
    const result = await session.execute(toolUse("postgres__query", { sql: "select 1" }));
    expect(result.is_error).toBe(true);
    expect(calls).toEqual([]);
  });

  it("passes the permit context: session and stage", async () => {
    const seen = new Set<string>();
    const toolSearch = await createToolSearch({
      tools: sampleTools(),
      tuning: LOW,
      permit: (_tool, context) => (seen.add(`${context.sessionId}:${context.stage}`), true),
    });
    const session = toolSearch.session("s1");
    await session.tools();
    await session.execute(toolUse("search_tools", { query: "file" }));
    await session.execute(toolUse("filesystem__read_file", { path: "a" }));
    expect([...seen]).toEqual(expect.arrayContaining(["s1:block", "s1:search", "s1:execute"]));
  });

  it("runs a destructive tool only after approve() says yes, with the validated input", async () => {
    const calls: { name: string; input: unknown }[] = [];
    const approvals: unknown[] = [];
    const session = (
      await createToolSearch({
        tools: sampleTools(calls),
        tuning: LOW,
        approve: (tool, input) => (
          approvals.push([tool.name, input]), (input as { repo: string }).repo === "me/scratch"
        ),
      })
    ).session();
    const denied = await session.execute(toolUse("github__delete_repository", { repo: "me/prod" }));
    const allowed = await session.execute(toolUse("github__delete_repository", { repo: "me/scratch" }));
    expect(denied).toMatchObject({ is_error: true, content: expect.stringMatching(/not approved/) });
    expect(allowed.is_error).toBeUndefined();
    expect(calls).toEqual([{ name: "github__delete_repository", input: { repo: "me/scratch" } }]);
    expect(approvals).toEqual([
      ["github__delete_repository", { repo: "me/prod" }],
      ["github__delete_repository", { repo: "me/scratch" }],
    ]);
  });

  it("never runs a destructive tool when no approve() is configured", async () => {
    const calls: { name: string; input: unknown }[] = [];
    const session = (await createToolSearch({ tools: sampleTools(calls), tuning: LOW })).session();
    const result = await session.execute(toolUse("github__delete_repository", { repo: "me/prod" }));
    expect(result).toMatchObject({ is_error: true, content: expect.stringMatching(/no approve\(\) callback/) });
    expect(calls).toEqual([]);
  });
});

describe("rule 9: observability", () => {
  it("reports searches, hydrations, evictions and tool calls", async () => {
    const events: ToolSearchEvent[] = [];
    const session = (
      await createToolSearch({
        tools: sampleTools(),
        tuning: { ...LOW, maxHydratedTools: 1 },
        onEvent: (event) => events.push(event),
      })
    ).session("obs");
    // As a loop does: a tool block before each model turn, then the turn's call.
    for (const [name, input] of [
      ["search_tools", { query: "slack message" }],
      ["slack__post_message", { channel: "c", text: "t" }],
      ["filesystem__read_file", { path: 3 }],
      ["filesystem__read_file", {}],
    ] as const) {
      await session.tools();
      await session.execute(toolUse(name, input));
    }
    const search = events.find((event) => event.type === "search");
    expect(search).toMatchObject({
      sessionId: "obs",
      query: "slack message",
      results: [{ name: "slack__post_message" }],
    });
    expect(search!.type === "search" && search!.ms).toBeGreaterThanOrEqual(0);
    expect(
      events.filter((event) => event.type !== "search").map((event) => [event.type, "name" in event ? event.name : ""]),
    ).toEqual([
      ["hydrate", "slack__post_message"],
      ["tool-call", "slack__post_message"],
      ["hydrate", "filesystem__read_file"],
      ["evict", "slack__post_message"],
      ["tool-call", "filesystem__read_file"],
      ["tool-call", "filesystem__read_file"],
    ]);
    const toolCalls = events.filter((event) => event.type === "tool-call");
    expect(toolCalls.map((event) => [event.stub, event.validation, event.outcome])).toEqual([
      [true, "valid", "ok"],
      [true, "valid", "ok"],
      [false, "invalid", "invalid-input"],
    ]);
  });

  it("survives an onEvent handler that throws", async () => {
    const session = (
      await createToolSearch({
        tools: sampleTools(),
        tuning: LOW,
        onEvent: () => {
          throw new Error("observer bug");
        },
      })
    ).session();
    const result = await session.execute(toolUse("slack__post_message", { channel: "c", text: "t" }));
    expect(result.is_error).toBeUndefined();
  });
});

describe("bad input", () => {
  const base = () => sampleTools();

  it.each([
    ["a duplicate name", () => [...base(), base()[0]!], /tools\[6\] is named "github__create_issue", like tools\[0\]/],
    ["a name the API rejects", () => [{ ...base()[0]!, name: "github.create issue" }], /Anthropic API rejects/],
    ["a name over 64 characters", () => [{ ...base()[0]!, name: "x".repeat(65) }], /1 to 64/],
    ["a missing description", () => [{ ...base()[0]!, description: "" }], /has no description/],
    [
      "a non-object schema",
      () => [{ ...base()[0]!, inputSchema: { type: "string" } }],
      /must be an object schema.*type "string"/,
    ],
  ])("rejects %s at creation with a clear error", async (_label, tools, message) => {
    await expect(createToolSearch({ tools: tools() as ToolDefinition[] })).rejects.toThrow(message);
  });

  it("rejects a keepTools name that does not exist", async () => {
    await expect(createToolSearch({ tools: base(), tuning: { keepTools: ["github__create_isue"] } })).rejects.toThrow(
      /keepTools names "github__create_isue", which is not in the catalogue/,
    );
  });

  it("rejects an unknown ranker name", async () => {
    await expect(createToolSearch({ tools: base(), ranker: "bm26" as never })).rejects.toThrow(OptionsError);
  });

  it("turns a tool that throws into an is_error result and keeps the session", async () => {
    const session = (await createToolSearch({ tools: base(), tuning: LOW })).session();
    await session.execute(toolUse("slack__post_message", { channel: "c", text: "t" }));
    const result = await session.execute(toolUse("postgres__query", { sql: "select boom" }));
    expect(result).toMatchObject({ is_error: true, content: "postgres__query failed: connection reset by peer" });
    expect(session.hydrated()).toEqual(["slack__post_message", "postgres__query"]);
    expect((await session.execute(toolUse("postgres__query", { sql: "select 1" }))).is_error).toBeUndefined();
  });

  it("answers an unknown tool with a pointer to search_tools", async () => {
    const session = (await createToolSearch({ tools: base(), tuning: LOW })).session();
    expect(await session.execute(toolUse("jira__create_issue", {}))).toMatchObject({
      is_error: true,
      content: expect.stringMatching(/no tool named "jira__create_issue".*search_tools/),
    });
  });

  it("skips a bad tool listed by a host with a warning, keeping the others", async () => {
    const events: ToolSearchEvent[] = [];
    const host: ToolHost = {
      listTools: async () => [...base(), { name: "bad name", description: "x", inputSchema: { type: "object" } }],
    };
    const session = (
      await createToolSearch({ tools: host, tuning: LOW, onEvent: (event) => events.push(event) })
    ).session();
    expect((await session.tools()).length).toBe(7);
    expect(events).toContainEqual(expect.objectContaining({ type: "warning", code: "invalid_tool_name" }));
  });
});

describe("a catalogue that changes, and failures that must not stick", () => {
  const hostOf = (list: () => ToolDefinition[]): ToolHost => ({ listTools: async () => list() });

  it("gates a re-listed tool that became destructive, and validates against its new schema", async () => {
    const calls: { name: string; input: unknown }[] = [];
    let tools = sampleTools(calls);
    const session = (await createToolSearch({ tools: hostOf(() => tools), tuning: LOW })).session();
    expect((await session.execute(toolUse("filesystem__read_file", { path: "a" }))).is_error).toBeUndefined();
    tools = sampleTools(calls).map((tool) =>
      tool.name === "filesystem__read_file"
        ? {
            ...tool,
            destructive: true,
            inputSchema: { type: "object", properties: { path: { type: "integer" } }, required: ["path"] },
          }
        : tool,
    );
    const gated = await session.execute(toolUse("filesystem__read_file", { path: "7" }));
    expect(gated).toMatchObject({ is_error: true, content: expect.stringMatching(/destructive/) });
    const invalid = await session.execute(toolUse("filesystem__read_file", { path: "a" }));
    expect(invalid).toMatchObject({ is_error: true, content: expect.stringMatching(/\/path: must be integer/) });
    expect(calls).toHaveLength(1);
  });

  it("keeps validating a re-listed schema that carries an $id", async () => {
    const schema = () => ({
      $id: "urn:example:read",
      type: "object" as const,
      properties: { path: { type: "string" } },
      required: ["path"],
    });
    let version = 0;
    const host = hostOf(() => [
      { name: "fs__read", description: `Read a file (v${++version}).`, inputSchema: schema(), execute: () => "ok" },
    ]);
    const session = (await createToolSearch({ tools: host })).session();
    for (let i = 0; i < 3; i++) {
      expect(await session.execute(toolUse("fs__read", {}))).toMatchObject({
        is_error: true,
        content: expect.stringMatching(/\/path: is required/),
      });
    }
  });

  it("recovers from a ranker update that failed once", async () => {
    let failures = 1;
    const inner = new Bm25Ranker();
    const flaky: Ranker = {
      name: "flaky",
      update: (documents) => {
        if (failures-- > 0) throw new Error("index unavailable");
        inner.update(documents);
      },
      search: (query, options) => inner.search(query, options),
    };
    await expect(createToolSearch({ tools: sampleTools(), ranker: flaky })).rejects.toThrow("index unavailable");
    const toolSearch = await createToolSearch({ tools: sampleTools(), ranker: flaky });
    expect((await toolSearch.search("slack message"))[0]!.name).toBe("slack__post_message");
  });

  it("does not let a slow, older listing roll the catalogue back", async () => {
    const extra: ToolDefinition = {
      name: "weather__forecast",
      description: "Get the weather forecast.",
      inputSchema: { type: "object" },
    };
    let calls = 0;
    let releaseSlow: () => void = () => {};
    const host: ToolHost = {
      listTools: async () => {
        calls++;
        if (calls === 2) {
          await new Promise<void>((resolve) => (releaseSlow = resolve));
          return sampleTools();
        }
        return calls === 1 ? sampleTools() : [...sampleTools(), extra];
      },
    };
    const toolSearch = await createToolSearch({ tools: host, tuning: LOW });
    const slow = toolSearch.search("weather forecast");
    const fresh = await toolSearch.search("weather forecast");
    releaseSlow();
    // The slow search's own listing is older than the catalogue it finishes into: it must
    // answer from the newer catalogue, not roll it back to its own.
    expect((await slow).map((match) => match.name)).toEqual(["weather__forecast"]);
    expect(fresh.map((match) => match.name)).toEqual(["weather__forecast"]);
    expect((await toolSearch.search("weather forecast")).map((match) => match.name)).toEqual(["weather__forecast"]);
  });

  it("turns a zod transform that throws into an is_error result", async () => {
    const tool: ToolDefinition = {
      name: "t__boom",
      description: "Transforms its input.",
      inputSchema: z.object({
        n: z.number().transform(() => {
          throw new Error("boom in transform");
        }),
      }),
      execute: () => "ran",
    };
    const session = (await createToolSearch({ tools: [tool] })).session();
    expect(await session.execute(toolUse("t__boom", { n: 1 }))).toMatchObject({
      is_error: true,
      content: expect.stringMatching(/boom in transform/),
    });
  });

  it("runs a zod schema's async refinement", async () => {
    const tool: ToolDefinition = {
      name: "t__async",
      description: "Checks its input asynchronously.",
      inputSchema: z.object({ n: z.number().refine(async (n) => n > 0, "must be positive") }),
      execute: () => "ran",
    };
    const session = (await createToolSearch({ tools: [tool] })).session();
    expect(await session.execute(toolUse("t__async", { n: -1 }))).toMatchObject({
      is_error: true,
      content: expect.stringMatching(/must be positive/),
    });
    expect(await session.execute(toolUse("t__async", { n: 1 }))).toMatchObject({ content: "ran" });
  });

  it("survives an onEvent that throws on warnings, while skipping a bad host tool", async () => {
    const host = hostOf(() => [
      ...sampleTools(),
      { name: "bad name", description: "x", inputSchema: { type: "object" } },
    ]);
    const onEvent = (event: ToolSearchEvent) => {
      if (event.type === "warning") throw new Error("observer bug");
    };
    const toolSearch = await createToolSearch({ tools: host, tuning: LOW, onEvent });
    expect((await toolSearch.session().tools()).length).toBe(7);
  });
});

describe("sessions, limits and the approval input", () => {
  it("forgets a session on endSession, and the least recently used one past maxSessions", async () => {
    const toolSearch = await createToolSearch({ tools: sampleTools(), tuning: { ...LOW, maxSessions: 2 } });
    for (const id of ["a", "b", "c"])
      await toolSearch.session(id).execute(toolUse("slack__post_message", { channel: "c", text: id }));
    expect(toolSearch.session("a").hydrated()).toEqual([]);
    expect(toolSearch.session("c").hydrated()).toEqual(["slack__post_message"]);
    toolSearch.endSession("c");
    expect(toolSearch.session("c").hydrated()).toEqual([]);
  });

  it("returns at most the model's limit when more tools match", async () => {
    const session = (await createToolSearch({ tools: sampleTools(), tuning: LOW })).session();
    const wide = JSON.parse(
      (await session.execute(toolUse("search_tools", { query: "create issue message event query file repository" })))
        .content as string,
    );
    expect(wide.matches.length).toBeGreaterThan(2);
    const narrow = JSON.parse(
      (
        await session.execute(
          toolUse("search_tools", { query: "create issue message event query file repository", limit: 2 }),
        )
      ).content as string,
    );
    // Not always the wide answer's first two: a short answer may give its last place to the
    // best match's sibling, or to a request's own best match.
    expect(narrow.matches).toHaveLength(2);
    expect(narrow.matches[0]).toEqual(wide.matches[0]);
  });

  it("rejects a reserved tool name and a searchLimit above 50", async () => {
    await expect(
      createToolSearch({ tools: [{ name: "search_tools", description: "Mine.", inputSchema: { type: "object" } }] }),
    ).rejects.toThrow(/toolsift's own search tool/);
    await expect(createToolSearch({ tools: sampleTools(), tuning: { searchLimit: 60 } })).rejects.toThrow(
      /searchLimit must be a whole number from 1 to 50/,
    );
  });

  it("hands approve() the validated, coerced input", async () => {
    const seen: unknown[] = [];
    const tool: ToolDefinition = {
      name: "db__drop_rows",
      description: "Delete rows by id.",
      destructive: true,
      inputSchema: {
        type: "object",
        properties: { id: { type: "integer" }, cascade: { type: "boolean", default: false } },
        required: ["id"],
      },
      execute: () => "dropped",
    };
    const session = (
      await createToolSearch({ tools: [tool], approve: (_tool, input) => (seen.push(input), true) })
    ).session();
    await session.execute(toolUse("db__drop_rows", { id: "42" }));
    expect(seen).toEqual([{ id: 42, cascade: false }]);
  });

  it("reports a denied tool as denied to the operator, and as unknown to the model", async () => {
    const events: ToolSearchEvent[] = [];
    const session = (
      await createToolSearch({
        tools: sampleTools(),
        permit: (tool) => tool.server !== "postgres",
        onEvent: (event) => events.push(event),
      })
    ).session();
    const result = await session.execute(toolUse("postgres__query", { sql: "select 1" }));
    expect(result.content).toMatch(/no tool named "postgres__query"/);
    expect(events).toContainEqual(
      expect.objectContaining({ type: "tool-call", name: "postgres__query", outcome: "denied" }),
    );
  });
});
