// The same scripted scenarios on every provider, each against its local wire server with the real SDK:
// what ran, what the model was answered, how the run ended and what the session hydrated must not
// depend on the API the model runs on.
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { afterEach, describe, expect, it } from "vitest";
import type { ToolSearchEvent } from "../../events.js";
import {
  type OpenAIReply,
  openAIServerPerTest,
  reply,
  type SampleToolCall,
  sampleTools,
  type ScriptedReply,
  serverPerTest,
} from "../../testing/index.js";
import { createToolSearch, type ToolSearch } from "../../tool-search/index.js";
import { AgentError } from "../agent-error.js";
import type { AgentEvent, AgentResult } from "../run-agent-types.js";
import { runAgent } from "../run-agent.js";
import type { StrategyName } from "../strategies/index.js";
import { anthropicProvider } from "./anthropic/anthropic-provider.js";
import type { ModelProvider, ProviderName } from "./model-provider.js";
import { openAIChatProvider } from "./openai-chat/openai-chat-provider.js";
import { openAIResponsesProvider } from "./openai-responses/openai-responses-provider.js";

const LOW = { toolSearchThresholdTokens: 100 };
const PROMPT = "Tell #ops that the deploy is done.";

/** One scripted model turn, in no API's words: calls (input as an object, or a string that is not one), text, or an HTTP error. */
type Step =
  | { calls: { name: string; input: Record<string, unknown> | string }[]; text?: string }
  | { text: string }
  | { status: number; type: string; message: string }
  | { fault: "hang" };

const startMessages = serverPerTest(afterEach);
const startOpenAI = openAIServerPerTest(afterEach);

function messagesReply(step: Step): ScriptedReply {
  if ("fault" in step) return reply.fault(step.fault);
  if ("status" in step) return reply.error(step.status, step.type, step.message);
  if (!("calls" in step)) return reply.text(step.text);
  return reply.toolUse(...step.calls.map((call) => ({ name: call.name, input: call.input })));
}

function openAIReply(step: Step): OpenAIReply {
  if ("fault" in step) return { fault: step.fault };
  if ("status" in step) return { status: step.status, error: { message: step.message, type: step.type } };
  if (!("calls" in step)) return { text: step.text };
  // A string input goes out as it is: arguments that are not JSON.
  return { calls: step.calls.map((call) => ({ name: call.name, arguments: call.input })) };
}

interface Wire {
  provider: ModelProvider<unknown, unknown>;
  /** The tools each request carried, by name, `~` marking a stub (a permissive schema). */
  requestTools(): string[][];
}

async function wire(name: ProviderName, steps: Step[]): Promise<Wire> {
  if (name === "anthropic") {
    const server = await startMessages(steps.map((step) => () => messagesReply(step)));
    const client = new Anthropic({ apiKey: "test", baseURL: server.url, maxRetries: 0 });
    return {
      provider: anthropicProvider(client) as ModelProvider<unknown, unknown>,
      requestTools: () =>
        server.requests.map((request) =>
          (request.body.tools ?? []).map((tool) => mark(tool.name, tool.input_schema as object | undefined)),
        ),
    };
  }
  const server = await startOpenAI(steps.map((step) => () => openAIReply(step)));
  const client = new OpenAI({ apiKey: "test", baseURL: server.url, maxRetries: 0 });
  const provider = name === "openai-chat" ? openAIChatProvider(client) : openAIResponsesProvider(client);
  return {
    provider: provider as ModelProvider<unknown, unknown>,
    requestTools: () =>
      server.requests.map((request) =>
        (
          (request.body.tools ?? []) as {
            name?: string;
            parameters?: object;
            function?: { name: string; parameters?: object };
          }[]
        ).map((tool) => mark(tool.function?.name ?? String(tool.name), tool.function?.parameters ?? tool.parameters)),
      ),
  };
}

