import { describe, expect, it } from "vitest";
import { z } from "zod";
import { sampleTools, toolUse } from "../../test/support/sample-tools.js";
import {
  OptionsError,
  createToolSearch,
  toolOutput,
  type ToolContext,
  type ToolDefinition,
  type ToolSearchEvent,
} from "../index.js";
import { parseTool, type AbortSignalLike, type CatalogueSnapshot, type CatalogueTool } from "../catalogue/index.js";
import { InputValidator } from "../catalogue/validate-input.js";
import { Hydration } from "./hydration.js";
import { UsageTrail } from "./usage-trail.js";
import { permittedTools } from "./permitted-tools.js";
import { resolveTuning } from "./tuning.js";
import { ToolSearchSession, type SessionServices, type SessionState } from "./tool-search-session.js";
import { searchResultBlock } from "./tool-result.js";

const LOW = { toolSearchThresholdTokens: 100 };

/** A tool search over the sample tools, recording every event and every run. */
async function sampleSearch(
  options: {
    tuning?: object;
    approve?: () => boolean | Promise<boolean>;
    permit?: (tool: ToolDefinition) => boolean;
  } = {},
) {
  const events: ToolSearchEvent[] = [];
  const calls: { name: string; input: unknown }[] = [];
  const toolSearch = await createToolSearch({
    tools: sampleTools(calls),
    tuning: { ...LOW, ...options.tuning },
    approve: options.approve,
    permit: options.permit,
    onEvent: (event) => events.push(event),
  });
  return { toolSearch, events, calls, toolCalls: () => events.filter((event) => event.type === "tool-call") };
}

/** A signal-like object whose `aborted` answers from a function, for aborts at exact moments. */
function signalReading(aborted: () => boolean): AbortSignalLike {
  return {
    get aborted() {
      return aborted();
    },
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  };
}

/** Services over fixed catalogue tools, as ToolSearch builds them, for paths the public API cannot reach. */
function servicesOver(tools: CatalogueTool[], events: ToolSearchEvent[]): SessionServices {
  const snapshot: CatalogueSnapshot = { tools, byName: new Map(tools.map((tool) => [tool.name, tool])), version: 1 };
  return {
    tuning: resolveTuning({}),
    snapshot: async () => snapshot,
    permittedTools: (current) =>
      permittedTools(
        current,
        0,
        [],
        () => true,
        () => 10,
      ),
    rank: async () => [],
    isPermitted: () => true,
    approve: undefined,
    estimate: () => 10,
    emit: (event) => events.push(event),
  };
}

describe("tools(): the format option", () => {
  it("names every format it takes and what it got, for a format it does not know", async () => {
    const session = (await sampleSearch()).toolSearch.session();
    const error = await session.tools({ format: "xml" as never }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OptionsError);
    expect((error as OptionsError).code).toBe("invalid_format");
    expect((error as Error).message).toBe(
      'tools() takes format "anthropic", "openai-chat", "openai-responses", "gemini"; got "xml".',
    );
  });

  it("shows a value JSON cannot render as it is", async () => {
    const session = (await sampleSearch()).toolSearch.session();
    await expect(session.tools({ format: Symbol("chat") as never })).rejects.toThrow(/; got Symbol\(chat\)\.$/);
    await expect(session.tools({ format: 7 as never })).rejects.toThrow(/; got 7\.$/);
  });

  it("turns a format getter that throws into an OptionsError that says so", async () => {
    const session = (await sampleSearch()).toolSearch.session();
    const options = Object.defineProperty({}, "format", {
      get() {
        throw new Error("format getter exploded");
      },
    });
    const error = await session.tools(options).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OptionsError);
    expect((error as OptionsError).code).toBe("invalid_format");
    expect((error as Error).message).toBe("tools() could not read options.format (format getter exploded).");
  });

  it("defaults to the Anthropic layout, with or without an options object", async () => {
    const session = (await sampleSearch()).toolSearch.session();
    const [first] = await session.tools();
    expect(first).toMatchObject({ name: "search_tools", input_schema: expect.any(Object) });
    expect(await session.tools({})).toEqual(await session.tools());
    expect(await session.tools(null as never)).toEqual(await session.tools());
  });
});

