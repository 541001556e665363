import { describe, expect, it } from "vitest";
import { globProblem, nameMatcher, prefixCoverage } from "./name-glob.js";

describe("nameMatcher", () => {
  it("matches whole names: * any run (underscores included), ? one character, the rest literally", () => {
    const matches = nameMatcher(["github__delete_*", "*__drop_table", "fs__read_?ile", "a-b__c"]);
    expect(matches("github__delete_repository")).toBe(true);
    expect(matches("github__delete_")).toBe(true);
    expect(matches("xgithub__delete_repository")).toBe(false);
    expect(matches("postgres__drop_table")).toBe(true);
    expect(matches("postgres__drop_tables")).toBe(false);
    expect(matches("fs__read_file")).toBe(true);
    expect(matches("fs__read_ffile")).toBe(false);
    expect(matches("a-b__c")).toBe(true);
    expect(nameMatcher([])("anything")).toBe(false);
  });

  it("is case-sensitive, as tool names are", () => {
    expect(nameMatcher(["GitHub__*"])("github__x")).toBe(false);
  });

  it("takes linear time on globs that would make a regular expression backtrack", () => {
    const glob = `${"*a".repeat(60)}*b`;
    const name = "a".repeat(64);
    // A backtracking regex (.*a){60}.*b on 64 a's takes astronomically long; this returns at once.
    expect(nameMatcher([glob])(name)).toBe(false);
    expect(nameMatcher([glob])(`${"a".repeat(63)}b`)).toBe(true);
    expect(nameMatcher(["*a*b"])("xxaxxb")).toBe(true);
  });
});

describe("globProblem", () => {
  it("accepts tool-name characters and wildcards", () => {
    expect(globProblem("github__*")).toBeUndefined();
  });

  it("explains globs that can never match and values that are not globs", () => {
    expect(globProblem("github.*")).toMatch(/can never match/);
    expect(globProblem("")).toBe("is empty");
    expect(globProblem(3)).toMatch(/must be a string, got 3$/);
  });
});

describe("prefixCoverage", () => {
  it("tells a glob that matches every name of a server from one that matches some, or none", () => {
    expect(prefixCoverage(["secret__*"], "secret__")).toEqual({ all: true, some: true });
    expect(prefixCoverage(["*"], "secret__")).toEqual({ all: true, some: true });
    expect(prefixCoverage(["s*t__**"], "secret__")).toEqual({ all: true, some: true });
    expect(prefixCoverage(["secret__get_*"], "secret__")).toEqual({ all: false, some: true });
    expect(prefixCoverage(["*__drop_table"], "secret__")).toEqual({ all: false, some: true });
    expect(prefixCoverage(["se?ret__x"], "secret__")).toEqual({ all: false, some: true });
    expect(prefixCoverage(["github__*"], "secret__")).toEqual({ all: false, some: false });
    // Only the prefix itself, which is no tool name.
    expect(prefixCoverage(["secret__"], "secret__")).toEqual({ all: false, some: false });
    expect(prefixCoverage([], "secret__")).toEqual({ all: false, some: false });
  });
});

describe("name globs at their edges", () => {
  it("bounds a glob at 200 characters, and says so", () => {
    expect(globProblem("a".repeat(200))).toBeUndefined();
    expect(globProblem("a".repeat(201))).toBe(
      `${JSON.stringify("a".repeat(201))} can never match: tool names have only letters, digits, "_" and "-" (plus "*" for any run of characters and "?" for one), at most 200 characters`,
    );
    expect(globProblem("a b")).toMatch(/^"a b" can never match/);
    expect(globProblem("a\nb")).toMatch(/can never match/);
    expect(globProblem(["gh__*"])).toBe("must be a string, got an array of 1 item");
    expect(globProblem("Az09_-*?")).toBeUndefined();
  });

  it("folds case on both sides with ignoreCase, and copies the globs it is given", () => {
    const globs = ["GitHub__*"];
    const folded = nameMatcher(globs, { ignoreCase: true });
    const exact = nameMatcher(globs);
    globs[0] = "other__*";
    expect(folded("github__x")).toBe(true);
    expect(folded("GITHUB__X")).toBe(true);
    expect(folded("other__x")).toBe(false);
    expect(exact("GitHub__x")).toBe(true);
    expect(exact("other__x")).toBe(false);
    expect(nameMatcher(["a"], { ignoreCase: false })("A")).toBe(false);
  });

  it("matches ? as exactly one character, and a trailing run of stars as anything, nothing included", () => {
    const matches = nameMatcher(["a?c", "x**", "p*q*"]);
    expect(["abc", "ac", "abbc", "x", "xyz", "pq", "pzqz", "pz"].map((name) => matches(name))).toEqual([
      true,
      false,
      false,
      true,
      true,
      true,
      true,
      false,
    ]);
    // A star backs off one character at a time, as often as it must.
    expect(nameMatcher(["*ab*ab"])("aabxabab")).toBe(true);
    expect(nameMatcher(["*ab"])("aba")).toBe(false);
    expect(nameMatcher([""])("")).toBe(true);
    expect(nameMatcher([""])("a")).toBe(false);
  });

  it("covers a prefix only with stars past it, and reads ? and stars inside the prefix", () => {
    expect(prefixCoverage(["se*"], "secret__")).toEqual({ all: true, some: true });
    expect(prefixCoverage(["secret__x*"], "secret__")).toEqual({ all: false, some: true });
    expect(prefixCoverage(["??????__*"], "secret__")).toEqual({ all: true, some: true });
    expect(prefixCoverage(["?????__*"], "secret__")).toEqual({ all: false, some: false });
    expect(prefixCoverage(["*t__"], "secret__")).toEqual({ all: false, some: true });
    expect(prefixCoverage(["secret__*", "x"], "secret__")).toEqual({ all: true, some: true });
    expect(prefixCoverage(["x", "secret__y"], "secret__")).toEqual({ all: false, some: true });
    expect(prefixCoverage(["s*x__*"], "secret__")).toEqual({ all: false, some: true });
  });
});
