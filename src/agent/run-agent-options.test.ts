import Anthropic from "@anthropic-ai/sdk";
import { afterEach, describe, expect, it } from "vitest";
import {
  lastToolResults,
  reply,
  sampleTools,
  type ScriptedTurn,
  serverPerTest,
  type WireBlock,
} from "../testing/index.js";
import type { ToolContext, ToolDefinition } from "../catalogue/index.js";
import { OptionsError } from "../errors.js";
import { createToolSearch, type ToolSearchOptions } from "../tool-search/index.js";
import { AgentError } from "./agent-error.js";
import type { AgentEvent, RunAgentOptions } from "./run-agent-types.js";
import { runAgent } from "./run-agent.js";

const LOW = { toolSearchThresholdTokens: 100 };
const MODEL = "claude-test-model";
const startServer = serverPerTest(afterEach);

async function setup(turns: ScriptedTurn[], toolSearchOptions: Partial<ToolSearchOptions> = {}) {
  const server = await startServer(turns);
  const client = new Anthropic({ apiKey: "test", baseURL: server.url, maxRetries: 0 });
  const toolSearch = await createToolSearch({ tools: sampleTools(), tuning: LOW, ...toolSearchOptions });
  const run = (options: Partial<RunAgentOptions> = {}) =>
    runAgent({
      client,
      model: MODEL,
      prompt: "Tell #ops that the deploy is done.",
      toolSearch,
      ...options,
    } as RunAgentOptions);
  return { server, client, toolSearch, run };
}

/** Search, call what was found, answer in a sentence long enough to arrive in several deltas. */
function threeTurns(): ScriptedTurn[] {
  return [
    () => ({
      content: [
        { type: "text", text: "Let me find the right tool.", citations: null },
        { type: "tool_use", name: "search_tools", input: { query: "post a message to slack" } },
      ],
    }),
    (request) => {
      const found = JSON.parse(String(lastToolResults(request)[0]!.content)).matches[0].name as string;
      return reply.toolUse({ name: found, input: { channel: "#ops", text: "deploy done" } });
    },
    () => reply.text("Posted to #ops: the deploy is done."),
  ];
}

/** A tool that starts, says so, and then waits until it is released (or forever). */
function waitingTool(started: ToolContext[], release: Promise<unknown> = new Promise(() => undefined)): ToolDefinition {
  return {
    name: "build__run_pipeline",
    description: "Run the CI pipeline of a repository and wait for it to finish.",
    inputSchema: { type: "object", properties: { repo: { type: "string" } }, required: ["repo"] },
    execute: async (_input, context) => {
      started.push(context);
      await release;
      return "green";
    },
  };
}

async function until(condition: () => boolean): Promise<void> {
  for (let tick = 0; tick < 2000 && !condition(); tick++) await new Promise((resolve) => setImmediate(resolve));
  if (!condition()) throw new Error("the condition never held");
}

