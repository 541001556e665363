import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { ToolDefinition, ToolHost } from "../catalogue/tool-definition.js";
import { OptionsError, ToolsiftError, errorText } from "../errors.js";
import { isMcpClient, type McpClient } from "./mcp-client.js";
import { oneLine } from "./bounded-text.js";
import { McpConnection, type McpConnectionOptions } from "./mcp-connection.js";
import { loadMcpSdk, type McpSdk } from "./mcp-sdk.js";
import { assertServerName, parseServerConfig, type McpServerConfig, type ParsedServerConfig } from "./mcp-server-config.js";
import { stdioTransport } from "./stdio-transport.js";

/** Options of {@link fromMcp}. */
export interface FromMcpOptions {
  /** How toolsift introduces itself to servers it connects to. Default `{ name: "toolsift", version: "0.1.0" }`. */
  clientInfo?: { name: string; version: string };
  /**
   * Timeout of the requests that set a server up and list its tools (`initialize`, `tools/list`),
   * in milliseconds; also of `tools/call` when {@link FromMcpOptions.callTimeoutMs} is not given.
   * Default: the MCP SDK's, 60 seconds, which leaves room for a first `npx` download.
   */
  requestTimeoutMs?: number;
  /**
   * How long one tool call may take, in milliseconds. A call past it is cancelled
   * (`notifications/cancelled`) and comes back as an error result naming the server, the tool and
   * the timeout; the server stays connected and usable, and an `mcp_call_timeout` warning is
   * reported.
   *
   * Half the SDK's 60 s by default: in front of an MCP client (a gateway), the upstream call must
   * give up before the client's own 60 s request timeout does, so the model gets this clear error
   * instead of a generic one; and an agent turn that waits longer than that for one tool is
   * usually better off told so and free to try something else. Raise it for tools that are slow
   * by nature.
   * @defaultValue `requestTimeoutMs` when that is given, else 30000
   */
  callTimeoutMs?: number;
  /**
   * How long {@link McpToolHost.listTools} waits, at most, for re-lists already under way (after
   * `notifications/tools/list_changed` or a `refresh()`), in milliseconds. Waiting is what lets
   * a search right after a `list_changed` see the announced tools; the bound keeps one server
   * that is slow to answer `tools/list` from holding up every other server's tools for up to
   * `requestTimeoutMs`. Past it, that server's last good list is served and its new list is
   * picked up by a later call once it arrives. `0` never waits.
   * @defaultValue 2000
   */
  refreshWaitMs?: number;
  /**
   * Receives failures that happen in the background, where no caller can catch them: a re-list
   * after `notifications/tools/list_changed` that failed (the old tools stay), a tool dropped
   * because its name collided, a server that went away. Default: `process.emitWarning`.
   */
  onError?: (error: ToolsiftError) => void;
}

/** Which MCP server and which of its tools a catalogue name stands for. */
export interface McpToolSource {
  server: string;
  /** The tool's name on the server, before namespacing and any rewriting. */
  tool: string;
}

/** A {@link ToolHost} over one or more MCP servers, made by {@link fromMcp}. */
export interface McpToolHost extends ToolHost {
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
   * Does nothing after `close()`.
   *
   * @throws {@link OptionsError} for a server name the host does not have.
   * @throws {@link ToolsiftError} (`mcp_list_failed`) naming the server whose listing failed; its old tools stay.
   */
  refresh(server?: string): Promise<void>;
  /** The server and original MCP tool name behind a catalogue name, or undefined if the host has no such tool. */
  sourceOf(toolName: string): McpToolSource | undefined;
  /**
   * Closes the connections and ends the processes this host opened; clients you passed in stay
   * open (only the host's `tools/list_changed` handler is removed from them). Safe to call twice.
   *
   * A stdio server is ended as the MCP spec asks (stdin closed, then SIGTERM, then SIGKILL, 2 s
   * apart at most), and on POSIX each signal goes to the server's whole process group: a server
   * started through a wrapper (`npx`, `sh -c`, `uv run`) leaves no grandchild behind. Servers are
   * started in process groups of their own for this, so a terminal's Ctrl-C reaches them only
   * through the end of their stdin (and a SIGTERM when this process exits normally). On Windows
   * only the direct child is ended.
   */
  close(): Promise<void>;
}

