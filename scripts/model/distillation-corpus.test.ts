import { describe, expect, it } from "vitest";
import { awsSdkSentences, githubApiSentences, wordnetSentences } from "./distillation-corpus.js";

describe("wordnetSentences", () => {
  it("gives each synset as its words and definition, then its quoted examples, and skips the licence header", () => {
    const file = [
      "  1 This software and database is being provided to you, the LICENSEE, by",
      '00001740 29 v 04 breathe 0 take_a_breath 0 respire 0 suspire 3 021 * 00005041 v 0000 02 + 02 00 | draw air into, and expel out of, the lungs; "I can breathe better when the air is clean"; "The patient is respiring"  ',
      '00003131 00 s 01 galore(ip) 0 000 | in great numbers; "ok"',
      "",
    ].join("\n");
    expect(wordnetSentences(file)).toEqual([
      "breathe, take a breath, respire, suspire: draw air into, and expel out of, the lungs",
      "I can breathe better when the air is clean",
      "The patient is respiring",
      "galore: in great numbers",
    ]);
  });

  it("passes over a line that is not a synset", () => {
    expect(wordnetSentences("not a synset line\nzz zz zz")).toEqual([]);
  });
});

describe("githubApiSentences", () => {
  it("takes summaries and the prose sentences of descriptions, without markup, tables or quotes", () => {
    const document = {
      paths: {
        "/repos/{owner}/{repo}": {
          get: {
            summary: "Get a repository",
            description:
              "Gets a [repository](https://docs) you can `read`. The parent is shown for forks.\n\n> [!NOTE]\n> Quoted note that is long enough.\n\n| a | b |",
            parameters: [{ name: "owner", description: "The account owner of the repository." }],
          },
          parameters: [],
        },
      },
      components: { schemas: { repo: { properties: { name: { description: "The name of the repository." } } } } },
    };
    expect(githubApiSentences(document)).toEqual([
      "Get a repository",
      "Gets a repository you can read.",
      "The account owner of the repository.",
      "The name of the repository.",
      "The parent is shown for forks.",
    ]);
  });

  it("gives nothing for a document without paths", () => {
    expect(githubApiSentences("not a document")).toEqual([]);
  });
});

describe("awsSdkSentences", () => {
  it("reads operation names as words, and example titles and descriptions once each", () => {
    const models = [
      { operations: { DescribeDBInstances: {}, CreateBucket: {} } },
      {
        examples: {
          CreateBucket: [
            { title: "To create a bucket", description: "The following example  creates a bucket." },
            { title: "To create a bucket" },
          ],
        },
      },
      null,
    ];
    expect(awsSdkSentences(models)).toEqual([
      "The following example creates a bucket.",
      "To create a bucket",
      "create bucket",
      "describe db instances",
    ]);
  });
});
