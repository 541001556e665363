import { describe, expect, it } from "vitest";
import { callResultOf, UpstreamResults, type UpstreamResult } from "./call-result.js";

const upstream: UpstreamResult = {
  server: "docs",
  result: {
    content: [
      { type: "text", text: "found it" },
      { type: "resource_link", uri: "file:///a.md", name: "a" },
      { type: "resource", resource: { uri: "memo://b", text: "b" } },
    ],
    structuredContent: { hits: 1 },
    isError: false,
  },
};

describe("callResultOf with the upstream server's own result", () => {
  it("passes on its content, URIs namespaced, and its structuredContent", () => {
    const block = { type: "tool_result" as const, tool_use_id: "call_1", content: "flattened" };
    expect(callResultOf(block, upstream)).toEqual({
      content: [
        { type: "text", text: "found it" },
        { type: "resource_link", uri: "toolsift://docs/file:///a.md", name: "a" },
        { type: "resource", resource: { uri: "toolsift://docs/memo://b", text: "b" } },
      ],
      structuredContent: { hits: 1 },
    });
  });

  it("keeps the session's error when the session failed a call the server answered (aborted, unshowable)", () => {
    const block = { type: "tool_result" as const, tool_use_id: "call_1", content: "was aborted", is_error: true };
    expect(callResultOf(block, upstream)).toEqual({ content: [{ type: "text", text: "was aborted" }], isError: true });
  });

  it("keeps an upstream error's structuredContent beside the session's text", () => {
    const block = { type: "tool_result" as const, tool_use_id: "call_1", content: "failed: disk full", is_error: true };
    const failed = { ...upstream, result: { ...upstream.result, isError: true } };
    expect(callResultOf(block, failed)).toEqual({
      content: [{ type: "text", text: "failed: disk full" }],
      isError: true,
      structuredContent: { hits: 1 },
    });
  });
});

describe("UpstreamResults", () => {
  it("keeps a result only for a call whose slot is open, and drops one that comes after", () => {
    const results = new UpstreamResults();
    results.keep("call_1", upstream);
    expect(results.take("call_1")).toBeUndefined();
    results.open("call_2");
    results.keep("call_2", upstream);
    expect(results.take("call_2")).toBe(upstream);
    results.keep("call_2", upstream);
    expect(results.take("call_2")).toBeUndefined();
  });
});
