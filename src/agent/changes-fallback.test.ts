// A conversation of the changes strategy moving to another API: its working set, told to the
// Messages API as tool changes, reaches Chat Completions as tools in full, the only terms that
// API has; the change messages themselves, which it could not take, stay behind.
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { afterEach, describe, expect, it } from "vitest";
import { openAIServerPerTest, reply, sampleTools, serverPerTest } from "../testing/index.js";
import { createToolSearch } from "../tool-search/index.js";
import { anthropicToolChanges, workingSetOf } from "../wire/index.js";
import { convertTranscript } from "./fallback.js";
import { anthropicProvider } from "./providers/anthropic/anthropic-provider.js";
import { openAIChatProvider } from "./providers/openai-chat/openai-chat-provider.js";
import { runAgent } from "./run-agent.js";

const TUNING = { toolSearchThresholdTokens: 100, maxHydratedTools: 4 };
const startMessages = serverPerTest(afterEach);
const startOpenAI = openAIServerPerTest(afterEach);

/** The tools of a Chat Completions request sent with their properties (in full), by name. */
function fullTools(tools: unknown): string[] {
  return ((tools ?? []) as { function?: { name?: string; parameters?: { properties?: object } } }[])
    .filter((tool) => Object.keys(tool.function?.parameters?.properties ?? {}).length > 0)
    .map((tool) => String(tool.function?.name));
}

describe("the changes strategy on another API", () => {
  it("hands its working set to a Chat Completions fallback as tools in full, without the change messages", async () => {
    const toolSearch = await createToolSearch({ tools: sampleTools(), tuning: TUNING });
    const messagesApi = await startMessages([
      () => reply.toolUse({ name: "search_tools", input: { query: "post a slack message" } }),
      () => reply.error(529, "overloaded_error", "Overloaded"),
    ]);
    const openai = await startOpenAI([() => ({ text: "Found the Slack tool." })]);
    const result = await runAgent({
      provider: anthropicProvider(new Anthropic({ apiKey: "test", baseURL: messagesApi.url, maxRetries: 0 })),
      model: "claude-opus-5-5",
      prompt: "Tell #ops that the deploy is done.",
      toolSearch,
      strategy: "changes",
      fallback: {
        provider: openAIChatProvider(new OpenAI({ apiKey: "test", baseURL: openai.url, maxRetries: 0 })),
        model: "gpt-test",
      },
    });

    expect(result.provider).toBe("openai-chat");
    // What the Messages API was last told it may use, searched for but never called...
    const told = workingSetOf(messagesApi.requests.at(-1)!.body.messages, anthropicToolChanges);
    expect(told).toContain("slack__post_message");
    // ...is what Chat Completions gets in full.
    const request = openai.requests[0]!.body;
    expect(
      fullTools(request.tools)
        .filter((name) => name !== "search_tools")
        .sort(),
    ).toEqual([...told].sort());
    expect(JSON.stringify(request.messages)).not.toContain("tool_addition");
    // The transcript kept in the run's format still holds the changes, for the Messages API later.
    expect(workingSetOf(result.messages, anthropicToolChanges)).toEqual(told);
  });

  it("converts a transcript with tool changes for Chat Completions by leaving the change messages out", async () => {
    const toolSearch = await createToolSearch({ tools: sampleTools(), tuning: TUNING });
    const messagesApi = await startMessages([
      () => reply.toolUse({ name: "search_tools", input: { query: "post a slack message" } }),
      () => reply.text("Ready."),
    ]);
    const client = new Anthropic({ apiKey: "test", baseURL: messagesApi.url, maxRetries: 0 });
    const { messages } = await runAgent({
      client,
      model: "claude-opus-5-5",
      prompt: "Get ready to post.",
      toolSearch,
      strategy: "changes",
    });
    expect(messages.some((message) => message.role === "system")).toBe(true);
    const converted = convertTranscript(
      messages,
      anthropicProvider(client),
      openAIChatProvider(new OpenAI({ apiKey: "test" })),
    );
    expect(JSON.stringify(converted)).not.toContain("tool_addition");
    expect(converted.map((message) => message.role)).toEqual(["user", "assistant", "tool", "assistant"]);
  });

  it("keeps the working set on another worker when its session is opened from the transcript before converting", async () => {
    const toolSearch = await createToolSearch({ tools: sampleTools(), tuning: TUNING });
    const messagesApi = await startMessages([
      () => reply.toolUse({ name: "search_tools", input: { query: "post a slack message" } }),
      () => reply.text("Ready."),
    ]);
    const client = new Anthropic({ apiKey: "test", baseURL: messagesApi.url, maxRetries: 0 });
    const { messages } = await runAgent({
      client,
      model: "claude-opus-5-5",
      prompt: "Get ready to post.",
      toolSearch,
      strategy: "changes",
    });
    const told = workingSetOf(messages, anthropicToolChanges);
    expect(told).toContain("slack__post_message");
    const chat = openAIChatProvider(new OpenAI({ apiKey: "test" }));
    const converted = convertTranscript(messages, anthropicProvider(client), chat);
    const onChat = async (opened: boolean) => {
      const elsewhere = await createToolSearch({ tools: sampleTools(), tuning: TUNING });
      // The converted transcript has calls only (Chat Completions has no tool changes): the
      // working set is read from the transcript the changes were told in.
      if (opened) elsewhere.session("moved", { transcript: messages });
      const openai = await startOpenAI([() => ({ text: "Posted." })]);
      await runAgent({
        provider: openAIChatProvider(new OpenAI({ apiKey: "test", baseURL: openai.url, maxRetries: 0 })),
        model: "gpt-test",
        messages: [...converted, { role: "user", content: "Post it." }],
        toolSearch: elsewhere,
        sessionId: "moved",
      });
      return fullTools(openai.requests[0]!.body.tools).filter((name) => name !== "search_tools");
    };
    expect((await onChat(true)).sort()).toEqual([...told].sort());
    // From the converted transcript alone, a tool searched for but never called is not rebuilt.
    expect(await onChat(false)).not.toContain("slack__post_message");
  });
});
