import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CLI_ARGS, ROOT, writeConfig } from "../support/gateway-process.js";
import { DYNAMIC_SERVER } from "../support/mcp-servers.js";

const HIDE_PACKAGES = fileURLToPath(new URL("../support/hide-packages.mjs", import.meta.url));
const LINT_CATALOGUE = fileURLToPath(new URL("../fixtures/lint-catalogue.json", import.meta.url));
const MCP_SDK = "@modelcontextprotocol/sdk";
const MCP_CLIENT = "@modelcontextprotocol/client";
const ONNX = ["@huggingface/transformers", "onnxruntime-node", "onnxruntime-web"];

/** The CLI in a process where the named packages cannot be resolved: a user who never installed them. */
function toolsiftWithout(
  hidden: readonly string[],
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", HIDE_PACKAGES, ...CLI_ARGS, ...args],
      { cwd: ROOT, env: { ...process.env, ...env, TOOLSIFT_HIDE_PACKAGES: hidden.join(",") }, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

describe("the CLI without its optional packages", () => {
  it("without the MCP SDK: help, config checks and inspect --tools work; serve says what to install", async () => {
    const good = writeConfig({ mcpServers: { dyn: { command: process.execPath, args: [DYNAMIC_SERVER] } } });
    const [help, badConfig, inspect, serve, serveWithoutClient, control] = await Promise.all([
      toolsiftWithout([MCP_SDK], ["--help"]),
      toolsiftWithout([MCP_SDK], ["serve", "--config", writeConfig({ mcpServers: { dyn: { command: 3 } } })]),
      toolsiftWithout([MCP_SDK], ["inspect", "--tools", LINT_CATALOGUE, "--json"]),
      toolsiftWithout([MCP_SDK], ["serve", "--config", good]),
      toolsiftWithout([MCP_CLIENT], ["serve", "--config", good]),
      // The control: with nothing hidden, the same harness reaches the servers.
      toolsiftWithout([], ["search", "--config", good, "echo text back"]),
    ]);
    expect(help.code).toBe(0);
    expect(badConfig).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/mcpServers\.dyn\.command must be a non-empty string/),
    });
    expect(inspect.code).toBe(0);
    expect(JSON.parse(inspect.stdout)).toMatchObject({ totals: { tools: 9 } });
    expect(serve.code).toBe(1);
    expect(serve.stdout).toBe("");
    expect(serve.stderr).toMatch(/optional package @modelcontextprotocol\/sdk, which is not installed/);
    expect(serve.stderr).toMatch(/npm install @modelcontextprotocol\/sdk/);
    expect(serve.stderr).toMatch(
      /npx -y -p toolsift -p @modelcontextprotocol\/sdk -p @modelcontextprotocol\/client toolsift serve/,
    );
    // The upstream side is on SDK v2's client: without it, serve names that package.
    expect(serveWithoutClient.code).toBe(1);
    expect(serveWithoutClient.stderr).toMatch(/optional package @modelcontextprotocol\/client, which is not installed/);
    expect(serveWithoutClient.stderr).toMatch(/npm install @modelcontextprotocol\/client/);
    expect(control).toMatchObject({ code: 0, stdout: expect.stringMatching(/dyn__echo/) });
  });

  it("without ONNX Runtime: the embedding and hybrid rankers run on the bundled model", async () => {
    const [hybrid, inspect] = await Promise.all([
      toolsiftWithout(ONNX, ["search", "--tools", LINT_CATALOGUE, "--ranker", "hybrid", "give money back to a card"]),
      toolsiftWithout(ONNX, ["inspect", "--tools", LINT_CATALOGUE, "--ranker", "embedding", "--json"]),
    ]);
    expect(hybrid).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/ranker hybrid.*\n 1\. +[\d.]+ +billing__refund_payment/),
    });
    expect(inspect.code).toBe(0);
    expect(JSON.parse(inspect.stdout)).toMatchObject({ ranker: "embedding", lint: { coverage: { embedding: true } } });
  });

  it("without an SDK: enrich --dry-run still works; a run says which package to install", async () => {
    const env = { ANTHROPIC_API_KEY: "test", OPENAI_API_KEY: "test" };
    const [dry, anthropic, openai] = await Promise.all([
      toolsiftWithout(["@anthropic-ai/sdk", "openai"], ["enrich", "--tools", LINT_CATALOGUE, "--dry-run"], env),
      toolsiftWithout(
        ["@anthropic-ai/sdk"],
        [
          "enrich",
          "--tools",
          LINT_CATALOGUE,
          "--provider",
          "anthropic",
          "--model",
          "m",
          "--out",
          "/nonexistent/e.json",
        ],
        env,
      ),
      toolsiftWithout(
        ["openai"],
        ["enrich", "--tools", LINT_CATALOGUE, "--provider", "openai", "--model", "m", "--out", "/nonexistent/e.json"],
        env,
      ),
    ]);
    expect(dry).toMatchObject({ code: 0, stdout: expect.stringMatching(/9 model calls to make/) });
    expect(anthropic.code).toBe(1);
    expect(anthropic.stderr).toMatch(
      /optional package @anthropic-ai\/sdk \(\^1\.14\), which is not installed\. Install it next to toolsift with `npm install @anthropic-ai\/sdk@\^1\.14`/,
    );
    expect(openai.stderr).toMatch(
      /optional package openai \(\^6\), which is not installed\. Install it next to toolsift with `npm install openai@\^6`/,
    );
  });
});
