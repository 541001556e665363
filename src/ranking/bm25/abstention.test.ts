import { describe, expect, it } from "vitest";
import { abstains, DEFAULT_ABSTENTION, foreignWords, type MatchEvidence } from "./abstention.js";

/** A coincidence of common words: every sign says abstain. */
const weak: MatchEvidence = {
  evidence: 0.3,
  explained: 0.1,
  nameCoverage: 0.1,
  matchedTerms: 1,
  inServer: false,
  namesServer: false,
  foreignWords: 1,
};

describe("abstains", () => {
  it("abstains when every sign says the best match is a coincidence", () => {
    expect(abstains(weak, DEFAULT_ABSTENTION)).toBe(true);
  });

  it.each([
    ["the query has no word of its own", { foreignWords: 0 }],
    ["the query names the tool's server", { namesServer: true, inServer: true }],
    ["the best score is strong", { evidence: 0.75 }],
    ["the tool explains a quarter of the query", { explained: 0.25 }],
    ["the query covers 20% of the tool's name", { nameCoverage: 0.2 }],
  ] as const)("answers when %s", (_sign, change) => {
    expect(abstains({ ...weak, ...change }, DEFAULT_ABSTENTION)).toBe(false);
  });

  describe("a tool in a server that contains one word of the query", () => {
    const oneWord: MatchEvidence = {
      ...weak,
      explained: 0.2,
      nameCoverage: 0.4,
      inServer: true,
      evidence: 0.6,
      matchedTerms: 1,
    };

    it("abstains when the query has two words of its own, or the match is weaker than maxSingleWordEvidence", () => {
      expect(abstains({ ...oneWord, foreignWords: 2 }, DEFAULT_ABSTENTION)).toBe(true);
      expect(abstains({ ...oneWord, evidence: 0.5 }, DEFAULT_ABSTENTION)).toBe(true);
    });

    it("answers otherwise, and for a tool outside servers or matching two words", () => {
      expect(abstains(oneWord, DEFAULT_ABSTENTION)).toBe(false);
      expect(abstains({ ...oneWord, foreignWords: 2, inServer: false }, DEFAULT_ABSTENTION)).toBe(false);
      expect(abstains({ ...oneWord, foreignWords: 2, matchedTerms: 2 }, DEFAULT_ABSTENTION)).toBe(false);
    });
  });
});

describe("foreignWords", () => {
  const known = new Set(["tabl", "book", "list", "issu"]);
  const isKnown = (term: string) => known.has(term);

  it("counts everyday words the index does not know, once each", () => {
    expect(foreignWords("book a table at an Italian restaurant, a good restaurant", isKnown)).toBe(2);
  });

  it("leaves out names, codes, numbers, paths and stop words: a request's arguments", () => {
    expect(foreignWords("list issues in acme/web-app for PAY-88 from 2024 by Alice please", isKnown)).toBe(0);
  });

  it("counts lower-case words of any cased script, and each run of a caseless script's letters", () => {
    expect(foreignWords("réserver une table", isKnown)).toBe(2);
    expect(foreignWords("забронировать столик", isKnown)).toBe(2);
    // A number or a Latin code between them splits the runs; each run is one word.
    expect(foreignWords("我想在肯德基买10个汉堡", isKnown)).toBe(2);
    expect(foreignWords("获取阿迪达斯的p4工单", isKnown)).toBe(2);
    expect(foreignWords("ช่วยหาคุณแม่บ้าน", isKnown)).toBe(1);
    // A run the index knows a word of is not foreign.
    expect(foreignWords("查询天气", (term) => term === "天气")).toBe(0);
  });

  it("leaves out a short form whose long form the index knows", () => {
    const withRepositories = (term: string) => term === "repositori" || term === "list";
    expect(foreignWords("list my repos", withRepositories)).toBe(0);
    expect(foreignWords("list my repos", isKnown)).toBe(1);
  });
});
