/**
 * Memory of `toolsift serve --http` under refused initializes: the audit of issue 19 took the CLI
 * from 81 MB to 632 MB RSS with 20,000 of them (each left an MCP server and a session behind).
 * This starts the real CLI from source on loopback, in front of the dynamic test server, sends
 * the three kinds the transport refuses (406, 415, a batch of two: 400) and samples the CLI's RSS
 * before, during and after a settle.
 */
import { spawn, spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { join } from "node:path";
import type { GatewayMemoryRun } from "../report/bench-report.js";

export interface GatewayMemoryOptions {
  /** How many refused initializes to send. @defaultValue 20000 */
  requests?: number;
  /** Requests in flight at once. @defaultValue 16 */
  concurrency?: number;
  /** How long to let the process settle (idle GC) before the last sample. @defaultValue 5000 */
  settleMs?: number;
  log?: (message: string) => void;
}

const JSON_TYPE = "application/json";
const initialize = (id: number) => ({
  jsonrpc: "2.0",
  id,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench", version: "1" } },
});
/** The three refusals of the audit, in turn. */
const REFUSED = [
  { status: 406, headers: { "content-type": JSON_TYPE, accept: JSON_TYPE }, body: initialize(1) },
  {
    status: 415,
    headers: { "content-type": "text/plain", accept: `${JSON_TYPE}, text/event-stream` },
    body: initialize(2),
  },
  {
    status: 400,
    headers: { "content-type": JSON_TYPE, accept: `${JSON_TYPE}, text/event-stream` },
    body: [initialize(3), initialize(4)],
  },
] as const;

/** Resident set of a process in MB, from /proc (Linux) or `ps`. */
function rssMB(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    if (kb !== undefined) return Number(kb) / 1024;
  } catch {
    // not Linux: ask ps
  }
  return Number(spawnSync("ps", ["-o", "rss=", "-p", String(pid)], { encoding: "utf8" }).stdout.trim()) / 1024;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function measureGatewayMemory(
  repoRoot: string,
  workDir: string,
  options: GatewayMemoryOptions = {},
): Promise<GatewayMemoryRun> {
  const total = options.requests ?? 20_000;
  const concurrency = options.concurrency ?? 16;
  const settleMs = options.settleMs ?? 5_000;
  const config = join(workDir, "mcp.json");
  const upstream = join(repoRoot, "test", "fixtures", "dynamic-mcp-server.mjs");
  writeFileSync(config, JSON.stringify({ mcpServers: { dyn: { command: process.execPath, args: [upstream] } } }));
  const cli = ["--import", "tsx", join(repoRoot, "src", "cli", "main.ts"), "serve", "--config", config, "--http", "0"];
  // `--no-auth` (loopback only) where the CLI has it; before it, serve --http had no authentication at all.
  const help = spawnSync(process.execPath, [...cli.slice(0, 3), "serve", "--help"], {
    cwd: repoRoot,
    encoding: "utf8",
  });
  const noAuth = `${help.stdout}${help.stderr}`.includes("--no-auth");
  const child = spawn(process.execPath, [...cli, ...(noAuth ? ["--no-auth"] : [])], {
    cwd: repoRoot,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the gateway did not start:\n${stderr.slice(-2_000)}`)), 60_000);
      child.stderr.on("data", () => {
        const match = /Streamable HTTP at (\S+)/.exec(stderr);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
      child.once("exit", (code) => reject(new Error(`the gateway exited with ${code}:\n${stderr.slice(-2_000)}`)));
    });
    await new Promise<void>((resolve) => {
      const check = () => (stderr.includes('MCP server "dyn" connected') ? resolve() : setTimeout(check, 50));
      check();
    });
    const send = (index: number) =>
      new Promise<number>((resolve, reject) => {
        const kind = REFUSED[index % REFUSED.length]!;
        const req = request(url, { method: "POST", agent, headers: kind.headers }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        });
        req.on("error", reject);
        req.end(JSON.stringify(kind.body));
      });
    const run = async (count: number, onStatus: (status: number, index: number) => void) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < count) {
            const index = next++;
            onStatus(await send(index), index);
          }
        }),
      );
    };
    // Warm up first, so code loaded on the first request counts in the baseline, not as growth.
    await run(300, () => undefined);
    await sleep(settleMs);
    const before = rssMB(child.pid!);
    let peak = before;
    let unexpected = 0;
    const started = performance.now();
    await run(total, (status, index) => {
      if (status !== REFUSED[index % REFUSED.length]!.status) unexpected++;
      if (index % 1_000 === 0) peak = Math.max(peak, rssMB(child.pid!));
    });
    const sendMs = performance.now() - started;
    options.log?.(`  ${total} refused initializes in ${(sendMs / 1000).toFixed(1)} s; settling ${settleMs} ms`);
    peak = Math.max(peak, rssMB(child.pid!));
    await sleep(settleMs);
    const after = rssMB(child.pid!);
    return {
      requests: total,
      unexpectedStatuses: unexpected,
      sendMs,
      noAuthFlag: noAuth,
      rssBeforeMB: before,
      rssPeakMB: peak,
      rssAfterMB: after,
      growthMB: after - before,
    };
  } finally {
    agent.destroy();
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
  }
}
