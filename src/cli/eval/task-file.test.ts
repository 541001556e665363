import { describe, expect, it } from "vitest";
import { OptionsError } from "../../errors.js";
import { TASK_FILE_LIMITS, TaskFileError, knownTasks, parseTaskLines } from "./task-file.js";

const line = (value: unknown) => JSON.stringify(value);

describe("parseTaskLines", () => {
  it("reads one task per line, skipping blank lines, a BOM and CRLF, and ignoring other keys", () => {
    const text = `\uFEFF${line({ query: " open  a\tticket ", expected: ["jira__create_issue"], id: 7 })}\r\n\r\n  \n${line({ query: "merge it", expected: ["gh__merge", "gh__merge", "gh__close"] })}`;
    expect(parseTaskLines(text, "tasks.jsonl")).toEqual([
      { query: "open a ticket", expected: ["jira__create_issue"] },
      { query: "merge it", expected: ["gh__merge", "gh__close"] },
    ]);
  });

  const bad: [string, string, RegExp][] = [
    ["not JSON", '{"query": "a", "expected": ["x"]', /^t\.jsonl:2: is not JSON \(/],
    ["an array", "[1, 2]", /^t\.jsonl:2: is not a JSON object\. Each line is one JSON object: \{"query"/],
    ["null", "null", /^t\.jsonl:2: is not a JSON object/],
    ["no query", line({ expected: ["x"] }), /^t\.jsonl:2: "query" is not a non-empty string/],
    ["a blank query", line({ query: "  ", expected: ["x"] }), /^t\.jsonl:2: "query" is not a non-empty string/],
    ["a number for a query", line({ query: 3, expected: ["x"] }), /"query" is not a non-empty string/],
    [
      "a query too long for a search",
      line({ query: "a".repeat(2_001), expected: ["x"] }),
      /^t\.jsonl:2: "query" has 2001 characters, over the 2000 a search takes/,
    ],
    ["no expected", line({ query: "q" }), /^t\.jsonl:2: "expected" is not a non-empty array of tool names/],
    ["an empty expected", line({ query: "q", expected: [] }), /"expected" is not a non-empty array/],
    ["a string for expected", line({ query: "q", expected: "x" }), /"expected" is not a non-empty array/],
    ["a number among the names", line({ query: "q", expected: ["x", 4] }), /"expected" holds 4, not a tool name/],
    ["an empty name", line({ query: "q", expected: [""] }), /"expected" holds "" \(a string\), not a tool name/],
    [
      "too many names",
      line({ query: "q", expected: Array.from({ length: 33 }, (_, i) => `t${i}`) }),
      /"expected" names 33 tools, over 32/,
    ],
    [
      "a line too long",
      line({ query: "q", expected: ["x"], note: "n".repeat(TASK_FILE_LIMITS.maxLineChars) }),
      /^t\.jsonl:2: the line has \d+ characters, over the 16384 read/,
    ],
  ];
  it.each(bad)("refuses %s, naming the line and the shape expected", (_, text, message) => {
    const run = () => parseTaskLines(`${line({ query: "fine", expected: ["x"] })}\n${text}\n`, "t.jsonl");
    expect(run).toThrow(TaskFileError);
    expect(run).toThrow(message);
    // A usage problem: the CLI exits 2.
    expect(run).toThrow(OptionsError);
  });

  it("does not echo a long hostile name back whole", () => {
    const name = `${"x".repeat(300)}`;
    expect(() => parseTaskLines(line({ query: "q", expected: [name] }), "t.jsonl")).toThrow(
      /holds "x{60}…" \(a string of 300 characters\), not a tool name \(1 to 256 characters\)/,
    );
  });

  it("refuses a file without tasks, and one with more tasks than it reads", () => {
    expect(() => parseTaskLines("\n \n", "t.jsonl")).toThrow(/^t\.jsonl: has no tasks\./);
    const many = `${line({ query: "q", expected: ["x"] })}\n`.repeat(TASK_FILE_LIMITS.maxTasks + 1);
    expect(() => parseTaskLines(many, "t.jsonl")).toThrow(/^t\.jsonl:100001: the file has more than 100000 tasks/);
  });
});

describe("knownTasks", () => {
  it("keeps the tools the catalogue has, drops tasks with none, and counts each unknown name", () => {
    const has = (name: string) => name.startsWith("gh__");
    expect(
      knownTasks(
        [
          { query: "a", expected: ["gh__a", "typo"] },
          { query: "b", expected: ["typo", "gone"] },
          { query: "c", expected: ["gh__c"] },
          { query: "d", expected: ["gone"] },
          { query: "e", expected: ["typo"] },
        ],
        has,
      ),
    ).toEqual({
      tasks: [
        { query: "a", expected: ["gh__a"] },
        { query: "c", expected: ["gh__c"] },
      ],
      unknown: [
        { name: "typo", tasks: 3 },
        { name: "gone", tasks: 2 },
      ],
      dropped: 3,
    });
  });
});