/** A tool's name, marked `~` when its schema is a stub's (no properties). */
function mark(name: string, schema: object | undefined): string {
  const properties = (schema as { properties?: object } | undefined)?.properties;
  return properties && Object.keys(properties).length > 0 ? name : `~${name}`;
}

const PROVIDERS: ProviderName[] = ["anthropic", "openai-chat", "openai-responses"];

interface Outcome {
  stopReason: string;
  turns: number;
  stopReasons: (string | null)[];
  /** What the run reported, in order: calls made and whether each answer was an error. */
  events: string[];
  /** The tool executions, with their inputs. */
  ran: SampleToolCall[];
  hydrated: string[];
  requestTools: string[][];
}

async function play(
  name: ProviderName,
  steps: Step[],
  options: { strategy?: StrategyName; stream?: boolean; permit?: (tool: { name: string }) => boolean } = {},
): Promise<{ outcome: Outcome; result: AgentResult<unknown, unknown>; toolSearch: ToolSearch }> {
  const ran: SampleToolCall[] = [];
  const permit = options.permit;
  const toolSearch = await createToolSearch({
    tools: sampleTools(ran),
    tuning: LOW,
    ...(permit ? { permit: (tool: { name: string }) => permit(tool) } : {}),
  });
  const { provider, requestTools } = await wire(name, steps);
  const events: string[] = [];
  const result = await runAgent({
    provider,
    model: "test-model",
    prompt: PROMPT,
    toolSearch,
    strategy: options.strategy ?? "stubs",
    stream: options.stream ?? false,
    onEvent: (event: AgentEvent) => {
      if (event.type === "tool-use") events.push(`call ${event.name}`);
      if (event.type === "tool-result") events.push(`${event.isError ? "error" : "result"} ${event.name}`);
    },
  });
  const view = await toolSearch.session(result.sessionId).view();
  return {
    result,
    toolSearch,
    outcome: {
      stopReason: result.stopReason,
      turns: result.turns.length,
      stopReasons: result.turns.map((turn) => turn.stopReason),
      events,
      ran,
      hydrated: [...view.hydrated],
      requestTools: requestTools(),
    },
  };
}

/** The text of every answer the run wrote back, whatever the API's shape for it. */
function answerTexts(messages: readonly unknown[]): string[] {
  const texts: string[] = [];
  for (const message of messages as Record<string, unknown>[]) {
    if (message.role === "tool") texts.push(textOf(message.content));
    if (message.type === "function_call_output") texts.push(textOf(message.output));
    if (message.role === "user" && Array.isArray(message.content))
      for (const block of message.content as Record<string, unknown>[])
        if (block.type === "tool_result") texts.push(textOf(block.content));
  }
  return texts;
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  return (content as { text?: string }[]).map((part) => part.text ?? "").join("");
}

const SEARCH_THEN_POST: Step[] = [
  { calls: [{ name: "search_tools", input: { query: "post a message to a slack channel" } }] },
  { calls: [{ name: "slack__post_message", input: { channel: "#ops", text: "deploy done" } }] },
  { text: "Posted." },
];

