import { errorText, type ToolsiftError } from "../errors.js";
import { escapeForLog } from "../for-apps.js";
import type { ToolDefinition, ToolSearchEvent } from "../index.js";
import type { GatewayConfig } from "./config/gateway-config.js";
import { GatewayConnection, type ConnectionServices, type StatelessOptions } from "./gateway-connection.js";
import { firstListingWaitsForServers, type ListingMode } from "./listing/gateway-listing.js";
import { gatewayInstructions } from "./gateway-instructions.js";
import { announceContentChange } from "./content/gateway-resources.js";
import type { ContentScope } from "./content/content-scope.js";
import { loadGatewaySdk, type GatewaySdk } from "./gateway-sdk.js";
import { CLIENT_INFO, openCatalogue, type OpenCatalogue } from "./open-catalogue.js";
import { RateLimiter } from "./policy/rate-limit.js";
import { budgetFor } from "./policy/caller-policy.js";
import { LOCAL_CALLER, type Caller } from "./auth/caller.js";
import type { GatewayObserver } from "./observe/gateway-event.js";
import { UpstreamRequests } from "./upstream-requests.js";
import { UpstreamLogs } from "./passthrough/upstream-logs.js";
import { subscribersOf } from "./passthrough/resource-subscribers.js";
import { checkKeys, optionKeys } from "../util/option-keys.js";

/** Options of {@link Gateway.start}. */
export interface GatewayOptions {
  config: GatewayConfig;
  /** What clients' `tools/list` shows. @defaultValue "search" */
  mode?: "search" | "stubs";
  /**
   * Where the one-line reports go (upstream events and stderr lines, warnings, destructive calls),
   * each with the config's secrets redacted and its controls escaped (one event, one line). Default: stderr.
   */
  log?: (line: string) => void;
  /** Told of every search, call, approval, denial and upstream change (the audit log and metrics listen here). */
  observe?: GatewayObserver;
  /**
   * Whether call events carry the argument values, not only their hash and size: for an audit
   * log configured with `includeArguments`. @defaultValue false
   */
  observeArguments?: boolean;
}

/** Every option of {@link Gateway.start}; the compiler holds the list to {@link GatewayOptions}. */
const GATEWAY_KEYS = optionKeys<keyof GatewayOptions>({
  config: true,
  mode: true,
  log: true,
  observe: true,
  observeArguments: true,
});

/** Options of {@link Gateway.connect}. */
export interface ConnectOptions {
  /** Who the client proved to be; the local user (stdio, `--no-auth`) when left out. */
  caller?: Caller;
}

/**
 * A server transport of the MCP SDK v2, `@modelcontextprotocol/server` (`StdioServerTransport`,
 * `WebStandardStreamableHTTPServerTransport`, …), as a structural type of toolsift's own, so the gateway's types do not name the SDK (an
 * optional peer). The SDK owns the message types, so the handlers take `never` here: any of
 * the SDK's handlers fits.
 */
export interface GatewayTransport {
  start(): Promise<void>;
  send(message: never, options?: never): Promise<void>;
  close(): Promise<void>;
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?: ((message: never, extra?: never) => void) | undefined;
  sessionId?: string | undefined;
}

/** A client connected to the gateway. */
export interface GatewayClient {
  /** The connection's id, which is also its toolsift session id (the one `approve` is given). */
  readonly id: string;
}

/**
 * An MCP server in front of the servers of a config: one tool search over all of their tools,
 * and one toolsift session per client connection. Start it, then {@link Gateway.connect} each
 * client's transport (stdio: the one client; Streamable HTTP: one per MCP session).
 *
 * Upstream events (servers up or down, tools changed, warnings) are logged one line each, and a
 * change that alters what a client would list is announced to it with
 * `notifications/tools/list_changed`.
 */
export class Gateway {
  private closing: Promise<void> | undefined;
  private readonly services: ConnectionServices;
  /** Told of each upstream change (the 2026-07-28 era's `subscriptions/listen` streams, see `modern/`). */
  private readonly changeListeners = new Set<() => void>();

