import { describe, expect, it } from "vitest";
import { describeValue } from "./describe-value.js";

describe("describeValue", () => {
  it.each([
    ["fast", '"fast" (a string)'],
    ["", '"" (a string)'],
    ['say "hi"\n', '"say \\"hi\\"\\n" (a string)'],
    [1.2, "1.2"],
    [NaN, "NaN"],
    [-Infinity, "-Infinity"],
    [-0, "-0"],
    [10n, "10n"],
    [true, "true"],
    [undefined, "undefined"],
    [null, "null"],
    [Symbol("secret"), "a symbol"],
    [() => 1, "a function"],
    [[], "an empty array"],
    [["a"], "an array of 1 item"],
    [[1, 2, 3], "an array of 3 items"],
    [{ a: 1 }, "an object"],
    [Object.create(null), "an object"],
    [new Map(), "an instance of Map"],
    [new Error("x"), "an instance of Error"],
    [new URL("https://example.com"), "an instance of URL"],
  ])("describes %o as %s", (value, shown) => {
    expect(describeValue(value)).toBe(shown);
  });

  it("cuts a long string, says how long it was, and never echoes the rest", () => {
    const secret = `${"a".repeat(100)}SECRET-TOKEN`;
    const shown = describeValue(secret);
    expect(shown).toBe(`"${"a".repeat(60)}…" (a string of 112 characters)`);
    expect(shown).not.toContain("SECRET");
    expect(describeValue("x".repeat(1_000_000)).length).toBeLessThan(100);
  });

  it("does not cut a surrogate pair in half", () => {
    const shown = describeValue(`${"a".repeat(59)}😀 and more text after the cut`);
    expect(shown).toBe(`"${"a".repeat(59)}…" (a string of 89 characters)`);
  });

  it("shows a string of exactly the limit whole", () => {
    expect(describeValue("b".repeat(60))).toBe(`"${"b".repeat(60)}" (a string)`);
  });

  it("names neither an object's contents nor a hostile class name", () => {
    const hostile = new Proxy(
      {},
      {
        getPrototypeOf() {
          throw new Error("no");
        },
      },
    );
    expect(describeValue(hostile)).toBe("an object");
    class Named {}
    Object.defineProperty(Named, "name", { value: "x".repeat(500) });
    expect(describeValue(new Named())).toBe("an object");
    expect(describeValue({ password: "hunter2" })).not.toContain("hunter2");
  });
});
