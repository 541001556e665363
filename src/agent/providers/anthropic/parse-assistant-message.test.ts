import { describe, expect, it } from "vitest";
import { messageBody } from "../../../testing/index.js";
import { parseAssistantMessage } from "./parse-assistant-message.js";

const valid = (content: unknown[], more: Record<string, unknown> = {}) => ({
  ...messageBody("m", content as never, "tool_use"),
  ...more,
});
const problemOf = (body: unknown) => {
  const parsed = parseAssistantMessage(body);
  if (parsed.ok) throw new Error("expected a problem");
  return parsed.problem;
};

describe("parseAssistantMessage", () => {
  it("accepts a well-formed reply as it is, with block types and fields it does not know", () => {
    const body = valid(
      [
        { type: "thinking", thinking: "hmm", signature: "sig" },
        { type: "text", text: "Calling it.", citations: null },
        { type: "tool_use", id: "toolu_1", name: "a__b", input: {}, caller: { type: "direct" } },
        { type: "block_type_from_the_future", payload: [1, 2] },
      ],
      {
        usage: {
          input_tokens: 1,
          output_tokens: 2,
          cache_read_input_tokens: null,
          server_tool_use: { web_search_requests: 0 },
        },
        container: null,
      },
    );
    const parsed = parseAssistantMessage(body);
    expect(parsed).toEqual({ ok: true, message: body });
    expect(parsed.ok && parsed.message).toBe(body);
  });

  it("names each problem with its field and what it held", () => {
    expect(problemOf(valid([{ type: "text" }]))).toBe("content[0] is a text block whose text is missing");
    expect(problemOf(valid(["hi"]))).toBe('content[0] is "hi" (a string), expected a content block with a string type');
    expect(problemOf(valid([{ type: "tool_use", id: "", name: "x", input: {} }]))).toMatch(
      /content\[0\] is a tool_use block whose id is "" \(a string\), expected a non-empty string/,
    );
    expect(problemOf(valid([], { stop_reason: 3 }))).toBe("stop_reason is 3, expected a string or null");
    expect(problemOf(valid([], { usage: { input_tokens: -1, output_tokens: 1.5 } }))).toBe(
      "usage.input_tokens is -1, expected a whole number of at least 0; usage.output_tokens is 1.5, expected a whole number of at least 0",
    );
    expect(problemOf([])).toBe("the body is an empty array, not a message object");
    expect(problemOf(undefined)).toBe("the body is missing, not a message object");
  });

  it("accepts a reply with calls whose input is not an object, lists them, and gives them {} in a copy", () => {
    const body = valid([
      { type: "tool_use", id: "t_array", name: "x", input: [1] },
      { type: "tool_use", id: "t_fine", name: "x", input: { a: 1 } },
      { type: "tool_use", id: "t_missing", name: "x" },
      { type: "tool_use", id: "t_string", name: "x", input: "y".repeat(1_000) },
    ]);
    const parsed = parseAssistantMessage(body);
    if (!parsed.ok) throw new Error(parsed.problem);
    expect([...(parsed.unreadableInputs ?? [])]).toEqual([
      ["t_array", "an array of 1 item"],
      ["t_missing", "missing"],
      ["t_string", `"${"y".repeat(60)}…" (a string of 1000 characters)`],
    ]);
    expect(parsed.message.content.map((block) => (block as { input?: unknown }).input)).toEqual([{}, { a: 1 }, {}, {}]);
    // The body itself is left as it came.
    expect((body.content as { input?: unknown }[])[0]?.input).toEqual([1]);
    // A call without a usable id still makes the reply unusable: it could not be answered.
    expect(problemOf(valid([{ type: "tool_use", id: "", name: "x", input: "y" }]))).toMatch(
      /whose id is "" \(a string\)/,
    );
  });

  it("lists at most five problems, and cuts long strings short", () => {
    const problem = problemOf({ hello: "x".repeat(10_000) });
    expect(problem.split("; ")).toHaveLength(6);
    expect(problem).toMatch(/; and 2 more$/);
    expect(problemOf("y".repeat(10_000)).length).toBeLessThan(200);
  });

  it("reports an error body sent with a success status, with its type", () => {
    expect(
      parseAssistantMessage({ type: "error", error: { type: "overloaded_error", message: "Overloaded" } }),
    ).toEqual({
      ok: false,
      problem: "the body is an error body (overloaded_error: Overloaded), not a message",
      apiErrorType: "overloaded_error",
    });
  });
});
