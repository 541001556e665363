import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { AgentEvalReport } from "../../src/cli/eval-agent/agent-report.js";
import { scratchDir } from "../support/gateway-process.js";
import { DYNAMIC_SERVER } from "../support/mcp-servers.js";
import { lastToolResults, reply, serverPerTest, type ScriptedReply } from "../support/messages-api-server.js";
import { openAIServerPerTest } from "../support/openai-api-server.js";
import { runToolsift } from "../support/run-toolsift.js";

const serve = serverPerTest();
const serveOpenAI = openAIServerPerTest();

const text = (description: string, ...required: string[]) => ({
  description,
  inputSchema: {
    type: "object",
    properties: Object.fromEntries(required.map((name) => [name, { type: "string" }])),
    required,
  },
});
const TOOLS = [
  { name: "slack__post_message", ...text("Post a message to a Slack channel.", "channel", "text") },
  { name: "weather__get_forecast", ...text("Get the weather forecast for a city.", "city") },
  { name: "jira__create_issue", ...text("Create a Jira issue in a project.", "summary") },
  { name: "github__create_pull_request", ...text("Open a pull request from a branch.", "branch") },
  { name: "drive__upload_file", ...text("Upload a file to Google Drive.", "path") },
];

function files(tasks: unknown[]): { dir: string; tools: string; tasks: string } {
  const dir = scratchDir();
  writeFileSync(join(dir, "tools.json"), JSON.stringify(TOOLS));
  writeFileSync(join(dir, "tasks.jsonl"), `${tasks.map((task) => JSON.stringify(task)).join("\n")}\n`);
  return { dir, tools: join(dir, "tools.json"), tasks: join(dir, "tasks.jsonl") };
}

/** A scripted Messages API turn with the usage given by hand. */
const withUsage = (turn: ScriptedReply, input: number, cacheRead: number, cacheCreation: number): ScriptedReply => ({
  ...(turn as Extract<ScriptedReply, { content: unknown }>),
  usage: { input_tokens: input, cache_read_input_tokens: cacheRead, cache_creation_input_tokens: cacheCreation },
});

const SLACK_TASK = {
  id: "t1",
  prompt: "Post a message to the ops Slack channel saying deploy done",
  expected: ["slack__post_message"],
  check: { contains: "posted" },
  mock: { slack__post_message: { ok: true } },
};
const post = { channel: "#ops", text: "deploy done" };

// Turns in the order the CLI asks them: the task in the full arm, then toolsift, then prefetch.
const SLACK_SCRIPT = [
  // full: calls at once, answers.
  () => withUsage(reply.toolUse({ name: "slack__post_message", input: post }), 100, 0, 900),
  () => withUsage(reply.text("posted"), 50, 900, 0),
  // toolsift: searches, calls, answers.
  () => withUsage(reply.toolUse({ name: "search_tools", input: { query: "post slack message" } }), 200, 0, 0),
  () => withUsage(reply.toolUse({ name: "slack__post_message", input: post }), 100, 200, 0),
  () => withUsage(reply.text("posted"), 60, 300, 40),
  // prefetch: calls at once (the tool came in full), answers.
  () => withUsage(reply.toolUse({ name: "slack__post_message", input: post }), 300, 0, 0),
  () => withUsage(reply.text("posted"), 20, 280, 0),
];

/** The start of every command line here. */
const evalAgent = (tools: string, tasks: string) => ["eval", "--agent", "--tools", tools, "--tasks", tasks];

const anthropicEnv = (url: string) => ({ ...process.env, ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: url });