const DEFAULT_CLIENT_INFO = { name: "toolsift", version: "0.1.0" };
const EMPTY: readonly ToolDefinition[] = Object.freeze([]);
const STDERR_TAIL_CHARS = 2000;
const TERMINATE_SESSION_TIMEOUT_MS = 2000;
const DEFAULT_REFRESH_WAIT_MS = 2000;
const DEFAULT_CALL_TIMEOUT_MS = 30_000;

/**
 * Turns MCP servers into a toolsift tool host.
 *
 * Each entry of `servers` is a connected {@link McpClient}, such as a `Client` of
 * `@modelcontextprotocol/sdk` (the host uses it but never closes it), or a config the host connects
 * itself: `{ command, args?, env?, cwd? }` starts a stdio server as a child process, `{ url, headers? }`
 * reaches a Streamable HTTP server. All servers are connected in parallel.
 *
 * Tools are named `server__tool`. An MCP tool name the Anthropic API would reject (characters
 * outside `[a-zA-Z0-9_-]`, or longer than 64 with the prefix) is rewritten deterministically to a
 * cleaned-up, shortened form plus a hash of the original; calls still reach the original name, and
 * {@link McpToolHost.sourceOf} tells it. A tool is `destructive` only when its annotations say
 * `destructiveHint: true` without `readOnlyHint: true`: the MCP spec reads a missing hint as "may
 * be destructive", but gating every unannotated tool behind `approve` would make most servers
 * unusable; annotations or hints of the wrong type make a tool destructive (fail closed). Tools that
 * the server says can only run as tasks (`execution.taskSupport: "required"`) are left out.
 *
 * A server's tool list is read tool by tool: a malformed tool (no name, an input schema that is not
 * an object schema, an oversized one) is skipped with a warning through `onError`, and the rest of
 * the list is used. Strings are bounded: descriptions past 16,000 characters and titles past 512
 * are cut (with a warning), error messages from servers are cut in error results (see
 * {@link MCP_LIST_LIMITS} for every bound). Each problem is reported once, not on every re-list.
 *
 * `execute` never throws: MCP errors, protocol errors and lost servers come back as
 * an error tool result naming the server and the tool.
 *
 * For a `Client` you pass in, the host installs its own handler for
 * `notifications/tools/list_changed`, replacing one you set earlier.
 *
 * @param servers - Server name to client or config. Names prefix the tool names, so they must be
 *   1 to 32 letters, digits, `-` or `_`, without `__`.
 * @throws {@link OptionsError} for a bad server name, config or option, before anything is started.
 * @throws {@link DependencyError} when the optional peer dependency `@modelcontextprotocol/sdk` is not
 *   installed (the message says what to install) or does not load (the message says why).
 * @throws {@link ToolsiftError} (`mcp_connect_failed`, `mcp_list_failed`) naming the server that could
 *   not be reached or listed; whatever was already opened is closed again.
 * @example
 * ```ts
 * const host = await fromMcp({
 *   files: { command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "/srv/data"] },
 *   search: { url: "https://mcp.example.com/mcp", headers: { Authorization: `Bearer ${token}` } },
 * });
 * const tools = await host.listTools(); // files__read_file, search__web_search, ...
 * await host.close();
 * ```
 */