describe("execute(): its options", () => {
  it("takes options that are not an object as none: the call runs, and is reported as made from a stub", async () => {
    const { toolSearch, calls, toolCalls } = await sampleSearch();
    const session = toolSearch.session("s");
    await session.tools();
    const result = await session.execute(
      toolUse("slack__post_message", { channel: "#ops", text: "hi" }),
      null as never,
    );
    expect(result).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_slack__post_message",
      content: '{"ok":true,"tool":"slack__post_message"}',
    });
    expect(calls).toHaveLength(1);
    expect(toolCalls()).toEqual([expect.objectContaining({ stub: true, validation: "valid", outcome: "ok" })]);
  });

  it("reports a call whose tool the request showed in full as not made from a stub", async () => {
    const { toolSearch, toolCalls } = await sampleSearch();
    const session = toolSearch.session("s");
    await session.tools();
    await session.execute(toolUse("slack__post_message", { channel: "#ops", text: "hi" }), { shownInFull: true });
    expect(toolCalls()).toEqual([expect.objectContaining({ stub: false, outcome: "ok" })]);
  });

  it("does not run a call whose options cannot be read, and says why", async () => {
    const { toolSearch, calls } = await sampleSearch();
    const options = Object.defineProperty({}, "shownInFull", {
      get() {
        throw new Error("options getter exploded");
      },
    });
    const result = await toolSearch
      .session("s")
      .execute(toolUse("slack__post_message", { channel: "#ops", text: "hi" }), options);
    expect(result).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_slack__post_message",
      content: "slack__post_message was not run: its options could not be read (options getter exploded).",
      is_error: true,
    });
    expect(calls).toEqual([]);
  });

  it("lets a call's context: undefined override the session's value", async () => {
    const seen: unknown[] = [];
    const tools = sampleTools().map((tool) => ({
      ...tool,
      execute: (_input: unknown, context: ToolContext) => void seen.push("context" in context),
    }));
    const toolSearch = await createToolSearch({ tools, tuning: LOW });
    const call = toolUse("slack__post_message", { channel: "#ops", text: "hi" });
    await toolSearch.session("s", { context: "session value" }).execute(call, { context: undefined });
    await toolSearch.session("t").execute(call);
    // An explicit undefined overrides the session's value; no value at all leaves the key out.
    expect(seen).toEqual([false, false]);
  });
});

describe("execute(): what stops a call before it runs", () => {
  it("answers a search_tools call whose arguments are not JSON without searching", async () => {
    const { toolSearch, events } = await sampleSearch();
    const answer = await toolSearch
      .session("s")
      .execute({ id: "call_1", type: "function", function: { name: "search_tools", arguments: "{not json" } });
    expect(answer.role).toBe("tool");
    expect(answer.content).toMatch(
      /^Error: search_tools was not run\. Its arguments are not valid JSON \(.+\)\. Send the arguments as one JSON object/,
    );
    expect(events.filter((event) => event.type === "search")).toEqual([]);
  });

  it("answers a search_tools input that is not an object with an example of one", async () => {
    const { toolSearch } = await sampleSearch();
    const session = toolSearch.session("s");
    for (const input of ["send a message", null, ["send a message"]]) {
      expect(await session.execute(toolUse("search_tools", input))).toEqual({
        type: "tool_result",
        tool_use_id: "toolu_search_tools",
        content: 'search_tools takes an object like {"query": "send a slack message"}.',
        is_error: true,
      });
    }
  });

  it("does not run a tool whose input check throws, and says the check failed", async () => {
    const events: ToolSearchEvent[] = [];
    let runs = 0;
    const tool: ToolDefinition = {
      name: "t__checked",
      description: "Checks its input with zod.",
      inputSchema: z.object({
        n: z.number().transform(() => {
          throw new Error("the lookup table is down");
        }),
      }),
      execute: () => void runs++,
    };
    const toolSearch = await createToolSearch({ tools: [tool], onEvent: (event) => events.push(event) });
    const result = await toolSearch.session("s").execute(toolUse("t__checked", { n: 1 }));
    expect(result).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_t__checked",
      content: "The input check of t__checked failed (the lookup table is down); it was not run.",
      is_error: true,
    });
    expect(runs).toBe(0);
    expect(events.filter((event) => event.type === "tool-call")).toEqual([
      expect.objectContaining({ validation: "invalid", outcome: "invalid-input", error: "the lookup table is down" }),
    ]);
  });

  it("gives a signal that fires after approval, before the run, the last word: the tool does not run", async () => {
    let approved = false;
    const { toolSearch, calls, toolCalls } = await sampleSearch({
      approve: async () => {
        await Promise.resolve();
        approved = true;
        return true;
      },
    });
    const result = await toolSearch
      .session("s")
      .execute(toolUse("github__delete_repository", { repo: "a/b" }), { signal: signalReading(() => approved) });
    expect(result).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_github__delete_repository",
      content: "github__delete_repository was not run: the call was aborted before it started.",
      is_error: true,
    });
    expect(calls).toEqual([]);
    expect(toolCalls()).toEqual([
      expect.objectContaining({ validation: "valid", outcome: "aborted", error: "aborted before it started" }),
    ]);
  });

  it("does not run a call when its own bookkeeping fails, and says it was not run", async () => {
    const { toolSearch, calls } = await sampleSearch();
    let reads = 0;
    // The first read (the shape check) passes; the next, toolsift's own, throws.
    const signal = signalReading(() => {
      if (reads++ > 0) throw new Error("signal exploded");
      return false;
    });
    const result = await toolSearch
      .session("s")
      .execute(toolUse("slack__post_message", { channel: "#ops", text: "hi" }), { signal });
    expect(result).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_slack__post_message",
      content: "toolsift could not handle this call to slack__post_message (signal exploded); it was not run.",
      is_error: true,
    });
    expect(calls).toEqual([]);
  });
});

