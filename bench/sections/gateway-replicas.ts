import { measureGatewayReplicas } from "../gateway-replicas/measure-gateway-replicas.js";
import type { GatewayReplicasRun } from "../report/bench-report.js";
import { count, ms } from "../report/format.js";
import { table } from "../report/markdown-table.js";
import { defineSection } from "./section.js";

export function gatewayReplicasMarkdown(run: GatewayReplicasRun | null | undefined): string {
  if (!run) return "";
  const body = run.error
    ? table(["measure", "value"], [["error", run.error.replaceAll("|", "\\|").replaceAll("\n", " ")]])
    : table(
        ["setup", "requests", "p50, ms", "p95, ms"],
        [
          [run.single.setup, count(run.single.requests), ms(run.single.p50Ms), ms(run.single.p95Ms)],
          [run.shared.setup, count(run.shared.requests), ms(run.shared.p50Ms), ms(run.shared.p95Ms)],
          ["shared ÷ single", "", `${run.p50Ratio.toFixed(2)}×`, `${run.p95Ratio.toFixed(2)}×`],
        ],
      );
  return [
    "## Gateway replicas: the cost of shared sessions",
    "The real CLI (`toolsift serve --http 0 --no-auth`, from source through tsx) on 127.0.0.1 in front of the dynamic test server: " +
      "one MCP session, requests one at a time, tools/list and a tools/call of `dyn__echo` in turn, after 100 untimed ones. " +
      "First one process with its sessions in memory, then `toolsift.sessions` in PostgreSQL (a scratch database of " +
      "`TOOLSIFT_TEST_PG`), three replicas behind haproxy (round robin, no stickiness) when haproxy is installed.",
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
