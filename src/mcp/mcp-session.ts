import type { McpSubscription, Transport } from "@modelcontextprotocol/client";
import { ToolsiftError, errorText } from "../errors.js";
import { boundText, oneLine } from "../catalogue/bounded-text.js";
import { BriefedError, briefReason } from "./brief-reason.js";
import type { McpClient } from "./mcp-client.js";
import type { McpSdk } from "./mcp-sdk.js";
import { type ListChangedMethod, notificationKeys } from "./notification-keys.js";
import { checkedLogMessage, type McpLogMessage } from "./mcp-log-message.js";
import type { ParsedServerConfig } from "./mcp-server-config.js";
import { escapeForLog } from "../catalogue/escape-for-log.js";
import { StderrLines } from "./stderr-lines.js";
import { answerServerRequests } from "./answer-server-requests.js";
import { clientCapabilities, type McpServerRequestHandlers } from "./mcp-server-requests.js";
import { ProcessGroupTransport } from "./process-group-transport.js";
import { stdioTransport } from "./stdio-transport.js";
import { isConnectionLoss } from "./connection-loss.js";
import { subscribeToListChanges } from "./list-subscription.js";
import { withinTime } from "../util/within-time.js";
import { isRecord } from "../util/is-record.js";
import { uriOf } from "./mcp-content-blocks.js";

/** One live connection to a server: what a {@link OpenSession} made. */
export interface McpSession {
  readonly client: McpClient;
  /** Whether a request that failed this way means the connection itself is gone. */
  isLost(error: unknown): boolean;
  /** The error of a listing that failed, with advice where there is some. */
  explain(error: ToolsiftError): ToolsiftError;
  /** Ends the session: what toolsift opened is closed; a client passed in only loses toolsift's handler. */
  close(): Promise<void>;
  /** Sends `notifications/roots/list_changed`, when toolsift declared roots to this server. */
  rootsChanged?(): Promise<void>;
}

/** What a session tells its connection. */
export interface SessionHandlers {
  /** The server sent `notifications/tools/list_changed`. */
  onListChanged(): void;
  /** The server sent `notifications/resources/list_changed` or `notifications/prompts/list_changed`. */
  onContentListChanged?(list: "resources" | "prompts"): void;
  /** The server sent `notifications/resources/updated` for this URI (its own, checked and bounded). */
  onResourceUpdated?(uri: string): void;
  /**
   * The connection ended without close(): the process exited, the transport closed. `brief` says
   * it in a few words safe to show a model (see {@link briefReason}).
   */
  onLost(reason: string, brief: string): void;
  /** Something worth a warning that does not end the session (garbage on stdout). */
  onWarning(error: ToolsiftError): void;
  /**
   * Aborts when the host closes while the session is still opening: what was started (a process
   * that never answers initialize) is ended then, not when its request times out.
   */
  signal?: AbortSignal;
}

/** Opens a new session to one server; each reconnect calls it again. */
export type OpenSession = (handlers: SessionHandlers) => Promise<McpSession>;

const LIST_CHANGED = "notifications/tools/list_changed";
const CONTENT_NOTIFICATIONS = [
  "notifications/resources/list_changed",
  "notifications/prompts/list_changed",
  "notifications/resources/updated",
] as const;
const STDERR_TAIL_CHARS = 2000;
const TERMINATE_SESSION_TIMEOUT_MS = 2000;

/**
 * Sessions over a client the caller connected: the same client every time, since toolsift cannot
 * reconnect what it did not open; only toolsift's `list_changed` handler comes and goes.
 */
export function adoptedSessions(client: McpClient): OpenSession {
  return async (handlers) => {
    const key = await notificationKeys(client);
    const listen = (method: ListChangedMethod, handler: (notification: unknown) => void) =>
      client.setNotificationHandler(key(method), handler);
    listen(LIST_CHANGED, () => handlers.onListChanged());
    listenForContentChanges(listen, handlers);
    return {
      client,
      isLost: () => false,
      explain: (error) =>
        /not connected/i.test(error.message)
          ? new ToolsiftError(
              error.code,
              `${error.message} Connect the Client first (await client.connect(transport)).`,
              { cause: error.cause },
            )
          : error,
      close: async () => {
        client.removeNotificationHandler(LIST_CHANGED);
        for (const method of CONTENT_NOTIFICATIONS) client.removeNotificationHandler(method);
      },
    };
  };
}

