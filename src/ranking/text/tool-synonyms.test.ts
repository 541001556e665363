import { describe, expect, it } from "vitest";
import { analyzeText } from "./analyze.js";
import { synonymTerms, TOOL_SYNONYMS } from "./tool-synonyms.js";

describe("synonymTerms", () => {
  it("reads a word as the other words of its group, stemmed as queries are, in any case", () => {
    expect(synonymTerms("erase")).toEqual(["delet", "remov", "purg"]);
    expect(synonymTerms("Mail")).toEqual(["email", "inbox"]);
    expect(synonymTerms("password")).toEqual(expect.arrayContaining(["passcod"]));
  });

  it("never reads a word with another common reading, nor a group of related words", () => {
    for (const word of ["open", "ticket", "issue", "link", "schedule", "add"])
      expect(synonymTerms(word), word).toBeUndefined();
    // docker is no kubernetes, a commit no revision: related, not the same request.
    for (const word of ["docker", "kubernetes", "commit", "jira"]) expect(synonymTerms(word), word).toBeUndefined();
    expect(synonymTerms("weather")).toBeUndefined();
  });

  it("reads a word into its group's others only, never into itself", () => {
    for (const group of TOOL_SYNONYMS)
      for (const word of group) {
        const terms = synonymTerms(word);
        if (terms === undefined) continue;
        expect(terms, word).not.toContain(analyzeText(word)[0]);
        expect(terms.length, word).toBeGreaterThan(0);
      }
  });
});
