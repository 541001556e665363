import { describe, expect, it } from "vitest";
import { checkDataset } from "./check-dataset.js";
import type { Dataset, DatasetQuery, DatasetTool } from "./dataset-format.js";

const issueTool: DatasetTool = {
  name: "jira__create_issue",
  description: "Create a Jira issue in a project. Sets summary and type.",
  input_schema: { type: "object", properties: { summary: { type: "string" } }, required: ["summary"] },
};
const sendTool: DatasetTool = {
  name: "slack__postMessage",
  description: "Send text to a channel.",
  input_schema: { type: "object", properties: {} },
};

function dataset(queries: DatasetQuery[], tools: DatasetTool[] = [issueTool, sendTool]): Dataset {
  return { source: "written for these tests", license: "MIT", tools, queries };
}

describe("checkDataset", () => {
  it("accepts a well-formed dataset and counts tools, servers and kinds", () => {
    const report = checkDataset(
      dataset([
        { query: "create a jira issue for the crash", expected: ["jira__create_issue"], kind: "direct" },
        { query: "open a ticket about the crash", expected: ["jira__create_issue"], kind: "paraphrase" },
        {
          query: "file a bug and tell the team",
          expected: ["jira__create_issue", "slack__postMessage"],
          kind: "multi",
        },
        { query: "book a table for two", expected: [], kind: "unanswerable" },
      ]),
    );
    expect(report.problems).toEqual([]);
    expect(report.toolCount).toBe(2);
    expect(report.servers).toEqual({ jira: 1, slack: 1 });
    expect(report.counts).toEqual({ direct: 1, paraphrase: 1, multi: 1, unanswerable: 1 });
    expect(report.answerable).toBe(3);
    expect(report.paraphraseOffences).toEqual([]);
    expect(report.cleanParaphrases).toBe(1);
    expect(report.cleanParaphraseShare).toBeCloseTo(1 / 3);
  });

  it("reports bad and duplicate names, missing descriptions and non-object schemas", () => {
    const report = checkDataset(
      dataset(
        [],
        [
          issueTool,
          { ...issueTool },
          { name: "has space", description: "x", input_schema: { type: "object" } },
          { name: "a".repeat(65), description: "x", input_schema: { type: "object" } },
          { name: "no_description", description: " ", input_schema: { type: "object" } },
          {
            name: "array_schema",
            description: "x",
            input_schema: { type: "array" } as unknown as DatasetTool["input_schema"],
          },
        ],
      ),
    );
    expect(report.problems).toEqual([
      'tools[1].name "jira__create_issue" is used by an earlier tool; names must be unique',
      'tools[2].name "has space" does not match ^[a-zA-Z0-9_-]{1,64}$',
      `tools[3].name "${"a".repeat(65)}" does not match ^[a-zA-Z0-9_-]{1,64}$`,
      "tools[4].description is missing or empty; say what the tool does",
      'tools[5].input_schema must be a JSON Schema object with "type": "object"',
    ]);
    expect(report.toolCount).toBe(3);
  });

  it("reports a required property that the schema does not define, even when nested", () => {
    const nested: DatasetTool = {
      name: "x__nested",
      description: "Nested schema.",
      input_schema: {
        type: "object",
        properties: { outer: { type: "object", properties: { a: { type: "string" } }, required: ["a", "b"] } },
        required: ["outer", "missing"],
      },
    };
    const report = checkDataset(dataset([], [nested]));
    expect(report.problems).toEqual([
      'tools[0].input_schema.required lists "missing", which is not in tools[0].input_schema.properties',
      'tools[0].input_schema.properties.outer.required lists "b", which is not in tools[0].input_schema.properties.outer.properties',
    ]);
  });

  it("reports unknown targets, wrong arity per kind, unknown kinds and repeated queries", () => {
    const report = checkDataset(
      dataset([
        { query: "create a jira issue", expected: ["jira__nope"], kind: "direct" },
        { query: "make two things", expected: ["jira__create_issue"], kind: "multi" },
        { query: "nothing answers this", expected: ["jira__create_issue"], kind: "unanswerable" },
        { query: "Create a Jira issue ", expected: ["jira__create_issue"], kind: "direct" },
        { query: "whatever", expected: [], kind: "vague" as DatasetQuery["kind"] },
      ]),
    );
    expect(report.problems).toEqual([
      'queries[0].expected names "jira__nope", which is not a tool in the dataset',
      'queries[1] ("make two things") is "multi" so it needs at least 2 expected tool(s), not 1',
      'queries[2] ("nothing answers this") is "unanswerable" so it needs 0 expected tool(s), not 1',
      'queries[3].query repeats queries[0] ("Create a Jira issue "); merge or reword them',
      'queries[4].kind "vague" is not one of direct, paraphrase, multi, unanswerable',
    ]);
  });

  it("flags paraphrases sharing a stem with the target's name or description, after stemming", () => {
    const report = checkDataset(
      dataset([
        { query: "raise tickets for the crash", expected: ["jira__create_issue"], kind: "paraphrase" },
        { query: "log the issues from QA", expected: ["jira__create_issue"], kind: "paraphrase" },
        { query: "tell everyone: post a message", expected: ["slack__postMessage"], kind: "paraphrase" },
        { query: "let the team know we shipped", expected: ["slack__postMessage"], kind: "paraphrase" },
      ]),
    );
    expect(report.paraphraseOffences).toEqual([
      { query: "log the issues from QA", tool: "jira__create_issue", shared: ["issu"] },
      { query: "tell everyone: post a message", tool: "slack__postMessage", shared: ["messag", "post"] },
    ]);
    expect(report.cleanParaphrases).toBe(2);
    expect(report.cleanParaphraseShare).toBe(0.5);
  });

  it("lists direct queries that share nothing with their target as likely mislabelled", () => {
    const report = checkDataset(
      dataset([
        { query: "create a jira issue", expected: ["jira__create_issue"], kind: "direct" },
        { query: "raise a ticket", expected: ["jira__create_issue"], kind: "direct" },
      ]),
    );
    expect(report.directWithoutSharedWord).toEqual(["raise a ticket"]);
  });

  it("explains what is wrong with input that is not a dataset at all", () => {
    expect(checkDataset(null).problems).toEqual([
      "the dataset is not a JSON object; expected { source, license, tools, queries }",
      '"source" is missing or empty; say where the data comes from and under which licence',
      '"license" is missing or empty; say where the data comes from and under which licence',
      '"tools" must be an array of tools',
      '"queries" must be an array of { query, expected, kind }',
    ]);
    expect(
      checkDataset({ source: "s", license: "MIT", tools: [], queries: [{ query: "q", expected: "x", kind: "direct" }] })
        .problems,
    ).toEqual(["queries[0].expected must be an array of tool names"]);
  });
});
