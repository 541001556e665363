import Anthropic from "@anthropic-ai/sdk";
import { afterEach, describe, expect, it } from "vitest";
import type { ToolDefinition } from "../catalogue/index.js";
import { OptionsError } from "../errors.js";
import {
  type MessagesApiServer,
  type MessagesApiServerOptions,
  reply,
  type RecordedRequest,
  type ScriptedTurn,
  serverPerTest,
} from "../testing/index.js";
import { createToolSearch } from "../tool-search/index.js";
import {
  anthropicToolChanges,
  INLINE_TOOLS_BETA,
  TOOL_CHANGES_BETA,
  workingSetOf,
  type MessageParam,
} from "../wire/index.js";
import type { RunAgentOptions } from "./run-agent-types.js";
import { runAgent } from "./run-agent.js";
import { changesStrategy, changesStrategyOf } from "./strategies/index.js";

const MODEL = "claude-opus-5-5";
const CAP = 4;
/** One word no other tool's description holds, so a search for it finds that tool alone. */
const WORDS = ["aardvark", "bison", "camel", "dingo", "eland", "ferret", "gecko", "heron", "ibex", "jackal"];
const NAMES = WORDS.map((word) => `zoo__feed_${word}`);

function zooTools(ran: string[] = []): ToolDefinition[] {
  return WORDS.map((word, index) => ({
    name: NAMES[index]!,
    description: `Feed the ${word} its daily ration and log the time it ate.`,
    inputSchema: {
      type: "object",
      properties: {
        grams: { type: "integer", description: `How many grams of food the ${word} gets today, weighed on the scale.` },
        note: { type: "string", description: "Anything the keeper noticed while feeding, in a sentence or two." },
      },
    },
    execute: () => {
      ran.push(NAMES[index]!);
      return { fed: word };
    },
  }));
}

const startServer = serverPerTest(afterEach);

async function setUp(turns: ScriptedTurn[], ran: string[] = [], serverOptions: MessagesApiServerOptions = {}) {
  const server = await startServer(turns, serverOptions);
  const client = new Anthropic({ apiKey: "test", baseURL: server.url, maxRetries: 0 });
  const toolSearch = await createToolSearch({
    tools: zooTools(ran),
    tuning: { toolSearchThresholdTokens: 100, maxHydratedTools: CAP },
  });
  const run = (more: Partial<RunAgentOptions> = {}) =>
    runAgent({
      client,
      model: MODEL,
      prompt: "Feed every animal, then the aardvark again.",
      toolSearch,
      strategy: "changes",
      maxTurns: 30,
      ...more,
    } as RunAgentOptions);
  return { server, client, toolSearch, run };
}

/** The tools the model is offered by a request's tool changes. */
function offered(request: RecordedRequest): string[] {
  return workingSetOf(request.body.messages, anthropicToolChanges);
}

/** The system messages of a request that carry tool changes, as `+name`/`-name` lists. */
function changeMessages(request: RecordedRequest): string[][] {
  return request.body.messages
    .map((message) => anthropicToolChanges.read(message as unknown as Record<string, unknown>))
    .filter((changes) => changes.length > 0)
    .map((changes) => changes.map((change) => `${change.type === "add" ? "+" : "-"}${change.name}`));
}

/** The local server's cache with no model minimum: every prefix is written, the first request's too. */
const EVERY_PREFIX_CACHES: MessagesApiServerOptions = { promptCache: { minimumTokens: 0 } };

/** The tokens of one request's prompt, as its usage reports them. */
function promptTokens(entry: MessagesApiServer["usage"][number]): number {
  return entry.input_tokens + entry.cache_creation_input_tokens + entry.cache_read_input_tokens;
}

/**
 * Each request after the first reads the whole previous prompt from the cache, leaves nothing
 * unmarked, and writes just the messages appended since the previous request (with the
 * definitions its `tool_reference`s bring in: additions, and native's search results), at toolsift's own estimate (JSON characters
 * / 3.5) within 5% (the API's framing of an added definition) and a token of rounding per block.
 */
