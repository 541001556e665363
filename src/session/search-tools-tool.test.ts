import { describe, expect, it } from "vitest";
import {
  MAX_TAUGHT_QUERY_LENGTH,
  MAX_SEARCH_LIMIT,
  checkQuery,
  parseSearchInput,
  searchToolsDefinition,
} from "./search-tools-tool.js";
import { STUB_HINT } from "./stub.js";

describe("searchToolsDefinition", () => {
  it("explains stubs by default: what the hint means, and that a stub takes any input", () => {
    const definition = searchToolsDefinition(5);
    expect(definition.name).toBe("search_tools");
    expect(definition.description).toBe(
      "Search the full catalogue of available tools by what you want to do. " +
        `A tool whose description ends in "${STUB_HINT}" is listed by its first sentence only and accepts any input here: ` +
        "call it with your best guess (a wrong input is refused, with the tool's full schema) or search first to read more. " +
        "Search also finds tools that are not listed. " +
        'Describe the task in plain words (e.g. "open a pull request", "find unpaid invoices").',
    );
    expect(searchToolsDefinition(5, "stubs")).toEqual(definition);
  });

  it("says most tools are unlisted when the block shows no stubs", () => {
    expect(searchToolsDefinition(5, "search-only").description).toBe(
      "Search the full catalogue of available tools by what you want to do. " +
        "Most tools are not listed at all: search finds them, with their names and descriptions, and you can then call any of them by name " +
        "(a wrong input is refused, with the tool's full schema). " +
        'Describe the task in plain words (e.g. "open a pull request", "find unpaid invoices").',
    );
  });

  it("takes a query and an optional limit, bounded as parseSearchInput bounds them, with the default limit stated", () => {
    expect(searchToolsDefinition(7).input_schema).toEqual({
      type: "object",
      properties: {
        query: {
          type: "string",
          description: 'What you want to do, in a few words. "server:github <task>" searches one server only.',
          maxLength: 2000,
        },
        limit: { type: "integer", description: "How many matches to return (default 7).", minimum: 1, maximum: 50 },
      },
      required: ["query"],
      additionalProperties: false,
    });
    expect([MAX_TAUGHT_QUERY_LENGTH, MAX_SEARCH_LIMIT]).toEqual([500, 50]);
  });
});

describe("parseSearchInput", () => {
  it.each([
    ["a string", "send a message"],
    ["null", null],
    ["an array", [{ query: "send a message" }]],
    ["a number", 3],
  ])("answers %s with an example of the object it takes", (_label, input) => {
    expect(parseSearchInput(input)).toEqual({
      ok: false,
      error: 'search_tools takes an object like {"query": "send a slack message"}.',
    });
  });

  it("trims the query and leaves the limit to the default when none is given", () => {
    expect(parseSearchInput({ query: "  send a message \n" })).toEqual({
      ok: true,
      query: "send a message",
      limit: undefined,
    });
  });

  it.each([
    [1, 1],
    [50, 50],
    ["3", 3],
  ])("takes a limit of %j as %i", (limit, parsed) => {
    expect(parseSearchInput({ query: "send", limit })).toEqual({ ok: true, query: "send", limit: parsed });
  });

  // Only a number, or a string holding one (models send "3"), is read as a limit: not true, not [5].
  it.each<[unknown, string]>([
    [0, "0"],
    [51, "51"],
    [2.5, "2.5"],
    ["three", '"three" (a string)'],
    [null, "null"],
    [-1, "-1"],
    [true, "true"],
    [[5], "an array of 1 item"],
  ])("refuses a limit of %j, saying the range and what it got", (limit, shown) => {
    expect(parseSearchInput({ query: "send", limit })).toEqual({
      ok: false,
      error: `search_tools: "limit" must be a whole number from 1 to 50, got ${shown}.`,
    });
  });

  it("refuses a bad query before looking at the limit", () => {
    expect(parseSearchInput({ query: "", limit: 0 })).toEqual({ ok: false, error: checkQuery("") });
  });
});

describe("checkQuery", () => {
  it("says a query that is not a string must be one, naming what it was", () => {
    expect(checkQuery(42)).toBe('search_tools: "query" must be a string describing the task, got 42.');
    expect(checkQuery(undefined)).toBe('search_tools: "query" must be a string describing the task, got undefined.');
  });

  it("says an empty or blank query is empty, with an example", () => {
    const empty = 'search_tools: "query" is empty. Describe what you want to do, e.g. "create a calendar event".';
    expect(checkQuery("")).toBe(empty);
    expect(checkQuery(" \t\n")).toBe(empty);
  });

  it("takes a query of up to 2,000 characters, and says how long a longer one is", () => {
    expect(checkQuery("a".repeat(2000))).toBeUndefined();
    expect(checkQuery("a".repeat(2001))).toBe(
      'search_tools: "query" is 2001 characters; the limit is 2000. Use a few key words for the task instead.',
    );
    // The length counted is the query as sent: padding counts too.
    expect(checkQuery(` ${"a".repeat(1999)} `)).toMatch(/is 2001 characters/);
  });
});