describe("execute(): a tool whose schema cannot be compiled", () => {
  it("does not run, tells the model the schema is broken, and warns the operator what to fix", async () => {
    const events: ToolSearchEvent[] = [];
    let runs = 0;
    const parsed = parseTool(
      {
        name: "t__broken",
        description: "Has a broken schema.",
        inputSchema: { type: "object" },
        execute: () => void runs++,
      },
      "tools[0]",
    );
    // checkSchema vouches for every listed schema, so a broken one is put in by hand here.
    const broken: CatalogueTool = { ...parsed, validator: new InputValidator({ $ref: "#/$defs/missing" }, "2020-12") };
    const state: SessionState = { hydration: new Hydration(5), scope: "default" };
    const session = new ToolSearchSession("s", servicesOver([broken], events), state);
    const result = await session.execute(toolUse("t__broken", {}));
    expect(result).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_t__broken",
      content: "t__broken cannot be run: its input schema is broken, so its input cannot be checked. It was not run.",
      is_error: true,
    });
    expect(runs).toBe(0);
    const warning = events.find((event) => event.type === "warning");
    expect(warning).toEqual({
      type: "warning",
      code: "schema_invalid",
      message: expect.stringMatching(
        /^The input schema of t__broken could not be compiled \(.*missing.*\), so the tool cannot run\. Fix its schema\.$/,
      ),
    });
    expect(events.filter((event) => event.type === "tool-call")).toEqual([
      expect.objectContaining({
        validation: "not-run",
        outcome: "invalid-schema",
        error: expect.stringMatching(/missing/),
      }),
    ]);
  });
});

describe("execute(): outputs given as content blocks", () => {
  async function run(output: unknown) {
    const events: ToolSearchEvent[] = [];
    const tool: ToolDefinition = {
      name: "t__blocks",
      description: "Returns blocks.",
      inputSchema: { type: "object" },
      execute: () => output,
    };
    const session = (await createToolSearch({ tools: [tool], onEvent: (event) => events.push(event) })).session();
    const result = await session.execute(toolUse("t__blocks", {}));
    return { result, event: events.find((event) => event.type === "tool-call") };
  }

  it("sends text, image and tool_reference blocks as they are", async () => {
    const content = [
      { type: "text" as const, text: "two files" },
      { type: "image" as const, source: { type: "base64" as const, media_type: "image/png" as const, data: "iVBOR" } },
      { type: "tool_reference" as const, tool_name: "t__blocks" },
    ];
    const { result } = await run(toolOutput({ content }));
    expect(result).toEqual({ type: "tool_result", tool_use_id: "toolu_t__blocks", content });
  });

  it.each([
    ["content that is not an array", { content: "done" }, "toolOutput content is not an array of content blocks"],
    [
      "more blocks than the output limit",
      { content: new Array(100_001) },
      "toolOutput content at / has 100001 items, more than 100,000",
    ],
    [
      "a block that is not JSON",
      { content: [{ type: "text", text: 1n }] },
      "toolOutput content at /0/text is a BigInt, which is not JSON data",
    ],
    [
      "a block of an unknown type",
      { content: [{ type: "video" }] },
      'toolOutput content holds a block of type "video"; use "text", "image" or "tool_reference"',
    ],
    [
      "a block that is not an object",
      { content: ["text"] },
      'toolOutput content holds a block of type undefined; use "text", "image" or "tool_reference"',
    ],
    [
      "a null block",
      { content: [null] },
      'toolOutput content holds a block of type undefined; use "text", "image" or "tool_reference"',
    ],
  ])("reports %s as run but unreadable, saying what was wrong", async (_label, output, problem) => {
    const { result, event } = await run(toolOutput(output as never));
    const unreadable = `its output could not be serialised (${problem})`;
    expect(result).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_t__blocks",
      content: `t__blocks ran, but ${unreadable}, so it cannot be shown. It did run: do not call it again for the same request; tell the user the result is not available.`,
    });
    expect(event).toMatchObject({ outcome: "ok", validation: "valid", error: unreadable });
  });

  it("says a tool that returned nothing returned nothing", async () => {
    expect((await run(undefined)).result).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_t__blocks",
      content: "(no output)",
    });
    expect((await run("plain text")).result.content).toBe("plain text");
  });
});

describe("searchResultBlock", () => {
  it("lists the matches by name and description only, with no hint", () => {
    const block = searchResultBlock("toolu_1", {
      ok: true,
      query: "post",
      matches: [{ name: "slack__post_message", description: "Post a message.", score: 3.2, confidence: "strong" }],
    });
    expect(block).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_1",
      content: '{"matches":[{"name":"slack__post_message","description":"Post a message."}]}',
    });
  });

  it("gives an empty list a hint to search again in other words", () => {
    expect(
      JSON.parse(searchResultBlock("toolu_1", { ok: true, query: "ping someone", matches: [] }).content as string),
    ).toEqual({
      matches: [],
      hint:
        "No tool matched. Rephrase with other words for the action or the thing it acts on " +
        '(e.g. "send message" instead of "ping someone"), or try a shorter query.',
    });
  });

  it("tells the model to stop searching when the session may use no tool at all", async () => {
    const hintOf = async (toolSearch: Awaited<ReturnType<typeof createToolSearch>>, query: string) => {
      const outcome = await toolSearch.session().searchTools({ query });
      return JSON.parse(searchResultBlock("toolu_1", outcome).content as string) as {
        matches: unknown[];
        hint?: string;
      };
    };
    const stop = expect.stringMatching(/^There are no tools to search: .* Do not search again/);
    // An empty catalogue, and one whose every tool the policy refuses.
    expect(await hintOf(await createToolSearch({ tools: [] }), "post a message")).toEqual({ matches: [], hint: stop });
    const refused = (await sampleSearch({ permit: () => false })).toolSearch;
    expect(await hintOf(refused, "post a message")).toEqual({ matches: [], hint: stop });
    // With tools to search, an empty answer still asks for other words.
    const open = (await sampleSearch()).toolSearch;
    expect((await hintOf(open, "ⴰⴱⴳ ᚠᚢᚦ")).hint).toMatch(/^No tool matched\. Rephrase/);
  });

  it("answers a failed search as an error with its message", () => {
    expect(searchResultBlock("toolu_1", { ok: false, error: "search_tools failed: down" })).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_1",
      content: "search_tools failed: down",
      is_error: true,
    });
  });
});