describe("the same scenario on every provider", () => {
  it.each(["stubs", "stable"] as StrategyName[])("%s: search, call, answer: identical outcomes", async (strategy) => {
    const outcomes = await Promise.all(
      PROVIDERS.map(async (name) => (await play(name, SEARCH_THEN_POST, { strategy })).outcome),
    );
    const [anthropic, ...openai] = outcomes;
    expect(anthropic!.stopReason).toBe("end_turn");
    expect(anthropic!.stopReasons).toEqual(["tool_use", "tool_use", "end_turn"]);
    expect(anthropic!.ran).toEqual([{ name: "slack__post_message", input: { channel: "#ops", text: "deploy done" } }]);
    expect(anthropic!.events).toEqual([
      "call search_tools",
      "result search_tools",
      "call slack__post_message",
      "result slack__post_message",
    ]);
    expect(anthropic!.hydrated).toEqual(["slack__post_message"]);
    for (const outcome of openai) expect(outcome).toEqual(anthropic);
  });

  it("stubs: the used tool goes in full from the next request, on every provider alike", async () => {
    const outcome = (await play("openai-responses", SEARCH_THEN_POST)).outcome;
    expect(outcome.requestTools[0]).toContain("~slack__post_message");
    expect(outcome.requestTools[2]).toContain("slack__post_message");
    expect(outcome.requestTools[2]).not.toContain("~slack__post_message");
  });

  it("answers carry the same text on every provider", async () => {
    const runs = await Promise.all(PROVIDERS.map((name) => play(name, SEARCH_THEN_POST)));
    const texts = runs.map((run) => answerTexts(run.result.messages));
    expect(texts[0]).toHaveLength(2);
    expect(texts[0]![0]).toContain("slack__post_message");
    expect(texts[1]).toEqual(texts[0]);
    expect(texts[2]).toEqual(texts[0]);
  });

  it("a call whose input is not an object is answered with an error, runs nothing, and the run goes on", async () => {
    const steps: Step[] = [{ calls: [{ name: "slack__post_message", input: "not json" }] }, { text: "Sorry." }];
    const outcomes = await Promise.all(PROVIDERS.map(async (name) => (await play(name, steps)).outcome));
    for (const outcome of outcomes) {
      expect(outcome.ran).toEqual([]);
      expect(outcome.events).toEqual(["call slack__post_message", "error slack__post_message"]);
      expect(outcome.stopReason).toBe("end_turn");
      // The model reached for it: a replay of the transcript hydrates it too.
      expect(outcome.hydrated).toEqual(["slack__post_message"]);
    }
  });

  it("a tool permit() denies is refused on every provider, and never runs", async () => {
    const steps: Step[] = [
      { calls: [{ name: "slack__post_message", input: { channel: "#ops", text: "x" } }] },
      { text: "I cannot." },
    ];
    const permit = (tool: { name: string }) => tool.name !== "slack__post_message";
    const outcomes = await Promise.all(PROVIDERS.map(async (name) => (await play(name, steps, { permit })).outcome));
    for (const outcome of outcomes) {
      expect(outcome.ran).toEqual([]);
      expect(outcome.events).toEqual(["call slack__post_message", "error slack__post_message"]);
      expect(outcome.requestTools[0]!.some((tool) => tool.endsWith("slack__post_message"))).toBe(false);
    }
  });

  it("streaming gives the same outcome as not streaming, on every provider", async () => {
    for (const name of PROVIDERS) {
      const plain = (await play(name, SEARCH_THEN_POST)).outcome;
      const streamed = (await play(name, SEARCH_THEN_POST, { stream: true })).outcome;
      expect(streamed, name).toEqual(plain);
    }
  });

  it("an API error stops the run with the same AgentError on every provider, and a transcript that resumes", async () => {
    const steps: Step[] = [
      { calls: [{ name: "slack__post_message", input: { channel: "#ops", text: "x" } }] },
      { status: 500, type: "server_error", message: "Something broke" },
    ];
    for (const name of PROVIDERS) {
      const failure = await play(name, steps).catch((error: unknown) => error);
      expect(failure, name).toBeInstanceOf(AgentError);
      const error = failure as AgentError<unknown>;
      expect({ code: error.code, stage: error.stage, status: error.status }, name).toEqual({
        code: "api_error",
        stage: "request",
        status: 500,
      });
      expect(error.turns).toHaveLength(1);
      // The call of turn 1 is answered, so the transcript can be passed back as it is.
      expect(answerTexts(error.messages)).toHaveLength(1);
    }
  });

  it("a signal aborts a call that never answers, on every provider", async () => {
    for (const name of PROVIDERS) {
      const ran: SampleToolCall[] = [];
      const toolSearch = await createToolSearch({ tools: sampleTools(ran), tuning: LOW });
      const { provider } = await wire(name, [{ fault: "hang" }]);
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 150);
      const failure = await runAgent({
        provider,
        model: "test-model",
        prompt: PROMPT,
        toolSearch,
        signal: controller.signal,
      }).catch((error: unknown) => error);
      expect(failure, name).toBeInstanceOf(AgentError);
      expect((failure as AgentError).code, name).toBe("aborted");
    }
  });

  it("search events reach createToolSearch({ onEvent }) the same way on every provider", async () => {
    const counts: number[] = [];
    for (const name of PROVIDERS) {
      const seen: ToolSearchEvent[] = [];
      const toolSearch = await createToolSearch({
        tools: sampleTools(),
        tuning: LOW,
        onEvent: (event) => seen.push(event),
      });
      const { provider } = await wire(name, SEARCH_THEN_POST);
      await runAgent({ provider, model: "test-model", prompt: PROMPT, toolSearch });
      counts.push(seen.filter((event) => event.type === "search").length);
    }
    expect(counts).toEqual([1, 1, 1]);
  });
});

