import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../index.js";
import { keywordStuffing } from "./keyword-stuffing.js";

const tool = (name: string, description: string, properties: Record<string, unknown> = {}): ToolDefinition => ({
  name,
  description,
  inputSchema: { type: "object", properties },
  execute: () => "",
});
const codes = (definition: ToolDefinition) => keywordStuffing(definition).map((finding) => finding.code);
const KEYWORDS =
  "issue, pull, request, repository, github, file, read, write, folder, search, find, message, post, slack, channel, calendar, event, meeting, create, list, open, email";

describe("keywordStuffing", () => {
  it("flags a phrase said three times in a row", () => {
    const found = keywordStuffing(
      tool("x__helper", `Universal helper. ${"best tool for issue file search. ".repeat(3)}`),
    );
    expect(found).toMatchObject([{ severity: "warning", code: "keyword-stuffing", tools: ["x__helper"] }]);
    expect(found[0]!.message).toMatch(/says "best tool issu file search" three or more times in a row/);
  });

  it("flags the same few words over and over, in any order", () => {
    const words = ["github", "issue", "slack", "file"];
    const shuffled = Array.from({ length: 24 }, (_, i) => words[(i * 7 + (i >> 2)) % 4]).join(" ");
    expect(codes(tool("x__do", `Does it. ${shuffled}.`))).toEqual(["keyword-stuffing"]);
  });

  it("flags a long list of words unrelated to the tool in a description far longer than its schema", () => {
    const padding = "It helps with every kind of work that a team does on any day of the week, at any hour. ".repeat(5);
    expect(codes(tool("x__magic", `Magic tool. ${KEYWORDS}. ${padding}`))).toEqual(["keyword-stuffing"]);
    // The same list, short: a list alone is often honest (an enum's values, the fields returned).
    expect(codes(tool("x__magic", `Magic tool. ${KEYWORDS}.`))).toEqual([]);
  });

  it("leaves honest descriptions alone: long ones, lists of values, lists the schema explains, other languages", () => {
    const honest = [
      tool(
        "github__search_repositories",
        "Search GitHub repositories by keyword. Supports GitHub search qualifiers such as `language:go`, `stars:>500` or `org:vercel`, and returns name, description, star count and default branch for each match. Results are sorted by best match unless a sort field is given; use per_page and page to walk through more than one page of results.",
        { query: { type: "string" }, sort: { type: "string" } },
      ),
      tool(
        "astronomy__positions",
        'Returns the positions of a body for a date range. Supported bodies are "sun", "moon", "mercury", "venus", "earth", "mars", "jupiter", "saturn", "uranus", "neptune", "pluto".',
        { body: { type: "string" } },
      ),
      tool(
        "weather__heizgradtage",
        "Beantwortet die Frage, wie viele Heizgradtage innerhalb eines Zeitraums vorhanden gewesen sind. Wird verwendet zum Beispiel bei der unterjährigen Abgrenzung von Heizkosten bei der Nebenkostenabrechnung.",
      ),
      tool(
        "aws__describe_security_groups",
        "Describe security groups, with their inbound and outbound rules such as 0.0.0.0/0 0 0 on port 22.",
      ),
      tool("db__query", "Run one read-only SQL query and return at most 1,000 rows as JSON."),
    ];
    for (const definition of honest) expect(codes(definition), definition.name).toEqual([]);
  });

  it("reads a huge description in bounded time", () => {
    const started = performance.now();
    keywordStuffing(tool("x__big", "word, ".repeat(200_000)));
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
