import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { describe, expect, it } from "vitest";
import { CLI_ARGS, ROOT, writeConfig } from "../support/gateway-process.js";
import { DYNAMIC_SERVER } from "../support/mcp-servers.js";

const HIDE_PACKAGES = fileURLToPath(new URL("../support/hide-packages.mjs", import.meta.url));
const LINT_CATALOGUE = fileURLToPath(new URL("../fixtures/lint-catalogue.json", import.meta.url));
const MCP_SDK_V1 = "@modelcontextprotocol/sdk";
const MCP_SERVER = "@modelcontextprotocol/server";
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

/** `toolsift serve` over stdio with the named packages hidden: its answer to one initialize at `version`. */
function initializeWithout(hidden: readonly string[], config: string, version: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ["--import", HIDE_PACKAGES, ...CLI_ARGS, "serve", "--config", config],
      { cwd: ROOT, env: { ...process.env, TOOLSIFT_HIDE_PACKAGES: hidden.join(",") }, timeout: 60_000 },
      (_error, stdout, stderr) => {
        const line = stdout.split("\n").find((text) => text.includes('"id":1'));
        if (line === undefined) reject(new Error(`no answer to initialize; stderr: ${stderr}`));
        else resolve(JSON.parse(line));
      },
    );
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: version, capabilities: {}, clientInfo: { name: "old-client", version: "1" } },
    };
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString("utf8").includes('"id":1')) child.stdin?.end();
    });
    child.stdin?.write(`${JSON.stringify(initialize)}\n`);
  });
}

describe("the CLI without its optional packages", () => {
  it("without the MCP SDK: help, config checks and inspect --tools work; serve says what to install", async () => {
    const good = writeConfig({ mcpServers: { dyn: { command: process.execPath, args: [DYNAMIC_SERVER] } } });
    const [help, badConfig, inspect, serve, serveWithoutClient, control] = await Promise.all([
      toolsiftWithout([MCP_SERVER], ["--help"]),
      toolsiftWithout([MCP_SERVER], ["serve", "--config", writeConfig({ mcpServers: { dyn: { command: 3 } } })]),
      toolsiftWithout([MCP_SERVER], ["inspect", "--tools", LINT_CATALOGUE, "--json"]),
      toolsiftWithout([MCP_SERVER], ["serve", "--config", good]),
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
    expect(serve.stderr).toMatch(/optional package @modelcontextprotocol\/server, which is not installed/);
    expect(serve.stderr).toMatch(/npm install @modelcontextprotocol\/server/);
    expect(serve.stderr).toMatch(
      /npx -y -p toolsift -p @modelcontextprotocol\/server -p @modelcontextprotocol\/client toolsift serve/,
    );
    // The upstream side is on SDK v2's client: without it, serve names that package.
    expect(serveWithoutClient.code).toBe(1);
    expect(serveWithoutClient.stderr).toMatch(/optional package @modelcontextprotocol\/client, which is not installed/);
    expect(serveWithoutClient.stderr).toMatch(/npm install @modelcontextprotocol\/client/);
    expect(control).toMatchObject({ code: 0, stdout: expect.stringMatching(/dyn__echo/) });
  });

  it("without MCP SDK v1: serve answers a 2025-era client, on 2024-11-05 as on the latest revision", async () => {
    const config = writeConfig({ mcpServers: { dyn: { command: process.execPath, args: [DYNAMIC_SERVER] } } });
    // The client is SDK v1's, in this process; the gateway's process cannot resolve SDK v1 at all.
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ["--import", HIDE_PACKAGES, ...CLI_ARGS, "serve", "--config", config],
      env: { ...process.env, TOOLSIFT_HIDE_PACKAGES: MCP_SDK_V1 } as Record<string, string>,
      cwd: ROOT,
      stderr: "pipe",
    });
    let stderr = "";
    transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const client = new Client({ name: "v1-client", version: "1" });
    try {
      await client.connect(transport);
      expect(client.getServerVersion()?.name).toBe("toolsift");
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain("search_tools");
    } finally {
      await client.close();
    }
    expect(stderr).not.toMatch(/@modelcontextprotocol\/sdk/);
    // An old revision is negotiated as before: the gateway answers initialize with the version asked for.
    const old = await initializeWithout([MCP_SDK_V1], config, "2024-11-05");
    expect(old).toMatchObject({ result: { protocolVersion: "2024-11-05", serverInfo: { name: "toolsift" } } });
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
