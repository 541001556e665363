import {
  Bm25Ranker,
  EmbeddingRanker,
  HybridRanker,
  createToolSearch,
  fromMcp,
  type McpHostEvent,
  type McpToolHost,
  type Ranker,
  type RankerName,
  type ToolSearch,
  type ToolSearchOptions,
} from "../index.js";
import type { GatewayConfig, GatewaySettings } from "./gateway-config.js";
import { toolPolicy } from "./tool-policy.js";

/** How the CLI introduces itself to upstream servers. */
export const CLIENT_INFO = { name: "toolsift", version: "0.1.0" };

/** What {@link openCatalogue} is told and asked along the way. */
export interface OpenCatalogueOptions {
  /** Each upstream event (server up, down, tools changed, warnings), as it happens. */
  onHostEvent?(event: McpHostEvent): void;
  onEvent?: ToolSearchOptions["onEvent"];
  approve?: ToolSearchOptions["approve"];
  /** Use this ranker instead of the config's. */
  ranker?: RankerName;
  /** Overrides the config's reconnect setting: one-shot commands do not wait for servers that failed. */
  reconnect?: false;
  /** Told of settings that name tools no server lists. */
  warn(message: string): void;
  /** List every tool as a stub however many there are (`serve --stubs`), past the library's stub budget. */
  listEveryStub?: boolean;
}

/** Upstream servers as one catalogue, with a tool search over it. */
export interface OpenCatalogue {
  host: McpToolHost;
  toolSearch: ToolSearch;
  /** Closes the tool search, its ranker and the host (ending the server processes it started). */
  close(): Promise<void>;
}

/**
 * Connects every server of a config and puts a tool search in front: the config's ranker, its
 * tuning, and its `allow`/`deny` globs as the tool search's `permit`. Servers that fail to start
 * are reported through `onHostEvent` and retried in the background (unless `reconnect` is off);
 * only when none connects does it reject.
 */
export async function openCatalogue(config: GatewayConfig, options: OpenCatalogueOptions): Promise<OpenCatalogue> {
  const { settings } = config;
  const host = await fromMcp(config.servers, {
    clientInfo: CLIENT_INFO,
    onEvent: (event) => options.onHostEvent?.(event),
    ...(settings.requestTimeoutMs === undefined ? {} : { requestTimeoutMs: settings.requestTimeoutMs }),
    ...(settings.callTimeoutMs === undefined ? {} : { callTimeoutMs: settings.callTimeoutMs }),
    ...(options.reconnect === false ? { reconnect: false } : settings.reconnect === undefined ? {} : { reconnect: settings.reconnect }),
  });
  const ranker = rankerFor(settings, options.ranker ?? settings.ranker, options.warn);
  try {
    // A keep tool of a server that is down now cannot be named to the tool search (it checks its
    // keep tools against the catalogue), so it is left out, with a warning, rather than failing.
    const present = new Set((await host.listTools()).map((tool) => tool.name));
    const missing = settings.keepTools.filter((name) => !present.has(name));
    if (missing.length > 0) {
      options.warn(`toolsift.keepTools: ${missing.map((name) => JSON.stringify(name)).join(", ")} ${missing.length === 1 ? "is" : "are"} not listed by any server now, so not kept.`);
    }
    const policy = toolPolicy(settings);
    const toolSearch = await createToolSearch({
      tools: host,
      ranker,
      tuning: {
        toolSearchThresholdTokens: settings.toolSearchThresholdTokens,
        keepTools: settings.keepTools.filter((name) => present.has(name)),
        maxHydratedTools: settings.maxHydratedTools,
        searchLimit: settings.searchLimit,
        ...(options.listEveryStub ? { maxStubTokens: Number.MAX_SAFE_INTEGER } : {}),
      },
      permit: (tool) => policy.permits(tool.name),
      ...(options.approve ? { approve: options.approve } : {}),
      ...(options.onEvent ? { onEvent: options.onEvent } : {}),
    });
    return {
      host,
      toolSearch,
      async close() {
        await toolSearch.close();
        await ranker.close?.();
        await host.close();
      },
    };
  } catch (error) {
    await ranker.close?.();
    await host.close();
    throw error;
  }
}

/**
 * The ranker a config asks for: embeddings from its `model` (the bundled one by default, which
 * runs in TypeScript; only a transformer model loads ONNX Runtime) cached in its `cacheDir`.
 */
export function rankerFor(settings: Pick<GatewaySettings, "model" | "cacheDir">, name: RankerName, warn: (message: string) => void): Ranker {
  const onWarning = (_code: string, message: string) => warn(message);
  const semantic = { ...(settings.model === undefined ? {} : { embedder: { model: settings.model } }), cacheDir: settings.cacheDir, onWarning };
  switch (name) {
    case "bm25":
      return new Bm25Ranker();
    case "embedding":
      return new EmbeddingRanker(semantic);
    case "hybrid":
      return new HybridRanker({ semantic, onWarning });
  }
}
