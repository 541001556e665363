import type { ToolDefinition, ToolHost, ToolSourceStatus } from "../catalogue/tool-definition.js";
import { OptionsError, ToolsiftError, errorText } from "../errors.js";
import { parseFromMcpOptions, type FromMcpOptions } from "./from-mcp-options.js";
import { isMcpClient, type McpClient } from "./mcp-client.js";
import { McpConnection } from "./mcp-connection.js";
import type { McpServerStatus } from "./mcp-host-event.js";
import { McpReporter } from "./mcp-reporter.js";
import type { McpToolPresentation } from "./mcp-tool-presentation.js";
import { loadMcpSdk } from "./mcp-sdk.js";
import { assertServerName, parseServerConfig, type McpServerConfig } from "./mcp-server-config.js";
import { adoptedSessions, ownedSessions } from "./mcp-session.js";
import type { McpContentHost } from "./mcp-content-host.js";
import * as content from "./mcp-resources.js";
import { complete, type McpCompletionRequest } from "./mcp-completions.js";

/** Which MCP server and which of its tools a catalogue name stands for. */
export interface McpToolSource {
  server: string;
  /** The tool's name on the server, before namespacing and any rewriting. */
  tool: string;
  /** Its title, annotations and output schema as the server listed them (checked and bounded), when it has any. */
  presentation?: McpToolPresentation;
}

/** A {@link ToolHost} over one or more MCP servers, made by {@link fromMcp}; it also reaches their resources and prompts. */
export interface McpToolHost extends ToolHost, McpContentHost {
  /** The server names, in the order they were given. */
  readonly servers: readonly string[];
  /**
   * Every server's tools as one frozen array. Cheap: it is the very same array until some server's
   * tool list really changes. A re-list under way is waited for, up to
   * {@link FromMcpOptions.refreshWaitMs}; a server still listing after that counts with its last
   * good list. Empty after {@link McpToolHost.close}.
   */
  listTools(): Promise<readonly ToolDefinition[]>;
  /**
   * Re-lists the tools of one server, or of all. Servers that send
   * `notifications/tools/list_changed` are re-listed on their own; this is for those that do not.
   * A server that is down is tried now rather than at its next scheduled attempt. Does nothing
   * after `close()`.
   *
   * @throws {@link OptionsError} for a server name the host does not have.
   * @throws {@link ToolsiftError} (`mcp_list_failed`, `mcp_connect_failed`) naming the server whose
   *   listing or reconnect failed; a listed server keeps its old tools.
   */
  refresh(server?: string): Promise<void>;
  /** Where each server stands (connected, reconnecting, …), in the order they were given: for health checks. */
  status(): readonly McpServerStatus[];
  /**
   * Each server as a search tells the model about it, in the order they were given: `ready`,
   * `connecting` (a first attempt under way, nothing failed yet) or `down` (failed or went away,
   * with `error` in a few fixed words such as `"command not found"`, `"timed out"`,
   * `"exited with code 1"`: never the server's own text, its arguments, env or URL).
   *
   * Waits first for servers still connecting, until they connect or fail or
   * {@link FromMcpOptions.refreshWaitMs} has passed since a call first waited for that attempt:
   * the first search after start sees the servers that connect in time, and a server that never
   * answers delays one search, not every one. Empty after {@link McpToolHost.close}.
   */
  sourceStatus(): Promise<readonly ToolSourceStatus[]>;
  /** The server and original MCP tool name behind a catalogue name, or undefined if the host has no such tool. */
  sourceOf(toolName: string): McpToolSource | undefined;
  /**
   * Tells every connected server toolsift declared roots to (see
   * {@link FromMcpOptions.serverRequests}) that the roots changed
   * (`notifications/roots/list_changed`), so it asks `roots/list` again. Never rejects; does
   * nothing for servers that are down, for clients you passed in, or without a `roots` handler.
   */
  rootsChanged(): Promise<void>;
  /**
   * Closes the connections and ends the processes this host opened; clients you passed in stay
   * open (only the host's `tools/list_changed` handler is removed from them). Safe to call twice.
   *
   * A stdio server is ended as the MCP spec asks (stdin closed, then SIGTERM, then SIGKILL, 2 s
   * apart at most), and on POSIX each signal goes to the server's whole process group: a server
   * started through a wrapper (`npx`, `sh -c`, `uv run`) leaves no grandchild behind, even when
   * it ignores SIGTERM; close() resolves once the group has ended. Servers are
   * started in process groups of their own for this, so a terminal's Ctrl-C reaches them only
   * through the end of their stdin (and a SIGTERM when this process exits normally). On Windows
   * only the direct child is ended.
   */
  close(): Promise<void>;
}

