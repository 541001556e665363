import { generateText, stepCountIs, streamText } from "ai";
import { MockLanguageModelV3, convertArrayToReadableStream } from "ai/test";
import { describe, expect, it } from "vitest";
import { runWithoutPackages } from "../../test/support/run-without-packages.js";
import { sampleTools } from "../testing/index.js";
import type { ToolContext } from "../catalogue/index.js";
import type { ToolSearchEvent } from "../events.js";
import { createToolSearch, type ToolSearchOptions } from "../tool-search/index.js";
import { type AiSdkToolsOptions, ToolCallError, aiSdkTools } from "./index.js";

const LOW = { toolSearchThresholdTokens: 100 };
const SLACK_SCHEMA = sampleTools()[2]!.inputSchema;

type CallOptions = MockLanguageModelV3["doGenerateCalls"][number];
type Step = { call: { name: string; input: unknown; raw?: string } } | { text: string };

const USAGE = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

/** A mock model playing scripted steps; a step may read the prompt (to call what a search found). */
function scriptedModel(steps: ((prompt: CallOptions["prompt"]) => Step)[]) {
  let step = 0;
  const next = (options: CallOptions): Step => {
    const script = steps[step++];
    if (!script) throw new Error(`the script has ${steps.length} steps`);
    return script(options.prompt);
  };
  return new MockLanguageModelV3({
    doGenerate: async (options) => {
      const played = next(options);
      if ("text" in played)
        return {
          content: [{ type: "text", text: played.text }],
          finishReason: { unified: "stop", raw: "stop" },
          usage: USAGE,
          warnings: [],
        };
      const call = {
        type: "tool-call" as const,
        toolCallId: `call_${step}`,
        toolName: played.call.name,
        input: played.call.raw ?? JSON.stringify(played.call.input),
      };
      return {
        content: [call],
        finishReason: { unified: "tool-calls", raw: "tool_calls" },
        usage: USAGE,
        warnings: [],
      };
    },
    doStream: async (options) => {
      const played = next(options);
      const finish = {
        type: "finish" as const,
        usage: USAGE,
        finishReason:
          "text" in played
            ? { unified: "stop" as const, raw: "stop" }
            : { unified: "tool-calls" as const, raw: "tool_calls" },
      };
      const parts =
        "text" in played
          ? [
              { type: "text-start" as const, id: "t" },
              ...played.text.split(" ").map((word, index) => ({
                type: "text-delta" as const,
                id: "t",
                delta: `${index === 0 ? "" : " "}${word}`,
              })),
              { type: "text-end" as const, id: "t" },
            ]
          : [
              {
                type: "tool-call" as const,
                toolCallId: `call_${step}`,
                toolName: played.call.name,
                input: JSON.stringify(played.call.input),
              },
            ];
      return {
        stream: convertArrayToReadableStream([{ type: "stream-start" as const, warnings: [] }, ...parts, finish]),
      };
    },
  });
}

/** The first tool a search result in the prompt names. */
function foundTool(prompt: CallOptions["prompt"]): string {
  for (const message of [...prompt].reverse()) {
    if (message.role !== "tool") continue;
    for (const part of message.content) {
      if (part.type === "tool-result" && part.toolName === "search_tools" && part.output.type === "text") {
        return (JSON.parse(part.output.value) as { matches: { name: string }[] }).matches[0]!.name;
      }
    }
  }
  throw new Error("no search result in the prompt");
}

/** Tool names a step was given, stubs (`{"type":"object"}` only) marked with ~. */
function toolNames(options: CallOptions): string[] {
  return (options.tools ?? []).map((tool) => {
    const schema = tool.type === "function" ? (tool.inputSchema as Record<string, unknown>) : {};
    return `${Object.keys(schema).join() === "type" ? "~" : ""}${tool.name}`;
  });
}

const STUBS = [
  "~github__create_issue",
  "~github__delete_repository",
  "~slack__post_message",
  "~calendar__create_event",
  "~postgres__query",
  "~filesystem__read_file",
];

function searchThenPost(): ((prompt: CallOptions["prompt"]) => Step)[] {
  return [
    () => ({ call: { name: "search_tools", input: { query: "post a message to a slack channel" } } }),
    (prompt) => ({ call: { name: foundTool(prompt), input: { channel: "#ops", text: "deploy done" } } }),
    () => ({ text: "Posted to #ops." }),
  ];
}

