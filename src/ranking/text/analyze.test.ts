import { describe, expect, it } from "vitest";
import { analyzeIdentifier, analyzeText } from "./analyze.js";
import { splitIdentifier, splitWords } from "./split-identifier.js";

describe("text analysis", () => {
  it("splits identifiers on every naming convention", () => {
    expect(splitIdentifier("github__createIssue")).toEqual(["github", "create", "issue"]);
    expect(splitIdentifier("HTTPServer_v2")).toEqual(["http", "server", "v", "2"]);
    expect(splitIdentifier("create-issue")).toEqual(["create", "issue"]);
  });

  it("keeps brand words whole in prose", () => {
    expect(splitWords("Creates GitHub issues in PostgreSQL")).toEqual(["creates", "github", "issues", "in", "postgresql"]);
  });

  it("stems and drops stop words", () => {
    expect(analyzeText("Please list all of the open issues")).toEqual(["list", "open", "issu"]);
    expect(analyzeIdentifier("jira__searchIssues")).toEqual(["jira", "search", "issu"]);
  });
});
