import { TOOLSIFT_VERSION } from "../version.js";
import type { Redactor } from "./settings/redact.js";
import {
  Bm25Ranker,
  EmbeddingRanker,
  HybridRanker,
  createToolSearch,
  type Ranker,
  type RankerName,
  type ToolSearch,
  type ToolSearchOptions,
} from "../index.js";
import {
  fromMcp,
  type McpCallProgressListener,
  type McpCallResultListener,
  type McpHostEvent,
  type McpLogMessage,
  type McpServerRequestHandlers,
  type McpToolHost,
} from "../public/mcp.js";
import type { MissStore, UsageStore } from "../public/learning.js";
import type { ToolsiftError } from "../errors.js";
import { combineFailures, escapeForLog } from "../for-apps.js";
import type { GatewayConfig, GatewaySettings } from "./config/gateway-config.js";
import type { Caller } from "./auth/caller.js";
import { CallerPolicies } from "./policy/caller-policy.js";
import { watchUnmatchedEntries } from "./policy/unmatched-entries.js";
import { describedTools, type DescribedTools } from "./described-tools.js";
import { followEnrichment } from "./enrichment-reload.js";
import { firstAttemptsSettled } from "./first-attempts.js";
import { learningScopes } from "./learning-scope.js";
import { learningStore } from "./learning-store.js";
import { missStoreFor } from "./miss-store-for.js";
import { openToolPins } from "./pins/open-tool-pins.js";
import { presentedTools } from "./pins/presented-tools.js";
import type { ToolChange, ToolPins } from "./pins/tool-pins.js";

/** How the CLI introduces itself to upstream servers. */
export const CLIENT_INFO = { name: "toolsift", version: TOOLSIFT_VERSION };

/** What {@link openCatalogue} is told and asked along the way. */
export interface OpenCatalogueOptions {
  /** Each upstream event (server up, down, tools changed, warnings), as it happens. */
  onHostEvent?(event: McpHostEvent): void;
  /** Each upstream tool call's own result, checked and bounded (the gateway passes on what a `tool_result` cannot carry). */
  onCallResult?: McpCallResultListener;
  /** Each upstream tool call's progress (the gateway passes it on to the client that asked for it). */
  onCallProgress?: McpCallProgressListener;
  /** Each upstream server's log message, its data redacted of the config's secrets. */
  onServerLog?: (server: string, message: McpLogMessage) => void;
  /** Each update of a resource subscribed to upstream (see passthrough/resource-subscribers.ts). */
  onResourceUpdated?: (server: string, uri: string) => void;
  onEvent?: ToolSearchOptions["onEvent"];
  approve?: ToolSearchOptions["approve"];
  /** Use this ranker instead of the config's. */
  ranker?: RankerName;
  /** Overrides the config's reconnect setting: one-shot commands do not wait for servers that failed. */
  reconnect?: false;
  /** Overrides the config's learning and misses settings: one-shot commands neither read nor write lessons or misses. */
  learning?: false;
  /** Told of settings that name tools no server lists. */
  warn(message: string): void;
  /** List every tool as a stub however many there are (`serve --stubs`), past the library's stub budget. */
  listEveryStub?: boolean;
  /**
   * Resolve without waiting for the servers (`serve`): they connect in the background, and
   * searches name those still connecting or down. The servers of keep tools are still waited
   * for (until they connect or fail), since a keep tool must be listed when the tool search starts.
   */
  background?: boolean;
  /**
   * Who a search or listing without a caller in its context is judged as (the CLI's one-shot
   * commands: the local user). Left out, such a context is denied every tool: fail closed.
   */
  anonymous?: Caller;
  /**
   * Pin upstream tool definitions (`serve`): told of each pinned tool whose definition changed,
   * and of pins replaced from outside (a `toolsift pin`). Left out, nothing is pinned.
   */
  pins?: { changed(change: ToolChange): void; reloaded(): void };
  /**
   * Follow the config's enrichment file (`serve`): when it changes, it is read again and the
   * catalogue re-indexed with it, sessions kept; a broken one is refused with a warning.
   */
  reloadEnrichment?: boolean;
  /** Answers upstream servers' roots, elicitation and sampling requests (`serve`); one-shot commands declare none. */
  serverRequests?: McpServerRequestHandlers;
  /**
   * Each line a stdio server with `stderr: "inherit"` prints, the config's secrets redacted but
   * otherwise as printed (escape it before a log shows it). Left out: to this process's stderr,
   * as `[server] line`, redacted and escaped.
   */
  onStderr?(server: string, line: string): void;
}

