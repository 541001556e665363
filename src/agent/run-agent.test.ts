import Anthropic from "@anthropic-ai/sdk";
import { afterEach, describe, expect, it } from "vitest";
import {
  lastToolResults,
  previousToolUses,
  type RecordedRequest,
  reply,
  sampleTools,
  type ScriptedTurn,
  serverPerTest,
  type WireBlock,
  type WireTool,
} from "../testing/index.js";
import { OptionsError } from "../errors.js";
import type { ToolSearchEvent } from "../events.js";
import type { ToolDefinition, ToolHost } from "../catalogue/index.js";
import { createToolSearch, type ToolSearchOptions } from "../tool-search/index.js";
import { AgentError } from "./agent-error.js";
import type { AgentEvent, RunAgentOptions } from "./run-agent-types.js";
import { runAgent } from "./run-agent.js";
import type { StrategyName } from "./strategies/index.js";

const LOW = { toolSearchThresholdTokens: 100 };
const MODEL = "claude-test-model";
const STRATEGIES: StrategyName[] = ["stubs", "native", "stable"];
const SLACK_SCHEMA = sampleTools()[2]!.inputSchema;
/** The sample catalogue under native, in the notation of `names()`: search_tools loaded, every tool deferred. */
const NATIVE_LAYOUT = [
  "search_tools",
  "?github__create_issue",
  "?github__delete_repository",
  "?slack__post_message",
  "?calendar__create_event",
  "?postgres__query",
  "?filesystem__read_file",
];

const startServer = serverPerTest(afterEach);

async function serve(turns: ScriptedTurn[]) {
  const server = await startServer(turns);
  return { server, client: new Anthropic({ apiKey: "test", baseURL: server.url, maxRetries: 0 }) };
}

type Setup = Partial<ToolSearchOptions> & { calls?: { name: string; input: unknown }[] };

async function agent(turns: ScriptedTurn[], setup: Setup, options: Partial<RunAgentOptions> = {}) {
  const { calls = [], ...toolSearchOptions } = setup;
  const { server, client } = await serve(turns);
  const toolSearch = await createToolSearch({ tools: sampleTools(calls), tuning: LOW, ...toolSearchOptions });
  const run = (more: Partial<RunAgentOptions> = {}) =>
    runAgent({
      client,
      model: MODEL,
      prompt: "Tell #ops that the deploy is done.",
      toolSearch,
      ...options,
      ...more,
    } as RunAgentOptions);
  return { server, client, toolSearch, run };
}

/** Names in array order, stubs marked with ~ and deferred tools with ?. */
function names(tools: WireTool[] | undefined): string[] {
  return (tools ?? []).map((tool) => {
    // A stub or placeholder: the permissive schema, `{ type: "object" }` and nothing else.
    const stub = Object.keys(tool.input_schema).join() === "type";
    return `${tool.defer_loading ? "?" : ""}${stub ? "~" : ""}${tool.name}`;
  });
}

/** What a model would take from a search result: the first tool it names, in any of the three formats. */
function discoveredTool(result: WireBlock): string {
  if (Array.isArray(result.content)) {
    const blocks = result.content as WireBlock[];
    const reference = blocks.find((block) => block.type === "tool_reference");
    if (reference) return String(reference.tool_name);
    return JSON.parse(String(blocks[0]!.text)).matches[0].name;
  }
  return JSON.parse(String(result.content)).matches[0].name;
}

/** Search, call what was found, then answer: the run every strategy must complete. */
function threeTurns(): ScriptedTurn[] {
  return [
    () => reply.toolUse({ name: "search_tools", input: { query: "post a message to a slack channel" } }),
    (request) =>
      reply.toolUse({
        name: discoveredTool(lastToolResults(request)[0]!),
        input: { channel: "#ops", text: "deploy done" },
      }),
    () => reply.text("Posted to #ops."),
  ];
}

function breakpointsOf(request: RecordedRequest): string[] {
  const found: string[] = [];
  for (const tool of request.body.tools ?? []) if (tool.cache_control) found.push(`tool:${tool.name}`);
  if (Array.isArray(request.body.system))
    request.body.system.forEach((block, i) => block.cache_control && found.push(`system:${i}`));
  request.body.messages.forEach((message, m) => {
    if (typeof message.content === "string") return;
    message.content.forEach((block, b) => block.cache_control && found.push(`message:${m}:${b}`));
  });
  return found;
}