describe("runAgent({ stream: true })", () => {
  it("gives the same result as without streaming, with text and tool calls reported as they arrive", async () => {
    const plain = await (await setup(threeTurns())).run({ sessionId: "s" });
    const events: AgentEvent[] = [];
    const { server, run } = await setup(threeTurns());
    const streamed = await run({ sessionId: "s", stream: true, onEvent: (event) => events.push(event) });
    expect(server.requests.every((request) => request.body.stream === true)).toBe(true);
    // The same transcript, turns and final message; the SDK's stream adds fields of its own to the message (parsed_output).
    const { parsed_output: parsed, stop_details: details, ...message } = streamed.message;
    expect([parsed, details]).toEqual([null, undefined]);
    expect({ ...streamed, message }).toEqual(plain);
    const text = events.filter((event) => event.type === "text");
    expect(text.length).toBeGreaterThan(4); // several deltas, not one block
    expect(
      text
        .filter((event) => event.turn === 3)
        .map((event) => event.text)
        .join(""),
    ).toBe("Posted to #ops: the deploy is done.");
    expect(
      events.filter((event) => event.type === "tool-use").map((event) => [event.turn, event.name, event.input]),
    ).toEqual([
      [1, "search_tools", { query: "post a message to slack" }],
      [2, "slack__post_message", { channel: "#ops", text: "deploy done" }],
    ]);
    // A turn's parts come before its turn event.
    const order = events.map((event) => `${event.type}:${event.turn}`);
    expect(order.indexOf("tool-use:1")).toBeLessThan(order.indexOf("turn:1"));
    expect(order.lastIndexOf("text:3")).toBeLessThan(order.indexOf("turn:3"));
  });

  it("reports text while the reply is still arriving", async () => {
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    let openedByEvent = false;
    // The stream stops after its first text delta until the first text event opens it; a run
    // that waited for the whole reply would never see it, and the fallback timer opens it late.
    const fallback = setTimeout(openGate, 10_000);
    const { run } = await setup([
      () => ({ ...reply.text("Hello there, streaming world."), stream: { pause: { after: 3, until: gate } } }) as never,
    ]);
    const result = await run({
      stream: true,
      onEvent: (event) => {
        if (event.type === "text" && !openedByEvent) {
          openedByEvent = true;
          openGate();
        }
      },
    });
    clearTimeout(fallback);
    expect(openedByEvent).toBe(true);
    expect(result.message.content).toEqual([
      expect.objectContaining({ type: "text", text: "Hello there, streaming world." }),
    ]);
  });

  it("turns an error event in the middle of the stream into an AgentError, keeping nothing of the partial reply", async () => {
    const { run } = await setup([
      () =>
        ({
          ...reply.text("This reply will not finish."),
          stream: { error: { after: 4, type: "overloaded_error", message: "Overloaded" } },
        }) as never,
    ]);
    const error = (await run({ stream: true }).catch((caught: unknown) => caught)) as AgentError;
    expect(error).toBeInstanceOf(AgentError);
    expect(error).toMatchObject({ code: "api_error", stage: "response", apiErrorType: "overloaded_error" });
    expect(error.messages).toEqual([{ role: "user", content: "Tell #ops that the deploy is done." }]);
  });

  it("refuses stream: true with a client that cannot stream", async () => {
    const { toolSearch } = await setup([]);
    const client = { messages: { create: async () => ({}) } };
    await expect(runAgent({ client, model: MODEL, prompt: "hi", toolSearch, stream: true })).rejects.toThrow(
      OptionsError,
    );
  });
});

describe("runAgent's options", () => {
  it("refuses an option it does not know, naming the one meant, before any request is sent", async () => {
    const { server, run } = await setup([]);
    await expect(run({ sesionId: "run-1" } as Partial<RunAgentOptions>)).rejects.toThrow(
      new OptionsError(
        "invalid_options",
        'runAgent: unknown option "sesionId". Did you mean "sessionId"? The options are model, system, toolSearch, ' +
          "strategy, toolChanges, maxTurns, maxTokens, onEvent, stream, signal, request, context, sessionId, fallback, " +
          "prefetch, client, provider, prompt, messages.",
      ),
    );
    expect(server.requests).toHaveLength(0);
  });
});

