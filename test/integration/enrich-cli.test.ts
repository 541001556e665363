import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  answerFor,
  anthropicEnricher,
  askedTool,
  openAIEnricher,
} from "../../src/enrichment/scripted-enricher.fixture.js";
import { parseEnrichment } from "../../src/public/enrichment.js";
import { reply } from "../../src/testing/index.js";
import { CLI_ARGS, ROOT, scratchDir } from "../support/gateway-process.js";
import { serverPerTest } from "../support/messages-api-server.js";
import { openAIServerPerTest } from "../support/openai-api-server.js";
import { runToolsift } from "../support/run-toolsift.js";

const serve = serverPerTest();
const serveOpenAI = openAIServerPerTest();
const KEY = "sk-ant-test-do-not-print-4f2a9c";
const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

/** A tools file of `count` tools over two servers, and where its enrichment goes. */
function workspace(count = 6): { dir: string; tools: string; out: string; names: string[] } {
  const dir = scratchDir();
  const names = Array.from({ length: count }, (_, index) => `${index % 2 ? "slack" : "jira"}__tool_${index}`);
  const tools = names.map((name, index) => ({
    name,
    description: `Does thing ${index} in ${name.split("__")[0]}.`,
    inputSchema: { type: "object", properties: { id: { type: "string" } } },
  }));
  writeFileSync(join(dir, "tools.json"), JSON.stringify(tools));
  return { dir, tools: join(dir, "tools.json"), out: join(dir, "toolsift.enrichment.json"), names };
}

const anthropicEnv = (url: string) => ({ ...process.env, ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: url });
const enrichArgs = (space: { tools: string; out: string }, ...more: string[]) => [
  "enrich",
  "--tools",
  space.tools,
  "--provider",
  "anthropic",
  "--model",
  "claude-test",
  "--out",
  space.out,
  ...more,
];
const readFile = (out: string) => parseEnrichment(JSON.parse(readFileSync(out, "utf8")), out);