describe("a three-turn run (search, call the found tool, answer) under every strategy", () => {
  it.each(STRATEGIES)("%s: completes, runs the found tool once, and keeps the whole transcript", async (strategy) => {
    const calls: { name: string; input: unknown }[] = [];
    const { server, run } = await agent(threeTurns(), { calls }, { strategy });
    const result = await run();
    expect(result.stopReason).toBe("end_turn");
    expect(result.message.content).toEqual([expect.objectContaining({ type: "text", text: "Posted to #ops." })]);
    expect(calls).toEqual([{ name: "slack__post_message", input: { channel: "#ops", text: "deploy done" } }]);
    expect(result.messages.map((message) => message.role)).toEqual([
      "user",
      "assistant",
      "user",
      "assistant",
      "user",
      "assistant",
    ]);
    expect(result.turns.map((turn) => turn.stopReason)).toEqual(["tool_use", "tool_use", "end_turn"]);
    expect(result.turns.map((turn) => turn.toolsSent)).toEqual(
      server.requests.map((request) => request.body.tools!.length),
    );
    expect(server.requests).toHaveLength(3);
    expect(server.requests.map((request) => request.body.model)).toEqual([MODEL, MODEL, MODEL]);
  });

  it("stubs: stubs first, then the called tool hydrated in full from the next request", async () => {
    const { server, run } = await agent(threeTurns(), {}, { strategy: "stubs" });
    await run();
    const [first, second, third] = server.requests.map((request) => request.body.tools!);
    const stubs = [
      "~github__create_issue",
      "~github__delete_repository",
      "~slack__post_message",
      "~calendar__create_event",
      "~postgres__query",
      "~filesystem__read_file",
    ];
    expect(names(first)).toEqual(["search_tools", ...stubs]);
    expect(names(second)).toEqual(["search_tools", ...stubs]);
    expect(names(third)).toEqual([
      "search_tools",
      "slack__post_message",
      ...stubs.filter((name) => name !== "~slack__post_message"),
    ]);
    expect(third!.find((tool) => tool.name === "slack__post_message")!.input_schema).toEqual(SLACK_SCHEMA);
    const search = JSON.parse(String(lastToolResults(server.requests[1]!)[0]!.content));
    expect(search.matches[0]).toEqual({ name: "slack__post_message", description: sampleTools()[2]!.description });
  });

  it("native: tool_reference results and a byte-identical, deferred tools array on every request", async () => {
    const { server, run } = await agent(threeTurns(), {}, { strategy: "native" });
    await run();
    const [first, ...rest] = server.requests.map((request) => JSON.stringify(request.body.tools));
    for (const later of rest) expect(later).toBe(first);
    const tools = server.requests[0]!.body.tools!;
    expect(names(tools)).toEqual(NATIVE_LAYOUT);
    expect(tools.find((tool) => tool.name === "slack__post_message")!.input_schema).toEqual(SLACK_SCHEMA);
    expect(tools.filter((tool) => tool.cache_control).map((tool) => tool.name)).toEqual(["search_tools"]);
    const [result] = lastToolResults(server.requests[1]!);
    expect((result!.content as WireBlock[])[0]).toEqual({ type: "tool_reference", tool_name: "slack__post_message" });
    expect((result!.content as WireBlock[]).every((block) => block.type === "tool_reference")).toBe(true);
  });

  it("stable: a byte-identical tools array on every request; search results carry the real input schemas", async () => {
    const { server, run } = await agent(threeTurns(), {}, { strategy: "stable" });
    await run();
    const [first, ...rest] = server.requests.map((request) => JSON.stringify(request.body.tools));
    for (const later of rest) expect(later).toBe(first);
    expect(names(server.requests[2]!.body.tools)).toContain("~slack__post_message");
    const search = JSON.parse(String(lastToolResults(server.requests[1]!)[0]!.content));
    expect(search.matches[0]).toEqual({
      name: "slack__post_message",
      description: sampleTools()[2]!.description,
      input_schema: SLACK_SCHEMA,
    });
  });
});

