import { errorText, type ToolsiftError } from "../errors.js";
import { oneLine } from "../catalogue/bounded-text.js";
import type { McpHostEvent } from "./mcp-host-event.js";

const MAX_LINE = 500;

/**
 * Turns what happens to a tool host's servers into {@link McpHostEvent}s with their one-line
 * message, for `onEvent`, and hands the error of each failure and warning to `onError`.
 * A handler that throws is reported through `process.emitWarning` and otherwise ignored: it
 * must not break the connection bookkeeping that called it.
 */
export class McpReporter {
  constructor(
    private readonly onEvent: ((event: McpHostEvent) => void) | undefined,
    private readonly onError: ((error: ToolsiftError) => void) | undefined,
  ) {}

  connected(server: string, tools: number, attempt: number): void {
    const after = attempt > 1 ? ` (attempt ${attempt})` : "";
    this.emit({
      type: "connected",
      server,
      tools,
      attempt,
      message: line(server, `connected${after}: ${count(tools, "tool")}`),
    });
  }

  /** @param reason - How it went away, for the line; the error says it at length. */
  disconnected(server: string, error: ToolsiftError, reason: string, retryInMs: number | undefined): void {
    // What happens next comes first, so cutting the line to length cuts the reason's tail (stderr).
    const text = `went away (${retrying(retryInMs, "reconnecting")}): ${reason}`;
    this.emit({ type: "disconnected", server, error, retryInMs, message: line(server, text) });
  }

  connectFailed(server: string, attempt: number, error: ToolsiftError, retryInMs: number | undefined): void {
    const text = `connect attempt ${attempt} failed (${retrying(retryInMs, "retrying")}): ${withoutServer(error.message, server)}`;
    this.emit({ type: "connect-failed", server, attempt, error, retryInMs, message: line(server, text) });
  }

  toolsChanged(server: string, before: readonly string[], after: readonly string[]): void {
    const old = new Set(before);
    const now = new Set(after);
    const added = after.filter((name) => !old.has(name));
    const removed = before.filter((name) => !now.has(name));
    const text = `tools changed: ${added.length} added, ${removed.length} removed, ${after.length} now`;
    this.emit({ type: "tools-changed", server, added, removed, tools: after.length, message: line(server, text) });
  }

  /** The server said its resources or prompts changed. */
  listChanged(server: string, list: "resources" | "prompts"): void {
    this.emit({ type: "list-changed", server, list, message: line(server, `${list} changed`) });
  }

  warning(server: string, error: ToolsiftError): void {
    this.emit({
      type: "warning",
      server,
      error,
      message: line(server, `warning ${error.code}: ${withoutServer(error.message, server)}`),
    });
  }

  notice(server: string, code: string, message: string): void {
    this.emit({ type: "notice", server, code, message: line(server, withoutServer(message, server)) });
  }

  private emit(event: McpHostEvent): void {
    guarded("onEvent", () => this.onEvent?.(event));
    if ("error" in event) guarded("onError", () => this.onError?.(event.error));
  }
}

function line(server: string, text: string): string {
  return oneLine(`MCP server "${server}" ${text}`, MAX_LINE);
}

/** A message that starts by naming the server, as most do, without that start: the line's prefix names it. */
function withoutServer(message: string, server: string): string {
  const prefix = `MCP server "${server}"`;
  return message.startsWith(prefix) ? message.slice(prefix.length).replace(/^:?\s*/, "") : message;
}

function retrying(retryInMs: number | undefined, verb: string): string {
  if (retryInMs === undefined) return `not ${verb}`;
  return `${verb} in ${retryInMs < 1000 ? `${retryInMs} ms` : `${(retryInMs / 1000).toFixed(1)} s`}`;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

function guarded(what: string, handler: () => void): void {
  try {
    handler();
  } catch (error) {
    process.emitWarning(`toolsift: fromMcp's ${what} handler threw: ${errorText(error)}`);
  }
}
