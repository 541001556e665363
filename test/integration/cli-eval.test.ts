import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { EvalReport } from "../../src/cli/eval/eval-report.js";
import { ENRICHMENT_FORMAT, enrichmentHashOf, type EnrichmentFile } from "../../src/enrichment/index.js";
import { scratchDir } from "../support/gateway-process.js";
import { runToolsift } from "../support/run-toolsift.js";

const schema = { type: "object", properties: { text: { type: "string" } } };

// jira__create_issue says almost nothing ("Issue creator."); its requests say how people ask.
const TOOLS = [
  { name: "jira__create_issue", description: "Issue creator.", inputSchema: schema },
  { name: "github__create_pull_request", description: "Open a pull request from a branch.", inputSchema: schema },
  { name: "slack__post_message", description: "Post a message to a Slack channel.", inputSchema: schema },
  { name: "weather__get_forecast", description: "Get the weather forecast for a city.", inputSchema: schema },
  { name: "drive__upload_file", description: "Upload a file to Google Drive.", inputSchema: schema },
];

const REQUESTS: Record<string, string[]> = {
  jira__create_issue: [
    "open a ticket for the login bug",
    "file a ticket about the broken export",
    "raise a ticket for the crash on startup",
    "log a bug ticket for the slow dashboard",
    "create a ticket so QA can track the typo",
    "open a ticket about the missing translations",
    // The last two are held out.
    "open a ticket for the flaky checkout test",
    "file a ticket saying the search page times out",
  ],
  github__create_pull_request: [
    "open a PR for my feature branch",
    "propose merging the fix branch into main",
    "ask for a review of my branch",
    "open a pull request for the refactor branch",
  ],
  slack__post_message: [
    "tell the team on slack that the deploy is done",
    "send a note to the releases channel",
    "let everyone in the channel know lunch is here",
    "post the standup summary to the team channel",
  ],
  weather__get_forecast: ["will it rain in Paris tomorrow"],
};

/** A hand-written enrichment with real hashes, and one tool whose hash is of an older description. */
function enrichment(): EnrichmentFile {
  const tools: EnrichmentFile["tools"] = {};
  for (const tool of TOOLS) {
    const requests = REQUESTS[tool.name];
    if (requests) tools[tool.name] = { hash: enrichmentHashOf(tool), requests, synonyms: [] };
  }
  tools.jira__create_issue!.synonyms = ["ticket", "bug report"];
  tools.drive__upload_file = {
    hash: enrichmentHashOf({ ...TOOLS[4]!, description: "Put a file in Drive." }),
    requests: ["save this report to my drive", "back up the slides to drive"],
    synonyms: [],
  };
  return { format: ENRICHMENT_FORMAT, model: "hand-written", createdAt: "2026-12-01T00:00:00.000Z", tools };
}

let dir: string;
let toolsFile: string;
let enrichmentFile: string;
const write = (name: string, text: string) => {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
};

beforeAll(() => {
  dir = scratchDir();
  toolsFile = write("tools.json", JSON.stringify(TOOLS));
  enrichmentFile = write("toolsift.enrichment.json", JSON.stringify(enrichment(), null, 2));
});

const toolOf = (scores: EvalReport["baseline"], name: string) => scores.tools.find((tool) => tool.tool === name);