describe("prompt caching", () => {
  it.each(STRATEGIES)(
    "%s: breakpoints on the tools, the system prompt, the last message and the previous turn's end; at most 4",
    async (strategy) => {
      const { server, run } = await agent(threeTurns(), {}, { strategy, system: "You are a release bot." });
      const result = await run();
      const lastLoaded = strategy === "native" ? "search_tools" : "filesystem__read_file";
      // The first request has a breakpoint to spare: stubs puts it after the tools a hydration keeps (here search_tools).
      const spare = strategy === "stubs" ? ["tool:search_tools"] : [];
      expect(breakpointsOf(server.requests[0]!)).toEqual([...spare, `tool:${lastLoaded}`, "system:0", "message:0:0"]);
      expect(breakpointsOf(server.requests[1]!)).toEqual([
        `tool:${lastLoaded}`,
        "system:0",
        "message:0:0",
        "message:2:0",
      ]);
      expect(breakpointsOf(server.requests[2]!)).toEqual([
        `tool:${lastLoaded}`,
        "system:0",
        "message:2:0",
        "message:4:0",
      ]);
      expect(server.requests[0]!.body.system).toEqual([
        { type: "text", text: "You are a release bot.", cache_control: { type: "ephemeral" } },
      ]);
      expect(JSON.stringify(result.messages)).not.toContain("cache_control");
    },
  );

  it("respects breakpoints the caller already set, within the limit of 4", async () => {
    const { server, run } = await agent([() => reply.text("ok")], {});
    const marked = { type: "text" as const, text: "earlier", cache_control: { type: "ephemeral" as const } };
    await run({
      prompt: undefined,
      messages: [
        { role: "user", content: [marked] },
        { role: "assistant", content: [{ ...marked, text: "reply" }] },
        { role: "user", content: [{ ...marked, text: "again" }] },
      ],
      system: "sys",
    });
    expect(breakpointsOf(server.requests[0]!)).toEqual([
      "tool:filesystem__read_file",
      "message:0:0",
      "message:1:0",
      "message:2:0",
    ]);
  });

  it("reports usage per turn; stable and native read the earlier prefix, while a stubs hydration rewrites most of it", async () => {
    const usage: Record<string, { read: number; written: number }[]> = {};
    for (const strategy of STRATEGIES) {
      const { run } = await agent(threeTurns(), {}, { strategy, system: "You are a release bot." });
      const { turns } = await run();
      usage[strategy] = turns.map(({ usage }) => ({
        read: usage.cache_read_input_tokens,
        written: usage.cache_creation_input_tokens,
      }));
    }
    for (const strategy of STRATEGIES) {
      expect(usage[strategy]![0]).toMatchObject({ read: 0 });
      expect(usage[strategy]![1]!.read).toBeGreaterThan(0);
    }
    expect(usage.stable![2]!.read).toBeGreaterThan(usage.stable![1]!.read);
    expect(usage.native![2]!.read).toBeGreaterThan(usage.native![1]!.read);
    // The hydrated tool changes the tools array near its start: at most the tools before it are
    // still read (stored by the first request's spare breakpoint), not the stubs, system and turns.
    expect(usage.stubs![2]!.read).toBeLessThan(usage.stubs![1]!.read);
  });

  it("stubs without a system prompt: the request after each hydration reads the tools hydrated before it from the cache", async () => {
    const { server, run } = await agent(
      [
        () => reply.toolUse({ name: "search_tools", input: { query: "post a message to a slack channel" } }),
        () => reply.toolUse({ name: "slack__post_message", input: { channel: "#ops", text: "deploy done" } }),
        () =>
          reply.toolUse({ name: "calendar__create_event", input: { title: "Retro", start: "2030-01-01T10:00:00Z" } }),
        () => reply.text("Posted and scheduled."),
      ],
      {},
      { strategy: "stubs" },
    );
    const { turns } = await run();
    const read = turns.map((turn) => turn.usage.cache_read_input_tokens);
    expect(server.requests.map((request) => names(request.body.tools).filter((name) => !name.startsWith("~")))).toEqual(
      [
        ["search_tools"],
        ["search_tools"],
        ["search_tools", "slack__post_message"],
        ["search_tools", "slack__post_message", "calendar__create_event"],
      ],
    );
    expect(server.requests.map(breakpointsOf)).toEqual([
      ["tool:search_tools", "tool:filesystem__read_file", "message:0:0"],
      ["tool:search_tools", "tool:filesystem__read_file", "message:0:0", "message:2:0"],
      ["tool:slack__post_message", "tool:filesystem__read_file", "message:2:0", "message:4:0"],
      ["tool:calendar__create_event", "tool:filesystem__read_file", "message:4:0", "message:6:0"],
    ]);
    // Each hydration changes the array after the earlier hydrated tools: what comes before is read.
    expect(read[2]).toBeGreaterThan(0);
    expect(read[3]).toBeGreaterThan(read[2]!);
  });
});

