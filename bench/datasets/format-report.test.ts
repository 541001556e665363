import { describe, expect, it } from "vitest";
import { checkDataset } from "./check-dataset.js";
import { formatReport } from "./format-report.js";

describe("formatReport", () => {
  it("prints the counts, then problems, paraphrase offences and mislabelled direct queries", () => {
    const report = checkDataset({
      source: "tests",
      license: "MIT",
      tools: [{ name: "jira__create_issue", description: "Create a Jira issue.", input_schema: { type: "object" } }],
      queries: [
        { query: "new jira issue please", expected: ["jira__create_issue"], kind: "paraphrase" },
        { query: "raise a ticket", expected: ["jira__create_issue"], kind: "direct" },
        { query: "book a flight", expected: ["jira__gone"], kind: "unanswerable" },
      ],
    });
    expect(formatReport(report).split("\n")).toEqual([
      "tools 1 across 1 servers",
      'queries {"direct":1,"paraphrase":1,"multi":0,"unanswerable":1}; answerable 2',
      "clean paraphrases 0 (0.0% of answerable)",
      'problem: queries[2] ("book a flight") is "unanswerable" so it needs 0 expected tool(s), not 1',
      'problem: queries[2].expected names "jira__gone", which is not a tool in the dataset',
      'paraphrase shares [issu, jira] with jira__create_issue: "new jira issue please"',
      'direct query shares nothing with its target: "raise a ticket"',
    ]);
  });
});
