import { describe, expect, it } from "vitest";
import { nameQueries } from "./name-queries.js";

describe("nameQueries", () => {
  it("asks for each tool by its name, its words, camelCase and its local part's words", () => {
    const { queries, ambiguous } = nameQueries(["slack__post_message"]);
    expect(queries).toEqual([
      { query: "slack__post_message", tool: "slack__post_message", form: "name" },
      { query: "slack post message", tool: "slack__post_message", form: "words" },
      { query: "slackPostMessage", tool: "slack__post_message", form: "camelCase" },
      { query: "post message", tool: "slack__post_message", form: "local words" },
    ]);
    expect(ambiguous).toBe(0);
  });

  it("leaves out a form another tool's name shares, and counts it", () => {
    const { queries, ambiguous } = nameQueries([
      "github__create_issue",
      "jira__create_issue",
      "calculate_final_velocity",
      "calculateFinalVelocity",
    ]);
    const asked = queries.map((query) => query.query);
    expect(asked).not.toContain("create issue");
    expect(asked).not.toContain("calculate final velocity");
    // Each name itself is always asked.
    expect(asked).toEqual(
      expect.arrayContaining([
        "github__create_issue",
        "jira__create_issue",
        "calculate_final_velocity",
        "calculateFinalVelocity",
      ]),
    );
    // create issue twice (local words), and for the velocity pair: words and camelCase of one, words of the other.
    expect(ambiguous).toBe(5);
  });

  it("does not ask a camelCase spelling that splits into other words, or repeats the name", () => {
    const asked = nameQueries(["best_over_1_5", "getUser"]).queries.map((query) => `${query.form}: ${query.query}`);
    expect(asked).not.toContain("camelCase: bestOver15");
    expect(asked).toContain("words: best over 1 5");
    expect(asked.filter((entry) => entry.endsWith(": getUser"))).toEqual(["name: getUser"]);
  });
});