describe("sessions", () => {
  it("starts every run clean by default and resumes a session by id", async () => {
    const turns = [...threeTurns(), () => reply.text("nothing to do"), () => reply.text("still nothing")];
    const { server, run } = await agent(turns, {}, { strategy: "stubs" });
    const first = await run();
    await run();
    expect(names(server.requests[3]!.body.tools)).toContain("~slack__post_message");
    await run({ sessionId: first.sessionId });
    expect(names(server.requests[4]!.body.tools)).toContain("slack__post_message");
  });
});

describe("the core's rules apply unchanged", () => {
  it.each(STRATEGIES)(
    "%s: a throwing tool, an invalid input and a denied destructive call become is_error results",
    async (strategy) => {
      const calls: { name: string; input: unknown }[] = [];
      const approvals: string[] = [];
      const events: ToolSearchEvent[] = [];
      const { server, run } = await agent(
        [
          () =>
            reply.toolUse(
              { name: "postgres__query", input: { sql: "select boom" } },
              { name: "github__create_issue", input: { repo: "a/b", priority: 9 } },
              { name: "github__delete_repository", input: { repo: "me/prod" } },
            ),
          () => reply.text("Some of that failed."),
        ],
        { calls, approve: (tool) => (approvals.push(tool.name), false), onEvent: (event) => events.push(event) },
        { strategy },
      );
      const result = await run();
      const results = lastToolResults(server.requests[1]!);
      const ids = previousToolUses(server.requests[1]!).map((block) => block.id);
      expect(results.map((block) => block.tool_use_id)).toEqual(ids);
      expect(results.map((block) => block.is_error)).toEqual([true, true, true]);
      expect(results[0]!.content).toBe("postgres__query failed: connection reset by peer");
      expect(results[1]!.content).toContain("/title: is required");
      expect(results[1]!.content).toContain(JSON.stringify(sampleTools()[0]!.inputSchema));
      expect(results[2]!.content).toMatch(/not approved/);
      expect(calls.map((call) => call.name)).toEqual(["postgres__query"]);
      expect(approvals).toEqual(["github__delete_repository"]);
      expect(
        events
          .filter((event) => event.type === "tool-call")
          .map((event) => event.type === "tool-call" && event.outcome)
          .sort(),
      ).toEqual(["invalid-input", "not-approved", "tool-error"]);
      expect(result.stopReason).toBe("end_turn");
    },
  );

  it("native: a tool permit() denies is neither sent nor referenced", async () => {
    const { server, run } = await agent(
      [
        () => reply.toolUse({ name: "search_tools", input: { query: "run a sql query on the analytics database" } }),
        () => reply.text("done"),
      ],
      { permit: (tool: ToolDefinition) => tool.server !== "postgres" },
      { strategy: "native" },
    );
    await run();
    expect(names(server.requests[0]!.body.tools)).not.toContain("?postgres__query");
    const content = JSON.stringify(lastToolResults(server.requests[1]!)[0]!.content);
    expect(content).not.toContain("postgres__query");
  });

  it("native below the threshold: every tool in full, none deferred, no search_tools", async () => {
    const { server, run } = await agent(
      [() => reply.text("ok")],
      { tuning: { toolSearchThresholdTokens: 1_000_000 } },
      { strategy: "native" },
    );
    await run();
    const tools = server.requests[0]!.body.tools!;
    expect(names(tools)).toEqual(sampleTools().map((tool) => tool.name));
    expect(tools.every((tool) => tool.defer_loading === undefined && tool.input_schema.properties)).toBe(true);
  });
});