  private constructor(
    /** By connection id, which is also the toolsift session id that `approve` is given. */
    private readonly connections: Map<string, GatewayConnection>,
    sdk: GatewaySdk,
    private readonly catalogue: OpenCatalogue,
    config: GatewayConfig,
    mode: ListingMode,
    log: (line: string) => void,
    observe: GatewayObserver,
    observeArguments = false,
    private readonly upstreamRequests?: UpstreamRequests,
  ) {
    this.services = {
      sdk,
      toolSearch: catalogue.toolSearch,
      mode,
      policies: catalogue.policies,
      limiter: new RateLimiter(config.settings.rateLimits),
      configFile: config.file,
      maxListed: config.settings.maxHydratedTools,
      lateKeepTools: catalogue.lateKeepTools,
      listingWaitsForServers: firstListingWaitsForServers(
        mode,
        config.settings.toolSearchThresholdTokens,
        catalogue.lateKeepTools,
      ),
      catalogue: () => catalogue.host.listTools(),
      log,
      observe,
      observeArguments,
      closed: (connection) => this.connections.delete(connection.id),
      learningScope: catalogue.learningScope,
      pins: catalogue.pins,
      upstream: catalogue.host,
      budget: (caller) => budgetFor(config.settings, caller),
      ...(upstreamRequests ? { upstreamRequests } : {}),
    };
  }

  /**
   * @internal
   * What a client is told on initialize (or, stateless, in `server/discover`): the servers this
   * caller may use (a server its policy hides entirely is not named, here or in a search).
   */
  instructionsFor(caller: Caller, stateless = false): string {
    return gatewayInstructions(
      this.catalogue.host.servers,
      this.services.policies.for(caller),
      this.services.mode,
      stateless,
    );
  }

  /**
   * Builds the tool search and starts connecting every upstream server of the config, without
   * waiting for them (except the servers of keep tools): clients are served at once, each
   * server's tools join as it connects, and those that fail are retried in the background. A
   * search names the servers still connecting or down.
   *
   * @throws `DependencyError` when `@modelcontextprotocol/server` or `@modelcontextprotocol/client` is missing; `ModelError` when the
   *   configured model cannot load.
   */
  static async start(options: GatewayOptions): Promise<Gateway> {
    checkKeys("Gateway.start", "", options, GATEWAY_KEYS, "{ config }");
    const sink = options.log ?? ((line: string) => process.stderr.write(`toolsift: ${line}\n`));
    // Connect errors name a stdio server's args, which ${NAME} may have filled with a token; and
    // what upstream servers and clients sent (stderr, errors) must not forge a line or paint the
    // terminal: redacted first (a secret is matched as it was sent), then escaped.
    const log = (line: string) => sink(escapeForLog(options.config.redactor.redact(line)));
    const observe = options.observe ?? (() => {});
    const sdk = await loadGatewaySdk();
    const connections = new Map<string, GatewayConnection>();
    let gateway: Gateway | undefined;
    const upstreamRequests = new UpstreamRequests(options.config.settings.roots, log);
    const upstreamLogs = new UpstreamLogs(() => gateway?.services.policies, log);
    const catalogue = await openCatalogue(options.config, {
      onHostEvent: (event) => {
        log(event.message);
        if (event.type === "connected") observe({ type: "upstream", server: event.server, state: "connected" });
        if (event.type === "disconnected" || event.type === "connect-failed")
          observe({ type: "upstream", server: event.server, state: "down" });
        if (event.type !== "warning" && event.type !== "notice") gateway?.upstreamChanged();
        announceContentChange(connections.values(), event);
      },
      onCallResult: (result, source) => {
        const connection = connections.get(source.context?.sessionId ?? "");
        connection?.results.keep(source.context?.toolUseId, { server: source.server, result });
      },
      onServerLog: (server, message) => upstreamLogs.forward(server, message, connections.values()),
      onResourceUpdated: (server, uri) => gateway && subscribersOf(gateway.catalogue.host).updated(server, uri),
      onCallProgress: (progress, source) => {
        connections.get(source.context?.sessionId ?? "")?.relayProgress(source.context?.toolUseId, progress);
      },
      onEvent: (event: ToolSearchEvent) => {
        if (event.type === "warning") log(event.message);
        else if (event.type === "miss")
          observe({
            type: "miss",
            caller: connections.get(event.sessionId)?.caller,
            session: event.sessionId,
            kind: event.kind,
          });
      },
      approve: (tool, input, context) => {
        const connection = context.sessionId === undefined ? undefined : connections.get(context.sessionId);
        return connection ? connection.approve(tool, input, context.toolUseId) : false;
      },
      warn: log,
      pins: {
        changed: (change) => {
          log(change.message);
          const { server, tool, fields, policy } = change;
          observe({ type: "tool-changed", server, tool, fields, policy });
        },
        reloaded: () => gateway?.upstreamChanged(),
      },
      listEveryStub: options.mode === "stubs",
      // An enrichment applied (toolsift eval --apply-to) is searched with at once, no restart.
      reloadEnrichment: true,
      // initialize is answered at once; servers join as they connect, and searches name the others.
      background: true,
      serverRequests: upstreamRequests.handlers,
      // Upstream stderr is part of the gateway's log, with its secrets and its escaping.
      onStderr: (server, line) => log(`[${server}] ${line}`),
    });
    upstreamRequests.attach(catalogue.host, catalogue.policies);
    gateway = new Gateway(
      connections,
      sdk,
      catalogue,
      options.config,
      options.mode ?? "search",
      log,
      observe,
      options.observeArguments,
      upstreamRequests,
    );
    return gateway;
  }

