// runAgent({ prefetch }) against the local wire servers with the real SDKs: the tool the prompt
// names goes in full on the first request, a prompt of weak matches adds nothing, and the block
// stays byte-identical after.
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { afterEach, describe, expect, it } from "vitest";
import { openAIServerPerTest, reply, type SampleToolCall, sampleTools, serverPerTest } from "../testing/index.js";
import { createToolSearch } from "../tool-search/index.js";
import { OptionsError } from "../errors.js";
import { anthropicProvider } from "./providers/anthropic/anthropic-provider.js";
import { openAIChatProvider } from "./providers/openai-chat/openai-chat-provider.js";
import type { AgentEvent } from "./run-agent-types.js";
import { runAgent } from "./run-agent.js";
import type { StrategyName } from "./strategies/index.js";

const LOW = { toolSearchThresholdTokens: 100 };
const SLACK_PROMPT = "Post a message to the #ops Slack channel saying the deploy is done.";
const POST = { channel: "#ops", text: "deploy done" };
const startMessages = serverPerTest(afterEach);
const startOpenAI = openAIServerPerTest(afterEach);

/** The tools of a request sent in full (with their properties), by name. */
function fullTools(tools: readonly { name?: string; input_schema?: unknown }[] | undefined): string[] {
  return (tools ?? [])
    .filter(
      (tool) => Object.keys((tool.input_schema as { properties?: object } | undefined)?.properties ?? {}).length > 0,
    )
    .map((tool) => String(tool.name));
}

async function anthropicRun(prompt: string, prefetch: boolean, strategy: StrategyName = "stubs") {
  const ran: SampleToolCall[] = [];
  const server = await startMessages([
    () => reply.toolUse({ name: "slack__post_message", input: POST }),
    () => reply.text("Done."),
  ]);
  const toolSearch = await createToolSearch({ tools: sampleTools(ran), tuning: LOW });
  const events: AgentEvent[] = [];
  const result = await runAgent({
    provider: anthropicProvider(new Anthropic({ apiKey: "test", baseURL: server.url, maxRetries: 0 })),
    model: "claude-test",
    prompt,
    toolSearch,
    strategy,
    prefetch,
    onEvent: (event) => events.push(event),
  });
  return { server, ran, result, events, toolSearch };
}

describe("runAgent({ prefetch })", () => {
  it("sends the tool the prompt names in full on the first request, so the model calls it without a search", async () => {
    const off = await anthropicRun(SLACK_PROMPT, false);
    const on = await anthropicRun(SLACK_PROMPT, true);
    expect(fullTools(off.server.requests[0]!.body.tools)).not.toContain("slack__post_message");
    expect(fullTools(on.server.requests[0]!.body.tools)).toContain("slack__post_message");
    expect(on.events.find((event) => event.type === "prefetch")).toMatchObject({
      turn: 1,
      hydrated: expect.arrayContaining(["slack__post_message"]),
    });
    expect(on.ran).toEqual([{ name: "slack__post_message", input: POST }]);
  });

  it("keeps the block byte-identical on the turns after the prefetch", async () => {
    const on = await anthropicRun(SLACK_PROMPT, true);
    const [first, second] = on.server.requests.map((request) => JSON.stringify(request.body.tools));
    expect(second).toBe(first);
    // Tool results are no user turn: only one prefetch in the run.
    expect(on.events.filter((event) => event.type === "prefetch")).toHaveLength(1);
  });

  it("adds nothing for a prompt whose matches are all weak", async () => {
    const prompt = "Good morning! I hope your week is going well.";
    const off = await anthropicRun(prompt, false);
    const on = await anthropicRun(prompt, true);
    expect(on.server.requests[0]!.body.tools).toEqual(off.server.requests[0]!.body.tools);
    const event = on.events.find((candidate) => candidate.type === "prefetch");
    expect(event && "hydrated" in event ? event.hydrated : []).toEqual([]);
  });

  it("is skipped under native, whose tools array stays the same for the whole session", async () => {
    const off = await anthropicRun(SLACK_PROMPT, false, "native");
    const on = await anthropicRun(SLACK_PROMPT, true, "native");
    expect(JSON.stringify(on.server.requests[0]!.body.tools)).toBe(JSON.stringify(off.server.requests[0]!.body.tools));
    expect(on.events.some((event) => event.type === "prefetch")).toBe(false);
  });

  it("never hydrates a tool permit() denies", async () => {
    const server = await startMessages([() => reply.text("I cannot post.")]);
    const toolSearch = await createToolSearch({
      tools: sampleTools(),
      tuning: LOW,
      permit: (tool) => tool.name !== "slack__post_message",
    });
    await runAgent({
      provider: anthropicProvider(new Anthropic({ apiKey: "test", baseURL: server.url, maxRetries: 0 })),
      model: "claude-test",
      prompt: SLACK_PROMPT,
      toolSearch,
      prefetch: true,
    });
    expect(JSON.stringify(server.requests[0]!.body.tools)).not.toContain("slack__post_message");
  });

  it("works the same on Chat Completions", async () => {
    const server = await startOpenAI([
      () => ({ calls: [{ name: "slack__post_message", arguments: POST }] }),
      () => ({ text: "Done." }),
    ]);
    const ran: SampleToolCall[] = [];
    const toolSearch = await createToolSearch({ tools: sampleTools(ran), tuning: LOW });
    await runAgent({
      provider: openAIChatProvider(new OpenAI({ apiKey: "test", baseURL: server.url, maxRetries: 0 })),
      model: "gpt-test",
      prompt: SLACK_PROMPT,
      toolSearch,
      prefetch: { limit: 1 },
    });
    const tools = server.requests[0]!.body.tools as {
      function: { name: string; parameters: { properties?: object } };
    }[];
    const full = tools.filter((tool) => Object.keys(tool.function.parameters.properties ?? {}).length > 0);
    expect(full.map((tool) => tool.function.name)).toContain("slack__post_message");
    expect(ran).toHaveLength(1);
  });

  it("refuses a bad prefetch option before any call", async () => {
    const server = await startMessages([]);
    const toolSearch = await createToolSearch({ tools: sampleTools(), tuning: LOW });
    const run = runAgent({
      provider: anthropicProvider(new Anthropic({ apiKey: "test", baseURL: server.url, maxRetries: 0 })),
      model: "claude-test",
      prompt: SLACK_PROMPT,
      toolSearch,
      prefetch: { limit: 0 },
    });
    await expect(run).rejects.toBeInstanceOf(OptionsError);
    await expect(run).rejects.toThrow(/limit/);
    expect(server.requests).toHaveLength(0);
  });
});
