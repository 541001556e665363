// A reply that fails in the middle of its stream, on every API, read through the real SDK: the run
// stops with the API's own error type whichever way the SDK surfaces it (openai 6 yields a
// Responses `error` event, openai 7 throws it), and an outage reported mid-stream hands the run to
// a fallback as an outage status would. `npm run test:peers` runs this file again under openai 7.
import { afterEach, describe, expect, it } from "vitest";
import { reply, sampleTools, type SampleToolCall, type ScriptedReply } from "../../testing/index.js";
import { createToolSearch } from "../../tool-search/index.js";
import { AgentError } from "../agent-error.js";
import type { AgentResult } from "../run-agent-types.js";
import { runAgent } from "../run-agent.js";
import { sdkSides } from "../sdk-sides.fixture.js";
import type { ModelProvider } from "./model-provider.js";
import { openAIChatProvider } from "./openai-chat/openai-chat-provider.js";
import { openAIResponsesProvider } from "./openai-responses/openai-responses-provider.js";

const PROMPT = "Tell #ops that the deploy is done.";
const LONG = "This reply is long enough to be cut off part of the way through its stream.";

const { anthropicSide, openAISide } = sdkSides(afterEach);

async function failedRun(provider: ModelProvider<unknown, unknown>): Promise<AgentError> {
  const toolSearch = await createToolSearch({ tools: sampleTools() });
  const failure = await runAgent({ provider, model: "test-model", prompt: PROMPT, toolSearch, stream: true }).catch(
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(AgentError);
  return failure as AgentError;
}

describe("a reply that fails in the middle of its stream", () => {
  it("Responses, an error event: the run stops with its code, keeping nothing of the partial reply", async () => {
    const { client } = await openAISide([
      {
        text: LONG,
        stream: { error: { after: 5, message: "Our servers are overloaded", code: "server_is_overloaded" } },
      },
    ]);
    const error = await failedRun(openAIResponsesProvider(client) as ModelProvider<unknown, unknown>);
    expect(error).toMatchObject({ code: "api_error", stage: "response", apiErrorType: "server_is_overloaded" });
    expect(error.message).toContain("reported server_is_overloaded in the middle of the streamed reply on turn 1");
    expect(error.message).toContain("Our servers are overloaded");
    expect(error.messages).toEqual([{ role: "user", content: PROMPT }]);
  });

  it("Responses, response.failed: the run stops with the failed response's code", async () => {
    const { client } = await openAISide([
      {
        text: LONG,
        stream: { error: { after: 3, message: "The model failed", code: "server_error", event: "response.failed" } },
      },
    ]);
    const error = await failedRun(openAIResponsesProvider(client) as ModelProvider<unknown, unknown>);
    expect(error).toMatchObject({ code: "api_error", stage: "response", apiErrorType: "server_error" });
    expect(error.message).toContain("The model failed");
  });

  it("Chat Completions, an error object in the stream: the run stops with its type", async () => {
    const { client } = await openAISide([
      { text: LONG, stream: { error: { after: 4, message: "The server had an error", type: "server_error" } } },
    ]);
    const error = await failedRun(openAIChatProvider(client) as ModelProvider<unknown, unknown>);
    expect(error).toMatchObject({ code: "api_error", stage: "response", apiErrorType: "server_error" });
    expect(error.message).toContain("The server had an error");
  });

  it("Messages API, an error event: the run stops with its type", async () => {
    const { provider } = await anthropicSide([
      { ...reply.text(LONG), stream: { error: { after: 4, type: "api_error", message: "Internal server error" } } },
    ]);
    const error = await failedRun(provider as ModelProvider<unknown, unknown>);
    expect(error).toMatchObject({ code: "api_error", stage: "response", apiErrorType: "api_error" });
  });
});

/** A streamed run on `provider` that may fall back to a Messages API side answering `turns`. */
async function runWithFallback(provider: ModelProvider<unknown, unknown>, turns: ScriptedReply[]) {
  const ran: SampleToolCall[] = [];
  const toolSearch = await createToolSearch({ tools: sampleTools(ran) });
  const fallback = await anthropicSide(turns);
  const outcome = await runAgent({
    provider,
    model: "gpt-test",
    prompt: PROMPT,
    toolSearch,
    stream: true,
    fallback: { provider: fallback.provider, model: "claude-test" },
  }).catch((error: unknown) => error);
  return { outcome, ran, fallback };
}

describe("an outage reported in the middle of a stream", () => {
  it("hands a Responses run to the fallback, which answers the whole conversation", async () => {
    const openai = await openAISide([
      {
        text: LONG,
        stream: { error: { after: 5, message: "Our servers are overloaded", code: "server_is_overloaded" } },
      },
    ]);
    const { outcome, ran } = await runWithFallback(
      openAIResponsesProvider(openai.client) as ModelProvider<unknown, unknown>,
      [
        reply.toolUse({ name: "slack__post_message", input: { channel: "#ops", text: "deploy done" } }),
        reply.text("Posted."),
      ],
    );
    expect(outcome).toMatchObject({ provider: "anthropic" });
    expect(ran).toEqual([{ name: "slack__post_message", input: { channel: "#ops", text: "deploy done" } }]);
    expect((outcome as AgentResult<unknown, unknown>).messages.at(-1)).toEqual({
      role: "assistant",
      content: "Posted.",
    });
  });

  it("hands a Chat Completions run to the fallback on a server error", async () => {
    const openai = await openAISide([
      { text: LONG, stream: { error: { after: 4, message: "The server had an error", type: "server_error" } } },
    ]);
    const { outcome, fallback } = await runWithFallback(
      openAIChatProvider(openai.client) as ModelProvider<unknown, unknown>,
      [reply.text("Done.")],
    );
    expect(outcome).toMatchObject({ provider: "anthropic" });
    expect(fallback.server.requests).toHaveLength(1);
  });

  it("a failure that is no outage stops the run: the fallback is never asked", async () => {
    const openai = await openAISide([
      { text: LONG, stream: { error: { after: 5, message: "The prompt was refused", code: "invalid_prompt" } } },
    ]);
    const { outcome, fallback } = await runWithFallback(
      openAIResponsesProvider(openai.client) as ModelProvider<unknown, unknown>,
      [reply.text("Should not be asked.")],
    );
    expect(outcome).toMatchObject({ code: "api_error", stage: "response", apiErrorType: "invalid_prompt" });
    expect(fallback.server.requests).toHaveLength(0);
  });
});