  /**
   * Serves one client over a transport of the MCP SDK (any of its server transports fits
   * {@link GatewayTransport}); the connection ends when the transport closes.
   */
  async connect(transport: GatewayTransport, options: ConnectOptions = {}): Promise<GatewayClient> {
    if (this.closing) throw new Error("The gateway is closed.");
    const caller = options.caller ?? LOCAL_CALLER;
    const connection = new GatewayConnection(this.services, CLIENT_INFO, this.instructionsFor(caller), caller);
    this.connections.set(connection.id, connection);
    await connection.connect(transport);
    return connection;
  }

  /**
   * @internal
   * A connection that serves one stateless (2026-07-28) request (see `modern/`): the same
   * catalogue, policies, pins, approvals and reports as a session's, with a toolsift session of
   * its own that {@link GatewayConnection.end} ends once the request is answered.
   */
  openStateless(caller: Caller, options: StatelessOptions): GatewayConnection {
    if (this.closing) throw new Error("The gateway is closed.");
    const connection = new GatewayConnection(this.services, CLIENT_INFO, "", caller, options);
    this.connections.set(connection.id, connection);
    return connection;
  }

  /** @internal What a stateless request's resources, prompts and completions are answered with (see `modern/`). */
  contentScope(caller: Caller): ContentScope | undefined {
    const host = this.services.upstream;
    return host && { sdk: this.services.sdk, host, caller, services: this.services };
  }

  /** @internal Every upstream tool now, before any caller's policy: what changed is told only to whom may see it. */
  catalogueTools(): Promise<readonly ToolDefinition[]> {
    return this.services.catalogue();
  }

  /** @internal Whether `caller`'s policy lets it see (list, find, call) the tool `name`. */
  lets(caller: Caller, name: string): boolean {
    return this.services.policies.permits({ name }, caller);
  }

  /** @internal Calls `listener` on each upstream change that can alter a tool list; returns what stops it. */
  watchToolChanges(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /**
   * Serves the one client on this process's stdin and stdout (or on `streams`, Node streams, in
   * their place: typed by what is used, so the gateway's types name no Node type).
   */
  connectStdio(streams?: {
    stdin: { on(event: string, listener: (...args: never[]) => void): unknown };
    stdout: { write(chunk: string): boolean };
  }): Promise<GatewayClient> {
    return this.connect(new this.services.sdk.StdioServerTransport(streams?.stdin as never, streams?.stdout as never));
  }

  /**
   * Resolves, naming each server and why, if every upstream server failed its first attempt to
   * connect: a gateway with nothing behind it should stop rather than serve nothing. Never
   * resolves once one server has connected.
   */
  get unreachable(): Promise<ToolsiftError> {
    // Attempts that end because the gateway closes (a client that hung up during the start) are not the servers' failure.
    return this.catalogue.unreachable.then((error) => (this.closing ? new Promise<never>(() => {}) : error));
  }

  /** Whether at least one upstream server is connected now (`/readyz`). */
  get ready(): boolean {
    return this.catalogue.host.status().some((server) => server.state === "connected");
  }

  /** How many clients are connected. */
  get clients(): number {
    return this.connections.size;
  }

  /** Disconnects every client, then closes the tool search and the upstream servers. Safe to call twice. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      await Promise.allSettled([...this.connections.values()].map((connection) => connection.server.close()));
      this.upstreamRequests?.close();
      await this.catalogue.close();
    })();
    return this.closing;
  }

  /** An upstream change: every client whose list it alters is told. */
  private upstreamChanged(): void {
    for (const listener of this.changeListeners) {
      try {
        listener();
      } catch (error) {
        this.services.log(`could not announce a tool list change: ${errorText(error)}`);
      }
    }
    for (const connection of this.connections.values()) {
      connection
        .announceIfChanged()
        .catch((error: unknown) => this.services.log(`could not announce a tool list change: ${errorText(error)}`));
    }
  }
}
