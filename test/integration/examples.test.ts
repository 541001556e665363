import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);

/** Runs an example as the README does (through tsx), without ANTHROPIC_API_KEY. */
async function runExample(file: string, args: string[] = []) {
  const env = { ...process.env };
  delete env.ANTHROPIC_API_KEY;
  return run(process.execPath, ["--import", "tsx", file, ...args], { env, timeout: 60_000 });
}

describe("the examples", () => {
  it("demo: runs offline and shows the block shrinking by more than 85%", async () => {
    const { stdout } = await runExample("examples/demo.ts");
    expect(stdout).toMatch(/Every tool in full: +~[\d,]+ tokens/);
    expect(stdout).toMatch(/search_tools\("create a jira issue for a bug"\) → jira__create_issue/);
    expect(stdout).toMatch(/search "book a table at an Italian restaurant"\n +→ [a-z_]+ .*\n +\(weak matches/);
    const reduction = Number(/(\d+\.\d)% smaller/.exec(stdout)?.[1]);
    expect(reduction).toBeGreaterThanOrEqual(85);
  });

  it("demo: prints what the README and Getting started quote of it, line for line", async () => {
    const { stdout } = await runExample("examples/demo.ts");
    const printed = new Set(stdout.split("\n").map((line) => line.trimEnd()));
    for (const page of ["README.md", "docs/getting-started.md"]) {
      // The first untagged code block after the sentence that introduces the demo's output.
      const text = readFileSync(page, "utf8");
      const from = text.indexOf("The demo loads the 97-tool example catalogue");
      const quote = /\n```\n([\s\S]*?)\n```/.exec(text.slice(from))?.[1];
      expect(quote, `${page} quotes the demo's output`).toBeDefined();
      const lines = quote!.split("\n").filter((line) => line.trim() !== "" && line.trim() !== "…");
      expect(lines.length).toBeGreaterThan(2);
      for (const line of lines) expect(printed, `${page}: "${line}"`).toContain(line.trimEnd());
    }
  });

  it("demo: runs with the hybrid ranker", async () => {
    const { stdout } = await runExample("examples/demo.ts", ["--ranker", "hybrid"]);
    // The name the docs and --ranker use, not the ranker instance's internal one.
    expect(stdout).toContain('ranker "hybrid"');
    expect(stdout).not.toContain("hybrid-adaptive");
    expect(stdout).toMatch(/search "book a table at an Italian restaurant"\n +→ [a-z_]+ .*\n +\(weak matches/);
  });

  it("demo: prints its usage on --help, and a one-line error with it for a flag it does not know", async () => {
    const help = await runExample("examples/demo.ts", ["--help"]);
    expect(help.stdout).toMatch(/^Usage: npm run demo \[-- --ranker <bm25\|embedding\|hybrid>\]/);
    const failed = await runExample("examples/demo.ts", ["--rank", "hybrid"]).then(
      () => undefined,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(failed?.code).toBe(2);
    expect(failed?.stderr).toMatch(/^Unknown option '--rank'.*\nUsage: npm run demo/s);
    expect(failed?.stderr).not.toMatch(/\n +at /);
  });

  it("mcp: searches and calls a real MCP server's tool", async () => {
    const { stdout } = await runExample("examples/mcp.ts");
    expect(stdout).toContain("The sum of 19 and 23 is 42.");
  });

  it("agent: says clearly that it needs a key, and exits 0", async () => {
    const { stdout, stderr } = await runExample("examples/agent.ts");
    expect(`${stdout}${stderr}`).toMatch(/ANTHROPIC_API_KEY/);
  });
});
