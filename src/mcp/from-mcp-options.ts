import { describeValue } from "../describe-value.js";
import { TOOLSIFT_VERSION } from "../version.js";
import { OptionsError, type ToolsiftError } from "../errors.js";
import { checkKeys, optionKeys } from "../util/option-keys.js";
import { DEFAULT_BACKOFF, type Backoff } from "./mcp-backoff.js";
import type { McpCallProgressListener } from "./mcp-call-progress.js";
import type { McpLogMessage } from "./mcp-log-message.js";
import type { McpCallResultListener } from "./mcp-call-result.js";
import type { McpHostEvent } from "./mcp-host-event.js";
import type { McpServerRequestHandlers } from "./mcp-server-requests.js";
import { MAX_TIMER_MS } from "../util/within-time.js";

/** How {@link fromMcp} reconnects a server that went away or failed to start. */
export interface McpReconnectOptions {
  /**
   * The delay before the first attempt, in milliseconds; it doubles after each failure.
   * @defaultValue 500
   */
  initialDelayMs?: number;
  /**
   * The longest delay between attempts, in milliseconds. Attempts go on at this pace for as long
   * as the server stays away. A session must stay up this long to reset the back-off, so a server
   * that crashes right after each start is retried ever more slowly.
   * @defaultValue 30000
   */
  maxDelayMs?: number;
}

/** Options of {@link fromMcp}. */
export interface FromMcpOptions {
  /** How toolsift introduces itself to servers it connects to. Default `{ name: "toolsift", version }`, toolsift's own version. */
  clientInfo?: { name: string; version: string };
  /**
   * Timeout of the requests that set a server up and list its tools (`server/discover` or
   * `initialize`, `tools/list`),
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
   * Whether `fromMcp` waits for every server to connect or fail before it resolves. `false`:
   * it resolves at once, once the options and configs are checked, and the servers connect in the
   * background; each server's tools join the catalogue as it connects (a `connected` and a
   * `tools-changed` event say so), and a server that fails to connect is reported and retried like
   * one that went away, so `fromMcp` never rejects for a server. Searches wait for servers still
   * connecting, up to {@link FromMcpOptions.refreshWaitMs}, then name those still connecting (see
   * `ToolHost.sourceStatus`). For a front end that must answer its own clients at once, such as
   * a gateway: one server that never answers no longer holds the others up for `requestTimeoutMs`.
   * Their processes start one per turn of the event loop, so thirty servers do not hold up the
   * front end's own I/O while they start.
   * @defaultValue true
   */
  waitForServers?: boolean;
  /**
   * Reconnecting a server toolsift started or reached itself (a stdio or HTTP config; a client
   * you pass in is yours to reconnect) when it goes away or fails to start: exponential back-off
   * with jitter, without end, until it is back or the host is closed. `false`: a server that went
   * away stays down, and one that failed to start is never retried.
   * @defaultValue `{ initialDelayMs: 500, maxDelayMs: 30000 }`
   */
  reconnect?: false | McpReconnectOptions;
  /**
   * Receives each {@link McpHostEvent}: servers connecting, going away, failing to reconnect,
   * their tools changing, and warnings. Each has a one-line `message` for a log.
   */
  onEvent?: (event: McpHostEvent) => void;
  /**
   * Receives the error of every event that has one (`disconnected`, `connect-failed`, `warning`):
   * failures that happen in the background, where no caller can catch them. Default:
   * `process.emitWarning`, unless `onEvent` is given.
   */
  onError?: (error: ToolsiftError) => void;
  /**
   * Told of each readable `tools/call` result as the server sent it, before it becomes a
   * `ToolOutput`: for a gateway that keeps `structuredContent` and resource links, which a
   * model's `tool_result` cannot carry. A listener that throws is reported through
   * `process.emitWarning` and otherwise ignored.
   *
   * @example
   * ```ts
   * const host = await fromMcp(servers, {
   *   onCallResult: (result, { server, context }) => keep(context?.toolUseId, server, result.structuredContent),
   * });
   * ```
   */
  onCallResult?: McpCallResultListener;
  /**
   * Told of each progress notification a server sends about a `tools/call` (checked, its
   * message bounded). Given, toolsift asks for progress on every call (a `progressToken` in its
   * `_meta`), so a gateway can pass it on to the client whose call it is. A listener that throws
   * is reported through `process.emitWarning` and otherwise ignored.
   * @defaultValue none: no progress is asked for
   */
  onCallProgress?: McpCallProgressListener;
  /**
   * Receives each log message (`notifications/message`) a server toolsift connects itself sends,
   * checked and bounded; left out, they are ignored. toolsift never sends `logging/setLevel`: the
   * server logs at its own level. A handler that throws is reported through `process.emitWarning`.
   * @defaultValue none
   */
  onServerLog?: (server: string, message: McpLogMessage) => void;
  /**
   * Told of each `notifications/resources/updated` a server sends about a resource URI subscribed
   * to with {@link McpContentHost.subscribeResource} (the URI as the server names it); updates of
   * URIs nobody subscribed to are dropped. A handler that throws is reported through
   * `process.emitWarning`.
   * @defaultValue none
   */
  onResourceUpdated?: (server: string, uri: string) => void;
  /**
   * Answers the requests servers send their client (`roots/list`, `elicitation/create`,
   * `sampling/createMessage`) and declares those capabilities to the servers toolsift connects
   * itself. Left out, toolsift declares none, as a client that only lists and calls tools.
   * @defaultValue none
   */
  serverRequests?: McpServerRequestHandlers;
  /**
   * Receives each line a stdio server with `stderr: "inherit"` writes to its stderr, as the server
   * wrote it (cut at 8,192 characters), instead of it going to this process's stderr: for a
   * front end that redacts secrets from its log, or writes it elsewhere. The line may hold
   * anything (newlines aside): escape it before a terminal or a log shows it. A handler that
   * throws is reported through `process.emitWarning` and otherwise ignored.
   * @defaultValue each line to this process's stderr, as `[server] line`, its controls escaped
   */
  onStderr?: (server: string, line: string) => void;
}

