import { SpanKind, SpanStatusCode } from "@opentelemetry/api";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { installInMemoryTracer } from "../../test/support/in-memory-tracer.js";
import { sampleTools, toolUse } from "../../test/support/sample-tools.js";
import { createToolSearch, toolOutput, type ToolDefinition } from "../index.js";

// tracedToolCall's spans, seen through a recording tracer: the attributes operators filter on.
const tracing = installInMemoryTracer();
afterAll(() => tracing.uninstall());
beforeEach(() => tracing.reset());

const LOW = { toolSearchThresholdTokens: 100 };

async function sessionOver(tools: ToolDefinition[] = sampleTools()) {
  return (await createToolSearch({ tools, tuning: LOW })).session("traced");
}

describe("execute_tool spans", () => {
  it("name the tool, the call, the session and the format, as an internal span", async () => {
    const session = await sessionOver();
    await session.execute({
      type: "function_call",
      call_id: "call_7",
      name: "slack__post_message",
      arguments: '{"channel":"#ops","text":"hi"}',
    });
    const span = tracing.only("execute_tool slack__post_message");
    expect(span.kind).toBe(SpanKind.INTERNAL);
    expect(span.attributes).toEqual({
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.type": "function",
      "gen_ai.tool.name": "slack__post_message",
      "gen_ai.tool.call.id": "call_7",
      "toolsift.session.id": "traced",
      "toolsift.call.format": "openai-responses",
      "toolsift.tool.server": "slack",
      // The session never built a block, so it builds one: the tool is a stub there.
      "toolsift.tool.stub": true,
      "toolsift.tool.validation": "valid",
      "toolsift.tool.outcome": "ok",
    });
    expect(span.status).toBeUndefined();
    expect(span.ended).toBe(true);
  });

  it("keep a real tool's own outcome, and fail with the start of the answer's text", async () => {
    const session = await sessionOver();
    await session.execute(toolUse("postgres__query", { sql: "boom" }));
    const span = tracing.only("execute_tool postgres__query");
    expect(span.attributes).toMatchObject({
      "toolsift.tool.outcome": "tool-error",
      "toolsift.tool.validation": "valid",
    });
    expect(span.status).toEqual({
      code: SpanStatusCode.ERROR,
      message: "postgres__query failed: connection reset by peer",
    });
  });

  it("cut a long failure to its first 200 characters", async () => {
    const session = await sessionOver();
    await session.execute(toolUse("slack__post_message", { channel: 5 }));
    const message = tracing.only("execute_tool slack__post_message").status?.message ?? "";
    expect(message).toHaveLength(200);
    expect(message.startsWith("Invalid input for slack__post_message; it was not run.\n")).toBe(true);
  });

  it("fail with a plain reason when the failure is content blocks", async () => {
    const tool: ToolDefinition = {
      name: "t__check",
      description: "Reports a failure in blocks.",
      inputSchema: { type: "object" },
      execute: () => toolOutput({ content: [{ type: "text", text: "disk full" }], isError: true }),
    };
    const session = await sessionOver([tool]);
    await session.execute(toolUse("t__check", {}));
    expect(tracing.only("execute_tool t__check").status).toEqual({ code: SpanStatusCode.ERROR, message: "error" });
  });

  it("tell search_tools' outcome from its answer", async () => {
    const session = await sessionOver();
    await session.execute(toolUse("search_tools", { query: "post a message" }));
    const ok = tracing.only("execute_tool search_tools");
    expect(ok.attributes["toolsift.tool.outcome"]).toBe("ok");
    expect(ok.status).toBeUndefined();
    tracing.reset();
    await session.execute(toolUse("search_tools", { query: "" }));
    const failed = tracing.only("execute_tool search_tools");
    expect(failed.attributes["toolsift.tool.outcome"]).toBe("error");
    expect(failed.status).toEqual({
      code: SpanStatusCode.ERROR,
      message: expect.stringMatching(/^search_tools: "query" is empty/),
    });
  });

  it("name a call that cannot be read unreadable, without an empty call id", async () => {
    const session = await sessionOver();
    await session.execute({ type: "tool_use", name: "slack__post_message", input: {} } as never);
    const span = tracing.only("execute_tool unreadable");
    expect(span.attributes).toEqual({
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.type": "function",
      "toolsift.session.id": "traced",
      "toolsift.call.format": "anthropic",
      "toolsift.tool.outcome": "error",
    });
    expect(span.status?.code).toBe(SpanStatusCode.ERROR);
  });
});