describe("native: every tool the transcript referenced stays defined", () => {
  /** The deferred definition the request carried for a tool, if any. */
  const sent = (request: RecordedRequest, name: string) => request.body.tools?.find((tool) => tool.name === name);
  const SLACK_DESCRIPTION = sampleTools()[2]!.description;

  /** Search and find slack (turn 1), `change` the catalogue, then call slack (turn 2), then answer (turn 3). */
  function referencedThenChanged(change: () => void): ScriptedTurn[] {
    return [
      () => reply.toolUse({ name: "search_tools", input: { query: "post a message to a slack channel" } }),
      (request) => {
        expect(discoveredTool(lastToolResults(request)[0]!)).toBe("slack__post_message");
        change();
        return reply.toolUse({ name: "slack__post_message", input: { channel: "#ops", text: "deploy done" } });
      },
      () => reply.text("I could not post it."),
    ];
  }

  /** The request after the refused call: its answer is an error, and slack is a placeholder in it. */
  function expectRefusedAndPlaceheld(request: RecordedRequest) {
    const [answer] = lastToolResults(request);
    expect(answer).toMatchObject({
      is_error: true,
      content: expect.stringMatching(/no tool named "slack__post_message" available/),
    });
    expect(sent(request, "slack__post_message")).toEqual({
      name: "slack__post_message",
      description: expect.stringMatching(/not available any more.*search_tools/),
      input_schema: { type: "object" },
      defer_loading: true,
    });
    // Nothing of the real definition beyond its name.
    expect(JSON.stringify(request.body.tools)).not.toContain(SLACK_DESCRIPTION);
    expect(JSON.stringify(request.body.tools)).not.toContain("message_option_0");
  }

  it("a tool permit() denies after it was referenced: a neutral placeholder keeps the request valid, and a call to it is refused", async () => {
    const calls: { name: string; input: unknown }[] = [];
    const denied = new Set<string>();
    const { server, run } = await agent(
      referencedThenChanged(() => denied.add("slack__post_message")),
      { calls, permit: (tool: ToolDefinition) => !denied.has(tool.name) },
      { strategy: "native" },
    );
    const result = await run();
    // Every request passed the API's rule that each tool_reference names a deferred tool of the request.
    expect(result.stopReason).toBe("end_turn");
    expect(server.requests).toHaveLength(3);
    expect(sent(server.requests[1]!, "slack__post_message")!.description).toBe(SLACK_DESCRIPTION);
    expectRefusedAndPlaceheld(server.requests[2]!);
    expect(calls).toEqual([]);
  });

  it("a tool its host drops after it was referenced: the same placeholder, and a call to it is refused; back in the listing, it is whole again", async () => {
    const calls: { name: string; input: unknown }[] = [];
    const all = sampleTools(calls);
    let listed = all;
    const host: ToolHost = { listTools: async () => listed };
    const turns = referencedThenChanged(() => (listed = all.filter((tool) => tool.name !== "slack__post_message")));
    let ranWhileGone = -1;
    turns[2] = () => {
      ranWhileGone = calls.length;
      listed = all;
      return reply.toolUse({ name: "slack__post_message", input: { channel: "#ops", text: "deploy done" } });
    };
    turns.push(() => reply.text("Posted."));
    const { server, run } = await agent(turns, { tools: host }, { strategy: "native" });
    const result = await run();
    expect(result.stopReason).toBe("end_turn");
    expect(server.requests).toHaveLength(4);
    expectRefusedAndPlaceheld(server.requests[2]!);
    expect(ranWhileGone).toBe(0);
    expect(sent(server.requests[3]!, "slack__post_message")!.description).toBe(SLACK_DESCRIPTION);
    expect(calls.map((call) => call.name)).toEqual(["slack__post_message"]);
  });

  it("a resumed transcript's references count too, under the threshold as well", async () => {
    const { server, run } = await agent(
      [() => reply.text("ok")],
      { tuning: { toolSearchThresholdTokens: 1_000_000 } },
      { strategy: "native" },
    );
    await run({
      prompt: undefined,
      messages: [
        { role: "user", content: "find a tool" },
        {
          role: "assistant",
          content: [{ type: "tool_use", id: "toolu_old", name: "search_tools", input: { query: "x" } }],
        },
        {
          role: "user",
          content: [
            {
              type: "tool_result",
              tool_use_id: "toolu_old",
              content: [
                { type: "tool_reference", tool_name: "slack__post_message" },
                { type: "tool_reference", tool_name: "jira__gone_tool" },
              ],
            },
          ],
        },
      ],
    });
    const tools = server.requests[0]!.body.tools!;
    expect(names(tools)).toEqual([...NATIVE_LAYOUT, "?~jira__gone_tool"]);
  });
});