const EMPTY: readonly ToolDefinition[] = Object.freeze([]);
const EMPTY_STATUS: readonly ToolSourceStatus[] = Object.freeze([]);

/**
 * Turns MCP servers into a toolsift tool host.
 *
 * Each entry of `servers` is a connected {@link McpClient}, such as a `Client` of
 * `@modelcontextprotocol/client` (SDK v2) or `@modelcontextprotocol/sdk` (SDK v1) (the host uses it but never closes it), or a config the host connects
 * itself: `{ command, args?, env?, cwd? }` starts a stdio server as a child process, `{ url, headers? }`
 * reaches a Streamable HTTP server. All servers are connected in parallel.
 *
 * **Servers that fail or go away.** `fromMcp` resolves once every server has connected or failed,
 * as long as at least one connected (or none was given): one broken server must not take the
 * healthy ones down with it. With `waitForServers: false` it resolves at once instead, and the
 * servers connect in the background (see {@link FromMcpOptions.waitForServers}). It rejects only for invalid options or configs, a missing SDK, or
 * when no server at all could connect (then it names each and leaves nothing running). A server
 * that failed to start, or that goes away later (its process exits, an HTTP request finds it
 * gone), is reported through `onEvent`/`onError` and reconnected in the background with
 * exponential back-off (see {@link FromMcpOptions.reconnect}); while it is down its tools are not
 * listed, so they leave search and the tool block, and calls made with a name the model already
 * had come back as error results saying it is reconnecting. When it is back, its tools return and
 * a `tools-changed` event says so. Check {@link McpToolHost.status} right after `fromMcp` if
 * every server must be up. A client you pass in is never reopened, since it is yours; if its first
 * listing fails, only the listing is retried.
 *
 * Tools are named `server__tool`. An MCP tool name the Anthropic API would reject (characters
 * outside `[a-zA-Z0-9_-]`, or longer than 64 with the prefix) is rewritten deterministically to a
 * cleaned-up, shortened form plus a hash of the original; calls still reach the original name, and
 * {@link McpToolHost.sourceOf} tells it. A tool is `destructive` only when its annotations say
 * `destructiveHint: true` without `readOnlyHint: true`: the MCP spec reads a missing hint as "may
 * be destructive", but gating every unannotated tool behind `approve` would make most servers
 * unusable; annotations or hints of the wrong type make a tool destructive (fail closed). Tools that
 * the server says can only run as tasks (`execution.taskSupport: "required"`) are left out, each
 * with a `notice` event naming the server and the tool.
 *
 * A server's tool list is read tool by tool: a malformed tool (no name, an input schema that is not
 * an object schema, an oversized one) is skipped with a warning, and the rest of the list is used.
 * Strings are bounded: descriptions past 16,000 characters and titles past 512 are cut (with a
 * warning), error messages from servers are cut in error results (see {@link MCP_LIST_LIMITS} for
 * every bound). Each problem is reported once, not on every re-list.
 *
 * `execute` never throws: MCP errors, protocol errors, timeouts (see
 * {@link FromMcpOptions.callTimeoutMs}) and lost servers come back as an error tool result naming
 * the server and the tool.
 *
 * For a `Client` you pass in, the host installs its own handler for
 * `notifications/tools/list_changed`, replacing one you set earlier.
 *
 * @param servers - Server name to client or config. Names prefix the tool names, so they must be
 *   1 to 32 letters, digits, `-` or `_`, without `__`.
 * @throws {@link OptionsError} for a bad server name, config or option, before anything is started.
 * @throws {@link DependencyError} when a config is given and the optional peer dependency `@modelcontextprotocol/client` is not
 *   installed (the message says what to install) or does not load (the message says why).
 * @throws {@link ToolsiftError} (`mcp_connect_failed`, `mcp_list_failed`) when no server could be
 *   reached and listed, naming each and why; whatever was opened is closed again.
 * @example
 * ```ts
 * const host = await fromMcp(
 *   {
 *     files: { command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "/srv/data"] },
 *     search: { url: "https://mcp.example.com/mcp", headers: { Authorization: `Bearer ${token}` } },
 *   },
 *   { onEvent: (event) => console.error(event.message) }, // one line per upstream event
 * );
 * const tools = await host.listTools(); // files__read_file, search__web_search, ...
 * await host.close();
 * ```
 */
