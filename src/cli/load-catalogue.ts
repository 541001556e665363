import {
  LOCAL_CALLER,
  openCatalogue,
  parseGatewaySettings,
  rankerFor,
  readGatewayConfig,
  type ConfigReadOptions,
  type GatewaySettings,
  unattendedServerRequests,
} from "../gateway/index.js";
import {
  createToolSearch,
  type RankerName,
  type ToolDefinition,
  type ToolSearch,
  type ToolSearchOptions,
  type Tuning,
} from "../index.js";
import type { McpServerStatus } from "../public/mcp.js";
import type { CliIo } from "./cli-io.js";
import { definitionProblem } from "./definition-problem.js";
import type { Finding } from "./inspect/finding.js";
import type { CatalogueSource } from "./parse-cli.js";
import { readToolsFile } from "./read-tools-file.js";

/** A catalogue ready to inspect or search, from either kind of source. */
export interface LoadedCatalogue {
  /** The file it came from, as given. */
  file: string;
  ranker: RankerName;
  settings: GatewaySettings;
  toolSearch: ToolSearch;
  /**
   * Every tool of the catalogue as clients see it (the config's `describe` applied), those
   * allow/deny hide included; a definition toolsift cannot use is left out, and in `problems`.
   */
  tools: readonly ToolDefinition[];
  /** The same tools as their servers list them, for the pins (which judge what a server lists). */
  upstreamTools: readonly ToolDefinition[];
  /** Whether a client of the gateway would see the tool (allow/deny). */
  permits(name: string): boolean;
  /** The upstream servers and where they stand; empty for a file of tools. */
  servers: readonly McpServerStatus[];
  /** Definitions that could not be used as they are. */
  problems: Finding[];
  close(): Promise<void>;
}

/** How {@link loadCatalogue} reads its source. */
export interface LoadOptions {
  /**
   * What the config's settings read besides it: `toolsift enrich`, which writes the enrichment
   * file, passes `{ enrichment: false }` so a config naming it before its first run works.
   */
  read?: ConfigReadOptions;
  /**
   * Whether the command reports a file's unusable definitions itself (`inspect` lists them as
   * findings). Otherwise each is a warning on stderr, so a tool left out is never left out silently.
   */
  reportsProblems?: boolean;
}

/**
 * Opens a catalogue for `inspect` and `search`. From a config, every server is connected once
 * (no reconnecting: a one-shot command reports a server that failed and goes on with the rest),
 * with a line on stderr as each answers. What a config's `${NAME}` expanded is redacted from
 * everything `io` prints from then on. Learning is off: a one-shot command neither reads nor
 * writes lessons.
 */
export async function loadCatalogue(
  source: CatalogueSource,
  ranker: RankerName | undefined,
  io: Pick<CliIo, "err" | "redactWith">,
  options: LoadOptions = {},
): Promise<LoadedCatalogue> {
  const progress = (line: string) => io.err(line);
  if (source.kind === "tools") {
    const { tools, problems } = readToolsFile(source.file);
    if (!options.reportsProblems) warnOf(problems, source.file, progress);
    const settings = parseGatewaySettings(undefined, source.file);
    const name = ranker ?? settings.ranker;
    const toolSearch = await searchOver(tools, settings, name, progress);
    return {
      file: source.file,
      ranker: name,
      settings,
      toolSearch,
      tools,
      upstreamTools: tools,
      permits: () => true,
      servers: [],
      problems,
      close: () => closeSearch(toolSearch),
    };
  }
  const config = readGatewayConfig(source.file, process.env, options.read);
  io.redactWith?.(config.redactor);
  const names = Object.keys(config.servers);
  progress(`connecting to ${names.length} MCP server${names.length === 1 ? "" : "s"} (${names.join(", ")})…`);
  const catalogue = await openCatalogue(config, {
    reconnect: false,
    learning: false,
    ...(ranker ? { ranker } : {}),
    onHostEvent: (event) => {
      if (
        event.type === "connected" ||
        event.type === "connect-failed" ||
        event.type === "warning" ||
        event.type === "notice"
      )
        progress(event.message);
    },
    warn: progress,
    // inspect and search show what the person running them would see through the gateway.
    anonymous: LOCAL_CALLER,
    // Declares what serve declares, so a server lists the tools serve lists (and pins).
    serverRequests: await unattendedServerRequests(config, progress),
  });
  // The tool search leaves out a definition it cannot use, and mends a loosely written schema:
  // say so per tool, as for a file, rather than count and lint a tool no client will see.
  const problems: Finding[] = [];
  const tools = (await catalogue.tools.listTools()).filter((tool, index) => {
    const problem = definitionProblem(tool, tool.name, `tools/list[${index}]`);
    if (problem) problems.push(problem);
    return problem?.severity !== "error";
  });
  if (!options.reportsProblems) warnOf(problems, source.file, progress);
  return {
    file: source.file,
    ranker: ranker ?? config.settings.ranker,
    settings: config.settings,
    toolSearch: catalogue.toolSearch,
    tools,
    upstreamTools: await catalogue.host.listTools(),
    permits: (name) => catalogue.policies.permits({ name }, LOCAL_CALLER),
    servers: catalogue.host.status(),
    problems,
    close: () => catalogue.close(),
  };
}

/** Each finding of a catalogue's definitions as a warning line, for a command that does not report them itself. */
function warnOf(problems: readonly Finding[], file: string, progress: (line: string) => void): void {
  for (const problem of problems) progress(`warning: ${file}: ${problem.tools.join(", ")} ${problem.message}`);
}

/** What one arm of `eval` changes in {@link searchOver}'s search. */
export interface SearchOverOptions {
  /** The arm's enrichment. */
  enrichment?: ToolSearchOptions["enrichment"];
  /** Tuning over the settings' own (e.g. `{ toolSearch: false }`: every tool in full). */
  tuning?: Tuning;
  onEvent?: ToolSearchOptions["onEvent"];
}

/**
 * A search over a list of tools as the gateway's settings tune it (ranker, model, cache, caps),
 * learning off, and search on whatever the block's size (threshold 0): what `search --tools`
 * asks, and each arm of `eval`. Close it with {@link closeSearch}.
 */
export function searchOver(
  tools: readonly ToolDefinition[],
  settings: GatewaySettings,
  ranker: RankerName,
  warn: (line: string) => void,
  options: SearchOverOptions = {},
): Promise<ToolSearch> {
  return createToolSearch({
    tools,
    ranker: rankerFor(settings, ranker, warn),
    maxResultsPerServer: settings.maxResultsPerServer,
    ...(options.enrichment === undefined ? {} : { enrichment: options.enrichment }),
    ...(options.onEvent === undefined ? {} : { onEvent: options.onEvent }),
    tuning: {
      toolSearchThresholdTokens: 0,
      maxHydratedTools: settings.maxHydratedTools,
      searchLimit: settings.searchLimit,
      ...options.tuning,
    },
  });
}

/** Closes a search {@link searchOver} made, and its ranker (a model's native memory, a cache file). */
export async function closeSearch(toolSearch: ToolSearch): Promise<void> {
  await toolSearch.close();
  await toolSearch.ranker.close?.();
}