async function sessionOf(options: Partial<ToolSearchOptions> = {}, calls: { name: string; input: unknown }[] = []) {
  const toolSearch = await createToolSearch({ tools: sampleTools(calls), tuning: LOW, ...options });
  return toolSearch.session("ai-sdk");
}

describe("toolsift/ai with the AI SDK's generateText and its mock model", () => {
  it("searches, calls a stub through the session, and sends that tool in full from the next step", async () => {
    const calls: { name: string; input: unknown }[] = [];
    const model = scriptedModel(searchThenPost());
    const result = await generateText({
      model,
      prompt: "Tell #ops the deploy is done.",
      stopWhen: stepCountIs(5),
      ...(await aiSdkTools(await sessionOf({}, calls))),
    });
    expect(result.text).toBe("Posted to #ops.");
    expect(calls).toEqual([{ name: "slack__post_message", input: { channel: "#ops", text: "deploy done" } }]);
    const [first, second, third] = model.doGenerateCalls;
    expect(toolNames(first!)).toEqual(["search_tools", ...STUBS]);
    expect(toolNames(second!)).toEqual(["search_tools", ...STUBS]);
    expect(toolNames(third!)).toEqual([
      "search_tools",
      "slack__post_message",
      ...STUBS.filter((name) => name !== "~slack__post_message"),
    ]);
    const slack = third!.tools!.find((tool) => tool.name === "slack__post_message")!;
    expect(slack.type === "function" && slack.inputSchema).toEqual(SLACK_SCHEMA);
    expect(result.steps[1]!.toolResults).toEqual([
      expect.objectContaining({
        toolName: "slack__post_message",
        output: JSON.stringify({ ok: true, tool: "slack__post_message" }),
      }),
    ]);
  });

  it("refuses an option it does not know, naming the one meant", async () => {
    await expect(aiSdkTools(await sessionOf({}, []), { prefech: true } as AiSdkToolsOptions)).rejects.toThrow(
      /^aiSdkTools: unknown option "prefech"\. Did you mean "prefetch"\?/,
    );
  });

  it("with prefetch, the first step already carries the tool the prompt names, in full", async () => {
    const calls: { name: string; input: unknown }[] = [];
    const model = scriptedModel([
      () => ({ call: { name: "slack__post_message", input: { channel: "#ops", text: "deploy done" } } }),
      () => ({ text: "Posted to #ops." }),
    ]);
    const result = await generateText({
      model,
      prompt: "Post a message to the #ops Slack channel saying the deploy is done.",
      stopWhen: stepCountIs(3),
      ...(await aiSdkTools(await sessionOf({}, calls), { prefetch: { limit: 1 } })),
    });
    expect(result.text).toBe("Posted to #ops.");
    const [first, second] = model.doGenerateCalls;
    expect(toolNames(first!)).toContain("slack__post_message");
    // Only the step after the user's message prefetches; the block then stays as it was.
    expect(toolNames(second!)).toEqual(toolNames(first!));
    expect(calls).toHaveLength(1);
  });

  it("refuses an invalid input as the session does: a tool error with the real schema, and nothing runs", async () => {
    const calls: { name: string; input: unknown }[] = [];
    const events: ToolSearchEvent[] = [];
    const model = scriptedModel([
      () => ({ call: { name: "slack__post_message", input: { channel: 5 } } }),
      () => ({ text: "Sorry." }),
    ]);
    const result = await generateText({
      model,
      prompt: "Post.",
      stopWhen: stepCountIs(5),
      ...(await aiSdkTools(await sessionOf({ onEvent: (event) => events.push(event) }, calls))),
    });
    expect(calls).toEqual([]);
    const errors = result.steps[0]!.content.filter((part) => part.type === "tool-error");
    expect(errors).toHaveLength(1);
    const error = errors[0]!.error as ToolCallError;
    expect(error).toBeInstanceOf(ToolCallError);
    expect(error.message).toMatch(/^Invalid input for slack__post_message; it was not run\./);
    expect(error.message).toContain(JSON.stringify(SLACK_SCHEMA));
    expect(events.find((event) => event.type === "tool-call")).toMatchObject({
      validation: "invalid",
      outcome: "invalid-input",
      stub: true,
    });
    // The model read the session's words, and got the tool in full on the next step.
    const toolMessage = model.doGenerateCalls[1]!.prompt.find((message) => message.role === "tool")!;
    expect(JSON.stringify(toolMessage.content)).toContain("Invalid input for slack__post_message");
    expect(toolNames(model.doGenerateCalls[1]!)).toContain("slack__post_message");
  });

  it("hydrates a tool whose input the AI SDK could not parse, as execute would have", async () => {
    const calls: { name: string; input: unknown }[] = [];
    const model = scriptedModel([
      () => ({ call: { name: "slack__post_message", input: {}, raw: '{"channel": "#ops", ' } }),
      () => ({ text: "Retrying." }),
    ]);
    const result = await generateText({
      model,
      prompt: "Post.",
      stopWhen: stepCountIs(3),
      ...(await aiSdkTools(await sessionOf({}, calls))),
    });
    expect(calls).toEqual([]);
    expect(result.steps[0]!.content.some((part) => part.type === "tool-error")).toBe(true);
    expect(toolNames(model.doGenerateCalls[1]!)).toContain("slack__post_message");
  });

  it("leaves a transcript another instance resumes from, to the byte", async () => {
    const model = scriptedModel([
      ...searchThenPost().slice(0, 2),
      () => ({ call: { name: "calendar__create_event", input: { title: "retro" } } }),
      () => ({ text: "Done." }),
    ]);
    const session = await sessionOf();
    const result = await generateText({
      model,
      prompt: "Tell #ops, then book the retro.",
      stopWhen: stepCountIs(6),
      ...(await aiSdkTools(session)),
    });
    const elsewhere = await createToolSearch({ tools: sampleTools(), tuning: LOW });
    const resumed = elsewhere.session("ai-sdk", {
      transcript: [{ role: "user", content: "Tell #ops." }, ...result.response.messages],
    });
    expect(JSON.stringify(await resumed.tools())).toBe(JSON.stringify(await session.tools()));
    expect(resumed.hydrated()).toEqual(["slack__post_message", "calendar__create_event"]);
  });

  it("applies permit and approve: a denied tool is unknown, a destructive one waits for approval", async () => {
    const calls: { name: string; input: unknown }[] = [];
    const approvals: ToolContext[] = [];
    const events: ToolSearchEvent[] = [];
    const model = scriptedModel([
      () => ({ call: { name: "postgres__query", input: { sql: "select 1" } } }),
      () => ({ call: { name: "github__delete_repository", input: { repo: "a/b" } } }),
      () => ({ text: "Done." }),
    ]);
    const toolSearch = await createToolSearch({
      tools: sampleTools(calls),
      tuning: LOW,
      permit: (tool) => tool.server !== "postgres",
      onEvent: (event) => events.push(event),
      approve: (_tool, _input, context) => {
        approvals.push(context);
        return true;
      },
    });
    const session = toolSearch.session("guarded", { context: { userId: "u-7" } });
    const result = await generateText({
      model,
      prompt: "Clean up.",
      stopWhen: stepCountIs(5),
      ...(await aiSdkTools(session)),
    });
    expect(toolNames(model.doGenerateCalls[0]!)).not.toContain("~postgres__query");
    expect((result.steps[0]!.content.find((part) => part.type === "tool-error")!.error as Error).message).toMatch(
      /^There is no tool named "postgres__query"/,
    );
    expect(events.find((event) => event.type === "tool-call")).toMatchObject({
      name: "postgres__query",
      outcome: "denied",
    });
    expect(toolNames(model.doGenerateCalls[1]!)).not.toContain("postgres__query");
    expect(calls).toEqual([{ name: "github__delete_repository", input: { repo: "a/b" } }]);
    expect(approvals).toEqual([
      expect.objectContaining({ sessionId: "guarded", stage: "execute", context: { userId: "u-7" } }),
    ]);
  });

  it("lets the model call a tool found by search that a search-only block does not list", async () => {
    const calls: { name: string; input: unknown }[] = [];
    const model = scriptedModel(searchThenPost());
    const session = await sessionOf({ tuning: { ...LOW, maxStubTokens: 1 } }, calls);
    const result = await generateText({
      model,
      prompt: "Tell #ops.",
      stopWhen: stepCountIs(5),
      ...(await aiSdkTools(session)),
    });
    expect(toolNames(model.doGenerateCalls[0]!)).toEqual(["search_tools"]);
    expect(calls).toEqual([{ name: "slack__post_message", input: { channel: "#ops", text: "deploy done" } }]);
    expect(toolNames(model.doGenerateCalls[2]!)).toEqual(["search_tools", "slack__post_message"]);
    expect(result.text).toBe("Posted to #ops.");
  });

  it("hands the AI SDK's abort signal to the tool, and an abort ends the wait", async () => {
    const started: ToolContext[] = [];
    const toolSearch = await createToolSearch({
      tools: [
        {
          name: "build__run_pipeline",
          description: "Run the CI pipeline and wait for it.",
          inputSchema: { type: "object", properties: { repo: { type: "string" } } },
          execute: (_input, context) => {
            started.push(context);
            return new Promise(() => undefined);
          },
        },
      ],
    });
    const controller = new AbortController();
    const model = scriptedModel([
      () => ({ call: { name: "build__run_pipeline", input: { repo: "a/b" } } }),
      () => ({ text: "never" }),
    ]);
    const running = generateText({
      model,
      prompt: "Build.",
      abortSignal: controller.signal,
      stopWhen: stepCountIs(3),
      ...(await aiSdkTools(toolSearch.session("abort"))),
    });
    for (let tick = 0; tick < 1000 && started.length === 0; tick++)
      await new Promise((resolve) => setImmediate(resolve));
    expect(started).toHaveLength(1);
    expect(started[0]!.signal?.aborted).toBe(false);
    controller.abort();
    await expect(running).rejects.toThrow();
    expect(started[0]!.signal?.aborted).toBe(true);
  });
});

