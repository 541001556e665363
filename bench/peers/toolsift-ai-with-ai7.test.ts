// toolsift/ai against ai 7, the AI SDK's current major, which lives in bench/peers' own install
// (it declares Node >= 22, so the root install keeps ai 6). vitest.peers.config.ts points every
// import of "ai" at that install, toolsift/ai's own included; `npm test` runs it (npm run test:peers).
import { generateText, stepCountIs, streamText } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import { aiSdkTools } from "../../src/ai/index.js";
import { createToolSearch } from "../../src/tool-search/index.js";
import { sampleTools } from "../../src/testing/index.js";

const USAGE = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};
const call = (id: string, toolName: string, input: unknown) => ({
  content: [{ type: "tool-call" as const, toolCallId: id, toolName, input: JSON.stringify(input) }],
  finishReason: { unified: "tool-calls" as const, raw: "tool_calls" },
  usage: USAGE,
  warnings: [],
});
/**
 * This repository type-checks toolsift/ai against ai 6, the root install; the same objects are
 * handed to ai 7 here, where only its run-time behaviour is under test.
 */
type Ai7Options = Pick<Parameters<typeof generateText>[0], "tools" | "prepareStep" | "experimental_repairToolCall">;
const forAi7 = async (sift: Promise<unknown>) => (await sift) as Ai7Options;

const text = (value: string) => ({
  content: [{ type: "text" as const, text: value }],
  finishReason: { unified: "stop" as const, raw: "stop" },
  usage: USAGE,
  warnings: [],
});

/** Tool names a step was given, stubs (`{"type":"object"}` only) marked with ~. */
function toolNames(options: { tools?: readonly { name: string; inputSchema?: unknown }[] }): string[] {
  return (options.tools ?? []).map(
    (tool) => `${Object.keys(tool.inputSchema ?? {}).join() === "type" ? "~" : ""}${tool.name}`,
  );
}

describe("toolsift/ai with ai 7", () => {
  it("is ai 7 that toolsift/ai loads here", async () => {
    // An export ai 7 has and ai 6 does not.
    expect("NoSuchProviderReferenceError" in (await import("ai"))).toBe(true);
  });

  it("generateText: a stub called through the session is sent in full from the next step; a denied tool gets the session's answer", async () => {
    const calls: { name: string; input: unknown }[] = [];
    const replies = [
      call("c1", "slack__post_message", { channel: "#ops", text: "hi" }),
      call("c2", "postgres__query", { sql: "select 1" }),
      text("Done."),
    ];
    const model = new MockLanguageModelV3({ doGenerate: async () => replies.shift()! });
    const toolSearch = await createToolSearch({
      tools: sampleTools(calls),
      tuning: { toolSearchThresholdTokens: 100 },
      permit: (tool) => tool.server !== "postgres",
    });
    const result = await generateText({
      model,
      prompt: "Post.",
      stopWhen: stepCountIs(5),
      ...(await forAi7(aiSdkTools(toolSearch.session("ai7")))),
    });
    expect(result.text).toBe("Done.");
    expect(calls).toEqual([{ name: "slack__post_message", input: { channel: "#ops", text: "hi" } }]);
    expect(toolNames(model.doGenerateCalls[0]!)).toContain("~slack__post_message");
    expect(toolNames(model.doGenerateCalls[1]!).slice(0, 2)).toEqual(["search_tools", "slack__post_message"]);
    const denied = result.steps[1]!.content.find((part) => part.type === "tool-error");
    expect((denied as { error: Error }).error.message).toMatch(/^There is no tool named "postgres__query"/);
  });

  it("streamText: the same, streamed", async () => {
    const calls: { name: string; input: unknown }[] = [];
    const parts = [
      [
        {
          type: "tool-call" as const,
          toolCallId: "c1",
          toolName: "slack__post_message",
          input: JSON.stringify({ channel: "#ops", text: "hi" }),
        },
      ],
      [
        { type: "text-start" as const, id: "t" },
        { type: "text-delta" as const, id: "t", delta: "Posted" },
        { type: "text-end" as const, id: "t" },
      ],
    ];
    const model = new MockLanguageModelV3({
      doStream: async () => {
        const step = parts.shift()!;
        const finish = {
          type: "finish" as const,
          usage: USAGE,
          finishReason: {
            unified: step[0]!.type === "tool-call" ? ("tool-calls" as const) : ("stop" as const),
            raw: undefined,
          },
        };
        const stream = new ReadableStream({
          start(controller) {
            for (const part of [{ type: "stream-start" as const, warnings: [] }, ...step, finish])
              controller.enqueue(part);
            controller.close();
          },
        });
        return { stream };
      },
    });
    const toolSearch = await createToolSearch({
      tools: sampleTools(calls),
      tuning: { toolSearchThresholdTokens: 100 },
    });
    const result = streamText({
      model,
      prompt: "Post.",
      stopWhen: stepCountIs(4),
      ...(await forAi7(aiSdkTools(toolSearch.session("ai7-stream")))),
    });
    expect(await result.text).toBe("Posted");
    expect(calls).toHaveLength(1);
    expect(toolNames(model.doStreamCalls[1]!).slice(0, 2)).toEqual(["search_tools", "slack__post_message"]);
  });
});