function expectWritesOnlyAppended(server: MessagesApiServer): void {
  const { requests, usage } = server;
  expect(usage).toHaveLength(requests.length);
  expect(usage[0]!.cache_creation_input_tokens).toBe(promptTokens(usage[0]!));
  for (let index = 1; index < requests.length; index++) {
    const { body } = requests[index]!;
    const appended = body.messages.slice(requests[index - 1]!.body.messages.length);
    const definitions = new Map(body.tools!.map(({ defer_loading: _, ...tool }) => [tool.name, tool]));
    let blocks = 0;
    let estimate = 0;
    for (const message of appended)
      for (const block of typeof message.content === "string"
        ? [{ type: "text", text: message.content }]
        : (message.content as Record<string, unknown>[])) {
        const { cache_control: _, ...bare } = block as Record<string, unknown>;
        estimate += Math.ceil(JSON.stringify(bare).length / 3.5);
        for (const name of referencedNames(bare))
          estimate += Math.ceil(JSON.stringify(definitions.get(name)).length / 3.5);
        blocks++;
      }
    expect(blocks, `request ${index}`).toBeGreaterThan(0);
    const entry = usage[index]!;
    expect(entry.cache_read_input_tokens, `request ${index}`).toBe(promptTokens(usage[index - 1]!));
    expect(entry.input_tokens, `request ${index}`).toBe(0);
    expect(Math.abs(entry.cache_creation_input_tokens - estimate), `request ${index}`).toBeLessThanOrEqual(
      0.05 * estimate + blocks,
    );
  }
}

/** The tools a block brings in by `tool_reference`, however deep (an addition, a search's result). */
function referencedNames(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(referencedNames);
  if (!value || typeof value !== "object") return [];
  const record = value as Record<string, unknown>;
  if (record.type === "tool_removal") return [];
  // A search result's reference says tool_name; an addition's, name.
  const name = record.tool_name ?? record.name;
  if (record.type === "tool_reference" && typeof name === "string") return [name];
  return Object.values(record).flatMap(referencedNames);
}

/** Search for each animal and feed it, then feed the first one again, then stop. */
function feedingScript(): ScriptedTurn[] {
  const turns: ScriptedTurn[] = [];
  WORDS.forEach((word, index) => {
    turns.push(() => reply.toolUse({ name: "search_tools", input: { query: word } }));
    turns.push(() => reply.toolUse({ name: NAMES[index]!, input: { grams: 100 } }));
  });
  turns.push(() => reply.toolUse({ name: NAMES[0]!, input: { grams: 50 } }));
  turns.push(() => reply.text("Everyone is fed."));
  return turns;
}

