import Anthropic from "@anthropic-ai/sdk";
import { SpanKind, SpanStatusCode } from "@opentelemetry/api";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { installInMemoryTracer } from "../../test/support/in-memory-tracer.js";
import { lastToolResults, reply, sampleTools, serverPerTest, toolUse } from "../testing/index.js";
import { runWithoutPackages } from "../../test/support/run-without-packages.js";
import { AgentError, runAgent } from "../agent/index.js";
import { createToolSearch } from "../tool-search/index.js";

const LOW = { toolSearchThresholdTokens: 100 };
const tracing = installInMemoryTracer();
afterAll(() => tracing.uninstall());
beforeEach(() => tracing.reset());
const serve = serverPerTest(afterEach);

describe("OpenTelemetry spans, when @opentelemetry/api is installed", () => {
  it("an agent run: one span for the run, one per model call, search and tool call, nested and filterable", async () => {
    const server = await serve([
      () => reply.toolUse({ name: "search_tools", input: { query: "post a message to a slack channel" } }),
      (request) =>
        reply.toolUse({
          name: JSON.parse(String(lastToolResults(request)[0]!.content)).matches[0].name,
          input: { channel: "#ops", text: "done" },
        }),
      () => reply.text("Posted."),
    ]);
    const client = new Anthropic({ apiKey: "test", baseURL: server.url, maxRetries: 0 });
    const toolSearch = await createToolSearch({ tools: sampleTools(), tuning: LOW });
    const result = await runAgent({
      client,
      model: "claude-test",
      prompt: "Tell #ops.",
      toolSearch,
      sessionId: "traced",
    });

    const run = tracing.only("invoke_agent toolsift");
    expect(run).toMatchObject({ parentId: undefined, ended: true, tracer: "toolsift" });
    expect(run.attributes).toMatchObject({
      "gen_ai.operation.name": "invoke_agent",
      "toolsift.session.id": "traced",
      "toolsift.turns": 3,
      "toolsift.stop_reason": "end_turn",
      "toolsift.strategy": "stubs",
    });

    const chats = tracing.named("chat claude-test");
    expect(chats).toHaveLength(3);
    chats.forEach((chat, index) => {
      expect(chat).toMatchObject({ parentId: run.spanId, kind: SpanKind.CLIENT, ended: true, status: undefined });
      expect(chat.attributes).toMatchObject({
        "gen_ai.operation.name": "chat",
        "gen_ai.provider.name": "anthropic",
        "gen_ai.request.model": "claude-test",
        "gen_ai.usage.input_tokens": result.turns[index]!.usage.input_tokens,
        "gen_ai.usage.output_tokens": result.turns[index]!.usage.output_tokens,
        "gen_ai.response.finish_reasons": [result.turns[index]!.stopReason],
        "toolsift.turn": index + 1,
        "toolsift.tools.sent": result.turns[index]!.toolsSent,
      });
    });

    const searchCall = tracing.only("execute_tool search_tools");
    expect(searchCall).toMatchObject({ parentId: run.spanId, status: undefined });
    const search = tracing.only("toolsift.search");
    expect(search.parentId).toBe(searchCall.spanId);
    expect(search.attributes).toMatchObject({
      "toolsift.session.id": "traced",
      "toolsift.search.stage": "search",
      "toolsift.ranker": "bm25",
      "toolsift.search.top_tool": "slack__post_message",
    });
    expect(search.attributes["toolsift.search.result_count"]).toBeGreaterThan(0);
    expect(Object.values(search.attributes)).not.toContain("post a message to a slack channel");

    const call = tracing.only("execute_tool slack__post_message");
    expect(call.parentId).toBe(run.spanId);
    expect(call.attributes).toEqual({
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.type": "function",
      "gen_ai.tool.name": "slack__post_message",
      "gen_ai.tool.call.id": expect.stringMatching(/^toolu_/),
      "toolsift.session.id": "traced",
      "toolsift.call.format": "anthropic",
      "toolsift.tool.server": "slack",
      "toolsift.tool.stub": true,
      "toolsift.tool.validation": "valid",
      "toolsift.tool.outcome": "ok",
    });
    expect(tracing.spans.every((span) => span.ended)).toBe(true);
  });

  it.each([
    [
      "invalid input",
      toolUse("slack__post_message", { channel: 5 }),
      { "toolsift.tool.validation": "invalid", "toolsift.tool.outcome": "invalid-input" },
    ],
    [
      "a denied tool",
      toolUse("postgres__query", { sql: "select 1" }),
      { "toolsift.tool.validation": "not-run", "toolsift.tool.outcome": "denied" },
    ],
    [
      "an unknown tool",
      toolUse("nope", {}),
      { "toolsift.tool.validation": "not-run", "toolsift.tool.outcome": "unknown-tool" },
    ],
    [
      "a tool that throws",
      toolUse("postgres__query", { sql: "boom" }),
      { "toolsift.tool.validation": "valid", "toolsift.tool.outcome": "tool-error" },
    ],
  ])("a call that fails (%s) is a failed span saying why", async (label, call, attributes) => {
    const toolSearch = await createToolSearch({
      tools: sampleTools(),
      tuning: LOW,
      permit: (tool) => label !== "a denied tool" || tool.server !== "postgres",
    });
    const result = await toolSearch.session("s").execute(call);
    expect(result.is_error).toBe(true);
    const span = tracing.only(`execute_tool ${call.name}`);
    expect(span.attributes).toMatchObject(attributes);
    expect(span.status).toEqual({ code: SpanStatusCode.ERROR, message: expect.any(String) });
  });

  it("a direct search is a span too, with no session", async () => {
    const toolSearch = await createToolSearch({ tools: sampleTools(), tuning: LOW });
    await toolSearch.search("query the analytics database", { limit: 2 });
    const span = tracing.only("toolsift.search");
    expect(span.attributes).toMatchObject({
      "toolsift.search.limit": 2,
      "toolsift.search.top_tool": "postgres__query",
    });
    expect(span.attributes["toolsift.session.id"]).toBeUndefined();
  });

  it("a failed model call fails its span and the run's, with the error code", async () => {
    const server = await serve([() => reply.error(529, "overloaded_error", "Overloaded")]);
    const client = new Anthropic({ apiKey: "test", baseURL: server.url, maxRetries: 0 });
    const toolSearch = await createToolSearch({ tools: sampleTools(), tuning: LOW });
    await expect(runAgent({ client, model: "claude-test", prompt: "Hi.", toolSearch })).rejects.toBeInstanceOf(
      AgentError,
    );
    const chat = tracing.only("chat claude-test");
    expect(chat.status?.code).toBe(SpanStatusCode.ERROR);
    expect(chat.attributes).toMatchObject({
      "error.type": "api_error",
      "http.response.status_code": 529,
      "toolsift.stage": "request",
    });
    const run = tracing.only("invoke_agent toolsift");
    expect(run.status?.code).toBe(SpanStatusCode.ERROR);
    expect(run.exceptions).toEqual([expect.any(AgentError)]);
    expect(run.attributes).toMatchObject({ "error.type": "api_error" });
  });
});

