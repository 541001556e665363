// Conversations that change provider: a fallback taking over mid-run, and a transcript moved to another
// API by hand. Each side runs the real SDK against its local wire server, which rejects a transcript
// the real API would (unanswered calls, references to tools the request does not define).
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { afterEach, describe, expect, it } from "vitest";
import { reply, type SampleToolCall, sampleTools } from "../testing/index.js";
import { createToolSearch } from "../tool-search/index.js";
import type { MessageParam, OpenAIChatMessage } from "../wire/index.js";
import { AgentError } from "./agent-error.js";
import { convertTranscript } from "./fallback.js";
import { anthropicProvider } from "./providers/anthropic/anthropic-provider.js";
import { openAIChatProvider } from "./providers/openai-chat/openai-chat-provider.js";
import { openAIResponsesProvider } from "./providers/openai-responses/openai-responses-provider.js";
import type { AgentEvent } from "./run-agent-types.js";
import { runAgent } from "./run-agent.js";
import { sdkSides } from "./sdk-sides.fixture.js";

const LOW = { toolSearchThresholdTokens: 100 };
const PROMPT = "Tell #ops that the deploy is done.";
const POST = { channel: "#ops", text: "deploy done" };

const { anthropicSide, openAISide, startMessages, startOpenAI } = sdkSides(afterEach);

/** The tools of a request sent in full (with their properties), by name. */
function fullTools(tools: unknown): string[] {
  return ((tools ?? []) as Record<string, unknown>[])
    .map((tool) => {
      const fn = tool.function as Record<string, unknown> | undefined;
      const schema = (fn?.parameters ?? tool.parameters ?? tool.input_schema) as { properties?: object } | undefined;
      return schema?.properties && Object.keys(schema.properties).length > 0 ? String(fn?.name ?? tool.name) : "";
    })
    .filter((name) => name !== "");
}

