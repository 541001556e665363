import { describe, expect, it } from "vitest";
import { newestLessons } from "./lesson-caps.js";
import { parseLesson, scopeProblem, type Lesson } from "./lesson.js";

const lesson = (scope: string, tool: string, query: string, at: number): Lesson => ({ scope, tool, query, at });

describe("newestLessons", () => {
  it("keeps one lesson per scope, tool and query (the newest), then the newest per tool and per scope", () => {
    const kept = newestLessons(
      [
        lesson("s", "a", "one", 1),
        lesson("s", "a", "ONE ", 5),
        lesson("s", "a", "two", 2),
        lesson("s", "a", "three", 3),
        lesson("s", "b", "four", 4),
        lesson("t", "a", "one", 0),
      ],
      { maxLessonsPerTool: 2, maxLessonsPerScope: 2 },
    );
    expect(kept).toEqual([lesson("t", "a", "one", 0), lesson("s", "b", "four", 4), lesson("s", "a", "ONE ", 5)]);
  });
});

describe("parseLesson", () => {
  it("accepts a well-formed lesson and trims its query", () => {
    expect(parseLesson({ scope: "acme", query: " send mail ", tool: "mail__send", at: 5 })).toEqual({
      ok: true,
      lesson: lesson("acme", "mail__send", "send mail", 5),
    });
  });

  it.each([
    [null, "object"],
    [{ scope: "", query: "q", tool: "t", at: 1 }, "empty"],
    [{ scope: "s".repeat(201), query: "q", tool: "t", at: 1 }, "200"],
    [{ scope: "s", query: "q".repeat(501), tool: "t", at: 1 }, "500"],
    [{ scope: "s", query: "  ", tool: "t", at: 1 }, "non-empty"],
    [{ scope: "s", query: "q", tool: "bad name!", at: 1 }, "tool name"],
    [{ scope: "s", query: "q", tool: "t", at: Number.NaN }, "milliseconds"],
    [{ scope: "s", query: "q", tool: "t", at: "yesterday" }, "milliseconds"],
  ])("rejects %j, saying why", (value, problem) => {
    const parsed = parseLesson(value);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.problem).toContain(problem);
  });

  it("names what is wrong with a scope", () => {
    expect(scopeProblem(7)).toContain("string");
    expect(scopeProblem("tenant-1")).toBeUndefined();
    expect(scopeProblem("t\u00e9nant-\u{1F680}")).toBeUndefined();
  });

  it("refuses scopes PostgreSQL would merge: a lone surrogate or a NUL, in the API and in a store's records", () => {
    for (const scope of ["acme\uD800", "acme\uDFFF", "\uDC00\uD800", "acme\u0000"]) {
      expect(scopeProblem(scope)).toMatch(/well-formed Unicode without NUL/);
      expect(parseLesson({ scope, query: "q", tool: "t", at: 1 }).ok).toBe(false);
    }
  });
});
