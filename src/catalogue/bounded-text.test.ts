import { describe, expect, it } from "vitest";
import { boundText, oneLine } from "./bounded-text.js";

describe("boundText", () => {
  it("keeps text within the bound as it is", () => {
    expect(boundText("short", 5)).toBe("short");
  });

  it("cuts longer text to the bound, marked with an ellipsis", () => {
    const cut = boundText("abcdefghij", 5);
    expect(cut).toBe("abcd…");
    expect(cut.length).toBe(5);
  });

  it("never leaves half a surrogate pair at the cut", () => {
    const text = `abc${"😀".repeat(10)}`;
    for (let max = 1; max < text.length; max++) {
      const cut = boundText(text, max);
      expect(cut.length).toBeLessThanOrEqual(max);
      // encodeURIComponent throws on a lone surrogate.
      expect(() => encodeURIComponent(cut)).not.toThrow();
    }
  });
});

describe("oneLine", () => {
  it("turns newlines, tabs and control characters into single spaces and bounds the length", () => {
    expect(oneLine("a\nb\r\n\tc\u0000d  e", 100)).toBe("a b c d e");
    expect(oneLine(`${"line\n".repeat(100_000)}`, 20).length).toBeLessThanOrEqual(20);
  });
});
