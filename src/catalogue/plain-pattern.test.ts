import { describe, expect, it } from "vitest";
import { realisticCatalogue } from "../../bench/cold-start/realistic-catalogue.js";
import { Prng } from "../../test/fuzz/prng.js";
import { compilesPlainly } from "./plain-pattern.js";
import { safeRegExp } from "./safe-regexp.js";

const compiles = (pattern: string): boolean => {
  try {
    safeRegExp(pattern);
    return true;
  } catch {
    return false;
  }
};

/** Every `pattern` in a schema, however deep. */
function patternsIn(value: unknown, found: Set<string>): Set<string> {
  if (typeof value !== "object" || value === null) return found;
  const { pattern } = value as { pattern?: unknown };
  if (typeof pattern === "string") found.add(pattern);
  for (const child of Object.values(value)) patternsIn(child, found);
  return found;
}

describe("compilesPlainly", () => {
  it("reads the realistic catalogue's patterns (ids, dates, emails, versions) as plain, and each compiles", () => {
    const patterns = patternsIn(realisticCatalogue(1_000).tools, new Set());
    expect(patterns.size).toBeGreaterThan(20);
    for (const pattern of patterns) {
      expect(compilesPlainly(pattern), pattern).toBe(true);
      expect(compiles(pattern), pattern).toBe(true);
    }
  });

  it.each([
    ["a lookahead", "^(?=.*\\d)\\w+$"],
    ["a lookbehind", "(?<=a)b"],
    ["a backreference", "(a)\\1"],
    ["a named group", "(?<year>\\d{4})"],
    ["a repeat over RE2's 1,000", "a{1001}"],
    ["a repeat of a repeat too large to expand", "(a{1000}){1000}"],
    ["a class within a class", "[[:alpha:]]"],
    ["a dash after a range", "[a-c-e]"],
    ["a lone brace", "a{"],
    ["two quantifiers in a row", "a**"],
    ["a quantified assertion", "^*a"],
    ["a word boundary, left to the engine", "\\bword\\b"],
    ["a character outside printable ASCII", "^é+$"],
    ["groups nested nine deep", `${"(".repeat(9)}a${")".repeat(9)}`],
  ])("is not sure of %s, which is then compiled", (_label, pattern) => {
    expect(compilesPlainly(pattern)).toBe(false);
  });

  it("never reads as plain a pattern the engine refuses (20,000 random patterns)", () => {
    // Built from the characters that make patterns hard: syntax, escapes, ranges, counts.
    const pieces = [
      ..."abz09-^$.|*+?(){}[]\\/:,_ ",
      "\\d",
      "\\w",
      "\\s",
      "\\S",
      "(?:",
      "(?=",
      "{2}",
      "{1,3}",
      "{2,}",
      "{1001}",
      "[a-z]",
      "[^0-9]",
      "\\-",
      "\\.",
    ];
    const random = new Prng(11);
    let plain = 0;
    for (let i = 0; i < 20_000; i++) {
      const pattern = Array.from({ length: random.int(1, 12) }, () => pieces[random.int(0, pieces.length - 1)]!).join(
        "",
      );
      if (!compilesPlainly(pattern)) continue;
      plain++;
      expect(compiles(pattern), pattern).toBe(true);
    }
    // The check reads a fair share as plain, so the property above is tested on many.
    expect(plain).toBeGreaterThan(1_000);
  });
});