describe("toolsift eval --agent", () => {
  it("runs every arm against the Messages API and reports the hand-counted metrics, then resumes without a call", async () => {
    const server = await serve(SLACK_SCRIPT);
    const { dir, tools, tasks } = files([SLACK_TASK]);
    const out = join(dir, "results.jsonl");
    const args = [
      ...evalAgent(tools, tasks),
      "--provider",
      "anthropic",
      "--model",
      "claude-test",
      "--mock",
      "--json",
      "--out",
      out,
    ];
    const run = await runToolsift(args, { env: anthropicEnv(server.url) });
    expect(run.stderr).not.toContain("test-key");
    expect(run.code, run.stderr).toBe(0);
    expect(server.requests).toHaveLength(7);
    const report = JSON.parse(run.stdout) as AgentEvalReport;
    const arm = (name: string) => report.arms.find((summary) => summary.arm === name)!;
    const result = (name: string) => report.results.find((entry) => entry.arm === name)!.score;

    expect(result("full")).toMatchObject({
      recall: { found: 1, expected: 1 },
      selected: true,
      discoveryTurns: 0,
      searchesBefore: 0,
      called: ["slack__post_message"],
      tokens: { input: 150, cacheRead: 900, cacheCreation: 900, output: 20, totalInput: 1950 },
      checkPassed: true,
      success: true,
    });
    expect(result("toolsift")).toMatchObject({
      recall: { found: 1, expected: 1 },
      selected: true,
      discoveryTurns: 1,
      searchesBefore: 1,
      tokens: { input: 360, cacheRead: 500, cacheCreation: 40, output: 30, totalInput: 900 },
      success: true,
    });
    expect(result("prefetch")).toMatchObject({
      recall: { found: 1, expected: 1 },
      discoveryTurns: 0,
      searchesBefore: 0,
      tokens: { input: 320, cacheRead: 280, cacheCreation: 0, output: 20, totalInput: 600 },
      success: true,
    });
    expect(arm("full").cacheHitRate).toBeCloseTo(900 / 1950, 10);
    expect(arm("toolsift").cacheHitRate).toBeCloseTo(500 / 900, 10);
    expect(arm("prefetch").cacheHitRate).toBeCloseTo(280 / 600, 10);
    expect(arm("toolsift").strategy).toBe("stubs");
    // The prefetch arm's first request carried the tool in full; the toolsift arm's did not.
    const full = (index: number) =>
      (server.requests[index]!.body.tools ?? []).some(
        (tool) => tool.name === "slack__post_message" && "properties" in tool.input_schema,
      );
    expect([full(0), full(2), full(5)]).toEqual([true, false, true]);

    // Resume: every pair is in --out, so a rerun sends nothing and reports the same.
    const none = await serve([]);
    const again = await runToolsift(args, { env: anthropicEnv(none.url) });
    expect(again.code, again.stderr).toBe(0);
    expect(none.requests).toHaveLength(0);
    expect((JSON.parse(again.stdout) as AgentEvalReport).results).toEqual(report.results);
  });

  it("runs the toolsift arm under the changes strategy: one tools array, the tool added by a change", async () => {
    const server = await serve([
      () => reply.toolUse({ name: "search_tools", input: { query: "post slack message" } }),
      () => reply.toolUse({ name: "slack__post_message", input: post }),
      () => reply.text("posted"),
    ]);
    const { tools, tasks } = files([SLACK_TASK]);
    const run = await runToolsift(
      [
        ...evalAgent(tools, tasks),
        "--provider",
        "anthropic",
        "--model",
        "claude-test",
        "--arms",
        "toolsift",
        "--strategy",
        "changes",
        "--mock",
        "--json",
      ],
      { env: anthropicEnv(server.url) },
    );
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as AgentEvalReport;
    expect(report.arms[0]!.strategy).toBe("changes");
    expect(report.results[0]!.score).toMatchObject({ selected: true, success: true });
    expect(server.requests).toHaveLength(3);
    expect(new Set(server.requests.map((request) => JSON.stringify(request.body.tools))).size).toBe(1);
    expect(JSON.stringify(server.requests[1]!.body.messages.at(-1))).toContain('"tool_addition"');
    expect(server.requests[1]!.headers["anthropic-beta"]).toContain("mid-conversation-tool-changes");
  });

  it("runs the toolsift arm under OpenAI's native search on the Responses API", async () => {
    const server = await serveOpenAI([
      // The model searches with the client-executed tool_search, calls what it loaded, answers.
      () => ({
        toolSearches: [{ arguments: { query: "weather forecast for a city" } }],
        usage: { input: 300, cached: 0 },
      }),
      () => ({
        calls: [{ name: "weather__get_forecast", arguments: { city: "Paris" } }],
        usage: { input: 500, cached: 256 },
      }),
      () => ({ text: "sunny", usage: { input: 600, cached: 512 } }),
    ]);
    const { tools, tasks } = files([
      {
        id: "t4",
        prompt: "Weather in Paris?",
        expected: ["weather__get_forecast"],
        check: { contains: "sunny" },
        mock: { weather__get_forecast: "sun" },
      },
    ]);
    const run = await runToolsift(
      [
        ...evalAgent(tools, tasks),
        "--provider",
        "openai-responses",
        "--model",
        "gpt-test",
        "--arms",
        "toolsift",
        "--strategy",
        "native",
        "--mock",
        "--json",
      ],
      { env: { ...process.env, OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: server.url } },
    );
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as AgentEvalReport;
    // By hand: found by the native search, called on the second model call after one search;
    // input 300 + (500 - 256) + (600 - 512) uncached, 768 read from the cache, 1,400 in all.
    expect(report.results[0]!.score).toMatchObject({
      recall: { found: 1, expected: 1 },
      selected: true,
      discoveryTurns: 1,
      called: ["weather__get_forecast"],
      tokens: { input: 632, cacheRead: 768, cacheCreation: 0, totalInput: 1400 },
      checkPassed: true,
      success: true,
    });
    expect(report.arms[0]!.strategy).toBe("native");
    expect(report.arms[0]!.cacheHitRate).toBeCloseTo(768 / 1400, 10);
    // Every request carried the same tools array: the deferred namespaces and tool_search.
    expect(new Set(server.requests.map((request) => JSON.stringify(request.body.tools))).size).toBe(1);
  });

  it("scores a wrong tool (a selection miss) and a failed check on Chat Completions, with OpenAI's cached tokens", async () => {
    const search = (query: string) => ({ calls: [{ name: "search_tools", arguments: { query } }] });
    const server = await serveOpenAI([
      // t2: searches, calls the wrong tool, answers.
      () => ({ ...search("weather forecast for Paris"), usage: { input: 500, cached: 0 } }),
      () => ({
        calls: [{ name: "jira__create_issue", arguments: { summary: "weather" } }],
        usage: { input: 600, cached: 400 },
      }),
      () => ({ text: "done", usage: { input: 700, cached: 500 } }),
      // t3: searches, calls the right tool, answers what the check does not want.
      () => ({ ...search("weather forecast for Paris"), usage: { input: 400, cached: 0 } }),
      () => ({
        calls: [{ name: "weather__get_forecast", arguments: { city: "Paris" } }],
        usage: { input: 500, cached: 384 },
      }),
      () => ({ text: "rainy", usage: { input: 600, cached: 512 } }),
    ]);
    const { tools, tasks } = files([
      {
        id: "t2",
        prompt: "What is the weather in Paris?",
        expected: ["weather__get_forecast"],
        mock: { jira__create_issue: "JIRA-1" },
      },
      {
        id: "t3",
        prompt: "Weather in Paris?",
        expected: { inOrder: ["weather__get_forecast"] },
        check: { contains: "sunny" },
        mock: { weather__get_forecast: "rain" },
      },
    ]);
    const run = await runToolsift(
      [
        ...evalAgent(tools, tasks),
        "--provider",
        "openai-chat",
        "--model",
        "gpt-test",
        "--arms",
        "toolsift",
        "--mock",
        "--json",
      ],
      { env: { ...process.env, OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: server.url } },
    );
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as AgentEvalReport;
    const [t2, t3] = report.results;
    expect(t2!.score).toMatchObject({
      recall: { found: 1, expected: 1 },
      selected: false,
      discoveryTurns: null,
      called: ["jira__create_issue"],
      tokens: { input: 900, cacheRead: 900, cacheCreation: 0, totalInput: 1800 },
      success: false,
    });
    expect(t3!.score).toMatchObject({
      selected: true,
      discoveryTurns: 1,
      checkPassed: false,
      tokens: { input: 604, cacheRead: 896, totalInput: 1500 },
      success: false,
    });
    expect(report.arms[0]).toMatchObject({
      tasks: 2,
      selectionAccuracy: 0.5,
      successRate: 0,
      discoveryTurns: 1,
      recall: 1,
    });
    expect(report.arms[0]!.cacheHitRate).toBeCloseTo(1796 / 3300, 10);
  });

  it("--mock never runs a real tool: the model gets the canned result, and without --mock the server's", async () => {
    const dir = scratchDir();
    const config = join(dir, "mcp.json");
    writeFileSync(
      config,
      JSON.stringify({ mcpServers: { dyn: { command: process.execPath, args: [DYNAMIC_SERVER] } } }),
    );
    const task = { id: "e", prompt: "Echo hi", expected: ["dyn__echo"], mock: { dyn__echo: "pretend" } };
    writeFileSync(join(dir, "tasks.jsonl"), `${JSON.stringify(task)}\n`);
    const script = () => [() => reply.toolUse({ name: "dyn__echo", input: { text: "hi" } }), () => reply.text("done")];
    const args = (mock: boolean) => [
      ...["eval", "--agent", "--config", config, "--tasks", join(dir, "tasks.jsonl"), "--provider", "anthropic"],
      ...["--model", "claude-test", "--arms", "full", "--json", ...(mock ? ["--mock"] : [])],
    ];
    const answered = (server: Awaited<ReturnType<typeof serve>>) =>
      JSON.stringify(lastToolResults(server.requests[1]!));
    const mocked = await serve(script());
    const run = await runToolsift(args(true), { env: anthropicEnv(mocked.url) });
    expect(run.code, run.stderr).toBe(0);
    expect((JSON.parse(run.stdout) as AgentEvalReport).results[0]!.score.success).toBe(true);
    expect(answered(mocked)).toContain("pretend");
    expect(answered(mocked)).not.toContain("echo: hi");
    const real = await serve(script());
    const unmocked = await runToolsift(args(false), { env: anthropicEnv(real.url) });
    expect(unmocked.code, unmocked.stderr).toBe(0);
    expect(answered(real)).toContain("echo: hi");
  });

  it("--dry-run estimates without a key and sends nothing", async () => {
    const server = await serve([]);
    const { tools, tasks } = files([SLACK_TASK]);
    const env: NodeJS.ProcessEnv = { ...process.env, ANTHROPIC_BASE_URL: server.url };
    delete env.ANTHROPIC_API_KEY;
    const run = await runToolsift(
      ["eval", "--agent", "--tools", tools, "--tasks", tasks, "--dry-run", "--model", "claude-sonnet-4-5"],
      { env },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/1 task × 3 arms; nothing was sent/);
    // One expected tool: full and prefetch 2 calls, toolsift 3.
    expect(run.stdout).toMatch(/full: ~2 model calls/);
    expect(run.stdout).toMatch(/toolsift: ~3 model calls/);
    expect(run.stdout).toMatch(/built-in estimate/);
    expect(server.requests).toHaveLength(0);
  });

  it("on Chat Completions past 128 tools, names the full arm as capped, in the dry run and the report", async () => {
    // Chat Completions takes at most 128 tools: the "full" arm then sends 128, not the catalogue.
    const many = Array.from({ length: 130 }, (_, index) => ({
      name: `tool_${index}`,
      ...text(`Tool number ${index}.`, "x"),
    }));
    const { dir, tasks } = files([{ id: "w", prompt: "Run tool 1", expected: ["tool_1"] }]);
    const tools = join(dir, "many.json");
    writeFileSync(tools, JSON.stringify(many));
    const args = [...evalAgent(tools, tasks), "--provider", "openai-chat", "--model", "gpt-test", "--arms", "full"];
    const dry = await runToolsift([...args, "--dry-run"]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/^ {2}full \(capped at 128\): ~2 model calls/m);

    const server = await serveOpenAI([
      () => ({ calls: [{ name: "tool_1", arguments: { x: "1" } }] }),
      () => ({ text: "done" }),
    ]);
    const run = await runToolsift([...args, "--mock"], {
      env: { ...process.env, OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: server.url },
    });
    expect(run.code, run.stderr).toBe(0);
    expect((server.requests[0]!.body.tools as unknown[]).length).toBe(128);
    expect(run.stdout).toContain("full (capped at 128) (stubs)");
    expect(run.stdout).not.toMatch(/\bfull \(stubs\)/);
  });

  it("--max-cost stops the run at the budget, and refuses a model without a price", async () => {
    const server = await serve([
      () => withUsage(reply.toolUse({ name: "slack__post_message", input: post }), 1000, 0, 0),
      () => reply.text("posted"),
    ]);
    const { dir, tools, tasks } = files([SLACK_TASK]);
    const prices = join(dir, "prices.json");
    // $1000 per million input tokens: the first turn's 1000 tokens cost $1.
    writeFileSync(prices, JSON.stringify({ "my-model": { input: 1000, output: 0 } }));
    const base = [...evalAgent(tools, tasks), "--provider", "anthropic", "--mock", "--json"];
    const run = await runToolsift([...base, "--model", "my-model", "--prices", prices, "--max-cost", "0.5"], {
      env: anthropicEnv(server.url),
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/stopped at --max-cost \$0\.5 \(spent ~\$1\.0000/);
    expect(server.requests).toHaveLength(1);
    const report = JSON.parse(run.stdout) as AgentEvalReport;
    expect(report.results).toEqual([]);
    expect(report.stoppedAtBudget).toEqual({ maxCostUsd: 0.5, spentUsd: 1 });

    const unpriced = await runToolsift([...base, "--model", "unknown-model", "--max-cost", "1"], {
      env: anthropicEnv(server.url),
    });
    expect(unpriced.code).toBe(2);
    expect(unpriced.stderr).toMatch(/--max-cost needs the price of "unknown-model".*--prices <file>/);
  });
});
