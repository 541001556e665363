import { describe, expect, it } from "vitest";
import { rankDocumentOf } from "../../src/ranking/index.js";
import { parseDataset } from "../load-dataset.js";
import { rankerRegistry } from "../rankers.js";
import { callableTools, hasRepeatedTools, LEARNING_SHARES, measureLearningCurve } from "./measure-learning-curve.js";
import { checkTarget } from "../report/targets.js";
import { learningRows } from "./learning-targets.js";

const learningChecks = (runs: Parameters<typeof learningRows>[0]) => learningRows(runs).map(checkTarget);

/** Three tools, and queries in slang none of their descriptions use: only learning finds them. */
function slangDataset() {
  const tools = [
    {
      name: "pager__page",
      description: "Page the engineer on call.",
      input_schema: {
        type: "object",
        properties: { team: { type: "string", enum: ["a"], default: "b" } },
        required: ["team"],
      },
    },
    { name: "slack__post", description: "Post a message to a Slack channel." },
    { name: "files__read", description: "Read a file from the workspace." },
  ];
  const slang: Record<string, string[]> = {
    pager__page: ["buzz", "wake", "holler"],
    slack__post: ["yak", "chatter", "gab"],
    files__read: ["peek", "skim", "glance"],
  };
  const queries = Object.entries(slang).flatMap(([tool, words]) =>
    Array.from({ length: 40 }, (_, i) => ({
      query: `${words[i % 3]} ${words[(i + 1) % 3]} number ${i}`,
      expected: [tool],
    })),
  );
  queries.push({ query: "bake a cake", expected: [] });
  return parseDataset({ tools, queries }, "slang.json");
}

describe("measureLearningCurve", () => {
  it("draws recall@5 on held-back queries against the share taught through sessions", async () => {
    const dataset = slangDataset();
    const bm25 = rankerRegistry().entries.find((entry) => entry.id === "bm25")!;
    const run = await measureLearningCurve(bm25, dataset, { heldBack: 30, seed: 7 });
    expect(run.error).toBeUndefined();
    expect(run).toMatchObject({ dataset: "slang", ranker: "bm25", answerable: 120, heldBack: 30, unanswerable: 1 });
    expect(run.points.map((point) => point.share)).toEqual([...LEARNING_SHARES]);
    expect(run.points.map((point) => point.taught)).toEqual([0, 1, 6, 12, 30]);
    // Each taught query is one session, one successful call: one lesson.
    expect(run.points.map((point) => point.lessons)).toEqual([0, 1, 6, 12, 30]);
    // Untaught, only the fallback by meaning finds anything for slang.
    expect(run.points[0]!.recallAt5).toBeLessThan(0.8);
    expect(run.points.at(-1)!.recallAt5).toBe(1);
    for (let i = 1; i < run.points.length; i++)
      expect(run.points[i]!.recallAt5).toBeGreaterThanOrEqual(run.points[i - 1]!.recallAt5);
    expect(run.points[0]!.abstention).toBe(1);
  });

  it("makes every tool callable with an empty input, keeping what rankers index of its properties", async () => {
    const dataset = slangDataset();
    const [pager] = callableTools(dataset);
    expect(rankDocumentOf(pager!)).toEqual(dataset.documents[0]);
    expect(pager!.inputSchema).toEqual({ type: "object", properties: { team: {} } });
    expect(pager!.execute!({}, { sessionId: "s", stage: "execute" })).toBe("ok");
  });

  it("draws curves only where tools are expected by several queries", () => {
    expect(hasRepeatedTools(slangDataset())).toBe(true);
    const once = parseDataset(
      {
        tools: [
          { name: "a", description: "A." },
          { name: "b", description: "B." },
        ],
        queries: [
          { query: "x", expected: ["a"] },
          { query: "y", expected: ["b"] },
        ],
      },
      "once.json",
    );
    expect(hasRepeatedTools(once)).toBe(false);
  });
});

describe("learningChecks", () => {
  const run = (points: [number, number][], error?: string) => ({
    dataset: "clinc150_intents",
    ranker: "bm25",
    answerable: 100,
    heldBack: 30,
    unanswerable: 0,
    points: points.map(([share, recallAt5]) => ({
      share,
      taught: 0,
      lessons: 0,
      recallAt5,
      abstention: null,
      searchP50Ms: 0,
      teachMs: 0,
    })),
    ...(error ? { error } : {}),
  });

  it("checks recall@5 with 10% taught and the gain of the first 1%, on CLINC150 only", () => {
    const checks = learningChecks([
      run([
        [0, 0.67],
        [0.01, 0.79],
        [0.1, 0.93],
      ]),
      { ...run([[0, 0.1]]), dataset: "other" },
    ]);
    expect(
      checks.map((check) => [check.id, check.target, Math.round(check.measured! * 10) / 10, check.verdict]),
    ).toEqual([
      ["learning.recall@5-10pct-taught.pct", "recall@5 on held-back queries with 10% of the queries taught", 93, "met"],
      ["learning.recall@5-gain-1pct-taught.points", "recall@5 gain with 1% taught, in points", 12, "met"],
    ]);
    expect(
      learningChecks([
        run([
          [0, 0.67],
          [0.01, 0.672],
          [0.1, 0.85],
        ]),
      ]).map((check) => check.verdict),
    ).toEqual(["not met", "not met"]);
  });

  it("says not measured when the curve failed or lacks a point", () => {
    expect(learningChecks([run([[0, 0.67]], "boom")]).map((check) => check.verdict)).toEqual([
      "not measured",
      "not measured",
    ]);
    expect(
      learningChecks([
        run([
          [0, 0.67],
          [0.01, 0.7],
        ]),
      ]).map((check) => check.verdict),
    ).toEqual(["not measured", "met"]);
  });
});
