import { describe, expect, it } from "vitest";
import { safeRegExp, safeRegExpEngine } from "./safe-regexp.js";

describe("safeRegExp", () => {
  it("compiles an ordinary pattern that matches as ECMAScript would", () => {
    const digits = safeRegExp("^\\d+\\.\\d$");
    expect(digits.test("12.5")).toBe(true);
    expect(digits.test("12.")).toBe(false);
    expect(safeRegExp("^a$").test("a")).toBe(true);
    expect(safeRegExp("^a$").test("ab")).toBe(false);
  });

  it("shows itself as the pattern it was given, with the u flag", () => {
    expect(String(safeRegExp("^a+$"))).toBe("/^a+$/u");
  });

  it("accepts a pattern of up to 2,000 characters and refuses a longer one, saying so", () => {
    expect(safeRegExp("x".repeat(2_000)).test("x".repeat(2_000))).toBe(true);
    expect(() => safeRegExp("x".repeat(2_001))).toThrow(
      new Error("the pattern is 2001 characters long; the limit is 2000"),
    );
  });

  it.each([
    ["a lookahead", "^(?=.*[A-Z]).+$"],
    ["a lookbehind", "(?<=a)b"],
    ["a backreference", "(a)\\1"],
  ])("refuses %s, which needs a backtracking engine, and says how to proceed", (_label, pattern) => {
    expect(() => safeRegExp(pattern)).toThrow(
      new RegExp(
        `^the pattern ${escapeRegExp(JSON.stringify(pattern))} cannot be matched in linear time \\(.+\\); lookahead, lookbehind and ` +
          "backreferences are not supported\\. Rewrite it without them, or check that part inside execute$",
      ),
    );
  });

  it("gives the engine's reason without its 'error parsing regexp' preamble", () => {
    expect(() => safeRegExp("([")).toThrow("cannot be matched in linear time (missing closing ]: `[`);");
    expect(() => safeRegExp("([")).not.toThrow(/error parsing regexp/);
  });

  it("refuses a pattern that ends in a lone backslash", () => {
    expect(() => safeRegExp("a\\")).toThrow("(trailing backslash at end of expression)");
  });
});

describe("safeRegExp: \\s and \\S mean what ECMAScript means", () => {
  // RE2's \s is ASCII only; a schema author writes ECMAScript, whose \s includes Unicode spaces.
  it.each([
    ["a space", " "],
    ["a tab", "\t"],
    ["a no-break space", "\u00a0"],
    ["an em space", "\u2003"],
    ["a line separator", "\u2028"],
    ["an ideographic space", "\u3000"],
    ["a byte-order mark", "\ufeff"],
  ])("\\s matches %s and \\S does not", (_label, space) => {
    expect(safeRegExp("^\\s$").test(space)).toBe(true);
    expect(safeRegExp("^\\S$").test(space)).toBe(false);
  });

  it("\\S matches a character that is not a space and \\s does not", () => {
    expect(safeRegExp("^\\S$").test("x")).toBe(true);
    expect(safeRegExp("^\\s$").test("x")).toBe(false);
  });

  it("leaves \\s and \\S inside a character class to the engine", () => {
    expect(safeRegExp("^[\\sa]$").test("a")).toBe(true);
    expect(safeRegExp("^[\\sa]$").test(" ")).toBe(true);
    expect(safeRegExp("^[\\S]$").test("x")).toBe(true);
    expect(safeRegExp("^[\\S]$").test(" ")).toBe(false);
  });

  it("rewrites \\s again after a character class closes", () => {
    expect(safeRegExp("^[a]\\s$").test("a\u00a0")).toBe(true);
    expect(safeRegExp("^[a]\\S$").test("a\u00a0")).toBe(false);
  });

  it("does not take an escaped backslash followed by s for \\s", () => {
    expect(safeRegExp("^\\\\s$").test("\\s")).toBe(true);
    expect(safeRegExp("^\\\\s$").test(" ")).toBe(false);
  });
});

describe("safeRegExp: . means what ECMAScript means", () => {
  // RE2's . stops only at "\n": without this, "^.+$" (one line) would accept "a\rb", a header injection.
  it.each([
    ["a carriage return", "\r"],
    ["a line feed", "\n"],
    ["a line separator", "\u2028"],
    ["a paragraph separator", "\u2029"],
  ])("does not match %s", (_label, terminator) => {
    expect(safeRegExp("^.$").test(terminator)).toBe(false);
    expect(safeRegExp("^.+$").test(`a${terminator}b`)).toBe(false);
  });

  it("matches any other character", () => {
    expect(safeRegExp("^.$").test("x")).toBe(true);
    expect(safeRegExp("^.$").test("\u0085")).toBe(true);
    expect(safeRegExp("^a.c$").test("a c")).toBe(true);
  });

  it("leaves a . inside a character class, or escaped, a literal dot", () => {
    expect(safeRegExp("^[.]$").test(".")).toBe(true);
    expect(safeRegExp("^[.]$").test("x")).toBe(false);
    expect(safeRegExp("^\\.$").test("x")).toBe(false);
    expect(safeRegExp("^[a].$").test("a\r")).toBe(false);
  });
});

describe("safeRegExpEngine (ajv's code.regExp hook)", () => {
  it("compiles with safeRegExp, so ajv's patterns run in linear time", () => {
    expect(safeRegExpEngine("^\\s$").test("\u00a0")).toBe(true);
    expect(() => safeRegExpEngine("(?=a)")).toThrow(/cannot be matched in linear time/);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