/** {@link FromMcpOptions} checked, with the defaults filled in. */
export interface FromMcpSettings {
  clientInfo: { name: string; version: string };
  requestTimeoutMs: number | undefined;
  callTimeoutMs: number;
  refreshWaitMs: number;
  waitForServers: boolean;
  reconnect: Backoff | false;
  onEvent: ((event: McpHostEvent) => void) | undefined;
  onError: ((error: ToolsiftError) => void) | undefined;
  onCallResult: McpCallResultListener | undefined;
  onCallProgress: McpCallProgressListener | undefined;
  onServerLog: ((server: string, message: McpLogMessage) => void) | undefined;
  onResourceUpdated: ((server: string, uri: string) => void) | undefined;
  serverRequests: McpServerRequestHandlers | undefined;
  onStderr: ((server: string, line: string) => void) | undefined;
}

const DEFAULT_CLIENT_INFO = { name: "toolsift", version: TOOLSIFT_VERSION };
const DEFAULT_REFRESH_WAIT_MS = 2000;
const DEFAULT_CALL_TIMEOUT_MS = 30_000;

/** Every option `fromMcp` reads; the compiler holds the list to {@link FromMcpOptions}. */
const FROM_MCP_KEYS = optionKeys<keyof FromMcpOptions>({
  clientInfo: true,
  requestTimeoutMs: true,
  callTimeoutMs: true,
  refreshWaitMs: true,
  waitForServers: true,
  reconnect: true,
  onEvent: true,
  onError: true,
  onCallResult: true,
  onCallProgress: true,
  onServerLog: true,
  onResourceUpdated: true,
  serverRequests: true,
  onStderr: true,
});

/**
 * Checks fromMcp's options.
 *
 * @throws {@link OptionsError} naming the option, what was wrong and what is allowed.
 */
