import { describe, expect, it } from "vitest";
import { MAX_CHANGED_TOOLS, parseReplicaMessage } from "./replica-message.js";

describe("parseReplicaMessage, a replica's tool changes", () => {
  it("reads the names a replica saw change, or that all may have", () => {
    expect(parseReplicaMessage({ kind: "tools", replica: "0123abcd", tools: ["dyn__echo"] })).toEqual({
      kind: "tools",
      replica: "0123abcd",
      tools: ["dyn__echo"],
    });
    expect(parseReplicaMessage({ kind: "tools", replica: "0123abcd", tools: "all" })).toMatchObject({ tools: "all" });
  });

  it("refuses a malformed one: no replica id, too many or too long names, names not strings", () => {
    for (const hostile of [
      { kind: "tools", replica: "me", tools: [] },
      { kind: "tools", replica: "0123abcd", tools: Array(MAX_CHANGED_TOOLS + 1).fill("x") },
      { kind: "tools", replica: "0123abcd", tools: ["x".repeat(257)] },
      { kind: "tools", replica: "0123abcd", tools: [42] },
      { kind: "tools", replica: "0123abcd", tools: "some" },
    ])
      expect(parseReplicaMessage(hostile)).toBeUndefined();
  });
});