describe("runAgent({ signal })", () => {
  it("aborted mid-tool-call: every tool_use is answered, finished calls keep their results, and the run resumes", async () => {
    const started: ToolContext[] = [];
    const calls: { name: string; input: unknown }[] = [];
    const server = await startServer([
      () =>
        reply.toolUse(
          { name: "slack__post_message", input: { channel: "#ops", text: "starting the build" } },
          { name: "build__run_pipeline", input: { repo: "shop/web" } },
        ),
    ]);
    const client = new Anthropic({ apiKey: "test", baseURL: server.url, maxRetries: 0 });
    const toolSearch = await createToolSearch({ tools: [...sampleTools(calls), waitingTool(started)], tuning: LOW });
    const controller = new AbortController();
    const pending = runAgent({
      client,
      model: MODEL,
      prompt: "Build the shop.",
      toolSearch,
      signal: controller.signal,
      sessionId: "build",
    });
    await until(() => started.length === 1);
    expect(started[0]!.signal).toBe(controller.signal);
    controller.abort();
    const error = (await pending.catch((caught: unknown) => caught)) as AgentError;
    expect(error).toBeInstanceOf(AgentError);
    expect(error).toMatchObject({ code: "aborted", stage: "tools" });
    const results = error.messages.at(-1)!.content as WireBlock[];
    expect(results.map((block) => [block.tool_use_id, block.is_error ?? false])).toEqual([
      ["toolu_1", false],
      ["toolu_2", true],
    ]);
    expect(String(results[1]!.content)).toMatch(/build__run_pipeline was still running when the call was aborted/);
    expect(calls.map((call) => call.name)).toEqual(["slack__post_message"]);

    // The transcript is valid as it is: the API's rules (every tool_use answered) hold on resume.
    const next = await startServer([() => reply.text("The build was cancelled; the message went out.")]);
    const resumed = await runAgent({
      client: new Anthropic({ apiKey: "test", baseURL: next.url, maxRetries: 0 }),
      model: MODEL,
      toolSearch,
      messages: error.messages,
      sessionId: "build",
    });
    expect(resumed.stopReason).toBe("end_turn");
  });

  it.each([false, true])(
    "aborted while the model answers (stream: %s): an AgentError 'aborted' with the transcript before the call",
    async (stream) => {
      // Streamed, the reply stops half way; not streamed, no answer ever comes.
      const hang = stream
        ? ({
            ...reply.text("never finished"),
            stream: { pause: { after: 2, until: new Promise(() => undefined) } },
          } as never)
        : reply.fault("hang");
      const { server, run } = await setup([() => hang]);
      const controller = new AbortController();
      const pending = run({ signal: controller.signal, stream });
      await until(() => server.requests.length === 1);
      controller.abort();
      const error = (await pending.catch((caught: unknown) => caught)) as AgentError;
      expect(error).toMatchObject({ code: "aborted", stage: "request" });
      expect(error.messages).toEqual([{ role: "user", content: "Tell #ops that the deploy is done." }]);
    },
  );

  it("an already aborted signal sends nothing", async () => {
    const { server, run } = await setup([() => reply.text("never")]);
    await expect(run({ signal: AbortSignal.abort() })).rejects.toMatchObject({ code: "aborted", stage: "request" });
    expect(server.requests).toHaveLength(0);
  });
});

describe("runAgent({ request })", () => {
  it("passes Messages API parameters through on every call", async () => {
    const { server, run } = await setup(threeTurns());
    const request = {
      temperature: 0.2,
      tool_choice: { type: "auto" as const, disable_parallel_tool_use: true },
      thinking: { type: "enabled" as const, budget_tokens: 1024 },
      metadata: { user_id: "u-7" },
    };
    await run({ request, maxTokens: 2048 });
    for (const recorded of server.requests) {
      expect(recorded.body).toMatchObject({ ...request, model: MODEL, max_tokens: 2048 });
    }
  });

  it.each(["model", "max_tokens", "messages", "system", "tools", "stream"])(
    "refuses %s, which runAgent sets itself",
    async (param) => {
      const { server, run } = await setup([() => reply.text("never")]);
      await expect(run({ request: { [param]: "x" } })).rejects.toThrow(
        new RegExp(`request\\.${param} is set by runAgent`),
      );
      expect(server.requests).toHaveLength(0);
    },
  );
});

describe("runAgent({ context })", () => {
  it("reaches execute, permit and approve, with the session id and the stage", async () => {
    const seen: { where: string; context: ToolContext }[] = [];
    const user = { id: "u-7", role: "admin" };
    const tools = sampleTools().map((tool) => ({
      ...tool,
      execute: (_input: unknown, context: ToolContext) => {
        seen.push({ where: `execute ${tool.name}`, context });
        return "ok";
      },
    }));
    const { run } = await setup(
      [
        () => reply.toolUse({ name: "search_tools", input: { query: "delete a repository" } }),
        () => reply.toolUse({ name: "github__delete_repository", input: { repo: "a/b" } }),
        () => reply.text("Deleted."),
      ],
      {
        tools,
        permit: (tool, context) => {
          if (tool.name === "github__delete_repository") seen.push({ where: `permit ${context.stage}`, context });
          return true;
        },
        approve: (_tool, _input, context) => {
          seen.push({ where: "approve", context });
          return true;
        },
      },
    );
    const result = await run({ context: user, sessionId: "ctx" });
    expect(new Set(seen.map((entry) => entry.where))).toEqual(
      new Set(["permit block", "permit search", "permit execute", "approve", "execute github__delete_repository"]),
    );
    for (const { context } of seen) expect(context).toMatchObject({ context: user, sessionId: result.sessionId });
  });
});
