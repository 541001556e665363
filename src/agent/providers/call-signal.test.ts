// One AbortSignal for many model calls (a long run, or many runs under one shutdown signal): each
// call must let go of the signal when it ends. The openai SDK adds an abort listener to the
// signal it is given for every request and never removes it, so handing it the run's signal
// leaked one listener per call (Node's MaxListenersExceededWarning past ten).
import { getEventListeners } from "node:events";
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { afterEach, describe, expect, it } from "vitest";
import { openAIServerPerTest, reply, serverPerTest } from "../../testing/index.js";
import { anthropicProvider } from "./anthropic/anthropic-provider.js";
import type { ModelProvider } from "./model-provider.js";
import { openAIChatProvider } from "./openai-chat/openai-chat-provider.js";
import { openAIResponsesProvider } from "./openai-responses/openai-responses-provider.js";

const CALLS = 25;
const startMessages = serverPerTest(afterEach);
const startOpenAI = openAIServerPerTest(afterEach);

async function providerAndBody(
  name: string,
): Promise<{ provider: ModelProvider<unknown, unknown>; body: Record<string, unknown> }> {
  if (name === "anthropic") {
    const server = await startMessages(Array.from({ length: CALLS }, () => () => reply.text("ok")));
    const client = new Anthropic({ apiKey: "test", baseURL: server.url, maxRetries: 0 });
    return {
      provider: anthropicProvider(client) as ModelProvider<unknown, unknown>,
      body: { model: "m", max_tokens: 10, messages: [{ role: "user", content: "hi" }] },
    };
  }
  const server = await startOpenAI(Array.from({ length: CALLS }, () => () => ({ text: "ok" })));
  const client = new OpenAI({ apiKey: "test", baseURL: server.url, maxRetries: 0 });
  if (name === "openai-chat")
    return {
      provider: openAIChatProvider(client) as ModelProvider<unknown, unknown>,
      body: { model: "m", messages: [{ role: "user", content: "hi" }] },
    };
  return {
    provider: openAIResponsesProvider(client) as ModelProvider<unknown, unknown>,
    body: { model: "m", input: [{ role: "user", content: "hi" }] },
  };
}

describe.each(["anthropic", "openai-chat", "openai-responses"])("%s: many calls on one AbortSignal", (name) => {
  it.each([false, true])("leave no abort listener behind (streamed: %s)", async (streamed) => {
    const { provider, body } = await providerAndBody(name);
    const signal = new AbortController().signal;
    let most = 0;
    for (let turn = 1; turn <= CALLS; turn++) {
      const outcome = await provider.call(body, { turn, signal, ...(streamed ? { onPart: () => {} } : {}) });
      expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
      most = Math.max(most, getEventListeners(signal, "abort").length);
    }
    expect(most).toBeLessThanOrEqual(1);
    expect(getEventListeners(signal, "abort")).toHaveLength(0);
  });
});