/**
 * Sessions to a server from its config: each opens a new SDK v2 Client over a new transport (a new
 * process for stdio), and its close() ends them. The Client negotiates the protocol's era: it
 * probes with `server/discover` and speaks the stateless 2026-07-28 protocol to a server that
 * answers it, and the 2025 `initialize` handshake to one that does not, so one config reaches
 * modern-only, handshake-only and dual servers alike. A stdio server that exits on the probe (some
 * SDKs end the process on any request before `initialize`) is started again for the handshake
 * alone, and so are its later sessions.
 */
export function ownedSessions(
  server: string,
  config: ParsedServerConfig,
  clientInfo: { name: string; version: string },
  requestTimeoutMs: number | undefined,
  loadSdk: () => Promise<McpSdk>,
  serverRequests?: McpServerRequestHandlers,
  onStderr?: (server: string, line: string) => void,
  onServerLog?: (server: string, message: McpLogMessage) => void,
): OpenSession {
  let handshakeOnly = false;
  const open = async (handlers: SessionHandlers, legacy: boolean): Promise<McpSession> => {
    const sdk = await loadSdk();
    const capabilities = clientCapabilities(serverRequests);
    const client = new sdk.Client(clientInfo, { capabilities, versionNegotiation: { mode: "auto" } });
    answerServerRequests(client, server, serverRequests);
    let stderrTail = "";
    let tailCut = false;
    // Whole lines, each labelled with the server's name (several servers share this stderr) and
    // escaped, so a server cannot forge a line of another or of toolsift, nor paint the terminal.
    const labelled =
      config.transport === "stdio" && config.stderr === "inherit"
        ? new StderrLines((line) =>
            onStderr ? onStderr(server, line) : process.stderr.write(`[${server}] ${escapeForLog(line)}\n`),
          )
        : undefined;
    let transport: Transport;
    let where: string;
    if (config.transport === "stdio") {
      let garbageReported = false;
      transport = stdioTransport(config, sdk, {
        // Piped rather than inherited so the last lines can explain a failed start or a crash.
        onStderr: (chunk) => {
          const kept = stderrTail + chunk.toString("utf8");
          stderrTail = kept.slice(-STDERR_TAIL_CHARS);
          tailCut ||= kept.length > STDERR_TAIL_CHARS;
          labelled?.push(chunk);
        },
        onGarbage: (line) => {
          if (garbageReported) return;
          garbageReported = true;
          handlers.onWarning(
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
      transport = new sdk.StreamableHTTPClientTransport(
        url,
        config.headers ? { requestInit: { headers: config.headers } } : undefined,
      );
      // Origin and path only: a query string may carry a token.
      where = `at ${url.origin}${url.pathname}`;
    }
    const stderr = () => {
      // A tail cut mid-line starts with what is left of that line: perhaps the end of a secret,
      // which no redactor can recognise by its end, so the tail starts at the next whole line.
      const newline = stderrTail.indexOf("\n");
      const whole = !tailCut ? stderrTail : newline >= 0 ? stderrTail.slice(newline + 1) : "";
      const tail = whole.trim();
      if (tail) return ` Its stderr ended with:\n${tail}`;
      return tailCut ? ` Its stderr ended with a line of over ${STDERR_TAIL_CHARS} characters, not shown.` : "";
    };
    let closing: Promise<void> | undefined;
    let subscription: Promise<McpSubscription | undefined> | undefined;
    const close = (): Promise<void> => {
      closing ??= (async () => {
        await subscription?.then((opened) => opened?.close()).catch(() => undefined);
        // Ending an HTTP session lets the server free it now instead of on its own timeout; best effort.
        if (transport instanceof sdk.StreamableHTTPClientTransport) {
          await withinTime(transport.terminateSession(), TERMINATE_SESSION_TIMEOUT_MS, undefined).catch(
            () => undefined,
          );
        }
        await client.close();
        // While the Client still negotiates the era, its probe owns the transport and close()
        // above does not reach it: closed here too, so a server that never answers goes now.
        await transport.close();
        labelled?.end();
      })();
      return closing;
    };
    handlers.signal?.addEventListener("abort", () => void close().catch(() => undefined), { once: true });
    // Set before connecting, so a notification sent right after `initialize` is not lost.
    const listen = (method: ListChangedMethod, handler: (notification: unknown) => void) =>
      client.setNotificationHandler(method, handler);
    listen(LIST_CHANGED, () => handlers.onListChanged());
    listenForContentChanges(listen, handlers);
    if (onServerLog)
      client.setNotificationHandler("notifications/message", (notification) => {
        const message = checkedLogMessage(notification.params);
        if (message) onServerLog(server, message);
      });
    client.onclose = () => {
      if (closing) return;
      const how = transport instanceof ProcessGroupTransport ? transport.exitDescription : undefined;
      // The last stderr bytes travel through a pipe and may land a tick after the exit.
      setImmediate(() => {
        labelled?.end();
        handlers.onLost(
          `${how ? `its process ${how}` : "the connection closed"}.${stderr()}`,
          how ? `went away (${how})` : "went away",
        );
      });
    };
    try {
      await client.connect(transport, {
        ...(requestTimeoutMs === undefined ? {} : { timeout: requestTimeoutMs }),
        ...(handlers.signal ? { signal: handlers.signal } : {}),
        ...(legacy ? { prior: { kind: "legacy" as const } } : {}),
      });
    } catch (error) {
      await close().catch(() => undefined);
      await new Promise((resolve) => setImmediate(resolve));
      // A process that exited says more than the "Connection closed" its end caused; a negative
      // code is Node's for a process that never started (the spawn error says why).
      const exit = transport instanceof ProcessGroupTransport ? transport.exitDescription : undefined;
      const exited = exit !== undefined && !exit.includes("code -") ? exit : undefined;
      const message = `Could not connect to MCP server "${server}" ${where}: ${boundText(errorText(error), 1000)}.${stderr()}`;
      const brief = exited ?? briefReason(error, "could not connect");
      const probeKilled =
        !legacy &&
        exited !== undefined &&
        error instanceof sdk.SdkError &&
        error.code === sdk.SdkErrorCode.EraNegotiationFailed;
      throw new (probeKilled ? ProbeEndedProcess : BriefedError)("mcp_connect_failed", message, brief, {
        cause: error,
      });
    }
    subscription = subscribeToListChanges(client, server, handlers);
    const http = config.transport === "http";
    return {
      client,
      // Over HTTP nothing stays open to notice a server that went away: a request that fails
      // without a JSON-RPC answer (refused, reset, an unknown session after a restart) is the sign.
      isLost: (error) => http && isConnectionLoss(error, sdk),
      explain: (error) => error,
      close,
      ...("roots" in capabilities ? { rootsChanged: () => client.sendRootsListChanged() } : {}),
    };
  };
  return async (handlers) => {
    try {
      return await open(handlers, handshakeOnly);
    } catch (error) {
      if (!(error instanceof ProbeEndedProcess) || handlers.signal?.aborted) throw error;
      const session = await open(handlers, true);
      handshakeOnly = true;
      return session;
    }
  };
}

/** A stdio server's process exited during the `server/discover` probe: a 2025 server that allows nothing before `initialize`. */
class ProbeEndedProcess extends BriefedError {}

/**
 * Installs the handlers of the resources and prompts list_changed notifications and of resource
 * updates, for whoever listens.
 */
function listenForContentChanges(
  listen: (method: ListChangedMethod, handler: (notification: unknown) => void) => void,
  handlers: SessionHandlers,
): void {
  const updated = handlers.onResourceUpdated?.bind(handlers);
  if (updated)
    listen("notifications/resources/updated", (notification) => {
      const params = isRecord(notification) ? notification.params : undefined;
      const uri = isRecord(params) ? uriOf(params.uri) : undefined;
      if (uri !== undefined) updated(uri);
    });
  const changed = handlers.onContentListChanged?.bind(handlers);
  if (!changed) return;
  listen("notifications/resources/list_changed", () => changed("resources"));
  listen("notifications/prompts/list_changed", () => changed("prompts"));
}