describe("with @opentelemetry/api installed and no tracer provider registered", () => {
  it("a search does not load the API, and loads it once a provider is registered", async () => {
    // A resolve hook reports every import of the API and who asked for it.
    const { code, stdout, stderr } = await runWithoutPackages(
      [],
      `
      const { installHooks } = await import("./test/support/install-hooks.mjs");
      const { MessageChannel } = await import("node:worker_threads");
      const asked = [];
      const { port1, port2 } = new MessageChannel();
      port1.on("message", (parent) => asked.push(parent.split("/").slice(-2).join("/")));
      port1.unref();
      const hook = "export function initialize({ port }) { globalThis.port = port; }" +
        "export function resolve(specifier, context, next) {" +
        "  if (specifier === '@opentelemetry/api') globalThis.port.postMessage(context.parentURL ?? '');" +
        "  return next(specifier, context); }";
      await installHooks("data:text/javascript," + encodeURIComponent(hook), import.meta.url, { port: port2 }, [port2]);
      const settle = () => new Promise((done) => setTimeout(done, 200));

      const { createToolSearch } = await import("./src/index.ts");
      const { sampleTools } = await import("./test/support/sample-tools.ts");
      const toolSearch = await createToolSearch({ tools: sampleTools() });
      const first = await toolSearch.search("post a message to a slack channel");
      await settle();
      const beforeProvider = [...asked];

      const { trace } = await import("@opentelemetry/api");
      const spans = [];
      const span = { setAttributes() {}, setStatus() {}, recordException() {}, end() {} };
      trace.setGlobalTracerProvider({
        getTracer: () => ({ startActiveSpan: (name, options, work) => { spans.push(name); return work(span); } }),
      });
      const second = await toolSearch.search("post a message to a slack channel");
      await settle();
      console.log(JSON.stringify({ beforeProvider, after: asked, spans, found: [first.length > 0, second.length > 0] }));
      `,
    );
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const { beforeProvider, after, spans, found } = JSON.parse(stdout);
    expect(found).toEqual([true, true]);
    expect(beforeProvider).toEqual([]);
    expect(after).toContain("telemetry/traced.ts");
    expect(spans).toEqual(["toolsift.search"]);
  });
});

describe("without @opentelemetry/api", () => {
  it("toolsift imports, searches and runs tools: nothing needs it", async () => {
    const { code, stdout, stderr } = await runWithoutPackages(
      ["@opentelemetry/api"],
      `
      const { createToolSearch } = await import("./src/index.ts");
      const { sampleTools } = await import("./test/support/sample-tools.ts");
      const toolSearch = await createToolSearch({ tools: sampleTools(), tuning: { toolSearchThresholdTokens: 100 } });
      const session = toolSearch.session("s");
      const found = await session.execute({ type: "tool_use", id: "1", name: "search_tools", input: { query: "post a message" } });
      const ran = await session.execute({ type: "tool_use", id: "2", name: "slack__post_message", input: { channel: "#ops", text: "hi" } });
      let hidden = false;
      try { await import("@opentelemetry/api"); } catch { hidden = true; }
      console.log(JSON.stringify({ hidden, found: found.is_error ?? false, ran: ran.content }));
      `,
    );
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      hidden: true,
      found: false,
      ran: JSON.stringify({ ok: true, tool: "slack__post_message" }),
    });
  });
});
