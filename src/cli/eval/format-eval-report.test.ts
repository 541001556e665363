import { describe, expect, it } from "vitest";
import type { EvalReport } from "./eval-report.js";
import { scoreAnswers } from "./evaluate-search.js";
import { formatEvalReport } from "./format-eval-report.js";

const tasks = [
  ...Array.from({ length: 7 }, (_, i) => ({ query: `ticket ${i + 1}`, expected: ["jira"] })),
  { query: "merge it", expected: ["github"] },
  { query: "say hi", expected: ["slack"] },
];
const baseline = scoreAnswers(tasks, [...Array.from({ length: 7 }, () => ["github"]), ["github"], ["jira", "slack"]]);
const enriched = scoreAnswers(tasks, [...Array.from({ length: 7 }, () => ["jira"]), ["github"], ["jira", "slack"]]);
const report: EvalReport = {
  ranker: "bm25",
  source: { kind: "held-out", file: "e.json" },
  enrichment: "e.json",
  catalogue: { tools: 4, tested: 3 },
  unknownTools: [],
  droppedTasks: 0,
  stale: [],
  tooFewRequests: [],
  baseline,
  enriched,
};

describe("formatEvalReport", () => {
  it("puts both arms side by side, then the enriched arm's worst tools with the baseline's recall beside", () => {
    expect(formatEvalReport(report, 20)).toBe(
      [
        "9 tasks over 3 of 4 tools (requests held out of e.json), ranker bm25:",
        "",
        "            recall@1  recall@5     MRR",
        "baseline       11.1%     22.2%   0.167",
        "enriched       88.9%    100.0%   0.944",
        "",
        "Worst tools first (enriched; 1 of 3 did not always come first):",
        "  slack  recall@5 100.0% (baseline 100.0%), recall@1 0.0%, MRR 0.500, 1 task",
        '    "say hi" found jira first (its tool at 2)',
        "",
        "Confusable pairs (enriched; requests for the first found the second first):",
        "     1× slack → jira",
        "",
      ].join("\n"),
    );
  });

  it("lists at most --limit-tools tools and five misses each, and says what it left out", () => {
    const text = formatEvalReport({ ...report, enriched: undefined }, 1);
    expect(text).toContain(
      "Worst tools first (baseline; 2 of 3 did not always come first, 1 shown):\n  jira  recall@5 0.0%,",
    );
    expect(text).toContain(
      '    "ticket 5" found github first (not in the first 10)\n    … and 2 more (--json lists them all)\n',
    );
    expect(text).not.toContain("  slack  recall@5");
    expect(text).toContain("     7× jira → github\n     1× slack → jira\n");
  });

  it("says so when every tool came first, and adds the notes on stale, untested and unknown tools", () => {
    const perfect = scoreAnswers([{ query: "q", expected: ["a"] }], [["a"]]);
    const text = formatEvalReport(
      {
        ...report,
        baseline: perfect,
        enriched: perfect,
        stale: ["drive"],
        tooFewRequests: ["weather"],
        unknownTools: [{ name: "typo", tasks: 2 }],
        droppedTasks: 2,
      },
      20,
    );
    expect(text).toContain("Every tool came first for every one of its tasks (enriched).");
    expect(text).not.toContain("Confusable");
    expect(text).toContain("1 tool(s) changed since they were enriched, so their enrichment is not indexed: drive.");
    expect(text).toContain(
      "1 enriched tool(s) have fewer than 2 requests, none to hold out, and are not tested: weather.",
    );
    expect(text).toContain("left out, with 2 task(s) that named no other: typo.");
  });
});

describe("formatEvalReport on hostile requests", () => {
  it("escapes bidi overrides, zero-width and control characters in a model-written request", () => {
    // Held-out requests are written by the enrichment model: a right-to-left override would make
    // the terminal show the line reversed, a zero-width space or a C1 control would hide text.
    const query = 'send "it"\u202Eti dnes\u200B\u009B31m\\';
    const scores = scoreAnswers([{ query, expected: ["slack"] }], [["jira", "slack"]]);
    const text = formatEvalReport({ ...report, baseline: scores, enriched: undefined }, 20);
    expect(text).toContain('    "send \\"it\\"\\u202Eti dnes\\u200B\\u009B31m\\\\" found jira first (its tool at 2)');
    for (const hidden of ["\u202E", "\u200B", "\u009B"]) expect(text).not.toContain(hidden);
  });
});
