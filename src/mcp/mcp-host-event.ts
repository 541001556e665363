import type { ToolsiftError } from "../errors.js";

/**
 * What happens to an MCP server behind a tool host, one event per upstream change, for logs,
 * health checks and a gateway's `notifications/tools/list_changed`. Every event names its
 * `server` and carries `message`, the event as one line of at most 500 characters (server-supplied
 * text included, with newlines and control characters flattened), ready for a log.
 *
 * - `connected`: the server is up and listed; `attempt` is 1 on a first try, more after failures.
 * - `disconnected`: the connection was lost (the process exited, an HTTP request found the server
 *   gone); its tools are out of the catalogue until it returns. `retryInMs` is when the first
 *   reconnect runs, `undefined` when reconnecting is off.
 * - `connect-failed`: an attempt to connect failed; `attempt` counts the failures in a row,
 *   `retryInMs` is when the next runs (`undefined`: none will).
 * - `tools-changed`: the tools the host lists for this server changed: a re-list after
 *   `notifications/tools/list_changed` or `refresh()`, tools leaving on a disconnect, returning on
 *   a reconnect. Not sent for the first listing inside `fromMcp`.
 * - `list-changed`: the server sent `notifications/resources/list_changed` (`list: "resources"`) or
 *   `notifications/prompts/list_changed` (`list: "prompts"`); a gateway passes it on to its clients.
 * - `warning`: something was skipped, cut or gave up, and the host went on: a malformed tool
 *   (`mcp_invalid_tool`), a cut description (`mcp_tool_text_truncated`), a call past its timeout
 *   (`mcp_call_timeout`), a call result of the wrong shape answered as an error
 *   (`mcp_invalid_result`), garbage on stdout (`mcp_stdout_garbage`), a failed re-list
 *   (`mcp_list_failed`), … `error.code` says which.
 * - `notice`: worth a log line, but nothing the server got wrong, so no error (and nothing for
 *   `onError`): a tool left out because it runs only as an MCP task (`mcp_task_only_tool`), which
 *   toolsift does not run. `code` says which; each is sent once per host, not on every re-list.
 *
 * @example
 * ```ts
 * const host = await fromMcp(servers, {
 *   onEvent: (event) => {
 *     console.error(`[mcp] ${event.message}`);
 *     if (event.type === "tools-changed") notifyClientsToolsChanged();
 *   },
 * });
 * ```
 */
export type McpHostEvent =
  | { type: "connected"; server: string; tools: number; attempt: number; message: string }
  | { type: "disconnected"; server: string; error: ToolsiftError; retryInMs: number | undefined; message: string }
  | {
      type: "connect-failed";
      server: string;
      attempt: number;
      error: ToolsiftError;
      retryInMs: number | undefined;
      message: string;
    }
  | {
      type: "tools-changed";
      server: string;
      added: readonly string[];
      removed: readonly string[];
      tools: number;
      message: string;
    }
  | { type: "list-changed"; server: string; list: "resources" | "prompts"; message: string }
  | { type: "warning"; server: string; error: ToolsiftError; message: string }
  | { type: "notice"; server: string; code: string; message: string };

/** Where one server of a tool host stands, from {@link McpToolHost.status}. */
export interface McpServerStatus {
  server: string;
  /**
   * `connected`: up and listed. `connecting`: an attempt is under way. `reconnecting`: down, with
   * an attempt scheduled. `disconnected`: down for good (reconnecting is off). `closed`: the host was closed.
   */
  state: "connected" | "connecting" | "reconnecting" | "disconnected" | "closed";
  /** How many tools of this server the host lists now. */
  tools: number;
  /** Failed attempts in a row since it was last up for good (0 while it is). */
  failures: number;
  /** The last failure, as one line; undefined once the server is up again. */
  lastError: string | undefined;
  /** When the next attempt runs (epoch milliseconds), if one is scheduled. */
  nextAttemptAt: number | undefined;
}