/** Upstream servers as one catalogue, with a tool search over it. */
export interface OpenCatalogue {
  host: McpToolHost;
  /** The host's tools as clients see them and search indexes them: the config's `describe` applied. */
  tools: DescribedTools;
  toolSearch: ToolSearch;
  /**
   * With `background`: resolves, naming each server and why, if every server's first attempt
   * failed; never resolves once one connects. Without: never resolves (the open itself rejects).
   */
  unreachable: Promise<ToolsiftError>;
  /** Each caller's policy, as `permit` judges it: the gateway's connections ask the same one. */
  policies: CallerPolicies;
  /**
   * With `background`: the keep tools no server listed when the tool search started (their server
   * was still connecting, or down). The tool search cannot keep them, so the gateway's listing
   * does, once a server lists them.
   */
  lateKeepTools: readonly string[];
  /** The tool pins, when asked for (`pins`); `permit` already withholds what they hide. */
  pins: ToolPins | undefined;
  /**
   * The learning scope of a caller's session under `toolsift.learning.scope`; `undefined` for the
   * default scope (`shared`, or learning off).
   */
  learningScope(caller: Caller): string | undefined;
  /** Closes the tool search, its ranker and the host (ending the server processes it started). */
  close(): Promise<void>;
}

/**
 * Connects every server of a config and puts a tool search in front: the config's ranker, its
 * tuning, and its `allow`/`deny` globs as the tool search's `permit`. Servers that fail to start
 * are reported through `onHostEvent` and retried in the background (unless `reconnect` is off);
 * only when none connects does it reject. With `background`, it does not wait for the servers
 * (bar those of keep tools) and never rejects for one.
 */
