import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { measureGatewayMemory } from "../gateway-memory/measure-gateway-memory.js";
import type { GatewayMemoryRun } from "../report/bench-report.js";
import { count, mb, ms } from "../report/format.js";
import { table } from "../report/markdown-table.js";
import { defineSection, type TargetRow } from "./section.js";

const SCOPE = "toolsift serve --http 0 on loopback (CLI from source), 20,000 refused initializes";

export function gatewayMemoryRows(run: GatewayMemoryRun | null | undefined): TargetRow[] {
  if (!run) return [];
  // A run with wrong answers measured something else than refusals: no number rather than a wrong one.
  const measured = run.error || run.unexpectedStatuses > 0 ? null : run.growthMB;
  return [{ target: "gateway-memory.refused-initializes.rss-growth-mb", scope: SCOPE, measured }];
}

export function gatewayMemoryMarkdown(run: GatewayMemoryRun | null | undefined): string {
  if (!run) return "";
  const rows: string[][] = run.error
    ? [["error", run.error.replaceAll("|", "\\|").replaceAll("\n", " ")]]
    : [
        ["refused initializes sent", count(run.requests)],
        ["answers not the expected 406/415/400", count(run.unexpectedStatuses)],
        ["sending took, ms", ms(run.sendMs)],
        ["RSS before, MB", mb(run.rssBeforeMB)],
        ["RSS peak while sending, MB", mb(run.rssPeakMB)],
        ["RSS after a settle, MB", mb(run.rssAfterMB)],
        ["growth, MB", mb(run.growthMB)],
        ["started with --no-auth", run.noAuthFlag ? "yes" : "no (the CLI had no authentication yet)"],
      ];
  return [
    "## Gateway memory under refused initializes",
    "The real CLI (`toolsift serve --config <file> --http 0`, from source through tsx) on 127.0.0.1 in front of the dynamic test server. " +
      "After 300 warm-up requests and a settle, 20,000 initializes the Streamable HTTP transport refuses, in turn: `Accept` without " +
      "`text/event-stream` (406), a `text/plain` body (415) and a batch of two initializes (400), 16 at a time over keep-alive. " +
      "RSS is the CLI process's own (`/proc/<pid>/status`), sampled before, every 1,000 requests, and after a settle. " +
      "Target: `gateway-memory.refused-initializes.rss-growth-mb` in bench/targets.ts (issue 19's audit measured 81 → 632 MB).",
    table(["measure", "value"], rows),
  ].join("\n\n");
}

/** `serve --http` memory after 20,000 refused initializes: issue 19's unbounded growth, measured. */
export const gatewayMemorySection = defineSection<{ gatewayMemory?: GatewayMemoryRun | null }>({
  id: "gateway-memory",
  title: "Gateway memory under refused initializes",
  enabled: () => true,
  skipped: () => ({ gatewayMemory: null }),
  async measure(ctx) {
    const work = mkdtempSync(join(tmpdir(), "toolsift-bench-gateway-"));
    let run: GatewayMemoryRun;
    try {
      run = await measureGatewayMemory(ctx.paths.repoRoot, work, { log: ctx.log });
    } catch (error) {
      run = {
        requests: 0,
        unexpectedStatuses: 0,
        sendMs: 0,
        noAuthFlag: false,
        rssBeforeMB: 0,
        rssPeakMB: 0,
        rssAfterMB: 0,
        growthMB: 0,
        error: (error as Error).message.slice(0, 4_000),
      };
      ctx.log(`  gateway-memory section failed: ${run.error!.split("\n")[0]}`);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
    return { gatewayMemory: run };
  },
  failed: (measured) => Boolean(measured.gatewayMemory?.error),
  rows: (measured) => gatewayMemoryRows(measured.gatewayMemory),
  markdown: (measured) => gatewayMemoryMarkdown(measured.gatewayMemory),
});