export async function fromMcp(
  servers: Readonly<Record<string, McpClient | McpServerConfig>>,
  options: FromMcpOptions = {},
): Promise<McpToolHost> {
  const settings = parseFromMcpOptions(options);
  if (typeof servers !== "object" || servers === null || Array.isArray(servers) || servers instanceof Map) {
    throw new OptionsError(
      "invalid_servers",
      `fromMcp: servers must be a plain object mapping server names to Clients or configs, ` +
        `e.g. { github: { command: "github-mcp" } }.`,
    );
  }
  // Check every entry before starting anything, so a typo in the last one leaves no stray process.
  const plans = Object.entries(servers).map(([server, value]) => {
    assertServerName(server);
    return isMcpClient(value)
      ? { server, client: value, config: undefined }
      : { server, client: undefined, config: parseServerConfig(server, value) };
  });

  // Only a config needs the SDK (a Client passed in brings its own, v1's or v2's); loaded now, so
  // a missing one fails fromMcp with what to install rather than each connection.
  if (plans.some((plan) => plan.client === undefined)) await loadMcpSdk();
  const connectionOptions = {
    requestTimeoutMs: settings.requestTimeoutMs,
    callTimeoutMs: settings.callTimeoutMs,
    reconnect: settings.reconnect,
    report: new McpReporter(settings.onEvent, settings.onError),
    onCallResult: settings.onCallResult,
    onCallProgress: settings.onCallProgress,
    onResourceUpdated: settings.onResourceUpdated,
  };
  const connections = plans.map(
    (plan) =>
      new McpConnection(
        plan.server,
        // A client passed in cannot be reopened by toolsift; its sessions only re-list it.
        plan.client
          ? adoptedSessions(plan.client)
          : ownedSessions(
              plan.server,
              plan.config,
              settings.clientInfo,
              settings.requestTimeoutMs,
              loadMcpSdk,
              settings.serverRequests,
              settings.onStderr,
              settings.onServerLog,
            ),
        connectionOptions,
      ),
  );
  if (!settings.waitForServers) {
    // One server's process starts per turn of the event loop: starting a process blocks the
    // loop (tens of milliseconds each on a busy machine), and a gateway starting thirty at once
    // answered its own client's first message seconds late.
    let turn = Promise.resolve();
    for (const connection of connections) {
      turn = turn.then(nextTurn);
      connection.startInBackground(turn);
    }
    return new McpHost(connections, settings.refreshWaitMs);
  }
  const failures = await Promise.all(connections.map((connection) => connection.start()));
  if (connections.length > 0 && failures.every((failure) => failure !== undefined)) {
    await Promise.allSettled(connections.map((connection) => connection.close()));
    throw combineFailures(failures, "mcp_connect_failed");
  }
  connections.forEach((connection, index) => {
    connection.announceChanges();
    const failure = failures[index];
    if (failure) connection.failedAtStart(failure);
  });
  return new McpHost(connections, settings.refreshWaitMs);
}

class McpHost implements McpToolHost {
  readonly servers: readonly string[];
  private parts: ReadonlyArray<readonly ToolDefinition[]> = [];
  private combined: readonly ToolDefinition[] = EMPTY;
  private closing: Promise<void> | undefined;

  constructor(
    private readonly connections: readonly McpConnection[],
    private readonly refreshWaitMs: number,
  ) {
    this.servers = Object.freeze(connections.map((connection) => connection.server));
  }

  async listTools(): Promise<readonly ToolDefinition[]> {
    if (this.closing) return EMPTY;
    // In parallel, so the whole call waits refreshWaitMs at most, however many servers lag.
    await Promise.all(this.connections.map((connection) => connection.settled(this.refreshWaitMs)));
    // Each connection swaps its array only on a real change, so identity tells whether to rebuild.
    if (this.parts.length !== this.connections.length || this.connections.some((c, i) => c.tools !== this.parts[i])) {
      this.parts = this.connections.map((connection) => connection.tools);
      this.combined = Object.freeze(this.parts.flat());
    }
    return this.combined;
  }