describe("when the catalogue cannot be listed", () => {
  /** A session over sample tools whose catalogue listing fails `failures` times first. */
  function failingSession(failures: number, state: Partial<SessionState> = {}) {
    const events: ToolSearchEvent[] = [];
    const calls: { name: string; input: unknown }[] = [];
    const tools = sampleTools(calls).map((definition, index) => parseTool(definition, `tools[${index}]`));
    const services = servicesOver(tools, events);
    const snapshot = services.snapshot;
    let listings = 0;
    services.snapshot = () => (++listings <= failures ? Promise.reject(new Error("the gateway is down")) : snapshot());
    const session = new ToolSearchSession("s", services, { hydration: new Hydration(5), scope: "default", ...state });
    return { session, events, calls, listings: () => listings };
  }

  it("a call does not run, and the model hears that the tool could not be looked up", async () => {
    const { session, events, calls } = failingSession(1);
    const result = await session.execute(toolUse("slack__post_message", { channel: "#ops", text: "hi" }));
    expect(result).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_slack__post_message",
      content: 'Could not look up "slack__post_message": the gateway is down',
      is_error: true,
    });
    expect(calls).toEqual([]);
    expect(events).toEqual([
      expect.objectContaining({
        type: "tool-call",
        stub: false,
        validation: "not-run",
        outcome: "tool-error",
        error: "the gateway is down",
      }),
    ]);
  });

  it("a transcript's replay fails with it, and is tried again on the next use", async () => {
    const calls = [
      { name: "slack__post_message", id: "toolu_1" },
      { name: "github__create_issue", id: "toolu_2" },
    ];
    const { session, events } = failingSession(1, { replay: { calls } });
    await expect(session.view()).rejects.toThrow("the gateway is down");
    expect(session.hydrated()).toEqual([]);
    const view = await session.view();
    expect(view.hydrated).toEqual(["slack__post_message", "github__create_issue"]);
    // Replayed once, on the retry: each tool hydrated once.
    expect(events.filter((event) => event.type === "hydrate")).toHaveLength(2);
    await session.view();
    expect(events.filter((event) => event.type === "hydrate")).toHaveLength(2);
  });
});

describe("the block: threshold and stub budget", () => {
  /** Two tools estimated at 50 tokens each in full and as stubs, so the sizes are exact. */
  async function blockWith(tuning: object) {
    const tools = sampleTools().slice(0, 2);
    const session = (await createToolSearch({ tools, tuning, estimateTokens: () => 50 })).session();
    return session.view();
  }

  it("ships everything in full at exactly the threshold, and goes progressive one token below it", async () => {
    expect((await blockWith({ toolSearchThresholdTokens: 100 })).progressive).toBe(false);
    expect((await blockWith({ toolSearchThresholdTokens: 99 })).progressive).toBe(true);
    expect((await blockWith({ toolSearchThresholdTokens: 99, toolSearch: false })).progressive).toBe(false);
  });

  it("lists stubs at exactly maxStubTokens, and only search past it", async () => {
    const fits = await blockWith({ toolSearchThresholdTokens: 10, maxStubTokens: 100 });
    expect(fits.presentation).toBe("stubs");
    expect(fits.searchTool.description).toMatch(/is listed by its first sentence only/);
    const over = await blockWith({ toolSearchThresholdTokens: 10, maxStubTokens: 99 });
    expect(over.presentation).toBe("search-only");
    expect(over.searchTool.description).toMatch(/Most tools are not listed at all/);
  });
});

describe("the block follows permit from one request to the next", () => {
  it("drops a tool permit now refuses from the full block, the keep tools and the hydrated tools", async () => {
    const refused = new Set<string>();
    const toolSearch = await createToolSearch({
      tools: sampleTools(),
      tuning: { keepTools: ["postgres__query"] },
      permit: (tool) => !refused.has(tool.name),
    });
    const small = toolSearch.session("small");
    expect((await small.tools()).map((tool) => tool.name)).toContain("calendar__create_event");
    refused.add("calendar__create_event");
    const names = (await small.view()).all.map((tool) => tool.name);
    expect(names).not.toContain("calendar__create_event");
    expect(names).toContain("github__create_issue");

    const big = (
      await createToolSearch({
        tools: sampleTools(),
        tuning: { ...LOW, keepTools: ["postgres__query"] },
        permit: (tool) => !refused.has(tool.name),
      })
    ).session("big");
    await big.execute(toolUse("slack__post_message", { channel: "#ops", text: "hi" }));
    await big.execute(toolUse("github__create_issue", { repo: "a/b", title: "t" }));
    expect((await big.view()).hydrated).toEqual(["slack__post_message", "github__create_issue"]);
    refused.add("slack__post_message").add("postgres__query");
    const view = await big.view();
    expect(view.hydrated).toEqual(["github__create_issue"]);
    expect(view.hydratedTools.map((tool) => tool.name)).toEqual(["github__create_issue"]);
    expect(view.keep).toEqual([]);
    expect(view.others.map((tool) => tool.name)).not.toContain("slack__post_message");
  });
});