export async function openCatalogue(config: GatewayConfig, options: OpenCatalogueOptions): Promise<OpenCatalogue> {
  const { settings } = config;
  // Read before any server starts: a damaged lock stops here, as a bad config does.
  const pins = options.pins ? await openToolPins(config, { ...options.pins, warn: options.warn }) : undefined;
  let relisted = (_event: McpHostEvent) => {};
  const host = await fromMcp(config.servers, {
    clientInfo: CLIENT_INFO,
    onEvent: (event) => {
      options.onHostEvent?.(event);
      relisted(event);
    },
    ...(settings.requestTimeoutMs === undefined ? {} : { requestTimeoutMs: settings.requestTimeoutMs }),
    ...(settings.callTimeoutMs === undefined ? {} : { callTimeoutMs: settings.callTimeoutMs }),
    ...(settings.refreshWaitMs === undefined ? {} : { refreshWaitMs: settings.refreshWaitMs }),
    ...(options.reconnect === false
      ? { reconnect: false }
      : settings.reconnect === undefined
        ? {}
        : { reconnect: settings.reconnect }),
    ...(options.background ? { waitForServers: false } : {}),
    ...(options.onCallResult ? { onCallResult: options.onCallResult } : {}),
    ...(options.onCallProgress ? { onCallProgress: options.onCallProgress } : {}),
    ...(options.onServerLog ? { onServerLog: redactedLogs(config.redactor, options.onServerLog) } : {}),
    ...(options.onResourceUpdated ? { onResourceUpdated: options.onResourceUpdated } : {}),
    ...(options.serverRequests ? { serverRequests: options.serverRequests } : {}),
    // A server may print what ${NAME} gave it (its token in its env or args): redacted first, always.
    onStderr: (server, line) => {
      const redacted = config.redactor.redact(line);
      if (options.onStderr) options.onStderr(server, redacted);
      else process.stderr.write(`[${server}] ${escapeForLog(redacted)}\n`);
    },
  });
  const unreachable = options.background ? allFirstAttemptsFailed(host) : new Promise<ToolsiftError>(() => {});
  if (options.background)
    await keepToolServersSettled(host, settings.keepTools, settings.refreshWaitMs ?? DEFAULT_KEEP_WAIT_MS);
  const ranker = rankerFor(settings, options.ranker ?? settings.ranker, options.warn);
  let store: UsageStore | undefined;
  let missStore: MissStore | undefined;
  try {
    // A keep tool of a server that is down now cannot be named to the tool search (it checks its
    // keep tools against the catalogue), so it is left out, with a warning, rather than failing.
    const present = new Set((await host.listTools()).map((tool) => tool.name));
    const missing = settings.keepTools.filter((name) => !present.has(name));
    if (missing.length > 0) {
      const names = `${missing.map((name) => JSON.stringify(name)).join(", ")} ${missing.length === 1 ? "is" : "are"}`;
      options.warn(
        options.background
          ? `toolsift.keepTools: ${names} not listed by any server yet; listed in full once a server lists ${missing.length === 1 ? "it" : "them"}.`
          : `toolsift.keepTools: ${names} not listed by any server now, so not kept.`,
      );
    }
    const policies = new CallerPolicies(settings, (name) => host.sourceOf(name)?.tool);
    const unmatched = watchUnmatchedEntries(settings, host, options.warn);
    relisted = unmatched;
    const learning = options.learning === false ? false : settings.learning;
    store = learning ? learningStore(learning, settings.cacheDir) : undefined;
    const misses = options.learning === false ? false : settings.misses;
    missStore = misses ? missStoreFor(misses, settings.cacheDir) : undefined;
    // What clients list and search_tools indexes: the config's describe applied (over the pinned
    // text of a changed tool under reapprove). The pins, the lock and the policies read the host
    // itself: they judge what the server lists.
    const tools = describedTools(pins ? presentedTools(host, pins) : host, settings.describe);
    for (const warning of settings.enrichment?.warnings ?? []) options.warn(warning);
    const toolSearch = await createToolSearch({
      tools,
      ranker,
      tuning: {
        toolSearchThresholdTokens: settings.toolSearchThresholdTokens,
        keepTools: settings.keepTools.filter((name) => present.has(name)),
        maxHydratedTools: settings.maxHydratedTools,
        searchLimit: settings.searchLimit,
        ...(options.listEveryStub ? { maxStubTokens: Number.MAX_SAFE_INTEGER } : {}),
      },
      permit: (tool, context) =>
        policies.permits(tool, context.context ?? options.anonymous) &&
        (pins === undefined || pins.serves(tools.upstreamOf(tool))),
      maxResultsPerServer: settings.maxResultsPerServer,
      ...(options.approve ? { approve: options.approve } : {}),
      ...(options.onEvent ? { onEvent: options.onEvent } : {}),
      ...(store ? { learning: { store } } : {}),
      ...(misses && missStore ? { misses: { store: missStore, recordText: misses.recordText } } : {}),
      ...(settings.enrichment
        ? { enrichment: { from: settings.enrichment.content, keepStale: settings.enrichment.keepStale } }
        : {}),
    });
    const opened = store;
    const enrichment = settings.enrichment;
    const unfollow =
      options.reloadEnrichment && enrichment
        ? followEnrichment(
            enrichment.file,
            enrichment.content,
            enrichment.keepStale,
            (source) => toolSearch.useEnrichment(source),
            options.warn,
          )
        : undefined;
    const openedMisses = missStore;
    const pinsRelisted = pins?.follow(host, toolSearch);
    if (pinsRelisted)
      relisted = (event) => {
        unmatched(event);
        pinsRelisted(event);
      };
    return {
      host,
      tools,
      toolSearch,
      unreachable,
      policies,
      lateKeepTools: options.background ? missing : [],
      pins,
      learningScope: learning ? learningScopes(learning.scope, options.warn) : () => undefined,
      async close() {
        unfollow?.();
        // The tool search flushes its last lessons to the store before the store closes.
        await toolSearch.close();
        await opened?.close?.();
        await openedMisses?.close?.();
        await ranker.close?.();
        await host.close();
        await pins?.close();
      },
    };
  } catch (error) {
    await pins?.close();
    await store?.close?.();
    await missStore?.close?.();
    await ranker.close?.();
    await host.close();
    throw error;
  }
}

