import { measureGatewayReplicas } from "../gateway-replicas/measure-gateway-replicas.js";
import type { LatencyRun, ReplicasComparison } from "../gateway-replicas/measure-gateway-replicas.js";
import type { GatewayReplicasRun } from "../report/bench-report.js";
import { count, ms } from "../report/format.js";
import { table } from "../report/markdown-table.js";
import { defineSection } from "./section.js";

function comparisonRows(run: ReplicasComparison, era: string): string[][] {
  const row = (side: LatencyRun) => [side.setup, count(side.requests), ms(side.p50Ms), ms(side.p95Ms)];
  return [
    row(run.single),
    row(run.shared),
    [`replicas ÷ one process, ${era}`, "", `${run.p50Ratio.toFixed(2)}×`, `${run.p95Ratio.toFixed(2)}×`],
  ];
}

export function gatewayReplicasMarkdown(run: GatewayReplicasRun | null | undefined): string {
  if (!run) return "";
  const body = run.error
    ? table(["measure", "value"], [["error", run.error.replaceAll("|", "\\|").replaceAll("\n", " ")]])
    : table(
        ["setup", "requests", "p50, ms", "p95, ms"],
        [
          ...comparisonRows(run, "2025-era session"),
          ...(run.stateless ? comparisonRows(run.stateless, "stateless") : []),
        ],
      );
  return [
    "## Gateway replicas: the cost of shared sessions",
    "The real CLI (`toolsift serve --http 0 --no-auth`, from source through tsx) on 127.0.0.1 in front of the dynamic test server: " +
      "one MCP session, requests one at a time, tools/list and a tools/call of `dyn__echo` in turn, after 100 untimed ones; " +
      "the same requests sent statelessly (2026-07-28: no session, the era's `_meta` in each), alternating with the " +
      "session's request by request (and which goes first, every other round). " +
      "First one process with its sessions in memory, then `toolsift.sessions` in PostgreSQL (a scratch database of " +
      "`TOOLSIFT_TEST_PG`), three replicas behind haproxy (round robin, no stickiness) when haproxy is installed. " +
      "Raw fetch, timed from the client; the machine is shared, so read the ratios.",
    body,
  ].join("\n\n");
}

/** `serve --http` per-request p50 and p95: one process against replicas sharing sessions through PostgreSQL. */
export const gatewayReplicasSection = defineSection<{ gatewayReplicas?: GatewayReplicasRun | null }>({
  id: "gateway-replicas",
  title: "Gateway replicas: per-request cost of shared sessions",
  enabled: () => true,
  skipped: () => ({ gatewayReplicas: null }),
  async measure(ctx) {
    const pg = process.env.TOOLSIFT_TEST_PG;
    if (!pg) {
      ctx.log(
        "  gateway-replicas skipped: TOOLSIFT_TEST_PG is not set (a PostgreSQL whose role may create a database)",
      );
      ctx.note("gateway-replicas: skipped, TOOLSIFT_TEST_PG is not set.");
      return { gatewayReplicas: null };
    }
    try {
      return { gatewayReplicas: await measureGatewayReplicas(pg, { log: ctx.log }) };
    } catch (error) {
      const message = (error as Error).message.slice(0, 4_000);
      ctx.log(`  gateway-replicas section failed: ${message.split("\n")[0]}`);
      const none = { setup: "", requests: 0, p50Ms: 0, p95Ms: 0 };
      return { gatewayReplicas: { single: none, shared: none, p50Ratio: 0, p95Ratio: 0, error: message } };
    }
  },
  failed: (measured) => Boolean(measured.gatewayReplicas?.error),
  rows: () => [],
  markdown: (measured) => gatewayReplicasMarkdown(measured.gatewayReplicas),
});
