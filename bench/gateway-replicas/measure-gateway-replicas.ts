/**
 * The cost per request of sharing sessions: `toolsift serve --http` as one process with its
 * sessions in memory, against three replicas sharing them through PostgreSQL behind haproxy
 * (round robin, no stickiness), or one process with the PostgreSQL store when haproxy is missing.
 * One MCP session each, the same requests in turn (tools/list, then a tools/call of the dynamic
 * server's echo), one at a time, timed from the client on loopback; and the same requests sent
 * statelessly (2026-07-28, no session), alternating with the session's request by request, so
 * machine noise hits both eras alike.
 */
import { legacySession, statelessClient, type EraClient } from "../gateway-eras/eras-wire.js";
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

/** One era's single process against its shared setup. */
export interface ReplicasComparison {
  single: LatencyRun;
  shared: LatencyRun;
  p50Ratio: number;
  p95Ratio: number;
}

/** What the section reports: the single process, the shared setup, and their ratios, for a 2025-era session (and stateless requests). */
export interface GatewayReplicasRun extends ReplicasComparison {
  /** The same requests sent statelessly (2026-07-28); absent from runs before it was measured. */
  stateless?: ReplicasComparison;
  error?: string;
}

/** The p-th percentile (0–100) of sorted values, nearest rank. */
function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

/** Both eras' latency on one setup. */
interface EraRuns {
  legacy: LatencyRun;
  stateless: LatencyRun;
}

/**
 * One 2025-era session and one stateless client on `url`: `requests` timed requests of each
 * after `warmup` untimed ones, one at a time, the eras alternating (and which goes first, every
 * other round).
 */
async function timeEras(url: string, setup: string, requests: number, warmup: number): Promise<EraRuns> {
  const eras: [EraClient, EraClient] = [await legacySession(url), statelessClient(url)];
  const request = (client: EraClient, round: number) =>
    round % 2 === 0
      ? client.request("tools/list")
      : client.request("tools/call", { name: "dyn__echo", arguments: { text: "bench" } });
  for (let round = 0; round < warmup; round++) for (const client of eras) await request(client, round);
  const times: [number[], number[]] = [[], []];
  for (let round = 0; round < requests; round++) {
    const order = round % 4 < 2 ? [0, 1] : [1, 0];
    for (const era of order) {
      const started = performance.now();
      await request(eras[era]!, round);
      times[era]!.push(performance.now() - started);
    }
  }
  const run = (times: number[], era: string): LatencyRun => {
    times.sort((a, b) => a - b);
    return { setup: `${setup}, ${era}`, requests, p50Ms: percentile(times, 50), p95Ms: percentile(times, 95) };
  };
  return { legacy: run(times[0], "2025-era session"), stateless: run(times[1], "stateless (2026-07-28)") };
}

const compare = (single: LatencyRun, shared: LatencyRun): ReplicasComparison => ({
  single,
  shared,
  p50Ratio: shared.p50Ms / single.p50Ms,
  p95Ratio: shared.p95Ms / single.p95Ms,
});

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
  let single: EraRuns;
  try {
    single = await timeEras(alone[0]!.url, "one process, sessions in memory", requests, warmup);
  } finally {
    await stopReplicas(alone);
  }
  for (const run of [single.legacy, single.stateless])
    options.log?.(`  ${run.setup}: p50 ${run.p50Ms.toFixed(2)} ms, p95 ${run.p95Ms.toFixed(2)} ms`);
  const database = await scratchDatabase(pgUrl);
  let shared: EraRuns;
  try {
    const config = writeConfig({ mcpServers: servers, toolsift: { sessions: database.url } });
    const replicas = await started(config, HAPROXY ? 3 : 1);
    let haproxy: Haproxy | undefined;
    try {
      haproxy = HAPROXY ? await startHaproxy(replicas.map((replica) => replica.url)) : undefined;
      const setup = haproxy
        ? "three replicas, sessions in PostgreSQL, behind haproxy (round robin)"
        : "one process, sessions in PostgreSQL (haproxy is not installed)";
      shared = await timeEras(haproxy?.url ?? replicas[0]!.url, setup, requests, warmup).catch((error: unknown) => {
        // What the replicas warned of (a store that timed out, a session it lost) is the cause to read.
        const warned = replicas.map((replica, i) =>
          replica
            .stderr()
            .split("\n")
            .filter((line) => /warning|failed|error/i.test(line))
            .slice(-5)
            .map((line) => `replica ${i}: ${line}`),
        );
        throw new Error(`${(error as Error).message}\n${warned.flat().join("\n")}`);
      });
    } finally {
      await stopReplicas(replicas, haproxy);
    }
  } finally {
    await database.drop();
  }
  for (const run of [shared.legacy, shared.stateless])
    options.log?.(`  ${run.setup}: p50 ${run.p50Ms.toFixed(2)} ms, p95 ${run.p95Ms.toFixed(2)} ms`);
  return {
    ...compare(single.legacy, shared.legacy),
    stateless: compare(single.stateless, shared.stateless),
  };
}