describe("fallback", () => {
  it("an overloaded Messages API hands the run to Chat Completions, which sees the hydrated tool and the whole conversation", async () => {
    const ran: SampleToolCall[] = [];
    const toolSearch = await createToolSearch({ tools: sampleTools(ran), tuning: LOW });
    const anthropic = await anthropicSide([
      reply.toolUse({ name: "slack__post_message", input: POST }),
      reply.error(529, "overloaded_error", "Overloaded"),
    ]);
    const openai = await openAISide([{ text: "Posted to #ops." }]);
    const events: AgentEvent[] = [];
    const result = await runAgent({
      provider: anthropic.provider,
      model: "claude-test",
      prompt: PROMPT,
      toolSearch,
      fallback: { provider: openAIChatProvider(openai.client), model: "gpt-test" },
      onEvent: (event) => events.push(event),
    });

    expect(ran).toEqual([{ name: "slack__post_message", input: POST }]);
    expect(result.provider).toBe("openai-chat");
    expect(result.turns.map((turn) => turn.provider)).toEqual(["anthropic", "openai-chat"]);
    expect(events.filter((event) => event.type === "fallback")).toMatchObject([
      { from: "anthropic", to: "openai-chat", turn: 2 },
    ]);
    // The fallback's request: the tool used on turn 1 in full, and the call with its answer.
    const body = openai.server.requests[0]!.body;
    expect(body.model).toBe("gpt-test");
    expect(fullTools(body.tools)).toContain("slack__post_message");
    const messages = body.messages as OpenAIChatMessage[];
    expect(messages.map((message) => message.role)).toEqual(["user", "assistant", "tool"]);
    // The transcript stays in the run's format, and the last reply reads as a Messages API message.
    expect(result.messages.at(-1)).toEqual({ role: "assistant", content: [{ type: "text", text: "Posted to #ops." }] });
    expect(result.message).toMatchObject({ type: "message", role: "assistant", stop_reason: "end_turn" });
    // The result resumes on the first API as it is.
    const again = await anthropicSide([reply.text("Anything else?")]);
    const resumed = await runAgent({
      provider: again.provider,
      model: "claude-test",
      messages: [...result.messages, { role: "user", content: "Thanks" }],
      toolSearch,
      sessionId: result.sessionId,
    });
    expect(resumed.stopReason).toBe("end_turn");
  });

  it("a Responses run under native search falls back to the Messages API, replaying what its search discovered", async () => {
    const ran: SampleToolCall[] = [];
    const toolSearch = await createToolSearch({ tools: sampleTools(ran), tuning: LOW });
    const openai = await openAISide([
      { toolSearches: [{ arguments: { query: "post a message to a slack channel" } }] },
      { status: 500, error: { message: "The server had an error", type: "server_error" } },
    ]);
    const anthropic = await anthropicSide([
      reply.toolUse({ name: "slack__post_message", input: POST }),
      reply.text("Posted."),
    ]);
    const result = await runAgent({
      provider: openAIResponsesProvider(openai.client),
      model: "gpt-test",
      prompt: PROMPT,
      toolSearch,
      strategy: "native",
      fallback: {
        provider: anthropicProvider(new Anthropic({ apiKey: "test", baseURL: anthropic.server.url, maxRetries: 0 })),
        model: "claude-test",
      },
    });
    expect(ran).toEqual([{ name: "slack__post_message", input: POST }]);
    // Native is the first API's own search: the fallback runs stubs, with the discovered tool in full from its first request.
    const first = anthropic.server.requests[0]!.body;
    expect(fullTools(first.tools)).toContain("slack__post_message");
    expect(JSON.stringify(first.messages)).not.toContain("tool_reference");
    expect(result.provider).toBe("anthropic");
    // The transcript is still Responses input items, ending with the fallback's answer.
    expect(result.messages.at(-1)).toEqual({ role: "assistant", content: "Posted." });
    expect(result.message).toMatchObject({ object: "response", status: "completed" });
  });

  it("a Messages API run under native search falls back to Chat Completions with the tools its references loaded, in full", async () => {
    const toolSearch = await createToolSearch({ tools: sampleTools(), tuning: LOW });
    const anthropic = await anthropicSide([
      reply.toolUse({ name: "search_tools", input: { query: "post a message to a slack channel" } }),
      reply.error(529, "overloaded_error", "Overloaded"),
    ]);
    const openai = await openAISide([{ text: "I can post it now." }]);
    await runAgent({
      provider: anthropic.provider,
      model: "claude-test",
      prompt: PROMPT,
      toolSearch,
      strategy: "native",
      fallback: { provider: openAIChatProvider(openai.client), model: "gpt-test" },
    });
    // The search answered with tool_reference blocks, which load tools on the Messages API only:
    // the fallback gets them hydrated instead.
    expect(JSON.stringify(anthropic.server.requests[1]!.body.messages)).toContain("tool_reference");
    expect(fullTools(openai.server.requests[0]!.body.tools)).toContain("slack__post_message");
  });

  it("a request the API rejects (400) is not an outage: no fallback, the run stops", async () => {
    const toolSearch = await createToolSearch({ tools: sampleTools(), tuning: LOW });
    const anthropic = await anthropicSide([reply.error(400, "invalid_request_error", "Bad field")]);
    const openai = await openAISide([{ text: "unused" }]);
    const failure = await runAgent({
      provider: anthropic.provider,
      model: "claude-test",
      prompt: PROMPT,
      toolSearch,
      fallback: { provider: openAIChatProvider(openai.client), model: "gpt-test" },
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AgentError);
    expect((failure as AgentError).status).toBe(400);
    expect(openai.server.requests).toHaveLength(0);
  });

  it("when every API is down, the last failure stops the run", async () => {
    const toolSearch = await createToolSearch({ tools: sampleTools(), tuning: LOW });
    const anthropic = await anthropicSide([reply.error(529, "overloaded_error", "Overloaded")]);
    const openai = await openAISide([{ status: 503, error: { message: "Unavailable", type: "server_error" } }]);
    const failure = await runAgent({
      provider: anthropic.provider,
      model: "claude-test",
      prompt: PROMPT,
      toolSearch,
      fallback: [{ provider: openAIChatProvider(openai.client), model: "gpt-test" }],
    }).catch((error: unknown) => error);
    expect((failure as AgentError).status).toBe(503);
  });

  it("refuses a fallback that is not a provider, before any call", async () => {
    const toolSearch = await createToolSearch({ tools: sampleTools(), tuning: LOW });
    const anthropic = await anthropicSide([]);
    await expect(
      runAgent({
        provider: anthropic.provider,
        model: "claude-test",
        prompt: PROMPT,
        toolSearch,
        fallback: { provider: {} as never, model: "gpt-test" },
      }),
    ).rejects.toThrow(/fallback.provider must be a model provider/);
    expect(anthropic.server.requests).toHaveLength(0);
  });
});

describe("a transcript moved to another API keeps its hydration", () => {
  it.each([
    ["anthropic", "openai-chat"],
    ["openai-chat", "anthropic"],
    ["anthropic", "openai-responses"],
    ["openai-responses", "openai-chat"],
  ] as const)("%s, then %s on another worker", async (from, to) => {
    const script = {
      first: [
        { name: "search_tools", input: { query: "post to slack" } },
        { name: "slack__post_message", input: POST },
      ],
    };
    // Worker 1 runs the first part of the conversation.
    const workerOne = await createToolSearch({ tools: sampleTools(), tuning: LOW });
    const fromProvider =
      from === "anthropic"
        ? (await anthropicSide([...script.first.map((call) => reply.toolUse(call)), reply.text("Posted.")])).provider
        : await (async () => {
            const side = await openAISide([
              ...script.first.map((call) => ({ calls: [{ name: call.name, arguments: call.input }] })),
              { text: "Posted." },
            ]);
            return from === "openai-chat" ? openAIChatProvider(side.client) : openAIResponsesProvider(side.client);
          })();
    const first = await runAgent({
      provider: fromProvider as never,
      model: "m",
      prompt: PROMPT,
      toolSearch: workerOne,
    });
    expect((await workerOne.session(first.sessionId).view()).hydrated).toEqual(["slack__post_message"]);

    // Worker 2 knows nothing of the session, and continues in another API's format.
    const workerTwo = await createToolSearch({ tools: sampleTools(), tuning: LOW });
    let received: unknown;
    const toProvider =
      to === "anthropic"
        ? await (async () => {
            const server = await startMessages([
              (request) => {
                received = request.body.tools;
                return reply.text("Done again.");
              },
            ]);
            return anthropicProvider(new Anthropic({ apiKey: "test", baseURL: server.url, maxRetries: 0 }));
          })()
        : await (async () => {
            const server = await startOpenAI([
              (request) => {
                received = request.body.tools;
                return { text: "Done again." };
              },
            ]);
            const client = new OpenAI({ apiKey: "test", baseURL: server.url, maxRetries: 0 });
            return to === "openai-chat" ? openAIChatProvider(client) : openAIResponsesProvider(client);
          })();
    const moved = convertTranscript(
      first.messages as unknown[],
      fromProvider as never,
      toProvider as never,
    ) as unknown[];
    // Every one of the three formats takes a user turn as { role, content }.
    const next: MessageParam = { role: "user", content: "Post it again" };
    const second = await runAgent({
      provider: toProvider as never,
      model: "m",
      messages: [...moved, next] as never,
      toolSearch: workerTwo,
      sessionId: first.sessionId,
    });
    expect(second.stopReason).toBe("end_turn");
    // Rebuilt from the moved transcript's calls: the tool used before is in full from the first request.
    expect(fullTools(received)).toContain("slack__post_message");
  });
});