export function parseFromMcpOptions(options: FromMcpOptions): FromMcpSettings {
  if (typeof options !== "object" || options === null) {
    throw new OptionsError("invalid_options", "fromMcp: options must be an object or left out.");
  }
  // A misspelt option would be dropped without a word: a "callTimeoutMS" that leaves calls the
  // default bound, an "onEror" that loses every upstream failure.
  checkKeys("fromMcp", "", options, FROM_MCP_KEYS, "{ onEvent }");
  const {
    clientInfo,
    requestTimeoutMs,
    callTimeoutMs,
    refreshWaitMs,
    waitForServers,
    reconnect,
    onEvent,
    onError,
    onCallResult,
    onCallProgress,
    onServerLog,
    onResourceUpdated,
    serverRequests,
    onStderr,
  } = options;
  if (
    clientInfo !== undefined &&
    !(typeof clientInfo?.name === "string" && clientInfo.name !== "" && typeof clientInfo.version === "string")
  ) {
    throw new OptionsError(
      "invalid_options",
      `fromMcp: options.clientInfo must be { name: string, version: string }, e.g. { name: "my-agent", version: "1.0.0" }.`,
    );
  }
  checkMs("requestTimeoutMs", requestTimeoutMs, 1, "e.g. 60000");
  checkMs("callTimeoutMs", callTimeoutMs, 1, "e.g. 30000");
  // A wait past what a timer holds is clamped where it is used: it means "as long as it takes".
  checkMs("refreshWaitMs", refreshWaitMs, 0, "0 never waits for a re-list", Number.MAX_VALUE);
  if (waitForServers !== undefined && typeof waitForServers !== "boolean") {
    throw new OptionsError(
      "invalid_options",
      `fromMcp: options.waitForServers must be true or false, got ${describeValue(waitForServers)}.`,
    );
  }
  for (const [name, handler] of [
    ["onEvent", onEvent],
    ["onError", onError],
    ["onCallResult", onCallResult],
    ["onCallProgress", onCallProgress],
    ["onServerLog", onServerLog],
    ["onResourceUpdated", onResourceUpdated],
    ["onStderr", onStderr],
  ] as const) {
    if (handler !== undefined && typeof handler !== "function") {
      throw new OptionsError(
        "invalid_options",
        `fromMcp: options.${name} must be a function, got ${describeValue(handler)}.`,
      );
    }
  }
  return {
    clientInfo: clientInfo ? { name: clientInfo.name, version: clientInfo.version } : DEFAULT_CLIENT_INFO,
    requestTimeoutMs,
    callTimeoutMs: callTimeoutMs ?? requestTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS,
    refreshWaitMs: refreshWaitMs ?? DEFAULT_REFRESH_WAIT_MS,
    waitForServers: waitForServers ?? true,
    reconnect: parseReconnect(reconnect),
    onEvent,
    serverRequests: parseServerRequests(serverRequests),
    // Someone should hear about a server that went away; onEvent, if given, is that someone.
    onError: onError ?? (onEvent ? undefined : (error) => process.emitWarning(error)),
    onCallResult: onCallResult ? guardedListener(onCallResult) : undefined,
    onCallProgress: onCallProgress ? guardedProgress(onCallProgress) : undefined,
    onServerLog: onServerLog ? guardedServerLog(onServerLog) : undefined,
    onResourceUpdated: onResourceUpdated ? guardedHandler("onResourceUpdated", onResourceUpdated) : undefined,
    onStderr: onStderr ? guardedStderr(onStderr) : undefined,
  };
}