describe("hydrate()", () => {
  it("asks permit at the block stage, without a tool use id", async () => {
    const contexts: ToolContext[] = [];
    const toolSearch = await createToolSearch({
      tools: sampleTools(),
      tuning: LOW,
      permit: (_tool, context) => (contexts.push(context), true),
    });
    const session = toolSearch.session("h");
    contexts.length = 0;
    expect(await session.hydrate(["slack__post_message"])).toEqual(["slack__post_message"]);
    expect(contexts.length).toBeGreaterThan(0);
    for (const context of contexts) expect(context).toStrictEqual({ sessionId: "h", stage: "block" });
  });

  it("returns only the names it hydrated now: not unknown ones, nor ones already hydrated", async () => {
    const session = (await sampleSearch()).toolSearch.session("h");
    await session.hydrate(["slack__post_message"]);
    expect(await session.hydrate(["no_such_tool", "slack__post_message", "postgres__query"])).toEqual([
      "postgres__query",
    ]);
    expect(session.hydrated()).toEqual(["slack__post_message", "postgres__query"]);
  });
  it("returns only the names still hydrated after it: past the cap, the first ones given are evicted again", async () => {
    const { toolSearch, events } = await sampleSearch({ tuning: { maxHydratedTools: 2 } });
    const session = toolSearch.session("h");
    expect(await session.hydrate(["slack__post_message", "postgres__query", "calendar__create_event"])).toEqual([
      "postgres__query",
      "calendar__create_event",
    ]);
    expect(session.hydrated()).toEqual(["postgres__query", "calendar__create_event"]);
    expect(events.filter((event) => event.type === "evict")).toEqual([
      { type: "evict", sessionId: "h", name: "slack__post_message" },
    ]);
  });
});

describe("the context each check is asked with", () => {
  it("holds only what there is: no tool use id outside a call, no value or signal the request did not give", async () => {
    const contexts: ToolContext[] = [];
    const toolSearch = await createToolSearch({
      tools: sampleTools(),
      tuning: LOW,
      permit: (_tool, context) => (contexts.push(context), true),
    });
    const session = toolSearch.session("bare");
    await session.tools();
    await session.execute(toolUse("search_tools", { query: "post a message" }, "toolu_s"));
    await session.execute(toolUse("slack__post_message", { channel: "#ops", text: "hi" }, "toolu_x"));
    const byStage = (stage: string) => contexts.find((context) => context.stage === stage);
    expect(byStage("block")).toStrictEqual({ sessionId: "bare", stage: "block" });
    expect(byStage("search")).toStrictEqual({ sessionId: "bare", stage: "search", toolUseId: "toolu_s" });
    expect(byStage("execute")).toStrictEqual({ sessionId: "bare", stage: "execute", toolUseId: "toolu_x" });
  });

  it("takes a call's own signal over the session's", async () => {
    const seen: ToolContext[] = [];
    const tools = sampleTools().map((tool) => ({
      ...tool,
      execute: (_input: unknown, context: ToolContext) => void seen.push(context),
    }));
    const toolSearch = await createToolSearch({ tools, tuning: LOW });
    const sessionSignal = new AbortController().signal;
    const callSignal = new AbortController().signal;
    const call = toolUse("slack__post_message", { channel: "#ops", text: "hi" });
    await toolSearch.session("s", { signal: sessionSignal }).execute(call, { signal: callSignal });
    await toolSearch.session("s", { signal: sessionSignal }).execute(call);
    expect(seen.map((context) => context.signal)).toEqual([callSignal, sessionSignal]);
    expect(seen[0]!.signal).toBe(callSignal);
    expect(seen[1]!.signal).toBe(sessionSignal);
  });
});

describe("whether a call was made from a stub", () => {
  async function stubFlags(
    tuning: object,
    prepare: (session: ReturnType<Awaited<ReturnType<typeof createToolSearch>>["session"]>) => Promise<unknown>,
    name: string,
    input: object,
  ) {
    const events: ToolSearchEvent[] = [];
    const toolSearch = await createToolSearch({ tools: sampleTools(), tuning, onEvent: (event) => events.push(event) });
    const session = toolSearch.session("s");
    await prepare(session);
    events.length = 0;
    await session.execute(toolUse(name, input));
    return events
      .filter((event) => event.type === "tool-call")
      .map((event) => event.type === "tool-call" && event.stub);
  }
  const post = { channel: "#ops", text: "hi" };

  it("is so for a tool the last block showed as a stub", async () => {
    expect(await stubFlags(LOW, (session) => session.tools(), "slack__post_message", post)).toEqual([true]);
  });

  it("is not so for a tool hydrated in the last block, a keep tool, or a block below the threshold", async () => {
    expect(
      await stubFlags(
        LOW,
        async (session) => (await session.hydrate(["slack__post_message"]), session.tools()),
        "slack__post_message",
        post,
      ),
    ).toEqual([false]);
    expect(
      await stubFlags(
        { ...LOW, keepTools: ["slack__post_message"] },
        (session) => session.tools(),
        "slack__post_message",
        post,
      ),
    ).toEqual([false]);
    expect(await stubFlags({}, (session) => session.tools(), "slack__post_message", post)).toEqual([false]);
  });

  it("goes by the last block, not by a hydration since", async () => {
    // Hydrated after the block was built: the model still saw the stub.
    expect(
      await stubFlags(
        LOW,
        async (session) => (await session.tools(), session.hydrate(["slack__post_message"])),
        "slack__post_message",
        post,
      ),
    ).toEqual([true]);
  });

  it("takes only shownInFull: true as shown in full", async () => {
    const events: ToolSearchEvent[] = [];
    const session = (
      await createToolSearch({ tools: sampleTools(), tuning: LOW, onEvent: (event) => events.push(event) })
    ).session("s");
    await session.tools();
    await session.execute(toolUse("slack__post_message", post), { shownInFull: "yes" as never });
    await session.execute(
      toolUse("calendar__create_event", { title: "t", start: "2026-01-01T00:00:00Z" }),
      "fast" as never,
    );
    expect(events.filter((event) => event.type === "tool-call")).toEqual([
      expect.objectContaining({ stub: true, outcome: "ok" }),
      expect.objectContaining({ stub: true, outcome: "ok" }),
    ]);
  });
});