/** Resolves if the first attempt of every server fails; refresh() joins an attempt under way. */
function allFirstAttemptsFailed(host: McpToolHost): Promise<ToolsiftError> {
  return new Promise((resolve) => {
    void Promise.allSettled(host.servers.map((server) => host.refresh(server))).then((outcomes) => {
      const failures = outcomes.flatMap((outcome) =>
        outcome.status === "rejected" ? [outcome.reason as unknown] : [],
      );
      if (outcomes.length > 0 && failures.length === outcomes.length)
        resolve(combineFailures(failures, "mcp_connect_failed"));
    });
  });
}

/** How long `serve` waits for keep tools' servers before it answers clients, unless `refreshWaitMs` says. */
const DEFAULT_KEEP_WAIT_MS = 2000;

/**
 * Waits until each server that a keep tool names (`server__tool`) has connected or failed, for
 * at most `maxWaitMs`: a server that never answers must not hold `initialize` past a client's own
 * request timeout (its keep tools join the listing later, see `lateKeepTools`).
 */
async function keepToolServersSettled(
  host: McpToolHost,
  keepTools: readonly string[],
  maxWaitMs: number,
): Promise<void> {
  const servers = new Set(keepTools.map((name) => name.slice(0, Math.max(0, name.indexOf("__")))));
  await firstAttemptsSettled(
    host,
    host.servers.filter((server) => servers.has(server)),
    maxWaitMs,
  );
}

/**
 * The ranker a config asks for: embeddings from its `model` (the bundled one by default, which
 * runs in TypeScript; only a transformer model loads ONNX Runtime) cached in its `cacheDir`.
 */
export function rankerFor(
  settings: Pick<GatewaySettings, "model" | "cacheDir">,
  name: RankerName,
  warn: (message: string) => void,
): Ranker {
  const onWarning = (_code: string, message: string) => warn(message);
  const semantic = {
    ...(settings.model === undefined ? {} : { embedder: { model: settings.model } }),
    cacheDir: settings.cacheDir,
    onWarning,
  };
  switch (name) {
    case "bm25":
      return new Bm25Ranker();
    case "embedding":
      return new EmbeddingRanker(semantic);
    case "hybrid":
      return new HybridRanker({ semantic, onWarning });
  }
}

/**
 * A server may log what ${NAME} gave it (its token in its env or args), as it may print it: the
 * message's logger and data are redacted before anyone sees them.
 */
function redactedLogs(
  redactor: Redactor,
  listener: (server: string, message: McpLogMessage) => void,
): (server: string, message: McpLogMessage) => void {
  return (server, message) => {
    const json = JSON.stringify(message.data) ?? "null";
    const redacted = redactor.redact(json);
    let data: unknown = message.data;
    if (redacted !== json) {
      try {
        data = JSON.parse(redacted);
      } catch {
        data = redacted;
      }
    }
    listener(server, {
      level: message.level,
      ...(message.logger === undefined ? {} : { logger: redactor.redact(message.logger) }),
      data,
    });
  };
}