describe("toolsift enrich", () => {
  it("writes a reviewable file the parser reads back, with progress on stderr and never the key", async () => {
    const space = workspace(6);
    const server = await serve(anthropicEnricher());
    const run = await runToolsift(enrichArgs(space, "--concurrency", "2", "--requests", "4"), {
      env: anthropicEnv(server.url),
    });
    expect(run.stderr).not.toContain(KEY);
    expect(run.stdout).not.toContain(KEY);
    expect(run).toMatchObject({ code: 0 });
    expect(run.stdout).toMatch(
      /^Enriched 6 tools with claude-test \(6 calls, [\d,]+ input and 60 output tokens as the API reported them\)\. Wrote .*: review it, then commit it\.\n$/,
    );
    expect(run.stderr).toMatch(/enrich: asking claude-test about 6 tools, 2 at a time/);
    // Not a terminal: a line per tenth, ending at the whole.
    expect(run.stderr).toMatch(/enrich: 6\/6 tools \(100%\)/);
    expect(server.requests).toHaveLength(6);
    // The key reached the API (in whichever header this SDK version sends it), and nowhere else.
    expect(JSON.stringify(server.requests[0]!.headers)).toContain(KEY);
    const { file, warnings } = readFile(space.out);
    expect(warnings).toEqual([]);
    expect(file).toMatchObject({ format: "toolsift.enrichment/1", model: "claude-test", provider: "anthropic" });
    expect(Object.keys(file.tools)).toEqual([...space.names].sort());
    expect(file.tools.jira__tool_0!.requests).toHaveLength(4);
    const text = readFileSync(space.out, "utf8");
    expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
    expect(existsSync(`${space.out}.tmp`)).toBe(false);
  });

  it("--dry-run prints the calls and estimated tokens and sends nothing, with no key set", async () => {
    const space = workspace(6);
    const server = await serve(anthropicEnricher());
    const { ANTHROPIC_API_KEY: _key, ...env } = process.env;
    const run = await runToolsift(["enrich", "--tools", space.tools, "--dry-run"], {
      env: { ...env, ANTHROPIC_BASE_URL: server.url },
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/6 tools in .*tools\.json; 6 model calls to make, 8 requests each\./);
    expect(run.stdout).toMatch(/Estimated tokens: ~[\d,]+ input, ~1,596 output \(an estimate: /);
    expect(run.stdout).toMatch(/Nothing was sent\./);
    expect(server.requests).toHaveLength(0);
    expect(existsSync(space.out)).toBe(false);
  });

  it("resumes: a second run asks nothing for unchanged tools and only the changed one otherwise", async () => {
    const space = workspace(4);
    const first = await serve(anthropicEnricher());
    expect((await runToolsift(enrichArgs(space), { env: anthropicEnv(first.url) })).code).toBe(0);
    const before = readFileSync(space.out, "utf8");

    const second = await serve(anthropicEnricher());
    const again = await runToolsift(enrichArgs(space), { env: anthropicEnv(second.url) });
    expect(again.code).toBe(0);
    expect(second.requests).toHaveLength(0);
    expect(again.stdout).toMatch(/^Enriched 0 tools .*; 4 unchanged kept\./);
    // Nothing changed, so the file is not rewritten (its date stays, the diff stays empty).
    expect(readFileSync(space.out, "utf8")).toBe(before);

    const tools = JSON.parse(readFileSync(space.tools, "utf8")) as { description: string }[];
    tools[2]!.description = "Now does something else.";
    writeFileSync(space.tools, JSON.stringify(tools));
    const third = await serve(anthropicEnricher());
    const dry = await runToolsift(["enrich", "--tools", space.tools, "--out", space.out, "--dry-run"]);
    expect(dry.stdout).toMatch(/1 model call to make \(3 unchanged in .* not asked again\)/);
    expect((await runToolsift(enrichArgs(space), { env: anthropicEnv(third.url) })).code).toBe(0);
    expect(third.requests.map(askedTool)).toEqual(["jira__tool_2"]);
  });

  it("resumes after a kill: the tools written before it are not asked again", async () => {
    const space = workspace(6);
    // The fourth request never gets an answer: the run is stuck there when it is killed.
    const server = await serve(anthropicEnricher((_name, call) => (call === 3 ? reply.fault("hang") : undefined)));
    const child = spawn(process.execPath, [...CLI_ARGS, ...enrichArgs(space, "--concurrency", "1")], {
      cwd: ROOT,
      env: anthropicEnv(server.url),
      stdio: "ignore",
    });
    children.push(child);
    const deadline = Date.now() + 30_000;
    while (server.requests.length < 4 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.requests).toHaveLength(4);
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
    const done = server.requests.slice(0, 3).map(askedTool);
    expect(Object.keys(readFile(space.out).file.tools).sort()).toEqual([...done].sort());

    const rerun = await serve(anthropicEnricher());
    const run = await runToolsift(enrichArgs(space), { env: anthropicEnv(rerun.url) });
    expect(run.code).toBe(0);
    expect(rerun.requests.map(askedTool).sort()).toEqual(space.names.filter((name) => !done.includes(name)).sort());
    expect(Object.keys(readFile(space.out).file.tools)).toEqual([...space.names].sort());
  });

  it("retries a 429 and a 529, and skips a tool answered badly twice with a warning", async () => {
    const space = workspace(3);
    const server = await serve(
      anthropicEnricher((name, call) => {
        if (call === 0) return reply.error(429, "rate_limit_error", "Slow down", { "retry-after-ms": "20" });
        if (call === 1) return reply.error(529, "overloaded_error", "Overloaded", { "retry-after-ms": "20" });
        return name === "slack__tool_1" ? reply.text("I cannot help with that.") : undefined;
      }),
    );
    const run = await runToolsift(enrichArgs(space, "--concurrency", "1"), { env: anthropicEnv(server.url) });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/jira__tool_0: HTTP 429: .*; retry 1 in 20 ms/);
    expect(run.stderr).toMatch(/jira__tool_0: HTTP 529: .*; retry 2 in 20 ms/);
    expect(run.stderr).toMatch(
      /enrich: skipped slack__tool_1: the model's answer was malformed twice: the answer is not a JSON object/,
    );
    expect(run.stdout).toMatch(/Enriched 2 tools .*; 1 skipped\./);
    expect(Object.keys(readFile(space.out).file.tools)).toEqual(["jira__tool_0", "jira__tool_2"]);
  });

  it("works with --provider openai through OPENAI_BASE_URL", async () => {
    const space = workspace(2);
    const server = await serveOpenAI(openAIEnricher());
    const run = await runToolsift(
      ["enrich", "--tools", space.tools, "--provider", "openai", "--model", "gpt-test", "--out", space.out],
      { env: { ...process.env, OPENAI_API_KEY: KEY, OPENAI_BASE_URL: server.url } },
    );
    expect(run.code).toBe(0);
    expect(server.requests.map((request) => request.endpoint)).toEqual(["chat", "chat"]);
    expect(readFile(space.out).file).toMatchObject({ provider: "openai", model: "gpt-test" });
    expect(readFile(space.out).file.tools.jira__tool_0!.requests).toEqual(
      JSON.parse(answerFor("jira__tool_0")).requests,
    );
  });

  it("refuses a run without the key, naming the variable, and a damaged --out file, before any call", async () => {
    const space = workspace(2);
    const server = await serve(anthropicEnricher());
    const { ANTHROPIC_API_KEY: _key, ...env } = process.env;
    const run = await runToolsift(enrichArgs(space), { env: { ...env, ANTHROPIC_BASE_URL: server.url } });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--provider anthropic needs an API key in ANTHROPIC_API_KEY, which is not set/);
    writeFileSync(space.out, JSON.stringify({ format: "something/9" }));
    const damaged = await runToolsift(enrichArgs(space), { env: anthropicEnv(server.url) });
    expect(damaged.code).toBe(1);
    expect(damaged.stderr).toMatch(/toolsift\.enrichment\.json: has format "something\/9"/);
    expect(server.requests).toHaveLength(0);
    const usage = await runToolsift(["enrich", "--tools", space.tools, "--model", "m"]);
    expect(usage).toMatchObject({ code: 2, stderr: expect.stringMatching(/needs --provider anthropic\|openai/) });
  });
});