describe("execute(): the answers to failures, in full", () => {
  it("an unknown tool: a pointer to search_tools, and an unknown-tool event not made from a stub", async () => {
    const { toolSearch, toolCalls } = await sampleSearch();
    const session = toolSearch.session("s");
    await session.tools();
    expect(await session.execute(toolUse("slack__post", {}))).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_slack__post",
      content:
        'There is no tool named "slack__post" available here. Use search_tools to find the right tool by what it does.',
      is_error: true,
    });
    expect(toolCalls()).toEqual([
      {
        type: "tool-call",
        sessionId: "s",
        name: "slack__post",
        toolUseId: "toolu_slack__post",
        stub: false,
        validation: "not-run",
        outcome: "unknown-tool",
        ms: expect.any(Number),
      },
    ]);
  });

  it("a name a client rewrote: the tool it meant, named, and not run", async () => {
    // Codex CLI shows `github__create-issue` as `github__create_issue`; here the other way round.
    const { toolSearch, toolCalls } = await sampleSearch();
    const answer = await toolSearch.session("s").execute(toolUse("GitHub__Create-Issue", { title: "x" }));
    expect(answer.content).toBe(
      'There is no tool named "GitHub__Create-Issue" available here, but there is "github__create_issue" (clients may show tool names rewritten): call it by that name.',
    );
    expect(toolCalls()).toEqual([expect.objectContaining({ outcome: "unknown-tool" })]);
  });

  it("a rewritten name of a denied tool: the plain answer, so the tool's existence does not leak", async () => {
    const { toolSearch } = await sampleSearch({ permit: (tool) => tool.name !== "postgres__query" });
    expect((await toolSearch.session("s").execute(toolUse("postgres-query", {}))).content).toBe(
      'There is no tool named "postgres-query" available here. Use search_tools to find the right tool by what it does.',
    );
    expect((await toolSearch.session("s").execute(toolUse("Postgres__Query", {}))).content).toMatch(
      /^There is no tool named "Postgres__Query" available here\. Use search_tools/,
    );
  });

  it("a denied tool: the same answer, and a denied event", async () => {
    const { toolSearch, toolCalls } = await sampleSearch({ permit: (tool) => tool.name !== "postgres__query" });
    expect((await toolSearch.session("s").execute(toolUse("postgres__query", { sql: "select 1" }))).content).toBe(
      'There is no tool named "postgres__query" available here. Use search_tools to find the right tool by what it does.',
    );
    expect(toolCalls()).toEqual([expect.objectContaining({ stub: false, validation: "not-run", outcome: "denied" })]);
  });

  it("reports how long the call took", async () => {
    const { toolSearch, toolCalls } = await sampleSearch();
    const before = performance.now();
    await toolSearch.session("s").execute(toolUse("slack__post_message", { channel: "#ops", text: "hi" }));
    const elapsed = performance.now() - before;
    const [event] = toolCalls();
    expect(event!.type === "tool-call" && event!.ms).toBeGreaterThanOrEqual(0);
    expect(event!.type === "tool-call" && event!.ms).toBeLessThanOrEqual(elapsed);
  });

  it("arguments that are not JSON: the tool is hydrated, not run, and the model gets its schema", async () => {
    const { toolSearch, calls, toolCalls } = await sampleSearch();
    const session = toolSearch.session("s");
    const answer = await session.execute({
      id: "call_1",
      type: "function",
      function: { name: "filesystem__read_file", arguments: "{path: README}" },
    });
    const schema = JSON.stringify(sampleTools().find((tool) => tool.name === "filesystem__read_file")!.inputSchema);
    expect(answer.content).toMatch(
      /^Error: Invalid input for filesystem__read_file; it was not run\.\nIts arguments are not valid JSON \(.+\)\. Send the arguments as one JSON object, such as \{"name": "value"\}\.\n/,
    );
    expect(answer.content).toContain(`\nIts input schema is:\n${schema}\nCall it again with input that fits.`);
    expect(calls).toEqual([]);
    expect(session.hydrated()).toEqual(["filesystem__read_file"]);
    expect(toolCalls()).toEqual([
      expect.objectContaining({
        validation: "invalid",
        outcome: "invalid-input",
        error: expect.stringMatching(/^Its arguments are not valid JSON/),
      }),
    ]);
  });

  it("input that does not fit: the issues, then the schema", async () => {
    const { toolSearch, toolCalls } = await sampleSearch();
    const result = await toolSearch.session("s").execute(toolUse("filesystem__read_file", {}));
    const schema = JSON.stringify(sampleTools().find((tool) => tool.name === "filesystem__read_file")!.inputSchema);
    expect(result.content).toBe(
      `Invalid input for filesystem__read_file; it was not run.\n- /path: is required but missing\nIts input schema is:\n${schema}\nCall it again with input that fits.`,
    );
    expect(toolCalls()).toEqual([expect.objectContaining({ validation: "invalid", outcome: "invalid-input" })]);
    expect(toolCalls()[0]).not.toHaveProperty("error");
  });

  it("a destructive tool with no approve(): the application is told what to pass", async () => {
    const { toolSearch, calls, toolCalls } = await sampleSearch();
    const message =
      "github__delete_repository is marked destructive and no approve() callback is configured, so it did not run. " +
      "The application must pass approve to createToolSearch to allow destructive tools.";
    expect((await toolSearch.session("s").execute(toolUse("github__delete_repository", { repo: "a/b" }))).content).toBe(
      message,
    );
    expect(calls).toEqual([]);
    expect(toolCalls()).toEqual([
      expect.objectContaining({ validation: "valid", outcome: "not-approved", error: message }),
    ]);
  });

  it("a destructive tool approve() refused: ask the user, and an event without an error", async () => {
    const { toolSearch, calls, toolCalls } = await sampleSearch({ approve: () => false });
    expect(await toolSearch.session("s").execute(toolUse("github__delete_repository", { repo: "a/b" }))).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_github__delete_repository",
      content:
        "github__delete_repository changes or deletes data and was not approved, so it did not run. Ask the user before trying again.",
      is_error: true,
    });
    expect(calls).toEqual([]);
    expect(toolCalls()).toEqual([expect.objectContaining({ validation: "valid", outcome: "not-approved" })]);
    expect(toolCalls()[0]).not.toHaveProperty("error");
  });

  it("an approve() that throws: the check failed, and the tool did not run", async () => {
    const { toolSearch, calls, toolCalls } = await sampleSearch({
      approve: () => {
        throw new Error("policy service down");
      },
    });
    const message = "The approval check for github__delete_repository failed (policy service down), so it did not run.";
    expect((await toolSearch.session("s").execute(toolUse("github__delete_repository", { repo: "a/b" }))).content).toBe(
      message,
    );
    expect(calls).toEqual([]);
    expect(toolCalls()).toEqual([expect.objectContaining({ outcome: "not-approved", error: message })]);
  });

  it("a tool without an execute function: it cannot run here", async () => {
    const events: ToolSearchEvent[] = [];
    const tool: ToolDefinition = { name: "t__listed", description: "Listed only.", inputSchema: { type: "object" } };
    const session = (await createToolSearch({ tools: [tool], onEvent: (event) => events.push(event) })).session("s");
    expect(await session.execute(toolUse("t__listed", {}))).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_t__listed",
      content: "t__listed cannot be run here: its definition has no execute function.",
      is_error: true,
    });
    expect(events.filter((event) => event.type === "tool-call")).toEqual([
      expect.objectContaining({ validation: "valid", outcome: "tool-error", error: "no execute function" }),
    ]);
  });

  it("a tool that throws: its error, to the model and the operator", async () => {
    const { toolSearch, toolCalls } = await sampleSearch();
    expect((await toolSearch.session("s").execute(toolUse("postgres__query", { sql: "boom" }))).content).toBe(
      "postgres__query failed: connection reset by peer",
    );
    expect(toolCalls()).toEqual([
      expect.objectContaining({ validation: "valid", outcome: "tool-error", error: "connection reset by peer" }),
    ]);
  });

  it("a tool still running when the call is aborted: its result is unknown, check before calling again", async () => {
    const events: ToolSearchEvent[] = [];
    const controller = new AbortController();
    const tool: ToolDefinition = {
      name: "t__slow",
      description: "Never finishes.",
      inputSchema: { type: "object" },
      execute: () => {
        controller.abort();
        return new Promise(() => undefined);
      },
    };
    const session = (await createToolSearch({ tools: [tool], onEvent: (event) => events.push(event) })).session("s");
    expect(await session.execute(toolUse("t__slow", {}), { signal: controller.signal })).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_t__slow",
      content:
        "t__slow was still running when the call was aborted, so its result is unknown: it may have done part or all of its work. " +
        "Check before calling it again.",
      is_error: true,
    });
    expect(events.filter((event) => event.type === "tool-call")).toEqual([
      expect.objectContaining({
        validation: "valid",
        outcome: "aborted",
        error: "aborted while it ran; it may have done part or all of its work",
      }),
    ]);
  });

  it("an output that cannot be serialised: the reason on one line", async () => {
    const tool: ToolDefinition = {
      name: "t__odd",
      description: "Returns an odd value.",
      inputSchema: { type: "object" },
      execute: () => ({
        toJSON() {
          throw new Error("bad\n\n   value");
        },
      }),
    };
    const session = (await createToolSearch({ tools: [tool] })).session("s");
    expect((await session.execute(toolUse("t__odd", {}))).content).toMatch(
      /^t__odd ran, but its output could not be serialised \(bad value\), so it cannot be shown\./,
    );
  });
});