describe('runAgent({ strategy: "changes" })', () => {
  it("keeps one byte-identical tools array while ten tools come and go under a cap of four", async () => {
    const ran: string[] = [];
    const { server, run } = await setUp(feedingScript(), ran);
    const result = await run();

    expect(result.stopReason).toBe("end_turn");
    expect(ran).toEqual([...NAMES, NAMES[0]]);
    const requests = server.requests;
    expect(requests).toHaveLength(22);
    // One tools array for the whole conversation: search_tools loaded, every animal deferred.
    const arrays = new Set(requests.map((request) => JSON.stringify(request.body.tools)));
    expect(arrays.size).toBe(1);
    expect(requests[0]!.body.tools!.map((tool) => `${tool.defer_loading ? "?" : ""}${tool.name}`)).toEqual([
      "search_tools",
      ...NAMES.map((name) => `?${name}`),
    ]);
    for (const request of requests) expect(offered(request).length).toBeLessThanOrEqual(CAP);
    // Each call is made to a tool the model was offered at that moment.
    WORDS.forEach((_, index) => expect(offered(requests[2 * index + 1]!)).toContain(NAMES[index]));
    // Past the cap, the least recently used leaves in the message that adds the new one.
    expect(changeMessages(requests[9]!).at(-1)).toEqual([`-${NAMES[0]}`, `+${NAMES[4]}`]);
    // The first animal, removed long ago, comes back by a new addition when it is used again.
    expect(offered(requests[20]!)).not.toContain(NAMES[0]);
    expect(changeMessages(requests[21]!).at(-1)).toEqual([`-${NAMES[6]}`, `+${NAMES[0]}`]);
    expect(offered(requests[21]!)).toEqual([NAMES[7], NAMES[8], NAMES[9], NAMES[0]]);
  });

  it("sends the tool changes' beta header on every request whose messages hold changes", async () => {
    const { server, run } = await setUp(feedingScript());
    await run();
    const betas = server.requests.map((request) => request.headers["anthropic-beta"]);
    expect(betas[0]).toBeUndefined();
    for (const beta of betas.slice(1)) expect(beta).toBe(TOOL_CHANGES_BETA);
  });

  it("sends the caller's request.betas with the tool changes' beta, as the SDK's betas parameter does", async () => {
    const { server, run } = await setUp(feedingScript().slice(0, 3));
    await run({ request: { betas: ["context-1m-2025-08-07", TOOL_CHANGES_BETA] }, maxTurns: 3 });
    const betas = server.requests.map((request) => request.headers["anthropic-beta"]);
    expect(betas).toHaveLength(3);
    expect(betas[0]).toBe("context-1m-2025-08-07,mid-conversation-tool-changes-2026-07-01");
    // Each beta once, the caller's first; and never in the body, which the API would refuse.
    for (const beta of betas.slice(1)) expect(beta).toBe(`context-1m-2025-08-07,${TOOL_CHANGES_BETA}`);
    for (const request of server.requests) expect(request.body).not.toHaveProperty("betas");
    await expect(run({ request: { betas: "context-1m-2025-08-07" } })).rejects.toMatchObject({
      code: "invalid_request",
      message: expect.stringContaining("request.betas must be an array of beta names"),
    });
  });

  it("replaces a beta header set in the client's defaultHeaders on requests that hold changes (documented)", async () => {
    const { server, client, toolSearch } = await setUp(feedingScript().slice(0, 3));
    await runAgent({
      client: client.withOptions({ defaultHeaders: { "anthropic-beta": "context-1m-2025-08-07" } }),
      model: MODEL,
      prompt: "Feed the aardvark.",
      toolSearch,
      strategy: "changes",
      maxTurns: 3,
    });
    const betas = server.requests.map((request) => request.headers["anthropic-beta"]);
    // The SDK merges per-request headers over defaultHeaders, and toolsift cannot read those.
    expect(betas).toEqual(["context-1m-2025-08-07", TOOL_CHANGES_BETA, TOOL_CHANGES_BETA]);
  });

  it("puts each change message after the user message it follows, and never edits an earlier message", async () => {
    const { server, run } = await setUp(feedingScript());
    await run();
    const requests = server.requests;
    for (const [index, request] of requests.entries()) {
      const messages = request.body.messages;
      messages.forEach((message, at) => {
        if (message.role === "system") expect(messages[at - 1]!.role).toBe("user");
      });
      if (index === 0) continue;
      // Everything the previous request sent comes back as it was (cache breakpoints aside).
      const strip = (value: MessageParam[]) =>
        value.map((message) => ({
          ...message,
          content: JSON.parse(
            JSON.stringify(
              typeof message.content === "string" ? [{ type: "text", text: message.content }] : message.content,
            ).replace(/,?"cache_control":\{[^}]*\}/g, ""),
          ),
        }));
      const before = requests[index - 1]!.body.messages;
      expect(strip(messages.slice(0, before.length) as MessageParam[])).toEqual(strip(before as MessageParam[]));
    }
  });

  it("refuses a model the documentation gives no tool changes, before any call", async () => {
    const { server, run } = await setUp([() => reply.text("unused")]);
    for (const model of [
      "claude-sonnet-5",
      "claude-sonnet-5-20260301",
      "claude-haiku-4-5",
      "claude-3-7-sonnet-latest",
    ]) {
      const refusal = await run({ model }).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(OptionsError);
      expect((refusal as OptionsError).code).toBe("tool_changes_unsupported_model");
      expect((refusal as OptionsError).message).toContain(model);
    }
    expect(server.requests).toHaveLength(0);
    // The other strategies send no changes and keep every model.
    await expect(run({ model: "claude-sonnet-5", strategy: "stubs" })).resolves.toMatchObject({
      stopReason: "end_turn",
    });
  });

  it("re-adds the whole working set after a compaction, with the same tools array", async () => {
    const script = feedingScript().slice(0, 8);
    script.push(() => reply.text("Four fed."));
    const { server, run, toolSearch } = await setUp(
      [...script, () => reply.text("Still fed.")],
      [],
      EVERY_PREFIX_CACHES,
    );
    const first = await run({ sessionId: "keeper" });
    const session = toolSearch.session("keeper");
    expect(session.hydrated()).toEqual(NAMES.slice(0, 4));

    // A compaction replaces the history with a summary: the changes it held are gone.
    const compacted: MessageParam[] = [
      { role: "user", content: "Summary: four animals were fed. Feed the aardvark again if needed." },
    ];
    const restore = await session.toolChanges(compacted);
    expect(restore.added).toEqual(NAMES.slice(0, 4));
    expect(restore.removed).toEqual([]);
    expect(restore.betas).toEqual([TOOL_CHANGES_BETA]);

    await run({ sessionId: "keeper", prompt: undefined, messages: compacted });
    const after = server.requests.at(-1)!;
    expect(JSON.stringify(after.body.tools)).toBe(JSON.stringify(server.requests[0]!.body.tools));
    expect(offered(after)).toEqual(NAMES.slice(0, 4));
    expect(after.headers["anthropic-beta"]).toBe(TOOL_CHANGES_BETA);
    expect(first.messages.length).toBeGreaterThan(compacted.length);
    // The same loaded tools: the compacted conversation still reads them from the cache.
    const loadedTokens = after.body
      .tools!.filter((tool) => tool.defer_loading !== true)
      .reduce((sum, { cache_control: _, ...tool }) => sum + Math.ceil(JSON.stringify(tool).length / 3.5), 0);
    expect(loadedTokens).toBeGreaterThan(0);
    expect(server.usage.at(-1)!.cache_read_input_tokens).toBe(loadedTokens);
  });

  it("rebuilds the working set from the transcript's changes on another worker", async () => {
    const script = feedingScript().slice(0, 12);
    script.push(() => reply.text("Six fed."));
    const { run } = await setUp(script);
    const { messages } = await run({ sessionId: "day-shift" });

    const elsewhere = await createToolSearch({
      tools: zooTools(),
      tuning: { toolSearchThresholdTokens: 100, maxHydratedTools: CAP },
    });
    const session = elsewhere.session("night-shift", { transcript: messages });
    await session.view();
    expect(session.hydrated()).toEqual(workingSetOf(messages, anthropicToolChanges));
    // The transcript already offers that set: nothing to append.
    expect((await session.toolChanges(messages)).message).toBeUndefined();
  });

  it('adds whole definitions with toolChanges: "inline", and declares only search_tools', async () => {
    const { server, run } = await setUp(feedingScript());
    await run({ toolChanges: "inline" });
    const requests = server.requests;
    expect(new Set(requests.map((request) => JSON.stringify(request.body.tools))).size).toBe(1);
    expect(requests[0]!.body.tools!.map((tool) => tool.name)).toEqual(["search_tools"]);
    const addition = requests[1]!.body.messages.at(-1)!.content as { type: string; tool: Record<string, unknown> }[];
    expect(addition).toMatchObject([
      {
        type: "tool_addition",
        tool: {
          type: "tool_definition",
          definition: expect.objectContaining({ name: NAMES[0], input_schema: expect.any(Object) }),
        },
      },
    ]);
    expect(requests[1]!.headers["anthropic-beta"]).toBe(`${TOOL_CHANGES_BETA},${INLINE_TOOLS_BETA}`);
    for (const request of requests) expect(offered(request).length).toBeLessThanOrEqual(CAP);
    expect(changeMessages(requests[21]!).at(-1)).toEqual([`-${NAMES[6]}`, `+${NAMES[0]}`]);
  });

  it('caps native\'s loaded tools with toolChanges: "reference", removing the least recently used', async () => {
    const { server, run } = await setUp(feedingScript(), [], EVERY_PREFIX_CACHES);
    const result = await run({ strategy: "native", toolChanges: "reference" });
    expect(result.stopReason).toBe("end_turn");
    const requests = server.requests;
    expect(new Set(requests.map((request) => JSON.stringify(request.body.tools))).size).toBe(1);
    // Loaded by the search's references and by additions, less removals: never more than the cap.
    const loaded = (request: RecordedRequest) => workingSetOf(request.body.messages, anthropicToolChanges, true);
    for (const request of requests) expect(loaded(request).length).toBeLessThanOrEqual(CAP);
    WORDS.forEach((_, index) => expect(loaded(requests[2 * index + 1]!)).toContain(NAMES[index]));
    // A search's reference loads its tool: no addition repeats it; past the cap the LRU is removed.
    for (const request of requests)
      for (const changes of changeMessages(request))
        expect(changes.filter((change) => change !== `+${NAMES[0]}`).every((change) => change.startsWith("-"))).toBe(
          true,
        );
    expect(changeMessages(requests[9]!).at(-1)).toEqual([`-${NAMES[0]}`]);
    expect(changeMessages(requests[21]!).at(-1)).toEqual([`-${NAMES[6]}`, `+${NAMES[0]}`]);
    // An eviction leaves the cached prefix as it was: each request writes only what it appends.
    expectWritesOnlyAppended(server);
    // Without the option, native never removes a tool.
    const plain = await setUp(feedingScript());
    await plain.run({ strategy: "native" });
    expect(plain.server.requests.every((request) => changeMessages(request).length === 0)).toBe(true);
    expect(plain.server.requests.every((request) => request.headers["anthropic-beta"] === undefined)).toBe(true);
  });

  it("refuses toolChanges for a strategy that sends none, and native inline", async () => {
    const { server, run } = await setUp([() => reply.text("unused")]);
    for (const [strategy, toolChanges] of [
      ["stubs", "reference"],
      ["stable", "inline"],
      ["native", "inline"],
      ["changes", "by-value"],
    ] as const) {
      const refusal = await run({ strategy, toolChanges: toolChanges as never }).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(OptionsError);
      expect((refusal as OptionsError).code).toBe("invalid_tool_change_mode");
    }
    expect(server.requests).toHaveLength(0);
  });

  it("adds a prefetched tool in the first request's change message, with the same tools array", async () => {
    const { server, run } = await setUp([
      () => reply.toolUse({ name: NAMES[2]!, input: {} }),
      () => reply.text("Fed."),
    ]);
    await run({ prompt: "Feed the camel its ration.", prefetch: true });
    const [first, second] = server.requests;
    expect(changeMessages(first!)).toEqual([[`+${NAMES[2]}`]]);
    expect(first!.headers["anthropic-beta"]).toBe(TOOL_CHANGES_BETA);
    expect(JSON.stringify(second!.body.tools)).toBe(JSON.stringify(first!.body.tools));
  });

  it("reads each request's whole earlier prompt from the cache, and writes a fraction of what stubs writes", async () => {
    const usage = async (strategy: "stubs" | "changes") => {
      const { server, run } = await setUp(feedingScript());
      await run({ strategy });
      return server.usage;
    };
    const changes = await usage("changes");
    const stubs = await usage("stubs");
    // Nothing before a change message changes, so each request reads all the previous one stored.
    for (let index = 1; index < changes.length; index++) {
      const before = changes[index - 1]!;
      expect(changes[index]!.cache_read_input_tokens).toBeGreaterThanOrEqual(
        before.cache_read_input_tokens + before.cache_creation_input_tokens,
      );
    }
    const written = (entries: typeof changes) =>
      entries.reduce((total, entry) => total + entry.cache_creation_input_tokens, 0);
    // stubs rewrites the tools array at each hydration and eviction, and the conversation after it.
    expect(written(changes) * 3).toBeLessThan(written(stubs));
  });

  it("writes the cache, on each request after the first, for just what was appended since the one before", async () => {
    // Every prefix caches (no model minimum), so the first request's write is the whole prompt.
    const { server, run } = await setUp(feedingScript(), [], EVERY_PREFIX_CACHES);
    await run();
    expectWritesOnlyAppended(server);
  });

  it("refuses more deferred tools than the API takes, naming the way out", async () => {
    const { toolSearch } = await setUp([]);
    const view = await toolSearch.session("big").view();
    const gone = Array.from({ length: 10_000 }, (_, index) => `gone__tool_${index}`);
    const refusal = (() => {
      try {
        changesStrategy.tools(view, gone);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(OptionsError);
    expect((refusal as OptionsError).code).toBe("too_many_deferred_tools");
    expect(
      changesStrategyOf("inline")
        .tools(view, gone)
        .map((tool) => tool.name),
    ).toEqual(["search_tools"]);
  });

  it("resumes a transcript that holds tool changes, on another worker, without repeating them", async () => {
    const script = feedingScript().slice(0, 4);
    script.push(
      () => reply.text("Two fed."),
      () => reply.toolUse({ name: NAMES[1]!, input: {} }),
      () => reply.text("Fed again."),
    );
    const { server, client, run } = await setUp(script);
    const { messages } = await run({ sessionId: "morning" });
    const elsewhere = await createToolSearch({
      tools: zooTools(),
      tuning: { toolSearchThresholdTokens: 100, maxHydratedTools: CAP },
    });
    const resumed = await runAgent({
      client,
      model: MODEL,
      messages: [...messages, { role: "user", content: "Feed the bison again." }],
      toolSearch: elsewhere,
      sessionId: "afternoon",
      strategy: "changes",
    });
    expect(resumed.stopReason).toBe("end_turn");
    const first = server.requests[5]!;
    expect(JSON.stringify(first.body.tools)).toBe(JSON.stringify(server.requests[0]!.body.tools));
    // The transcript already offers both tools: the resumed run's first request adds nothing.
    expect(changeMessages(first)).toEqual(changeMessages(server.requests[4]!));
    expect(offered(first)).toEqual([NAMES[0], NAMES[1]]);
  });
});
