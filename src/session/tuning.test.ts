import { describe, expect, it } from "vitest";
import { thrownBy } from "../../test/support/thrown-by.js";
import { OptionsError } from "../errors.js";
import { MAX_SEARCH_LIMIT } from "./search-tools-tool.js";
import { resolveTuning } from "./tuning.js";

const DEFAULTS = {
  toolSearch: true,
  toolSearchThresholdTokens: 10_000,
  keepTools: [],
  maxHydratedTools: 15,
  maxStubTokens: 10_000,
  searchLimit: 5,
  maxSessions: 1_000,
};

const OPTION_NAMES =
  "toolSearch, toolSearchThresholdTokens, keepTools, maxHydratedTools, maxStubTokens, searchLimit, maxSessions";

/** The OptionsError resolveTuning throws for `tuning`, checked for its code. */
function refusal(tuning: unknown): string {
  const error = thrownBy(() => resolveTuning(tuning), OptionsError);
  expect(error.code).toBe("invalid_tuning");
  return error.message;
}

describe("resolveTuning: defaults", () => {
  it("fills in every documented default when tuning is left out or empty", () => {
    expect(resolveTuning()).toEqual(DEFAULTS);
    expect(resolveTuning(undefined)).toEqual(DEFAULTS);
    expect(resolveTuning({})).toEqual(DEFAULTS);
  });

  it("keeps what is given and defaults the rest; undefined counts as left out", () => {
    expect(resolveTuning({ maxHydratedTools: 3, toolSearch: false, searchLimit: undefined })).toEqual({
      ...DEFAULTS,
      maxHydratedTools: 3,
      toolSearch: false,
    });
  });

  it("drops duplicate keepTools, keeping the first of each in order, without touching the caller's array", () => {
    const keepTools = ["postgres__query", "slack__post_message", "postgres__query"];
    const resolved = resolveTuning({ keepTools });
    expect(resolved.keepTools).toEqual(["postgres__query", "slack__post_message"]);
    expect(keepTools).toHaveLength(3);
  });

  it("hands out a fresh keepTools array each time, so one toolSearch's edits cannot reach another's", () => {
    const first = resolveTuning();
    (first.keepTools as string[]).push("a__b");
    expect(resolveTuning().keepTools).toEqual([]);
  });
});

describe("resolveTuning: what it refuses", () => {
  it.each([
    ["null", null, "null"],
    ["an array", [], "an empty array"],
    ["a number", 5, "5"],
    ["a string", "fast", '"fast" (a string)'],
    ["a boolean", true, "true"],
  ])("refuses tuning that is %s, with an example of what to pass", (_label, tuning, got) => {
    expect(refusal(tuning)).toBe(`tuning must be an object such as { maxHydratedTools: 10 }, or left out; got ${got}.`);
  });

  it("refuses a misspelt option, listing the real ones", () => {
    expect(refusal({ maxHydrated: 3 })).toBe(`Unknown tuning option "maxHydrated". The options are ${OPTION_NAMES}.`);
  });

  it.each(["toString", "constructor", "hasOwnProperty"])(
    "refuses %s, which every object inherits but is no option",
    (key) => {
      expect(refusal(JSON.parse(`{"${key}": 1}`))).toBe(
        `Unknown tuning option "${key}". The options are ${OPTION_NAMES}.`,
      );
    },
  );

  it.each([
    ["a string", "false", '"false" (a string)'],
    ["a number", 0, "0"],
    ["null", null, "null"],
    ["an object", {}, "an object"],
    ["an array", [true], "an array of 1 item"],
  ])("refuses a toolSearch that is %s rather than true or false", (_label, toolSearch, got) => {
    expect(refusal({ toolSearch })).toBe(`tuning.toolSearch must be true or false, got ${got}.`);
  });

  it.each([
    ["toolSearchThresholdTokens", -1],
    ["maxHydratedTools", -1],
    ["maxStubTokens", -1],
    ["maxSessions", 0],
  ])("refuses %s below its minimum", (name, value) => {
    const min = value + 1;
    expect(refusal({ [name]: value })).toBe(`tuning.${name} must be a whole number of at least ${min}, got ${value}.`);
  });

  it.each([
    ["a fraction", 2.5, "2.5"],
    ["NaN", Number.NaN, "NaN"],
    ["Infinity", Number.POSITIVE_INFINITY, "Infinity"],
    ["a numeric string", "5", '"5" (a string)'],
    ["above the largest safe integer", Number.MAX_SAFE_INTEGER + 1, "9007199254740992"],
  ])("refuses a count that is %s", (_label, value, got) => {
    expect(refusal({ maxHydratedTools: value })).toBe(
      `tuning.maxHydratedTools must be a whole number of at least 0, got ${got}.`,
    );
  });

  it.each([0, MAX_SEARCH_LIMIT + 1])("refuses searchLimit %s, naming the range", (searchLimit) => {
    expect(refusal({ searchLimit })).toBe(
      `tuning.searchLimit must be a whole number from 1 to ${MAX_SEARCH_LIMIT}, got ${searchLimit}.`,
    );
  });

  it.each([
    ["a string", "postgres__query"],
    ["an array holding a non-string", ["postgres__query", 5]],
    ["null", null],
  ])("refuses keepTools that is %s", (_label, keepTools) => {
    expect(refusal({ keepTools })).toBe("tuning.keepTools must be an array of tool names.");
  });
});

describe("resolveTuning: the edges it accepts", () => {
  it("accepts every count at its minimum", () => {
    expect(
      resolveTuning({
        toolSearchThresholdTokens: 0,
        maxHydratedTools: 0,
        maxStubTokens: 0,
        searchLimit: 1,
        maxSessions: 1,
      }),
    ).toEqual({
      ...DEFAULTS,
      toolSearchThresholdTokens: 0,
      maxHydratedTools: 0,
      maxStubTokens: 0,
      searchLimit: 1,
      maxSessions: 1,
    });
  });

  it("accepts searchLimit at its maximum and an unbounded count at the largest safe integer", () => {
    expect(resolveTuning({ searchLimit: MAX_SEARCH_LIMIT, maxSessions: Number.MAX_SAFE_INTEGER })).toMatchObject({
      searchLimit: MAX_SEARCH_LIMIT,
      maxSessions: Number.MAX_SAFE_INTEGER,
    });
  });

  it("accepts an empty keepTools", () => {
    expect(resolveTuning({ keepTools: [] }).keepTools).toEqual([]);
  });
});