describe("usage", () => {
  it.each(["openai-chat", "openai-responses"] as const)(
    "%s: OpenAI's cached tokens are reported as cache reads, the uncached part as input",
    async (name) => {
      const server = await startOpenAI([() => ({ text: "hi", usage: { input: 2000, cached: 1536, output: 7 } })]);
      const client = new OpenAI({ apiKey: "test", baseURL: server.url, maxRetries: 0 });
      const provider = (
        name === "openai-chat" ? openAIChatProvider(client) : openAIResponsesProvider(client)
      ) as ModelProvider<unknown, unknown>;
      const toolSearch = await createToolSearch({ tools: sampleTools(), tuning: LOW });
      const result = await runAgent({ provider, model: "m", prompt: PROMPT, toolSearch });
      expect(result.turns[0]!.usage).toEqual({
        input_tokens: 464,
        output_tokens: 7,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 1536,
      });
    },
  );
});

describe("native on the Responses API", () => {
  async function nativeRun(nativeSearch: "client" | "hosted", turns: OpenAIReply[]) {
    const server = await startOpenAI(turns.map((turn) => () => turn));
    const client = new OpenAI({ apiKey: "test", baseURL: server.url, maxRetries: 0 });
    const ran: SampleToolCall[] = [];
    const toolSearch = await createToolSearch({ tools: sampleTools(ran), tuning: LOW });
    const result = await runAgent({
      provider: openAIResponsesProvider(client, { nativeSearch }),
      model: "gpt-test",
      prompt: PROMPT,
      toolSearch,
      strategy: "native",
    });
    return { server, ran, result };
  }

  it("client search: the session answers tool_search_call, and the found tool is called from its namespace", async () => {
    const { server, ran, result } = await nativeRun("client", [
      { toolSearches: [{ arguments: { query: "post a message to a slack channel" } }] },
      { calls: [{ name: "slack__post_message", arguments: { channel: "#ops", text: "deploy done" } }] },
      { text: "Posted." },
    ]);
    expect(ran).toEqual([{ name: "slack__post_message", input: { channel: "#ops", text: "deploy done" } }]);
    expect(result.stopReason).toBe("end_turn");
    // The server refuses a call to a deferred function no tool_search_output loaded, so the call
    // succeeding shows the session's output loaded it; and the tools array never changed.
    const tools = server.requests.map((request) => JSON.stringify(request.body.tools));
    expect(new Set(tools).size).toBe(1);
    const output = (server.requests[1]!.body.input as { type?: string; tools?: unknown[] }[]).find(
      (item) => item.type === "tool_search_output",
    );
    expect(JSON.stringify(output?.tools)).toContain("slack__post_message");
  });

  it("hosted search: OpenAI loads the tool in the same response, and the call runs through the session", async () => {
    const { ran, result } = await nativeRun("hosted", [
      {
        toolSearches: [{ arguments: { query: "slack" }, load: ["slack__post_message"] }],
        calls: [{ name: "slack__post_message", arguments: { channel: "#ops", text: "deploy done" } }],
      },
      { text: "Posted." },
    ]);
    expect(ran).toEqual([{ name: "slack__post_message", input: { channel: "#ops", text: "deploy done" } }]);
    expect(result.turns.map((turn) => turn.stopReason)).toEqual(["tool_use", "end_turn"]);
  });

  it("Chat Completions has no native search: the strategy is refused before any call", async () => {
    const server = await startOpenAI([]);
    const client = new OpenAI({ apiKey: "test", baseURL: server.url, maxRetries: 0 });
    const toolSearch = await createToolSearch({ tools: sampleTools(), tuning: LOW });
    await expect(
      runAgent({ provider: openAIChatProvider(client), model: "m", prompt: PROMPT, toolSearch, strategy: "native" }),
    ).rejects.toThrow(/strategy "native" has no counterpart on openai-chat/);
    expect(server.requests).toHaveLength(0);
  });
});