describe("toolsift/ai and hostile names", () => {
  it.each(["__proto__", "constructor", "toString"])(
    "answers a call to %s through the session, never through Object.prototype",
    async (name) => {
      const model = scriptedModel([() => ({ call: { name, input: {} } }), () => ({ text: "ok" })]);
      const sift = await aiSdkTools(await sessionOf());
      const result = await generateText({ model, prompt: "x", stopWhen: stepCountIs(3), ...sift });
      expect((result.steps[0]!.content.find((part) => part.type === "tool-error")!.error as Error).message).toMatch(
        new RegExp(`^There is no tool named "${name}"`),
      );
      expect(Object.getPrototypeOf(sift.tools)).toBe(null);
      expect(Object.keys(sift.tools)).not.toContain(name);
    },
  );
});

describe("toolsift/ai with streamText", () => {
  it("streams the same run: the tool hydrated in full from the next step, the text as it comes", async () => {
    const calls: { name: string; input: unknown }[] = [];
    const model = scriptedModel(searchThenPost());
    const result = streamText({
      model,
      prompt: "Tell #ops.",
      stopWhen: stepCountIs(5),
      ...(await aiSdkTools(await sessionOf({}, calls))),
    });
    const deltas: string[] = [];
    for await (const part of result.fullStream) if (part.type === "text-delta") deltas.push(part.text);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join("")).toBe("Posted to #ops.");
    expect(calls).toEqual([{ name: "slack__post_message", input: { channel: "#ops", text: "deploy done" } }]);
    expect(toolNames(model.doStreamCalls[2]!)).toEqual([
      "search_tools",
      "slack__post_message",
      ...STUBS.filter((name) => name !== "~slack__post_message"),
    ]);
  });
});

describe("toolsift/ai without the ai package", () => {
  it("imports, and says which package is missing when used", async () => {
    const { code, stdout, stderr } = await runWithoutPackages(
      ["ai"],
      `
      const { aiSdkTools } = await import("./src/ai/index.ts");
      const { createToolSearch } = await import("./src/index.ts");
      const toolSearch = await createToolSearch({ tools: [] });
      const error = await aiSdkTools(toolSearch.session("s")).catch((caught) => caught);
      console.log(JSON.stringify({ name: error.name, packageName: error.packageName, message: error.message }));
      `,
    );
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      name: "DependencyError",
      packageName: "ai",
      message: expect.stringMatching(/npm install ai\b/),
    });
  });
});
