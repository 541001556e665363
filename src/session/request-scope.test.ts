import { describe, expect, it } from "vitest";
import { sampleTools, toolUse } from "../../test/support/sample-tools.js";
import {
  OptionsError,
  createToolSearch,
  type ToolContext,
  type ToolDefinition,
  type ToolSearchEvent,
} from "../index.js";

const LOW = { toolSearchThresholdTokens: 100 };

/** A tool that waits until released (or forever), recording the context it ran with. */
function slowTool(seen: ToolContext[], release: Promise<string> = new Promise(() => undefined)): ToolDefinition {
  return {
    name: "build__run_pipeline",
    description: "Run the CI pipeline of a repository and wait for it to finish.",
    inputSchema: { type: "object", properties: { repo: { type: "string" } }, required: ["repo"] },
    execute: (_input, context) => {
      seen.push(context);
      return release;
    },
  };
}

describe("the request's context reaches execute, permit and approve", () => {
  it("with the session id and the stage of each check", async () => {
    const permits: ToolContext[] = [];
    const approvals: ToolContext[] = [];
    const runs: ToolContext[] = [];
    const tools = sampleTools().map((tool) => ({
      ...tool,
      execute: (_input: unknown, context: ToolContext) => void runs.push(context),
    }));
    const toolSearch = await createToolSearch({
      tools,
      tuning: LOW,
      permit: (tool, context) => {
        if (tool.name === "slack__post_message" || tool.name === "github__delete_repository") permits.push(context);
        return true;
      },
      approve: (_tool, _input, context) => {
        approvals.push(context);
        return true;
      },
    });
    const user = { id: "u-7", token: "secret" };
    const session = toolSearch.session("run-1", { context: user });
    await session.tools();
    await session.execute(toolUse("search_tools", { query: "post a message" }));
    await session.execute(toolUse("github__delete_repository", { repo: "a/b" }, "toolu_delete"));
    expect(new Set(permits.map((context) => context.stage))).toEqual(new Set(["block", "search", "execute"]));
    for (const context of [...permits, ...approvals, ...runs]) {
      expect(context.context).toBe(user);
      expect(context.sessionId).toBe("run-1");
    }
    expect(approvals).toEqual([{ sessionId: "run-1", stage: "execute", toolUseId: "toolu_delete", context: user }]);
    expect(runs).toEqual([{ sessionId: "run-1", stage: "execute", toolUseId: "toolu_delete", context: user }]);
  });

  it("a call's own context overrides the session's, and another object for the same id keeps its own", async () => {
    const runs: unknown[] = [];
    const tools = sampleTools().map((tool) => ({
      ...tool,
      execute: (_input: unknown, context: ToolContext) => void runs.push(context.context),
    }));
    const toolSearch = await createToolSearch({ tools, tuning: LOW });
    const first = toolSearch.session("shared", { context: "first request" });
    const second = toolSearch.session("shared", { context: "second request" });
    const call = toolUse("slack__post_message", { channel: "#ops", text: "hi" });
    await first.execute(call);
    await second.execute(call);
    await first.execute(call, { context: "this call" });
    expect(runs).toEqual(["first request", "second request", "this call"]);
    // The state is the id's: the second object sees what the first hydrated.
    expect(second.hydrated()).toEqual(["slack__post_message"]);
  });

  it("refuses a session signal that is not an AbortSignal, and fails a call with one closed", async () => {
    const calls: { name: string; input: unknown }[] = [];
    const toolSearch = await createToolSearch({ tools: sampleTools(calls), tuning: LOW });
    expect(() => toolSearch.session("x", { signal: { aborted: false } as never })).toThrow(OptionsError);
    const result = await toolSearch
      .session("x")
      .execute(toolUse("slack__post_message", { channel: "#ops", text: "hi" }), { signal: "stop" as never });
    expect(result).toMatchObject({
      is_error: true,
      content: "slack__post_message was not run: options.signal is not an AbortSignal.",
    });
    expect(calls).toEqual([]);
  });
});

describe("a signal cancels a call", () => {
  it("a tool gets the signal, and an abort while it runs answers at once that its result is unknown", async () => {
    const seen: ToolContext[] = [];
    const events: ToolSearchEvent[] = [];
    const toolSearch = await createToolSearch({ tools: [slowTool(seen)], onEvent: (event) => events.push(event) });
    const controller = new AbortController();
    const session = toolSearch.session("s", { signal: controller.signal });
    const pending = session.execute(toolUse("build__run_pipeline", { repo: "a/b" }));
    await until(() => seen.length === 1);
    expect(seen[0]!.signal).toBe(controller.signal);
    let aborted = false;
    seen[0]!.signal!.addEventListener("abort", () => (aborted = true));
    controller.abort();
    // The tool never settles: only the abort can end this wait.
    const result = await pending;
    expect(aborted).toBe(true);
    expect(result).toMatchObject({
      is_error: true,
      content: expect.stringMatching(
        /^build__run_pipeline was still running when the call was aborted, so its result is unknown/,
      ),
    });
    expect(events.filter((event) => event.type === "tool-call")).toEqual([
      expect.objectContaining({ outcome: "aborted", validation: "valid" }),
    ]);
  });

  it("a call whose signal has already fired does not run, and says so", async () => {
    const seen: ToolContext[] = [];
    const toolSearch = await createToolSearch({ tools: [slowTool(seen)] });
    const result = await toolSearch
      .session("s")
      .execute(toolUse("build__run_pipeline", { repo: "a/b" }), { signal: AbortSignal.abort() });
    expect(result).toMatchObject({
      is_error: true,
      content: "build__run_pipeline was not run: the call was aborted before it started.",
    });
    expect(seen).toEqual([]);
  });

  it("an abort while a destructive tool waits for approval leaves it unrun", async () => {
    const calls: { name: string; input: unknown }[] = [];
    const controller = new AbortController();
    let asked = false;
    const toolSearch = await createToolSearch({
      tools: sampleTools(calls),
      tuning: LOW,
      approve: () => {
        asked = true;
        return new Promise<boolean>(() => undefined); // a person who never answers
      },
    });
    const pending = toolSearch
      .session("s", { signal: controller.signal })
      .execute(toolUse("github__delete_repository", { repo: "a/b" }));
    await until(() => asked);
    controller.abort();
    expect(await pending).toMatchObject({
      is_error: true,
      content: "github__delete_repository was not run: the call was aborted while it waited for approval.",
    });
    expect(calls).toEqual([]);
  });

  it("a tool that finishes before any abort gives its result, and leaves no listener behind", async () => {
    const seen: ToolContext[] = [];
    const toolSearch = await createToolSearch({ tools: [slowTool(seen, Promise.resolve("green"))] });
    const listeners = new Set<() => void>();
    const signal = {
      aborted: false,
      addEventListener: (_type: "abort", listener: () => void) => void listeners.add(listener),
      removeEventListener: (_type: "abort", listener: () => void) => void listeners.delete(listener),
    };
    const result = await toolSearch.session("s", { signal }).execute(toolUse("build__run_pipeline", { repo: "a/b" }));
    expect(result).toMatchObject({ content: "green" });
    expect(result.is_error).toBeUndefined();
    expect(listeners.size).toBe(0);
  });
});

async function until(condition: () => boolean): Promise<void> {
  for (let tick = 0; tick < 1000 && !condition(); tick++) await new Promise((resolve) => setImmediate(resolve));
  if (!condition()) throw new Error("the condition never held");
}
