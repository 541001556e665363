import { describe, expect, it } from "vitest";
import { EVAL_DEPTH, evaluateSearch, scoreAnswers, type EvalTask } from "./evaluate-search.js";

// Seven scored tasks and one without an expected tool; every number below is counted by hand.
const TASKS: EvalTask[] = [
  { query: "q1", expected: ["A"] }, //  A at 1
  { query: "q2", expected: ["A"] }, //  A at 3, B first
  { query: "q3", expected: ["A"] }, //  A at 7, C first
  { query: "q4", expected: ["B"] }, //  B at 2, A first
  { query: "q5", expected: ["B", "C"] }, // C at 1, B at 3: C first is no confusion
  { query: "q6", expected: ["D"] }, //  nothing found
  { query: "q7", expected: [] }, //  not scored
  { query: "q8", expected: ["A"] }, //  B repeated, A at 2
];
const ANSWERS: Record<string, string[]> = {
  q1: ["A", "B", "C"],
  q2: ["B", "C", "A"],
  q3: ["C", "D", "E", "F", "G", "H", "A"],
  q4: ["A", "B"],
  q5: ["C", "X", "B"],
  q6: [],
  q7: ["A"],
  q8: ["B", "B", "A"],
};

describe("evaluateSearch", () => {
  it("scores the whole set as the bench does: recall per task, then the mean", async () => {
    const asked: string[] = [];
    const scores = await evaluateSearch(TASKS, async (query) => {
      asked.push(query);
      return ANSWERS[query]!;
    });
    expect(asked).toEqual(["q1", "q2", "q3", "q4", "q5", "q6", "q7", "q8"]);
    expect(scores.tasks).toBe(7);
    // q1 1, q5 ½: 1.5 of 7.
    expect(scores.recallAt1).toBeCloseTo(1.5 / 7, 12);
    // q1, q2, q4, q5, q8 (q3 is at 7, q6 found nothing).
    expect(scores.recallAt5).toBeCloseTo(5 / 7, 12);
    // 1 + 1/3 + 1/7 + 1/2 + 1 + 0 + 1/2 = 73/21, over 7 tasks.
    expect(scores.mrr).toBeCloseTo(73 / 147, 12);
  });

  it("scores each tool over the tasks that expect it, worst first, with what came first instead", async () => {
    const scores = await evaluateSearch(TASKS, async (query) => ANSWERS[query]!);
    expect(scores.tools.map((tool) => tool.tool)).toEqual(["D", "A", "B", "C"]);
    const [d, a, b, c] = scores.tools;
    expect(d).toEqual({
      tool: "D",
      tasks: 1,
      recallAt1: 0,
      recallAt5: 0,
      mrr: 0,
      misses: [{ query: "q6", foundInstead: null, rank: null }],
    });
    // Ranks 1, 3, 7 and 2 (the repeated B counts once).
    expect(a).toMatchObject({ tool: "A", tasks: 4, recallAt1: 1 / 4, recallAt5: 3 / 4 });
    expect(a!.mrr).toBeCloseTo((1 + 1 / 3 + 1 / 7 + 1 / 2) / 4, 12);
    expect(a!.misses).toEqual([
      { query: "q2", foundInstead: "B", rank: 3 },
      { query: "q3", foundInstead: "C", rank: 7 },
      { query: "q8", foundInstead: "B", rank: 2 },
    ]);
    expect(b).toMatchObject({ tool: "B", tasks: 2, recallAt1: 0, recallAt5: 1 });
    expect(b!.mrr).toBeCloseTo((1 / 2 + 1 / 3) / 2, 12);
    expect(b!.misses).toEqual([
      { query: "q4", foundInstead: "A", rank: 2 },
      { query: "q5", foundInstead: "C", rank: 3 },
    ]);
    expect(c).toEqual({ tool: "C", tasks: 1, recallAt1: 1, recallAt5: 1, mrr: 1, misses: [] });
  });

  it("counts confusable pairs only where the tool found first was not expected, most frequent first", async () => {
    const scores = await evaluateSearch(TASKS, async (query) => ANSWERS[query]!);
    expect(scores.confusable).toEqual([
      { expected: "A", found: "B", count: 2 },
      { expected: "A", found: "C", count: 1 },
      { expected: "B", found: "A", count: 1 },
    ]);
  });

  it(`reads ${EVAL_DEPTH} ranks: a tool past them is not found, and scores 0`, () => {
    const deep = Array.from({ length: 12 }, (_, i) => `t${i}`);
    const scores = scoreAnswers(
      [
        { query: "at 10", expected: ["t9"] },
        { query: "at 11", expected: ["t10"] },
      ],
      [deep, deep],
    );
    expect(scores.tools.map((tool) => [tool.tool, tool.mrr, tool.misses[0]?.rank])).toEqual([
      ["t10", 0, null],
      ["t9", 0.1, 10],
    ]);
    expect(scores.mrr).toBeCloseTo(0.05, 12);
  });

  it("orders equally bad tools by their number of tasks, then by name, the same on every run", () => {
    const scores = scoreAnswers(
      [
        { query: "1", expected: ["b"] },
        { query: "2", expected: ["a"] },
        { query: "3", expected: ["c"] },
        { query: "4", expected: ["c"] },
      ],
      [["x"], ["x"], ["x"], ["x"]],
    );
    expect(scores.tools.map((tool) => tool.tool)).toEqual(["c", "a", "b"]);
    expect(scores.confusable).toEqual([
      { expected: "c", found: "x", count: 2 },
      { expected: "a", found: "x", count: 1 },
      { expected: "b", found: "x", count: 1 },
    ]);
  });

  it("scores nothing, without dividing by zero, when no task expects a tool", () => {
    expect(scoreAnswers([{ query: "q", expected: [] }], [["A"]])).toEqual({
      tasks: 0,
      recallAt1: 0,
      recallAt5: 0,
      mrr: 0,
      tools: [],
      confusable: [],
    });
  });

  it("counts a tool a task names twice once", () => {
    const scores = scoreAnswers([{ query: "q", expected: ["A", "A"] }], [["A"]]);
    expect(scores).toMatchObject({ recallAt1: 1, recallAt5: 1, mrr: 1 });
    expect(scores.tools).toEqual([{ tool: "A", tasks: 1, recallAt1: 1, recallAt5: 1, mrr: 1, misses: [] }]);
  });
});