describe("toolsift eval on held-out requests", () => {
  it("finds the vague tool by its requests once enriched, and says what the baseline found instead", async () => {
    const run = await runToolsift(["eval", "--tools", toolsFile, "--enrichment", enrichmentFile, "--json"]);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as EvalReport;
    expect(report).toMatchObject({
      ranker: "bm25",
      source: { kind: "held-out", file: enrichmentFile },
      enrichment: enrichmentFile,
      // jira 2 held out, github 1, slack 1, drive 1 (stale, still asked); weather has 1 request.
      catalogue: { tools: 5, tested: 4 },
      stale: ["drive__upload_file"],
      tooFewRequests: ["weather__get_forecast"],
      unknownTools: [],
    });
    expect(report.baseline.tasks).toBe(5);
    expect(report.enriched!.tasks).toBe(5);

    const before = toolOf(report.baseline, "jira__create_issue")!;
    const after = toolOf(report.enriched!, "jira__create_issue")!;
    expect(before).toMatchObject({ tasks: 2, recallAt1: 0, recallAt5: 0 });
    expect(after).toMatchObject({ tasks: 2, recallAt1: 1, recallAt5: 1, mrr: 1, misses: [] });
    // "open a ticket…" matched "Open a pull request" on the description alone.
    expect(before.misses).toContainEqual({
      query: "open a ticket for the flaky checkout test",
      foundInstead: "github__create_pull_request",
      rank: null,
    });
    // "…file a ticket…" matched "Upload a file" as well.
    expect(report.baseline.confusable).toEqual([
      { expected: "jira__create_issue", found: "drive__upload_file", count: 1 },
      { expected: "jira__create_issue", found: "github__create_pull_request", count: 1 },
    ]);
    expect(report.enriched!.confusable).toEqual([]);
    // 3 of 5 tasks without (jira's two missed), all 5 with.
    expect([report.baseline.recallAt5, report.enriched!.recallAt5]).toEqual([0.6, 1]);
    // Worst first.
    expect(report.baseline.tools[0]!.tool).toBe("jira__create_issue");
  });

  it("never finds a held-out request by itself: the enriched arm indexes only the other requests", async () => {
    // github's held-out request says what slack does; were it indexed, github would come first.
    const leaky = enrichment();
    leaky.tools.github__create_pull_request!.requests = [
      "open a PR for my feature branch",
      "post it to the team channel",
    ];
    const file = write("leaky.json", JSON.stringify(leaky));
    const run = await runToolsift(["eval", "--tools", toolsFile, "--enrichment", file, "--json"]);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as EvalReport;
    expect(toolOf(report.enriched!, "github__create_pull_request")!.misses).toEqual([
      { query: "post it to the team channel", foundInstead: "slack__post_message", rank: null },
    ]);
  });

  it("prints both arms side by side, the worst tools with what they found instead, and the confusable pairs", async () => {
    const run = await runToolsift(["eval", "--tools", toolsFile, "--enrichment", enrichmentFile]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^5 tasks over 4 of 5 tools \(requests held out of .+\), ranker bm25:\n/);
    expect(run.stdout).toMatch(/\n {12}recall@1 {2}recall@5 {5}MRR\nbaseline +[\d.]+% +[\d.]+% +[\d.]+\nenriched +/);
    expect(run.stdout).toMatch(/\nbaseline {7}60\.0% {5}60\.0% {3}0\.600\nenriched {6}100\.0% {4}100\.0% {3}1\.000\n/);
    expect(run.stdout).toContain("Every tool came first for every one of its tasks (enriched).");
    expect(run.stdout).toMatch(/changed since they were enriched.*drive__upload_file\. Run toolsift enrich again\./);
    expect(run.stdout).toMatch(/fewer than 2 requests.*weather__get_forecast/);
    // The progress of each arm goes to stderr, never into the report.
    expect(run.stderr).toMatch(/baseline: 5 tasks, ranker bm25…/);
    expect(run.stderr).toMatch(/enriched: 5 tasks, ranker bm25…/);

    const baselineOnly = await runToolsift([
      "eval",
      "--tools",
      toolsFile,
      "--tasks",
      write(
        "ticket.jsonl",
        `${JSON.stringify({ query: "open a ticket for the typo", expected: ["jira__create_issue"] })}\n`,
      ),
    ]);
    expect(baselineOnly.code, baselineOnly.stderr).toBe(0);
    expect(baselineOnly.stdout).toMatch(
      /Worst tools first \(baseline; 1 of 1 did not always come first\):\n {2}jira__create_issue {2}recall@5 0\.0%, recall@1 0\.0%, MRR 0\.000, 1 task\n {4}"open a ticket for the typo" found github__create_pull_request first \(not in the first 10\)/,
    );
    expect(baselineOnly.stdout).toContain(
      "Confusable pairs (baseline; requests for the first found the second first):\n     1× jira__create_issue → github__create_pull_request\n",
    );
    expect(baselineOnly.stdout).not.toMatch(/^enriched/m);
  });
});

