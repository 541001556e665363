import { measureGatewayEras, type GatewayErasRun } from "../gateway-eras/measure-gateway-eras.js";
import { count, ms } from "../report/format.js";
import { gatewayErasPanels } from "../report/gateway-eras-panel.js";
import { table } from "../report/markdown-table.js";
import { defineSection } from "./section.js";

function ratio(stateless: number, legacy: number): string {
  return legacy > 0 ? `${(stateless / legacy).toFixed(2)}×` : "–";
}

function tokensTable(run: GatewayErasRun): string {
  const { legacy, stateless } = run;
  const row = (era: string, side: GatewayErasRun["legacy"]) => [
    era,
    count(side.requests),
    count(side.toolsFirst),
    count(side.toolsMedian),
    count(side.toolsLast),
    count(side.searchAnswerTokens),
    count(side.sessionTokens),
  ];
  return table(
    [
      "client",
      "model requests",
      "tools array, first",
      "tools array, median",
      "tools array, last",
      "search answers in the transcript",
      "session total",
    ],
    [
      row("2025 era (session)", legacy),
      row("2026-07-28 (stateless)", stateless),
      [
        "stateless ÷ 2025",
        "",
        ratio(stateless.toolsFirst, legacy.toolsFirst),
        ratio(stateless.toolsMedian, legacy.toolsMedian),
        ratio(stateless.toolsLast, legacy.toolsLast),
        ratio(stateless.searchAnswerTokens, legacy.searchAnswerTokens),
        ratio(stateless.sessionTokens, legacy.sessionTokens),
      ],
    ],
  );
}

function latencyTable(run: GatewayErasRun): string {
  const { legacy, stateless } = run.latency;
  const row = (era: string, side: typeof legacy) => [
    era,
    ms(side.list.p50Ms),
    ms(side.list.p95Ms),
    ms(side.call.p50Ms),
    ms(side.call.p95Ms),
    ms(side.all.p50Ms),
    ms(side.all.p95Ms),
  ];
  return table(
    [
      "client",
      "tools/list p50, ms",
      "tools/list p95, ms",
      "tools/call p50, ms",
      "tools/call p95, ms",
      "all p50, ms",
      "all p95, ms",
    ],
    [
      row("2025 era (session)", legacy),
      row("2026-07-28 (stateless)", stateless),
      [
        "stateless ÷ 2025",
        ratio(stateless.list.p50Ms, legacy.list.p50Ms),
        ratio(stateless.list.p95Ms, legacy.list.p95Ms),
        ratio(stateless.call.p50Ms, legacy.call.p50Ms),
        ratio(stateless.call.p95Ms, legacy.call.p95Ms),
        ratio(stateless.all.p50Ms, legacy.all.p50Ms),
        ratio(stateless.all.p95Ms, legacy.all.p95Ms),
      ],
    ],
    1,
  );
}

export function gatewayErasMarkdown(run: GatewayErasRun | null | undefined): string {
  if (!run) return "";
  const heading = "## Gateway eras: a stateless (2026-07-28) client against a 2025-era one";
  if (run.error)
    return [
      heading,
      table(["measure", "value"], [["error", run.error.replaceAll("|", "\\|").replaceAll("\n", " ")]]),
    ].join("\n\n");
  return [
    heading,
    `The real CLI (\`toolsift serve --http 0 --no-auth\`, from source through tsx) in front of the example catalogue ` +
      `(${count(run.servers)} servers, ${count(run.tools)} tools with their full schemas, each server a stdio MCP server process), ` +
      `the gateway's defaults (a 2025 session lists at most ${run.maxHydratedTools} found tools, the least recently used leave first; ` +
      `${run.searchLimit} matches a search).`,
    `**Tokens.** The same scripted session in both eras: for each of ${run.tasks} labelled requests of the example catalogue, ` +
      "a model request that searches, then one that calls the first match with placeholder input (a 2025 client by its name, " +
      "from the list it fetched again as `list_changed` asks; a stateless client through `call_tool`, with the schema the " +
      "answer gave). Per model request, `estimateTokens` of the tools array the client holds (laid out as Anthropic tool " +
      "definitions), plus the search answers already in the transcript (each a `tool_result` block, by the same rule); " +
      "tool calls, their results and the model's own text are the same in both eras and not counted. " +
      `The labelled tool came first in ${run.legacy.labelledFirst}/${run.tasks} searches (2025) and ` +
      `${run.stateless.labelledFirst}/${run.tasks} (stateless); the gateway refused ${run.legacy.callErrors} and ` +
      `${run.stateless.callErrors} of the placeholder calls (a call is made either way).`,
    tokensTable(run),
    `**Latency.** One process on 127.0.0.1: a 2025-era session's \`tools/list\` and \`tools/call\` of \`${run.latency.tool}\` ` +
      "(found by a search first) against the same requests sent statelessly (`tools/call` of `call_tool`), " +
      `${count(run.latency.requests)} timed requests of each kind per era, one at a time, alternating era by era ` +
      "(and which goes first, round by round), after untimed rounds; raw fetch, timed from the client. " +
      `The machine's 1-minute load average was ${run.latency.loadAverage.toFixed(1)} on ${run.latency.cores} cores as the ` +
      "timing ended: with other work running, the milliseconds are high and the ratios are what to read.",
    latencyTable(run),
  ].join("\n\n");
}

/** Tokens and latency per request of a stateless client of `serve --http` against a 2025-era one. */
export const gatewayErasSection = defineSection<{ gatewayEras?: GatewayErasRun | null }>({
  id: "gateway-eras",
  title: "Gateway eras: a stateless client against a 2025-era one",
  enabled: () => true,
  skipped: () => ({ gatewayEras: null }),
  async measure(ctx) {
    try {
      return { gatewayEras: await measureGatewayEras({ log: ctx.log }) };
    } catch (error) {
      const message = (error as Error).message.slice(0, 4_000);
      ctx.log(`  gateway-eras section failed: ${message.split("\n")[0]}`);
      return { gatewayEras: failedRun(message) };
    }
  },
  failed: (measured) => Boolean(measured.gatewayEras?.error),
  rows: () => [],
  markdown: (measured) => gatewayErasMarkdown(measured.gatewayEras),
  svg: (measured) => gatewayErasPanels(measured.gatewayEras),
});

function failedRun(error: string): GatewayErasRun {
  const tokens = {
    requests: 0,
    toolTokens: [],
    transcriptTokens: [],
    toolsFirst: 0,
    toolsMedian: 0,
    toolsLast: 0,
    searchAnswerTokens: 0,
    sessionTokens: 0,
    labelledFirst: 0,
    callErrors: 0,
  };
  const none = { p50Ms: 0, p95Ms: 0 };
  const latencies = { list: none, call: none, all: none };
  return {
    servers: 0,
    tools: 0,
    tasks: 0,
    maxHydratedTools: 0,
    searchLimit: 0,
    legacy: tokens,
    stateless: tokens,
    sessionRatio: 0,
    toolsMedianRatio: 0,
    latency: {
      requests: 0,
      tool: "",
      legacy: latencies,
      stateless: latencies,
      p50Ratio: 0,
      p95Ratio: 0,
      loadAverage: 0,
      cores: 0,
    },
    error,
  };
}
