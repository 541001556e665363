/**
 * What a stateless (2026-07-28) client of `toolsift serve --http` costs against a 2025-era one,
 * on one real gateway process in front of the example catalogue (8 servers, 97 tools, each
 * server a real stdio MCP server process serving its tools with their full schemas):
 *
 * - tokens: the same scripted agent session in both eras (per task: search, then call the best
 *   match), accounted per model request by `era-token-accounting.ts`;
 * - latency: `tools/list` and `tools/call` of a 2025-era session against the same requests sent
 *   statelessly, alternating request by request on loopback, so machine noise hits both.
 */
import { writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { exampleCatalogue } from "../../examples/catalogue/index.js";
import { parseTool } from "../../src/catalogue/index.js";
import { scratchDir, startHttpGateway, writeConfig } from "../../test/support/gateway-process.js";
import { stopReplicas } from "../../test/support/haproxy.js";
import { waitFor } from "../../test/support/mcp-servers.js";
import { percentile } from "../metrics/percentile.js";
import { EXAMPLE_QUERIES } from "../strategy/example-queries.js";
import { oracleInputFor } from "../strategy/oracle-input.js";
import { accountSession, type EraTokens, type ListedTool, type ModelRequest } from "./era-token-accounting.js";
import { legacySession, statelessClient, textOf, type EraClient } from "./eras-wire.js";

const CATALOGUE_SERVER = fileURLToPath(new URL("../../test/fixtures/catalogue-mcp-server.mjs", import.meta.url));

/** p50 and p95 of one kind of request, in milliseconds. */
export interface EraLatency {
  p50Ms: number;
  p95Ms: number;
}

/** One era's latency: tools/list, tools/call and both together. */
export interface EraLatencies {
  list: EraLatency;
  call: EraLatency;
  all: EraLatency;
}

/** One era's scripted session. */
export interface EraSessionRun extends EraTokens {
  /** Tasks whose search put the labelled tool first. */
  labelledFirst: number;
  /** Calls the gateway answered with `isError` (e.g. a placeholder input its schema refused). */
  callErrors: number;
}

/** What the section reports. */
export interface GatewayErasRun {
  servers: number;
  tools: number;
  tasks: number;
  /** The gateway's cap on a 2025 session's found tools, and matches per search (its defaults). */
  maxHydratedTools: number;
  searchLimit: number;
  legacy: EraSessionRun;
  stateless: EraSessionRun;
  /** stateless ÷ 2025: the session's tokens, and its median tools array. */
  sessionRatio: number;
  toolsMedianRatio: number;
  latency: {
    /** Timed requests per era and kind (tools/list, tools/call). */
    requests: number;
    /** The tool both eras call. */
    tool: string;
    legacy: EraLatencies;
    stateless: EraLatencies;
    p50Ratio: number;
    p95Ratio: number;
    /** The machine's 1-minute load average when the timing ended, and its cores: how busy the machine was. */
    loadAverage: number;
    cores: number;
  };
  error?: string;
}

/** The gateway's defaults, set explicitly so the report says what was measured. */
const MAX_HYDRATED_TOOLS = 15;
const SEARCH_LIMIT = 5;

/** Writes the example catalogue as a catalogue-server file: `{ servers: { <server>: [tool without prefix] } }`. */
function writeCatalogueFile(): { file: string; servers: string[]; tools: number } {
  const servers: Record<string, ListedTool[]> = {};
  for (const definition of exampleCatalogue) {
    const tool = parseTool(definition, "the example catalogue");
    const split = tool.name.indexOf("__");
    const server = tool.name.slice(0, split);
    (servers[server] ??= []).push({
      name: tool.name.slice(split + 2),
      description: tool.description,
      inputSchema: tool.inputSchema,
    });
  }
  const file = join(scratchDir(), "example-catalogue.json");
  writeFileSync(file, JSON.stringify({ servers }));
  return { file, servers: Object.keys(servers), tools: exampleCatalogue.length };
}

/** `count` of the example catalogue's labelled queries, spread evenly over its servers' sections. */
export function sessionTasks(count: number): { query: string; expected: string }[] {
  const step = EXAMPLE_QUERIES.length / Math.min(count, EXAMPLE_QUERIES.length);
  return Array.from({ length: Math.min(count, EXAMPLE_QUERIES.length) }, (_, index) => ({
    ...EXAMPLE_QUERIES[Math.floor(index * step)]!,
  }));
}

interface Match {
  name: string;
  inputSchema?: unknown;
}

/** The matches of a search answer, in its order. */
function matchesOf(text: string): Match[] {
  const parsed = JSON.parse(text) as { matches?: unknown };
  if (!Array.isArray(parsed.matches)) throw new Error(`a search answer without matches: ${text.slice(0, 300)}`);
  return (parsed.matches as Match[]).filter((match) => typeof match?.name === "string");
}

async function listed(client: EraClient): Promise<ListedTool[]> {
  const result = await client.request("tools/list");
  return (result.tools as ListedTool[] | undefined) ?? [];
}

/**
 * One scripted session: per task, a request that searches, the client's list fetched again (as
 * on `list_changed`), a request that calls the first match. A 2025 session calls it by name
 * with its listed schema; a stateless client through `call_tool` with the schema the answer gave.
 */
async function scriptedSession(
  client: EraClient,
  era: "legacy" | "stateless",
  tasks: readonly { query: string; expected: string }[],
): Promise<EraSessionRun> {
  const requests: ModelRequest[] = [];
  let tools = await listed(client);
  let labelledFirst = 0;
  let callErrors = 0;
  for (const task of tasks) {
    const search = await client.request("tools/call", { name: "search_tools", arguments: { query: task.query } });
    const answer = textOf(search);
    requests.push({ tools, searchAnswer: answer });
    const best = matchesOf(answer)[0];
    if (best?.name === task.expected) labelledFirst++;
    tools = await listed(client);
    requests.push({ tools });
    if (!best) continue;
    const call =
      era === "legacy"
        ? await client.request("tools/call", {
            name: best.name,
            arguments: oracleInputFor(tools.find((tool) => tool.name === best.name)?.inputSchema),
          })
        : await client.request("tools/call", {
            name: "call_tool",
            arguments: { name: best.name, arguments: oracleInputFor(best.inputSchema) },
          });
    if (call.isError === true) callErrors++;
    tools = await listed(client);
  }
  return { ...accountSession(requests), labelledFirst, callErrors };
}

function latencyOf(times: readonly number[]): EraLatency {
  return { p50Ms: percentile(times, 50), p95Ms: percentile(times, 95) };
}

async function timed(send: () => Promise<unknown>, into: number[] | undefined): Promise<void> {
  const started = performance.now();
  await send();
  into?.push(performance.now() - started);
}

/**
 * `requests` timed tools/list and tools/call per era after `warmup` untimed rounds, alternating
 * the eras request by request and which goes first round by round.
 */
async function timeEras(url: string, tool: string, requests: number, warmup: number) {
  const legacy = await legacySession(url);
  const stateless = statelessClient(url);
  // The 2025 session finds the tool first, as its model would, so the call is of a listed tool.
  await legacy.request("tools/call", { name: "search_tools", arguments: { query: tool.replace("__", " ") } });
  const schema = (await listed(stateless)).find((listedTool) => listedTool.name === tool)?.inputSchema;
  const input = oracleInputFor(
    schema ?? (await listed(legacy)).find((listedTool) => listedTool.name === tool)?.inputSchema,
  );
  const times = {
    legacy: { list: [] as number[], call: [] as number[] },
    stateless: { list: [] as number[], call: [] as number[] },
  };
  const send = {
    legacy: {
      list: () => legacy.request("tools/list"),
      call: () => legacy.request("tools/call", { name: tool, arguments: input }),
    },
    stateless: {
      list: () => stateless.request("tools/list"),
      call: () => stateless.request("tools/call", { name: "call_tool", arguments: { name: tool, arguments: input } }),
    },
  };
  for (let round = 0; round < warmup + requests; round++) {
    const order = round % 2 === 0 ? (["legacy", "stateless"] as const) : (["stateless", "legacy"] as const);
    for (const kind of ["list", "call"] as const)
      for (const era of order) await timed(send[era][kind], round < warmup ? undefined : times[era][kind]);
  }
  const eraLatencies = (era: "legacy" | "stateless"): EraLatencies => ({
    list: latencyOf(times[era].list),
    call: latencyOf(times[era].call),
    all: latencyOf([...times[era].list, ...times[era].call]),
  });
  return { legacy: eraLatencies("legacy"), stateless: eraLatencies("stateless") };
}

/** Measures both eras on one `toolsift serve --http 0 --no-auth` process. */
export async function measureGatewayEras(
  options: { tasks?: number; requests?: number; warmup?: number; log?: (line: string) => void } = {},
): Promise<GatewayErasRun> {
  const tasks = sessionTasks(options.tasks ?? 10);
  const requests = options.requests ?? 300;
  const warmup = options.warmup ?? 50;
  const catalogue = writeCatalogueFile();
  const mcpServers = Object.fromEntries(
    catalogue.servers.map((server) => [
      server,
      { command: process.execPath, args: [CATALOGUE_SERVER, catalogue.file, server], stderr: "ignore" },
    ]),
  );
  const gateway = await startHttpGateway(
    writeConfig({
      mcpServers,
      toolsift: { maxHydratedTools: MAX_HYDRATED_TOOLS, searchLimit: SEARCH_LIMIT },
    }),
    { args: ["--no-auth"] },
  );
  try {
    for (const server of catalogue.servers)
      await waitFor(
        `MCP server "${server}" to connect`,
        () => gateway.stderr().includes(`MCP server "${server}" connected`),
        60_000,
      );
    const legacy = await scriptedSession(await legacySession(gateway.url), "legacy", tasks);
    const stateless = await scriptedSession(statelessClient(gateway.url), "stateless", tasks);
    options.log?.(`  tokens per session: 2025 ${legacy.sessionTokens}, stateless ${stateless.sessionTokens}`);
    const tool = tasks[0]!.expected;
    const latency = await timeEras(gateway.url, tool, requests, warmup);
    options.log?.(
      `  p50 2025 ${latency.legacy.all.p50Ms.toFixed(2)} ms, stateless ${latency.stateless.all.p50Ms.toFixed(2)} ms`,
    );
    return {
      servers: catalogue.servers.length,
      tools: catalogue.tools,
      tasks: tasks.length,
      maxHydratedTools: MAX_HYDRATED_TOOLS,
      searchLimit: SEARCH_LIMIT,
      legacy,
      stateless,
      sessionRatio: stateless.sessionTokens / legacy.sessionTokens,
      toolsMedianRatio: stateless.toolsMedian / legacy.toolsMedian,
      latency: {
        requests,
        tool,
        ...latency,
        p50Ratio: latency.stateless.all.p50Ms / latency.legacy.all.p50Ms,
        p95Ratio: latency.stateless.all.p95Ms / latency.legacy.all.p95Ms,
        loadAverage: loadavg()[0] ?? 0,
        cores: cpus().length,
      },
    };
  } finally {
    await stopReplicas([gateway]);
  }
}
