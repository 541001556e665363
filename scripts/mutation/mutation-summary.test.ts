import { describe, expect, it } from "vitest";
import { markdownOf, summarize } from "./mutation-summary.js";

const mutants = (...statuses: string[]) => ({ mutants: statuses.map((status) => ({ status })) });

describe("summarize", () => {
  it("counts each folder's mutants by status and scores detected over valid, as Stryker does", () => {
    const scores = summarize(
      {
        files: {
          "/repo/src/gateway/pins/a.ts": mutants("Killed", "Killed", "Survived", "Ignored"),
          "/repo/src/gateway/pins/b.ts": mutants("Timeout", "NoCoverage", "CompileError"),
          "/repo/src/gateway/auth/c.ts": mutants("Killed"),
        },
      },
      "/repo",
    );
    expect(scores).toEqual([
      {
        folder: "src/gateway/auth",
        mutants: 1,
        killed: 1,
        survived: 0,
        timeout: 0,
        noCoverage: 0,
        ignored: 0,
        score: 100,
      },
      {
        folder: "src/gateway/pins",
        mutants: 7,
        killed: 2,
        survived: 1,
        timeout: 1,
        noCoverage: 1,
        ignored: 2,
        score: 60,
      },
      { folder: "total", mutants: 8, killed: 3, survived: 1, timeout: 1, noCoverage: 1, ignored: 2, score: 66.67 },
    ]);
    expect(markdownOf(scores).split("\n")[4]).toBe("| total | 8 | 3 | 1 | 1 | 1 | 2 | 66.67% |");
  });

  it("refuses what is not a Stryker JSON report, saying so", () => {
    expect(() => summarize({ schemaVersion: "1" }, "/repo")).toThrow(/has no `files` object/);
    expect(() => summarize({ files: { "a.ts": {} } }, "/repo")).toThrow(/entry for a.ts has no mutants array/);
  });
});

describe("summarize by file", () => {
  it("scores each file on its own, by its path in the project", () => {
    const scores = summarize(
      { files: { "/repo/src/a/x.ts": mutants("Killed", "Survived"), "/repo/src/a/y.ts": mutants("Killed") } },
      "/repo",
      "file",
    );
    expect(scores.map((score) => [score.folder, score.score])).toEqual([
      ["src/a/x.ts", 50],
      ["src/a/y.ts", 100],
      ["total", 66.67],
    ]);
    expect(markdownOf(scores, "file").split("\n")[0]).toMatch(/^\| file \| mutants/);
  });
});