describe("toolsift eval --tasks", () => {
  it("asks the user's own tasks of both arms, the whole enrichment indexed, and reports names it lacks", async () => {
    const tasks = write(
      "tasks.jsonl",
      [
        { query: "open a ticket for the flaky checkout test", expected: ["jira__create_issue"] },
        { query: "what is the forecast for Lyon", expected: ["weather__get_forecast"] },
        { query: "post in the slack channel", expected: ["slack__post_message", "jira__create_isue"] },
        { query: "delete the repo", expected: ["github__delete_repo"] },
      ]
        .map((task) => JSON.stringify(task))
        .join("\n"),
    );
    const run = await runToolsift(["eval", "-t", toolsFile, "-e", enrichmentFile, "--tasks", tasks, "--json"]);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as EvalReport;
    expect(report).toMatchObject({
      source: { kind: "tasks", file: tasks },
      unknownTools: [
        { name: "github__delete_repo", tasks: 1 },
        { name: "jira__create_isue", tasks: 1 },
      ],
      droppedTasks: 1,
      tooFewRequests: [],
    });
    expect(report.baseline.tasks).toBe(3);
    expect(toolOf(report.enriched!, "jira__create_issue")).toMatchObject({ recallAt1: 1 });
    expect(toolOf(report.baseline, "jira__create_issue")).toMatchObject({ recallAt1: 0 });

    const text = await runToolsift(["eval", "-t", toolsFile, "--tasks", tasks]);
    expect(text.stdout).toMatch(
      /2 tool name\(s\) in the tasks are not in the catalogue \(or hidden by allow\/deny\) and are left out, with 1 task\(s\) that named no other: github__delete_repo, jira__create_isue\./,
    );
  });
});

describe("toolsift eval --fail-under", () => {
  it("exits 1 with one line of reason when recall@5 is below the share, and 0 when it reaches it", async () => {
    // A task labelled with a tool no enrichment makes it find, and one the enrichment fixes: 50%.
    const tasks = write(
      "gate.jsonl",
      [
        { query: "get the weather forecast for a city", expected: ["slack__post_message"] },
        { query: "open a ticket for the login glitch", expected: ["jira__create_issue"] },
      ]
        .map((task) => JSON.stringify(task))
        .join("\n"),
    );
    const gate = (...args: string[]) => runToolsift(["eval", "--tools", toolsFile, "--tasks", tasks, ...args]);
    const [failing, reached, baseline] = await Promise.all([
      gate("-e", enrichmentFile, "--fail-under", "0.75"),
      gate("-e", enrichmentFile, "--fail-under", "0.5", "--json"),
      // Without an enrichment the baseline is what is gated.
      gate("--fail-under", "0.95"),
    ]);
    expect(failing.code).toBe(1);
    expect(failing.stdout).toMatch(/^enriched {7}50\.0% {5}50\.0%/m);
    expect(failing.stderr.trim().split("\n").at(-1)).toBe(
      "toolsift: recall@5 of the enriched arm is 50.0%, under --fail-under 0.75 (75.0%)",
    );

    expect(reached.code, reached.stderr).toBe(0);
    expect((JSON.parse(reached.stdout) as EvalReport).failUnder).toEqual({
      threshold: 0.5,
      arm: "enriched",
      recallAt5: 0.5,
      passed: true,
    });

    expect(baseline.code).toBe(1);
    expect(baseline.stderr).toMatch(/recall@5 of the baseline arm is 0\.0%, under --fail-under 0\.95 \(95\.0%\)\n$/);
  });
});

describe("toolsift eval, refused", () => {
  it("exits 2 on bad usage, a damaged task line (naming it) or a damaged enrichment, before searching", async () => {
    const damaged = write(
      "bad.jsonl",
      `${JSON.stringify({ query: "ok", expected: ["jira__create_issue"] })}\n{"query": 1}\n`,
    );
    const other = write("other.json", JSON.stringify({ ...enrichment(), format: "toolsift.enrichment/9" }));
    const [noTasks, percent, bad, wrong, missing] = await Promise.all([
      runToolsift(["eval", "--tools", toolsFile]),
      runToolsift(["eval", "--tools", toolsFile, "-e", enrichmentFile, "--fail-under", "95"]),
      runToolsift(["eval", "--tools", toolsFile, "--tasks", damaged]),
      runToolsift(["eval", "--tools", toolsFile, "--enrichment", other]),
      runToolsift(["eval", "--tools", toolsFile, "--tasks", join(dir, "none.jsonl")]),
    ]);
    for (const run of [noTasks, percent, bad, wrong, missing]) expect(run).toMatchObject({ code: 2, stdout: "" });
    expect(noTasks.stderr).toMatch(/toolsift eval needs --enrichment <file> .* or --tasks <file\.jsonl>/);
    expect(percent.stderr).toMatch(/--fail-under takes a share from 0 to 1 \(0\.95 for 95%\), not "95"/);
    expect(bad.stderr).toContain(`${damaged}:2: "query" is not a non-empty string.`);
    expect(wrong.stderr).toContain(`${other}: has format "toolsift.enrichment/9"`);
    expect(missing.stderr).toMatch(/none\.jsonl: cannot be read: there is no such file/);
    // Refused before any search: no arm started.
    for (const run of [bad, wrong, missing]) expect(run.stderr).not.toContain("baseline:");
  });
});