describe("execute(): a destructive tool and a signal that already fired", () => {
  it("does not even ask for approval", async () => {
    let asked = 0;
    const { toolSearch, calls } = await sampleSearch({ approve: () => (asked++, true) });
    const result = await toolSearch
      .session("s")
      .execute(toolUse("github__delete_repository", { repo: "a/b" }), { signal: AbortSignal.abort() });
    expect(result.content).toBe("github__delete_repository was not run: the call was aborted before it started.");
    expect(asked).toBe(0);
    expect(calls).toEqual([]);
  });
});

describe("a session resumed from a transcript", () => {
  const transcript = [
    { role: "user", content: "Post twice, then file an issue." },
    { role: "assistant", content: [{ type: "tool_use", id: "toolu_1", name: "slack__post_message", input: {} }] },
    { role: "assistant", content: [{ type: "tool_use", id: "toolu_2", name: "slack__post_message", input: {} }] },
    { role: "assistant", content: [{ type: "tool_use", id: "toolu_3", name: "github__create_issue", input: {} }] },
  ];

  it("asks permit once per tool, at the execute stage, as the first call of it did", async () => {
    const asked: ToolContext[] = [];
    const toolSearch = await createToolSearch({
      tools: sampleTools(),
      tuning: LOW,
      permit: (tool, context) => {
        if (context.stage === "execute") asked.push(context);
        return tool.name !== "github__create_issue";
      },
    });
    const session = toolSearch.session("resumed", { transcript });
    expect((await session.view()).hydrated).toEqual(["slack__post_message"]);
    expect(asked).toStrictEqual([
      { sessionId: "resumed", stage: "execute", toolUseId: "toolu_1" },
      { sessionId: "resumed", stage: "execute", toolUseId: "toolu_3" },
    ]);
  });

  it("lets go of the transcript's calls once they are replayed", async () => {
    const events: ToolSearchEvent[] = [];
    const tools = sampleTools().map((definition, index) => parseTool(definition, `tools[${index}]`));
    const state: SessionState = {
      hydration: new Hydration(5),
      scope: "default",
      replay: { calls: [{ name: "slack__post_message", id: "toolu_1" }] },
    };
    const session = new ToolSearchSession("s", servicesOver(tools, events), state);
    await session.view();
    expect(state.replay).toBeUndefined();
    expect(session.hydrated()).toEqual(["slack__post_message"]);
  });
});

