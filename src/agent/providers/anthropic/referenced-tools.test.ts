import { describe, expect, it } from "vitest";
import type { MessageParam } from "../../../wire/index.js";
import { referencedToolNames } from "./referenced-tools.js";

describe("referencedToolNames", () => {
  it("lists the tools tool_reference blocks name, once each, in first-reference order, and skips anything else", () => {
    const result = (id: string, content: unknown) => ({ type: "tool_result", tool_use_id: id, content });
    const messages: MessageParam[] = [
      { role: "user", content: "plain text" },
      { role: "assistant", content: [{ type: "tool_use", id: "t1", name: "search_tools", input: {} }] },
      {
        role: "user",
        content: [
          result("t1", [
            { type: "tool_reference", tool_name: "b__tool" },
            { type: "text", text: "a__tool" },
            { type: "tool_reference", tool_name: 7 },
            null,
            { type: "tool_reference", tool_name: "a__tool" },
          ]),
          result("t2", "b__tool as text"),
        ],
      },
      {
        role: "user",
        content: [
          result("t3", [
            { type: "tool_reference", tool_name: "a__tool" },
            { type: "tool_reference", tool_name: "c__tool" },
          ]),
        ],
      },
      // A reference outside a tool_result is not one the API expands.
      { role: "user", content: [{ type: "tool_reference", tool_name: "d__tool" }] },
    ];
    expect(referencedToolNames(messages)).toEqual(["b__tool", "a__tool", "c__tool"]);
  });
});