export async function fromMcp(servers: Readonly<Record<string, McpClient | McpServerConfig>>, options: FromMcpOptions = {}): Promise<McpToolHost> {
  const settings = parseOptions(options);
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
    return isMcpClient(value) ? { server, client: value } : { server, config: parseServerConfig(server, value) };
  });

  const sdk = await loadMcpSdk();
  const connectionOptions = {
    requestTimeoutMs: settings.requestTimeoutMs,
    callTimeoutMs: settings.callTimeoutMs,
    onError: settings.onError,
    sdk,
  };
  const settled = await Promise.allSettled(
    plans.map((plan) =>
      plan.client
        ? adoptClient(plan.server, plan.client, connectionOptions)
        : openServer(plan.server, plan.config, settings.clientInfo, connectionOptions, sdk),
    ),
  );
  const connections = settled.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
  const failures = settled.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason as unknown] : []));
  if (failures.length > 0) {
    await Promise.allSettled(connections.map((connection) => connection.close()));
    throw combineFailures(failures, "mcp_connect_failed");
  }
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

  sourceOf(toolName: string): McpToolSource | undefined {
    const split = toolName.indexOf("__");
    if (split < 0) return undefined;
    const connection = this.connections.find((c) => c.server === toolName.slice(0, split));
    const tool = connection?.originalName(toolName);
    return connection && tool !== undefined ? { server: connection.server, tool } : undefined;
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
        `refresh: this host has no server ${JSON.stringify(server)}; it has ${this.servers.map((s) => JSON.stringify(s)).join(", ") || "none"}.`,
      );
    }
    return found;
  }
}

type ConnectionSettings = Omit<McpConnectionOptions, "release">;

async function adoptClient(server: string, client: McpClient, settings: ConnectionSettings): Promise<McpConnection> {
  const connection = new McpConnection(server, client, { ...settings, release: undefined });
  try {
    await connection.refresh();
  } catch (error) {
    await connection.close();
    const hint = /not connected/i.test(errorText(error)) ? " Connect the Client first (await client.connect(transport))." : "";
    throw hint && error instanceof ToolsiftError ? new ToolsiftError(error.code, error.message + hint, { cause: error.cause }) : error;
  }
  return connection;
}

async function openServer(
  server: string,
  config: ParsedServerConfig,
  clientInfo: { name: string; version: string },
  settings: ConnectionSettings,
  sdk: McpSdk,
): Promise<McpConnection> {
  const { Client, StreamableHTTPClientTransport } = sdk;
  const client = new Client(clientInfo, { capabilities: {} });
  let stderrTail = "";
  let transport: Transport;
  let where: string;
  if (config.transport === "stdio") {
    let garbageReported = false;
    transport = stdioTransport(config, sdk, {
      // Piped rather than inherited so the last lines can explain a failed start.
      onStderr: (chunk) => {
        stderrTail = (stderrTail + chunk.toString("utf8")).slice(-STDERR_TAIL_CHARS);
        if (config.stderr === "inherit") process.stderr.write(chunk);
      },
      onGarbage: (line) => {
        if (garbageReported) return;
        garbageReported = true;
        settings.onError(
          new ToolsiftError(
            "mcp_stdout_garbage",
            `MCP server "${server}" wrote a line to stdout that is not JSON-RPC: ${JSON.stringify(oneLine(line, 200))}. ` +
              `It was dropped, as are any more; stdout is reserved for the protocol, so the server should log to stderr.`,
          ),
        );
      },
    });
    where = `started as ${JSON.stringify(oneLine([config.command, ...config.args].join(" "), 300))}`;
  } else {
    const url = new URL(config.href);
    transport = new StreamableHTTPClientTransport(url, config.headers ? { requestInit: { headers: config.headers } } : undefined);
    // Origin and path only: a query string may carry a token.
    where = `at ${url.origin}${url.pathname}`;
  }
  const http = transport instanceof StreamableHTTPClientTransport ? transport : undefined;
  const release = async (): Promise<void> => {
    // Ending the session lets the server free it now instead of on its own timeout; best effort.
    if (http) await withTimeout(http.terminateSession(), TERMINATE_SESSION_TIMEOUT_MS).catch(() => undefined);
    await client.close();
  };
  const connection = new McpConnection(server, client, { ...settings, release });
  try {
    await client.connect(transport, settings.requestTimeoutMs === undefined ? undefined : { timeout: settings.requestTimeoutMs });
  } catch (error) {
    await connection.close().catch(() => undefined);
    // The child's last stderr bytes travel through a pipe and may land a tick after the close.
    await new Promise((resolve) => setImmediate(resolve));
    const stderr = stderrTail.trim();
    throw new ToolsiftError(
      "mcp_connect_failed",
      `Could not connect to MCP server "${server}" ${where}: ${errorText(error)}.` +
        (stderr ? ` Its stderr ended with:\n${stderr}` : ""),
      { cause: error },
    );
  }
  try {
    await connection.refresh();
  } catch (error) {
    await connection.close().catch(() => undefined);
    throw error;
  }
  connection.watchDisconnect(client);
  return connection;
}