describe("learning from use, as the session reports it", () => {
  function learningSession(teach?: SessionServices["teach"]) {
    const events: ToolSearchEvent[] = [];
    const tools = sampleTools().map((definition, index) => parseTool(definition, `tools[${index}]`));
    const services = { ...servicesOver(tools, events), ...(teach ? { teach } : {}) };
    const state: SessionState = { hydration: new Hydration(5), scope: "team-a", trail: new UsageTrail() };
    return new ToolSearchSession("s", services, state);
  }
  const post = toolUse("slack__post_message", { channel: "#ops", text: "hi" });

  it("teaches the searches before a successful call, and nothing for a call no search led to", async () => {
    const lessons: unknown[] = [];
    const session = learningSession((lesson) => void lessons.push(lesson));
    await session.execute(post);
    expect(lessons).toEqual([]);
    await session.searchTools({ query: "post a message" });
    await session.execute(post);
    expect(lessons).toEqual([
      { sessionId: "s", scope: "team-a", queries: ["post a message"], tool: "slack__post_message" },
    ]);
  });

  it("runs and answers a call as usual when there is no one to teach", async () => {
    const session = learningSession();
    await session.searchTools({ query: "post a message" });
    expect(await session.execute(post)).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_slack__post_message",
      content: '{"ok":true,"tool":"slack__post_message"}',
    });
  });
});

describe("dehydrate()", () => {
  it("unloads the named hydrated tools with an evict event each, and the next block leaves them out", async () => {
    const { toolSearch, events } = await sampleSearch();
    const session = toolSearch.session("dehydrate");
    await session.hydrate(["github__create_issue", "slack__post_message", "postgres__query"]);
    expect(session.dehydrate(["github__create_issue", "calendar__create_event", "postgres__query"])).toEqual([
      "github__create_issue",
      "postgres__query",
    ]);
    expect(session.hydrated()).toEqual(["slack__post_message"]);
    expect((await session.view()).hydrated).toEqual(["slack__post_message"]);
    const evicted = events.flatMap((event) => (event.type === "evict" ? [event.name] : []));
    expect(evicted).toEqual(["github__create_issue", "postgres__query"]);
  });

  it("lets a call of an unloaded tool count as made from a stub, and hydrate it again", async () => {
    const { toolSearch, toolCalls } = await sampleSearch();
    const session = toolSearch.session("dehydrate-call");
    await session.hydrate(["postgres__query"]);
    await session.tools();
    session.dehydrate(["postgres__query"]);
    await session.execute(toolUse("postgres__query", { sql: "select 1" }));
    expect(toolCalls().at(-1)).toMatchObject({ name: "postgres__query", stub: true });
    expect(session.hydrated()).toEqual(["postgres__query"]);
  });
});