  async refresh(server?: string): Promise<void> {
    const targets = server === undefined ? this.connections : [this.connection(server)];
    if (this.closing) return;
    const settled = await Promise.allSettled(targets.map((connection) => connection.refresh()));
    const failures = settled.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason as unknown] : []));
    if (failures.length > 0) throw combineFailures(failures, "mcp_list_failed");
  }

  status(): readonly McpServerStatus[] {
    return this.connections.map((connection) => connection.status());
  }

  async sourceStatus(): Promise<readonly ToolSourceStatus[]> {
    if (this.closing) return EMPTY_STATUS;
    // In parallel, so the whole call waits refreshWaitMs at most, however many servers connect.
    await Promise.all(this.connections.map((connection) => connection.connectedOrFailed(this.refreshWaitMs)));
    return this.closing ? EMPTY_STATUS : this.connections.map((connection) => connection.sourceStatus());
  }

  sourceOf(toolName: string): McpToolSource | undefined {
    const split = toolName.indexOf("__");
    if (split < 0) return undefined;
    const connection = this.connections.find((c) => c.server === toolName.slice(0, split));
    const origin = connection?.origin(toolName);
    return connection && origin ? { server: connection.server, ...origin } : undefined;
  }

  offers(server: string): { resources: boolean; prompts: boolean; completions: boolean; subscribe: boolean } {
    const connection = this.connections.find((candidate) => candidate.server === server);
    return connection && !this.closing
      ? connection.offers()
      : { resources: false, prompts: false, completions: false, subscribe: false };
  }

  subscribeResource(server: string, uri: string, options?: content.McpContentRequestOptions) {
    return this.connection(server).subscriptions.add(uri, options?.signal);
  }

  unsubscribeResource(server: string, uri: string) {
    return this.connection(server).subscriptions.remove(uri);
  }

  complete(server: string, request: McpCompletionRequest, options?: content.McpContentRequestOptions) {
    return complete(this.connection(server), request, options?.signal);
  }

  listResources(server: string, options?: content.McpContentRequestOptions) {
    return content.listResources(this.connection(server), options?.signal);
  }

  listResourceTemplates(server: string, options?: content.McpContentRequestOptions) {
    return content.listResourceTemplates(this.connection(server), options?.signal);
  }

  readResource(server: string, uri: string, options?: content.McpContentRequestOptions) {
    return content.readResource(this.connection(server), uri, options?.signal);
  }

  listPrompts(server: string, options?: content.McpContentRequestOptions) {
    return content.listPrompts(this.connection(server), options?.signal);
  }

  getPrompt(server: string, name: string, args?: Record<string, string>, options?: content.McpContentRequestOptions) {
    return content.getPrompt(this.connection(server), name, args, options?.signal);
  }

  async rootsChanged(): Promise<void> {
    if (this.closing) return;
    await Promise.all(this.connections.map((connection) => connection.rootsChanged()));
  }

  close(): Promise<void> {
    this.closing ??= Promise.allSettled(this.connections.map((connection) => connection.close())).then(() => undefined);
    return this.closing;
  }

  private connection(server: string): McpConnection {
    const found = this.connections.find((connection) => connection.server === server);
    if (!found) {
      throw new OptionsError(
        "unknown_server",
        `this host has no server ${JSON.stringify(server)}; it has ${this.servers.map((s) => JSON.stringify(s)).join(", ") || "none"}.`,
      );
    }
    return found;
  }
}

/** One error for the failures of several servers: the only one as it is, or each message on a line of its own. */
export function combineFailures(failures: readonly unknown[], code: string): ToolsiftError {
  const errors = failures.map((failure) =>
    failure instanceof ToolsiftError ? failure : new ToolsiftError(code, errorText(failure), { cause: failure }),
  );
  const [first] = errors;
  if (errors.length === 1 && first) return first;
  return new ToolsiftError(first?.code ?? code, errors.map((error) => error.message).join("\n"), { cause: errors });
}

/** Resolves on the event loop's next turn, after the I/O waiting now. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