function parseOptions(options: FromMcpOptions): {
  clientInfo: { name: string; version: string };
  requestTimeoutMs: number | undefined;
  callTimeoutMs: number;
  refreshWaitMs: number;
  onError: (error: ToolsiftError) => void;
} {
  if (typeof options !== "object" || options === null) {
    throw new OptionsError("invalid_options", "fromMcp: options must be an object or left out.");
  }
  const { clientInfo, requestTimeoutMs, callTimeoutMs, refreshWaitMs, onError } = options;
  if (clientInfo !== undefined && !(typeof clientInfo?.name === "string" && clientInfo.name !== "" && typeof clientInfo.version === "string")) {
    throw new OptionsError("invalid_options", `fromMcp: options.clientInfo must be { name: string, version: string }, e.g. { name: "my-agent", version: "1.0.0" }.`);
  }
  if (requestTimeoutMs !== undefined && !(Number.isFinite(requestTimeoutMs) && requestTimeoutMs > 0)) {
    throw new OptionsError("invalid_options", `fromMcp: options.requestTimeoutMs must be a positive number of milliseconds, got ${String(requestTimeoutMs)}.`);
  }
  if (callTimeoutMs !== undefined && !(typeof callTimeoutMs === "number" && Number.isFinite(callTimeoutMs) && callTimeoutMs > 0)) {
    throw new OptionsError(
      "invalid_options",
      `fromMcp: options.callTimeoutMs must be a positive, finite number of milliseconds (e.g. 30000), got ${JSON.stringify(callTimeoutMs) ?? String(callTimeoutMs)}.`,
    );
  }
  if (refreshWaitMs !== undefined && !(Number.isFinite(refreshWaitMs) && refreshWaitMs >= 0)) {
    throw new OptionsError(
      "invalid_options",
      `fromMcp: options.refreshWaitMs must be a number of milliseconds, 0 or more (0 never waits for a re-list), got ${String(refreshWaitMs)}.`,
    );
  }
  if (onError !== undefined && typeof onError !== "function") {
    throw new OptionsError("invalid_options", "fromMcp: options.onError must be a function (error) => void.");
  }
  return {
    clientInfo: clientInfo ? { name: clientInfo.name, version: clientInfo.version } : DEFAULT_CLIENT_INFO,
    requestTimeoutMs,
    callTimeoutMs: callTimeoutMs ?? requestTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS,
    refreshWaitMs: refreshWaitMs ?? DEFAULT_REFRESH_WAIT_MS,
    onError: onError ?? ((error) => process.emitWarning(error)),
  };
}

function combineFailures(failures: readonly unknown[], code: string): ToolsiftError {
  const errors = failures.map((failure) =>
    failure instanceof ToolsiftError ? failure : new ToolsiftError(code, errorText(failure), { cause: failure }),
  );
  const [first] = errors;
  if (errors.length === 1 && first) return first;
  return new ToolsiftError(first?.code ?? code, errors.map((error) => error.message).join("\n"), { cause: errors });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
