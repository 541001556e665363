import { execFile, spawn } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  CLI_ARGS,
  connectGateway,
  resultText,
  ROOT,
  waitForUpstreams,
  writeConfig,
} from "../support/gateway-process.js";
import { DYNAMIC_SERVER, waitFor } from "../support/mcp-servers.js";
import { parseMetrics, sampleValue } from "../support/prometheus-text.js";

const HIDE_PACKAGES = fileURLToPath(new URL("../support/hide-packages.mjs", import.meta.url));
const dyn = { command: process.execPath, args: [DYNAMIC_SERVER] };

/** `toolsift <args>` with prom-client made unresolvable, until it exits or prints `until`; then it is stopped. */
function serveWithoutPromClient(args: string[], until?: RegExp): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", HIDE_PACKAGES, ...CLI_ARGS, ...args], {
      cwd: ROOT,
      env: { ...process.env, TOOLSIFT_HIDE_PACKAGES: "prom-client" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
      if (until?.test(stderr)) child.kill("SIGTERM");
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe("toolsift serve: audit log and metrics", () => {
  it("--metrics-port serves a session's searches and calls on loopback, and the config's audit file gets them", async () => {
    const file = writeConfig({ mcpServers: { dyn }, toolsift: { audit: { file: "./logs-audit.jsonl" } } });
    const auditFile = join(dirname(file), "logs-audit.jsonl");
    const gateway = await connectGateway(file, { args: ["--metrics-port", "0"] });
    try {
      await waitFor("the metrics URL", () => /serving metrics at (\S+)/.test(gateway.stderr()), 30_000);
      const url = /serving metrics at (\S+)/.exec(gateway.stderr())![1]!;
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      await waitForUpstreams(gateway, ["dyn"]);
      await gateway.client.callTool({ name: "search_tools", arguments: { query: "echo the given text back" } });
      expect(resultText(await gateway.client.callTool({ name: "dyn__echo", arguments: { text: "hi" } }))).toBe(
        "echo: hi",
      );
      const parsed = parseMetrics(await (await fetch(url)).text());
      expect(sampleValue(parsed, "toolsift_searches_total")).toBe(1);
      expect(sampleValue(parsed, "toolsift_tool_calls_total", { tool: "dyn__echo", outcome: "ok" })).toBe(1);
      expect(sampleValue(parsed, "toolsift_upstream_servers", { state: "connected" })).toBe(1);
      expect(sampleValue(parsed, "process_resident_memory_bytes")).toBeGreaterThan(0);
    } finally {
      await gateway.close();
    }
    await waitFor("the gateway to write its audit log", () => {
      try {
        return readFileSync(auditFile, "utf8").includes('"event":"call"');
      } catch {
        return false;
      }
    });
    expect(statSync(auditFile).mode & 0o777).toBe(0o600);
    const events = readFileSync(auditFile, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { event: string }).event);
    expect(events).toEqual(expect.arrayContaining(["upstream", "search", "call"]));
  }, 90_000);

  it("without prom-client: metrics asked for fail at start naming the package; not asked for, one line and it serves", async () => {
    const plain = writeConfig({ mcpServers: { dyn } });
    const required = writeConfig({ mcpServers: { dyn }, toolsift: { metrics: true } });
    const [port, configured, implicit] = await Promise.all([
      serveWithoutPromClient(["serve", "--config", plain, "--metrics-port", "0"]),
      serveWithoutPromClient(["serve", "--config", required, "--http", "0"]),
      serveWithoutPromClient(["serve", "--config", plain, "--http", "0"], /Streamable HTTP at/),
    ]);
    for (const failed of [port, configured]) {
      expect(failed.code).toBe(1);
      expect(failed.stderr).toMatch(
        /Metrics need the optional package prom-client .*not installed.*npm install prom-client/,
      );
    }
    expect(implicit.stderr).toMatch(/serving without \/metrics: Metrics need the optional package prom-client/);
    expect(implicit.stderr).toMatch(/serving MCP over Streamable HTTP at/);
    expect(implicit.stderr.match(/prom-client/g)).toHaveLength(2);
  }, 90_000);

  it('refuses --metrics-port with "metrics": false, and an audit file that is not a regular file, before starting anything', async () => {
    const off = writeConfig({ mcpServers: { dyn }, toolsift: { metrics: false } });
    const linked = writeConfig({ mcpServers: { dyn }, toolsift: { audit: { file: "/dev/null" } } });
    const run = (args: string[]) =>
      new Promise<{ code: number; stderr: string }>((resolve) => {
        execFile(process.execPath, [...CLI_ARGS, ...args], { cwd: ROOT, timeout: 60_000 }, (error, _stdout, stderr) =>
          resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stderr }),
        );
      });
    const [metricsOff, deviceAudit] = await Promise.all([
      run(["serve", "--config", off, "--metrics-port", "0"]),
      run(["serve", "--config", linked]),
    ]);
    expect(metricsOff).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--metrics-port was given, but .* sets "metrics": false/),
    });
    expect(deviceAudit).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/The audit log "\/dev\/null" is not a regular file/),
    });
  }, 90_000);
});