/** A two-argument handler whose throw is a process warning: the server's notifications go on. */
function guardedHandler(name: string, handler: (server: string, value: string) => void) {
  return (server: string, value: string): void => {
    try {
      handler(server, value);
    } catch (error) {
      process.emitWarning(
        `toolsift: fromMcp's ${name} handler threw: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };
}

/** A listener whose throw is a process warning, not a failed call: the call did run. */
function guardedListener(listener: McpCallResultListener): McpCallResultListener {
  return (result, source) => {
    try {
      listener(result, source);
    } catch (error) {
      process.emitWarning(
        `toolsift: fromMcp's onCallResult handler threw: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };
}

/** A progress listener whose throw is a process warning: the call goes on. */
function guardedProgress(listener: McpCallProgressListener): McpCallProgressListener {
  return (progress, source) => {
    try {
      listener(progress, source);
    } catch (error) {
      process.emitWarning(
        `toolsift: fromMcp's onCallProgress handler threw: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };
}

/** A log handler whose throw is a process warning: the server's messages go on. */
function guardedServerLog(
  handler: (server: string, message: McpLogMessage) => void,
): (server: string, message: McpLogMessage) => void {
  return (server, message) => {
    try {
      handler(server, message);
    } catch (error) {
      process.emitWarning(
        `toolsift: fromMcp's onServerLog handler threw: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };
}

/** A stderr handler whose throw is a process warning: the server's output goes on. */
function guardedStderr(handler: (server: string, line: string) => void): (server: string, line: string) => void {
  return (server, line) => {
    try {
      handler(server, line);
    } catch (error) {
      process.emitWarning(
        `toolsift: fromMcp's onStderr handler threw: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };
}

function parseServerRequests(value: unknown): McpServerRequestHandlers | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new OptionsError(
      "invalid_options",
      `fromMcp: options.serverRequests must be { roots?, elicitation?, sampling? } (functions), got ${describeValue(value)}.`,
    );
  }
  const handlers: Record<string, unknown> = { ...value };
  for (const [key, handler] of Object.entries(handlers)) {
    if (key !== "roots" && key !== "elicitation" && key !== "sampling")
      throw new OptionsError(
        "invalid_options",
        `fromMcp: options.serverRequests has unknown key ${JSON.stringify(key)}; it takes roots, elicitation and sampling.`,
      );
    if (handler !== undefined && typeof handler !== "function")
      throw new OptionsError(
        "invalid_options",
        `fromMcp: options.serverRequests.${key} must be a function, got ${describeValue(handler)}.`,
      );
  }
  return handlers as McpServerRequestHandlers;
}

function parseReconnect(reconnect: FromMcpOptions["reconnect"]): Backoff | false {
  if (reconnect === false) return false;
  if (reconnect === undefined) return DEFAULT_BACKOFF;
  if (typeof reconnect !== "object" || reconnect === null || Array.isArray(reconnect)) {
    throw new OptionsError(
      "invalid_options",
      `fromMcp: options.reconnect must be false or { initialDelayMs?, maxDelayMs? }, got ${describeValue(reconnect)}.`,
    );
  }
  const unknown = Object.keys(reconnect).filter((key) => key !== "initialDelayMs" && key !== "maxDelayMs");
  if (unknown.length > 0) {
    throw new OptionsError(
      "invalid_options",
      `fromMcp: options.reconnect has unknown key ${JSON.stringify(unknown[0])}; it takes initialDelayMs and maxDelayMs.`,
    );
  }
  checkMs("reconnect.initialDelayMs", reconnect.initialDelayMs, 1, "e.g. 500");
  checkMs("reconnect.maxDelayMs", reconnect.maxDelayMs, 1, "e.g. 30000");
  const initialDelayMs = reconnect.initialDelayMs ?? DEFAULT_BACKOFF.initialDelayMs;
  const maxDelayMs = reconnect.maxDelayMs ?? Math.max(DEFAULT_BACKOFF.maxDelayMs, initialDelayMs);
  if (maxDelayMs < initialDelayMs) {
    throw new OptionsError(
      "invalid_options",
      `fromMcp: options.reconnect.maxDelayMs (${maxDelayMs}) is less than initialDelayMs (${initialDelayMs}); the longest delay cannot be shorter than the first.`,
    );
  }
  return { initialDelayMs, maxDelayMs };
}

/** A duration option: undefined, or a finite number of milliseconds from `min` to `max` (what a timer holds). */
function checkMs(name: string, value: unknown, min: number, hint: string, max = MAX_TIMER_MS): void {
  if (value === undefined) return;
  if (typeof value !== "number" || !Number.isFinite(value) || value < min || value > max) {
    const range = min === 0 ? "0 or more" : "positive";
    const upTo = max === MAX_TIMER_MS ? ` up to ${MAX_TIMER_MS}` : "";
    throw new OptionsError(
      "invalid_options",
      `fromMcp: options.${name} must be a ${range}, finite number of milliseconds${upTo} (${hint}), got ${describeValue(value)}.`,
    );
  }
}