describe("Chat Completions' tool cap", () => {
  /** Runs search then post on Chat Completions, and checks the first request held 128 tools, search first. */
  async function chatSearchThenPost(toolSearch: ToolSearch) {
    const server = await startOpenAI(SEARCH_THEN_POST.map((step) => () => openAIReply(step)));
    const client = new OpenAI({ apiKey: "test", baseURL: server.url, maxRetries: 0 });
    await runAgent({ provider: openAIChatProvider(client), model: "m", prompt: PROMPT, toolSearch });
    const first = server.requests[0]!.body.tools as { function: { name: string } }[];
    expect(first).toHaveLength(128);
    expect(first[0]!.function.name).toBe("search_tools");
    return { server, first };
  }

  it("sends at most 128 tools, search_tools first, and a cut stub is still found and called", async () => {
    const ran: SampleToolCall[] = [];
    const many = Array.from({ length: 200 }, (_, index) => ({
      name: `inventory__count_bin_${index}`,
      description: `Count the items in storage bin ${index}.`,
      inputSchema: { type: "object" as const, properties: { bin: { type: "string" } } },
      execute: () => ({ ok: true }),
    }));
    const toolSearch = await createToolSearch({
      tools: [...many, ...sampleTools(ran)],
      tuning: { toolSearchThresholdTokens: 100, maxStubTokens: 1_000_000 },
    });
    const { server, first } = await chatSearchThenPost(toolSearch);
    expect(first.map((tool) => tool.function.name)).not.toContain("slack__post_message");
    expect(ran).toEqual([{ name: "slack__post_message", input: { channel: "#ops", text: "deploy done" } }]);
    expect(
      (server.requests[2]!.body.tools as { function: { name: string } }[]).map((tool) => tool.function.name),
    ).toContain("slack__post_message");
  });

  it("caps a catalogue under the threshold too: every tool would go in full, so search goes first", async () => {
    const ran: SampleToolCall[] = [];
    const small = Array.from({ length: 200 }, (_, index) => ({
      name: `bin_${index}`,
      description: `Count bin ${index}.`,
      inputSchema: { type: "object" as const },
      execute: () => ({ ok: true }),
    }));
    const tools = [...small, ...sampleTools(ran).slice(2, 3)];
    const toolSearch = await createToolSearch({ tools, tuning: { toolSearchThresholdTokens: 1_000_000 } });
    const view = await toolSearch.session("under").view();
    expect(view.progressive).toBe(false);
    const session = toolSearch.session("by-hand");
    const byHand = await session.tools({ format: "openai-chat" });
    expect(byHand).toHaveLength(128);
    expect(byHand[0]!.function.name).toBe("search_tools");
    await chatSearchThenPost(toolSearch);
    expect(ran).toEqual([{ name: "slack__post_message", input: { channel: "#ops", text: "deploy done" } }]);
  });
});
