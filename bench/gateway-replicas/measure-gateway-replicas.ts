/**
 * The cost per request of sharing sessions: `toolsift serve --http` as one process with its
 * sessions in memory, against three replicas sharing them through PostgreSQL behind haproxy
 * (round robin, no stickiness), or one process with the PostgreSQL store when haproxy is missing.
 * One MCP session each, the same requests in turn (tools/list, then a tools/call of the dynamic
 * server's echo), one at a time, timed from the client on loopback.
 */
import { openLegacySession } from "../mcp-http/legacy-session.js";
import { startHttpGateway, writeConfig, type HttpGatewayProcess } from "../../test/support/gateway-process.js";
import { HAPROXY, startHaproxy, stopReplicas, type Haproxy } from "../../test/support/haproxy.js";
import { DYNAMIC_SERVER, waitFor } from "../../test/support/mcp-servers.js";
import { scratchDatabase } from "../../test/support/postgres.js";

/** Per-request latency of one setup, in milliseconds. */
export interface LatencyRun {
  setup: string;
  requests: number;
  p50Ms: number;
  p95Ms: number;
}

/** What the section reports: the single process, the shared setup, and their ratios. */
export interface GatewayReplicasRun {
  single: LatencyRun;
  shared: LatencyRun;
  p50Ratio: number;
  p95Ratio: number;
  error?: string;
}

/** The p-th percentile (0–100) of sorted values, nearest rank. */
function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

/** One session on `url`, then `requests` timed requests after `warmup` untimed ones. */
async function timeSession(url: string, setup: string, requests: number, warmup: number): Promise<LatencyRun> {
  const headers = await openLegacySession(url);
  const post = async (body: unknown) => {
    const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
    const text = await response.text();
    if (response.status >= 300) throw new Error(`answered ${response.status}: ${text.slice(0, 200)}`);
  };
  const request = (id: number) =>
    id % 2 === 0
      ? { jsonrpc: "2.0", id, method: "tools/list" }
      : { jsonrpc: "2.0", id, method: "tools/call", params: { name: "dyn__echo", arguments: { text: "bench" } } };
  for (let id = 1; id <= warmup; id++) await post(request(id));
  const times: number[] = [];
  for (let id = warmup + 1; id <= warmup + requests; id++) {
    const started = performance.now();
    await post(request(id));
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { setup, requests, p50Ms: percentile(times, 50), p95Ms: percentile(times, 95) };
}

async function started(config: string, count: number): Promise<HttpGatewayProcess[]> {
  const processes = await Promise.all(
    Array.from({ length: count }, () => startHttpGateway(config, { args: ["--no-auth"] })),
  );
  await Promise.all(
    processes.map((process) =>
      waitFor("dyn to connect", () => process.stderr().includes('MCP server "dyn" connected'), 60_000),
    ),
  );
  return processes;
}

/**
 * Measures both setups in one run. `pgUrl` is a PostgreSQL server whose role may create a
 * database (the run uses one of its own and drops it).
 */
export async function measureGatewayReplicas(
  pgUrl: string,
  options: { requests?: number; warmup?: number; log?: (line: string) => void } = {},
): Promise<GatewayReplicasRun> {
  const requests = options.requests ?? 400;
  const warmup = options.warmup ?? 100;
  const servers = { dyn: { command: process.execPath, args: [DYNAMIC_SERVER], stderr: "ignore" } };
  const alone = await started(writeConfig({ mcpServers: servers }), 1);
  let single: LatencyRun;
  try {
    single = await timeSession(alone[0]!.url, "one process, sessions in memory", requests, warmup);
  } finally {
    await stopReplicas(alone);
  }
  options.log?.(`  single process: p50 ${single.p50Ms.toFixed(2)} ms, p95 ${single.p95Ms.toFixed(2)} ms`);
  const database = await scratchDatabase(pgUrl);
  let shared: LatencyRun;
  try {
    const config = writeConfig({ mcpServers: servers, toolsift: { sessions: database.url } });
    const replicas = await started(config, HAPROXY ? 3 : 1);
    let haproxy: Haproxy | undefined;
    try {
      haproxy = HAPROXY ? await startHaproxy(replicas.map((replica) => replica.url)) : undefined;
      const setup = haproxy
        ? "three replicas, sessions in PostgreSQL, behind haproxy (round robin)"
        : "one process, sessions in PostgreSQL (haproxy is not installed)";
      shared = await timeSession(haproxy?.url ?? replicas[0]!.url, setup, requests, warmup);
    } finally {
      await stopReplicas(replicas, haproxy);
    }
  } finally {
    await database.drop();
  }
  options.log?.(`  ${shared.setup}: p50 ${shared.p50Ms.toFixed(2)} ms, p95 ${shared.p95Ms.toFixed(2)} ms`);
  return { single, shared, p50Ratio: shared.p50Ms / single.p50Ms, p95Ratio: shared.p95Ms / single.p95Ms };
}