describe("the loop", () => {
  it("runs parallel tool calls concurrently and answers them in block order, in one user message", async () => {
    let started = 0;
    let release!: () => void;
    const bothStarted = new Promise<void>((resolve) => (release = resolve));
    // Without concurrency the first call would wait here alone; the timeout only keeps a regression from hanging.
    const waitForBoth = () =>
      Promise.race([
        bothStarted.then(() => "together"),
        new Promise((resolve) => setTimeout(() => resolve("alone"), 2_000)),
      ]);
    const slow = (label: string, extraTicks: number): ToolDefinition => ({
      name: `${label}__lookup`,
      description: `Look something up in ${label}.`,
      inputSchema: { type: "object", properties: {} },
      execute: async () => {
        if (++started === 2) release();
        const how = await waitForBoth();
        for (let tick = 0; tick < extraTicks; tick++) await new Promise((resolve) => setImmediate(resolve));
        return `${label} ran ${how}`;
      },
    });
    const { server, client } = await serve([
      () =>
        reply.toolUse(
          { name: "alpha__lookup", input: {}, id: "toolu_a" },
          { name: "beta__lookup", input: {}, id: "toolu_b" },
        ),
      () => reply.text("done"),
    ]);
    const toolSearch = await createToolSearch({ tools: [slow("alpha", 5), slow("beta", 0)] });
    const result = await runAgent({ client, model: MODEL, prompt: "look both up", toolSearch });
    const request = server.requests[1]!;
    expect(request.body.messages).toHaveLength(3);
    expect(lastToolResults(request).map((block) => [block.tool_use_id, block.content])).toEqual([
      ["toolu_a", "alpha ran together"],
      ["toolu_b", "beta ran together"],
    ]);
    expect(result.messages[2]).toMatchObject({
      role: "user",
      content: [{ tool_use_id: "toolu_a" }, { tool_use_id: "toolu_b" }],
    });
  });

  it("stops at maxTurns with the tool results of the last turn in the transcript", async () => {
    const again = () => reply.toolUse({ name: "filesystem__read_file", input: { path: "notes.txt" } });
    const { server, run } = await agent([again, again, again], {});
    const result = await run({ maxTurns: 2 });
    expect(result.stopReason).toBe("max_turns");
    expect(server.requests).toHaveLength(2);
    expect(result.turns).toHaveLength(2);
    expect(result.messages.map((message) => message.role)).toEqual(["user", "assistant", "user", "assistant", "user"]);
    expect(result.message).toMatchObject({ role: "assistant", stop_reason: "tool_use" });
    expect(result.messages.at(-1)).toMatchObject({
      content: [{ type: "tool_result", content: expect.stringContaining("filesystem__read_file") }],
    });
  });

  it("answers the tool_use blocks of a reply cut off by max_tokens without running them, so the transcript resumes", async () => {
    const calls: { name: string; input: unknown }[] = [];
    const cutOff = (): ScriptedTurn => () => ({
      content: [
        { type: "text", text: "Posting it now." },
        { type: "tool_use", id: "toolu_cut", name: "slack__post_message", input: { channel: "#ops" } },
      ],
      stop_reason: "max_tokens",
    });
    const { server, run } = await agent(
      [cutOff(), () => reply.text("Posted to #ops."), () => reply.text("Done in two steps.")],
      { calls },
    );
    const result = await run({ maxTokens: 20 });
    expect(result.stopReason).toBe("max_tokens");
    expect(result.turns.map((turn) => turn.stopReason)).toEqual(["max_tokens"]);
    expect(result.message.stop_reason).toBe("max_tokens");
    expect(calls).toEqual([]);
    expect(result.messages.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
    expect(result.messages[2]).toEqual({
      role: "user",
      content: [
        {
          type: "tool_result",
          tool_use_id: "toolu_cut",
          is_error: true,
          content: expect.stringMatching(/not run: the response was cut off \(stop reason "max_tokens"\)/),
        },
      ],
    });

    // The server rejects, as the API does, a tool_use without its tool_result right after it.
    const resumed = await run({ prompt: undefined, messages: result.messages });
    expect(resumed.stopReason).toBe("end_turn");
    expect(lastToolResults(server.requests[1]!)).toEqual([
      expect.objectContaining({ tool_use_id: "toolu_cut", is_error: true }),
    ]);
    const withGuidance = await run({
      prompt: undefined,
      messages: [...result.messages, { role: "user", content: "Post it in two steps." }],
    });
    expect(withGuidance.stopReason).toBe("end_turn");
    expect(server.requests).toHaveLength(3);
    expect(calls).toEqual([]);
  });

  it("passes a turn event per model call, and the tool search's own events keep flowing", async () => {
    const agentEvents: AgentEvent[] = [];
    const toolEvents: ToolSearchEvent[] = [];
    const { run } = await agent(
      threeTurns(),
      { onEvent: (event) => toolEvents.push(event) },
      { onEvent: (event) => agentEvents.push(event) },
    );
    const result = await run();
    const turnEvents = agentEvents.filter((event) => event.type === "turn");
    expect(turnEvents.map((event) => [event.type, event.turn, event.toolCalls, event.sessionId])).toEqual([
      ["turn", 1, 1, result.sessionId],
      ["turn", 2, 1, result.sessionId],
      ["turn", 3, 0, result.sessionId],
    ]);
    expect(turnEvents.map((event) => event.usage)).toEqual(result.turns.map((turn) => turn.usage));
    // Each call is reported when it arrives, before its turn event, and when it is answered.
    expect(
      agentEvents.map((event) =>
        event.type === "turn" ? `turn ${event.turn}` : `${event.type} ${"name" in event ? event.name : ""}`,
      ),
    ).toEqual([
      "tool-use search_tools",
      "turn 1",
      "tool-result search_tools",
      "tool-use slack__post_message",
      "turn 2",
      "tool-result slack__post_message",
      "turn 3",
    ]);
    expect(toolEvents.map((event) => event.type)).toEqual(["search", "hydrate", "tool-call"]);
  });

  it.each([
    ["stubs", true],
    ["native", false],
    ["stable", true],
  ] as const)("%s: reports the found tool's call as made from a stub: %s", async (strategy, stub) => {
    const toolEvents: ToolSearchEvent[] = [];
    const { run } = await agent(threeTurns(), { onEvent: (event) => toolEvents.push(event) }, { strategy });
    await run();
    expect(toolEvents.filter((event) => event.type === "tool-call")).toEqual([
      expect.objectContaining({ name: "slack__post_message", stub, outcome: "ok" }),
    ]);
  });

  it("sends the SDK's headers and no beta header: tool search and caching need none", async () => {
    const { server, run } = await agent(threeTurns(), {}, { strategy: "native" });
    await run();
    // SDK 1.14 sends the key as a bearer token.
    expect(server.requests[0]!.headers.authorization).toBe("Bearer test");
    expect(server.requests[0]!.headers["anthropic-version"]).toBeDefined();
    expect(server.requests[0]!.headers["anthropic-beta"]).toBeUndefined();
  });
});

describe("errors", () => {
  it("a 400 surfaces as an AgentError with the status, the API's message and the transcript so far", async () => {
    const { server, run } = await agent(
      [
        () => reply.toolUse({ name: "filesystem__read_file", input: { path: "a.txt" } }),
        () => reply.error(400, "invalid_request_error", "messages.2: something is off"),
      ],
      {},
    );
    const error = await run().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AgentError);
    const agentError = error as AgentError;
    expect(agentError).toMatchObject({ code: "api_error", status: 400, apiErrorType: "invalid_request_error" });
    expect(agentError.message).toMatch(/400 \(invalid_request_error\) on turn 2: messages\.2: something is off/);
    expect(agentError.messages.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
    expect(agentError.messages[2]).toMatchObject({ content: [{ type: "tool_result" }] });
    expect(agentError.turns).toHaveLength(1);
    expect(server.requests).toHaveLength(2);
  });

  it("a 529 with maxRetries 0 is not retried and surfaces with its status", async () => {
    const { server, run } = await agent([() => reply.error(529, "overloaded_error", "Overloaded")], {});
    const error = (await run().catch((caught: unknown) => caught)) as AgentError;
    expect(error).toBeInstanceOf(AgentError);
    expect(error).toMatchObject({ code: "api_error", status: 529, apiErrorType: "overloaded_error" });
    expect(error.message).toMatch(/maxRetries/);
    expect(error.messages).toEqual([{ role: "user", content: "Tell #ops that the deploy is done." }]);
    expect(server.requests).toHaveLength(1);
  });

  it("leaves retries to the client: maxRetries 1 makes exactly one retry", async () => {
    const overloaded = () => reply.error(529, "overloaded_error", "Overloaded");
    const { server } = await serve([overloaded, overloaded, overloaded]);
    const client = new Anthropic({ apiKey: "test", baseURL: server.url, maxRetries: 1 });
    const toolSearch = await createToolSearch({ tools: sampleTools(), tuning: LOW });
    await expect(runAgent({ client, model: MODEL, prompt: "hi", toolSearch })).rejects.toMatchObject({ status: 529 });
    expect(server.requests).toHaveLength(2);
  });

  it("a server it cannot reach is a connection_error", async () => {
    const { server } = await serve([]);
    await server.close();
    const client = new Anthropic({ apiKey: "test", baseURL: server.url, maxRetries: 0 });
    const toolSearch = await createToolSearch({ tools: sampleTools(), tuning: LOW });
    await expect(runAgent({ client, model: MODEL, prompt: "hi", toolSearch })).rejects.toMatchObject({
      code: "connection_error",
      status: undefined,
    });
  });

  it("native over 10,000 deferred tools stops before calling the API, suggesting stubs", async () => {
    const { server, client } = await serve([() => reply.text("unreachable")]);
    const tools: ToolDefinition[] = Array.from({ length: 10_001 }, (_, i) => ({
      name: `svc__tool_${i}`,
      description: `Tool number ${i} handles case ${i % 97}.`,
      inputSchema: { type: "object" },
    }));
    const toolSearch = await createToolSearch({ tools });
    const error = (await runAgent({ client, model: MODEL, prompt: "hi", toolSearch, strategy: "native" }).catch(
      (caught: unknown) => caught,
    )) as AgentError;
    expect(error).toBeInstanceOf(AgentError);
    expect(error.code).toBe("too_many_deferred_tools");
    expect(error.message).toMatch(/at most 10,000 deferred tools.*strategy "stubs"/);
    expect(error.messages).toEqual([{ role: "user", content: "hi" }]);
    expect(server.requests).toHaveLength(0);
  });

  it("rejects a damaged transcript or system prompt before any call, saying where and what", async () => {
    const { server, client, toolSearch } = await agent([], {});
    const base = { client, model: MODEL, toolSearch };
    const rejects = (messages: unknown, pattern: RegExp, system?: unknown) =>
      expect(
        runAgent({ ...base, messages, ...(system === undefined ? {} : { system }) } as RunAgentOptions),
      ).rejects.toThrow(expect.objectContaining({ name: "OptionsError", message: expect.stringMatching(pattern) }));
    await rejects([null], /messages\[0\] is null; each message is \{ role, content \}/);
    await rejects(
      [{ role: "user", content: 5 }],
      /messages\[0\]\.content is 5;.*a string or an array of content blocks/,
    );
    await rejects([{ role: "robot", content: "hi" }], /messages\[0\]\.role is "robot".*"user", "assistant"/);
    await rejects([{ role: "user", content: [{ text: "no type" }] }], /messages\[0\]\.content\[0\] has no type/);
    await rejects(
      [
        { role: "user", content: "post it" },
        {
          role: "assistant",
          content: [{ type: "tool_use", id: "toolu_open", name: "slack__post_message", input: {} }],
        },
      ],
      /messages\[1\] ends the transcript with tool_use toolu_open.*no tool_result.*Answer it first.*or leave it out/,
    );
    await rejects([{ role: "user", content: "hi" }], /system\[0\] is not a text block/, [{ type: "image" }]);
    expect(server.requests).toHaveLength(0);
  });

  it("rejects bad options before any call", async () => {
    const { server, client, toolSearch } = await agent([], {});
    const base = { client, model: MODEL, toolSearch };
    await expect(runAgent({ ...base } as unknown as RunAgentOptions)).rejects.toThrow(/either prompt.*or messages/);
    await expect(runAgent({ ...base, prompt: "x", messages: [] } as unknown as RunAgentOptions)).rejects.toThrow(
      OptionsError,
    );
    await expect(runAgent({ ...base, prompt: "x", strategy: "deferred" as StrategyName })).rejects.toThrow(
      /"stubs", "native", "stable"/,
    );
    await expect(runAgent({ ...base, prompt: "x", maxTurns: 0 })).rejects.toThrow(/maxTurns must be a whole number/);
    await expect(runAgent({ ...base, prompt: "x", client: {} as Anthropic })).rejects.toThrow(
      /Messages API client such as new Anthropic\(\)/,
    );
    expect(server.requests).toHaveLength(0);
  });
});
