import type { McpClient } from "./mcp-client.js";
import type { McpSdk } from "./mcp-sdk.js";
import type { ToolDefinition } from "../catalogue/tool-definition.js";
import type { ToolOutput } from "../catalogue/tool-output.js";
import { ToolsiftError, errorText } from "../errors.js";
import { mcpErrorOutput, mcpResultToOutput } from "./mcp-result-to-output.js";
import { boundText } from "./bounded-text.js";
import { readToolList } from "./mcp-tool-list.js";
import { isRecord } from "./unknown-value.js";

/** A server's safeguard against a cursor loop; far beyond any real catalogue. */
const MAX_PAGES = 1000;
const LIST_CHANGED = "notifications/tools/list_changed";
const MAX_TIMER_MS = 2 ** 31 - 1;
const TIMED_OUT = Symbol("timed out");
/** How much later than toolsift's own call timeout the SDK's request timeout fires. */
const CALL_TIMEOUT_GRACE_MS = 1_000;
/** Past this many distinct warnings the memory of which were given is reset: bounded, at worst repeated. */
const MAX_REMEMBERED_WARNINGS = 10_000;

/** How one connection reports what happens after it was set up. */
export interface McpConnectionOptions {
  /** Passed as the timeout of every `tools/list` request; the SDK default when undefined. */
  requestTimeoutMs: number | undefined;
  /** How long a `tools/call` may take before it is cancelled and answered with an error result. */
  callTimeoutMs: number;
  /** Failures nobody awaits: a refresh after `tools/list_changed`, a dropped tool, a lost connection. */
  onError: (error: ToolsiftError) => void;
  /** Releases what toolsift opened for this server; undefined for a Client the caller owns. */
  release: (() => Promise<void>) | undefined;
  /** The lazily loaded SDK, for the schemas of what servers send. */
  sdk: McpSdk;
}

/**
 * One MCP server as the tool host sees it: its client, its current tool definitions and the
 * bookkeeping that keeps them fresh.
 */
export class McpConnection {
  /** The current definitions; replaced by a new frozen array only when the server's list changed. */
  tools: readonly ToolDefinition[] = Object.freeze([]);
  /** The original MCP tool name of each catalogue name this server currently offers. */
  private originalNames = new Map<string, string>();
  private listKey: string | undefined;
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  private closed: Promise<void> | undefined;
  private disconnected = false;
  private readonly warned = new Set<string>();

  constructor(
    readonly server: string,
    readonly client: McpClient,
    private readonly options: McpConnectionOptions,
  ) {
    // Set before the first request so a notification sent right after `initialize` is not lost.
    client.setNotificationHandler(options.sdk.ToolListChangedNotificationSchema, () => {
      if (this.closed) return;
      this.refresh().catch((error: unknown) => this.options.onError(asToolsiftError(error, "mcp_list_failed", server)));
    });
  }

  /**
   * Reports the connection's end through `onError` once it is up. Only for clients toolsift made:
   * a caller's client keeps its own `onclose`.
   */
  watchDisconnect(owned: { onclose?: (() => void) | undefined }): void {
    owned.onclose = () => {
      if (this.closed || this.disconnected) return;
      this.disconnected = true;
      this.options.onError(
        new ToolsiftError(
          "mcp_disconnected",
          `MCP server "${this.server}" closed the connection (its process exited or the transport failed); ` +
            `its tools now return errors. Create a new host with fromMcp to reconnect.`,
        ),
      );
    };
  }

  /** The original MCP name behind a catalogue name of this server. */
  originalName(toolName: string): string | undefined {
    return this.originalNames.get(toolName);
  }

  /**
   * Re-lists the server's tools. Calls made while a listing runs share one follow-up listing,
   * so a burst of `list_changed` notifications costs at most two requests and the promise only
   * settles once a listing that started after the call has finished.
   */
  refresh(): Promise<void> {
    if (this.queued) return this.queued;
    const running = this.running;
    if (!running) return this.startListing();
    const next = running
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.startListing();
      });
    this.queued = next;
    return next;
  }

  /**
   * Resolves once the listings under way have finished, so a reader right after a
   * `list_changed` sees the list it announced rather than the one before it; or after
   * `maxWaitMs`, so a server that is slow to re-list delays its readers by that much at most
   * and they get its last good list. Never rejects.
   */
  async settled(maxWaitMs: number): Promise<void> {
    const pending = this.queued ?? this.running;
    if (!pending || maxWaitMs <= 0) return;
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<void>((resolve) => {
      // setTimeout turns a delay past 2^31 - 1 ms into 1 ms; that long is "as long as it takes".
      timer = setTimeout(resolve, Math.min(maxWaitMs, MAX_TIMER_MS));
      // A pending wait must not keep the process alive on its own.
      timer.unref();
    });
    try {
      await Promise.race([pending.catch(() => undefined), gaveUp]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Runs one tool; never throws, failures come back as an error {@link ToolOutput}. A call that
   * outlives `callTimeoutMs` is cancelled and answered with an error; the connection stays up.
   */
  async call(tool: string, input: unknown): Promise<ToolOutput> {
    const source = { server: this.server, tool };
    if (this.closed) return mcpErrorOutput(source, "the tool host was closed");
    if (this.disconnected) return mcpErrorOutput(source, "the server is no longer connected (its process exited or the connection closed)");
    const timeoutMs = this.options.callTimeoutMs;
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<typeof TIMED_OUT>((resolve) => {
      timer = setTimeout(() => resolve(TIMED_OUT), Math.min(timeoutMs, MAX_TIMER_MS));
    });
    // toolsift's own timer decides; the SDK's, a little later, only cleans up after a client that ignores the signal.
    const options = { timeout: Math.min(timeoutMs + CALL_TIMEOUT_GRACE_MS, MAX_TIMER_MS), signal: abort.signal };
    try {
      const result = await Promise.race([
        this.client.request({ method: "tools/call", params: { name: tool, arguments: isRecord(input) ? input : {} } }, this.options.sdk.ResultSchema, options),
        timedOut,
      ]);
      if (result !== TIMED_OUT) return mcpResultToOutput(result, source);
      abort.abort(new Error(`toolsift gave up after ${timeoutMs} ms (callTimeoutMs)`));
      const named = `Tool ${JSON.stringify(boundText(tool, 100))} of MCP server "${this.server}"`;
      this.options.onError(
        new ToolsiftError("mcp_call_timeout", `${named} gave no answer within ${timeoutMs} ms (callTimeoutMs); the call was cancelled.`),
      );
      return mcpErrorOutput(
        source,
        `no answer within ${timeoutMs} ms (callTimeoutMs), so the call was cancelled. The server is still connected: ` +
          `try again, or try another way; if the tool is slow by nature, raise callTimeoutMs.`,
      );
    } catch (error) {
      return mcpErrorOutput(source, errorText(error));
    } finally {
      clearTimeout(timer);
    }
  }

  /** Stops listening and releases what toolsift opened; a caller's client stays open. Idempotent. */
  close(): Promise<void> {
    this.closed ??= (async () => {
      this.client.removeNotificationHandler(LIST_CHANGED);
      if (this.options.release) await this.options.release();
    })();
    return this.closed;
  }

  private startListing(): Promise<void> {
    const listing = this.listTools().finally(() => {
      if (this.running === listing) this.running = undefined;
    });
    this.running = listing;
    return listing;
  }

  private async listTools(): Promise<void> {
    let tools: unknown[];
    try {
      tools = await this.fetchAll();
    } catch (error) {
      throw asToolsiftError(error, "mcp_list_failed", this.server);
    }
    // A list_changed that changed nothing keeps the array, so toolsift skips its re-index.
    const key = JSON.stringify(tools);
    if (this.closed || key === this.listKey) return;
    this.listKey = key;
    const read = readToolList(this.server, tools, (tool, input) => this.call(tool, input));
    for (const { tool, error } of read.issues) this.warnOnce(tool, error);
    this.originalNames = read.originalNames;
    this.tools = Object.freeze(read.definitions);
  }

  /** Pages through `tools/list`; the result is checked tool by tool afterwards, not here. */
  private async fetchAll(): Promise<unknown[]> {
    // A server without the tools capability has none and may not answer tools/list at all.
    if (this.client.getServerCapabilities()?.tools === undefined) return [];
    const tools: unknown[] = [];
    const seen = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const result = await this.client.request(
        { method: "tools/list", ...(cursor === undefined ? {} : { params: { cursor } }) },
        this.options.sdk.ResultSchema,
        this.requestOptions(),
      );
      const { tools: pageTools, nextCursor } = isRecord(result) ? result : {};
      if (!Array.isArray(pageTools)) throw new Error(`the server answered tools/list without a tools array`);
      tools.push(...pageTools);
      if (nextCursor === undefined || nextCursor === null) return tools;
      if (typeof nextCursor !== "string") throw new Error(`the server sent a nextCursor that is ${typeof nextCursor}, not a string`);
      if (seen.has(nextCursor)) throw new Error(`the server sent the cursor ${JSON.stringify(boundText(nextCursor, 100))} twice while paging tools/list`);
      seen.add(nextCursor);
      cursor = nextCursor;
    }
    throw new Error(`tools/list did not end after ${MAX_PAGES} pages`);
  }

  /**
   * Reports a problem with one tool once per host, not on every re-list: a server that keeps
   * listing the same bad tool must not flood whoever reads the warnings.
   */
  private warnOnce(tool: string, error: ToolsiftError): void {
    const key = `${tool}\u0000${error.message}`;
    if (this.warned.has(key)) return;
    if (this.warned.size >= MAX_REMEMBERED_WARNINGS) this.warned.clear();
    this.warned.add(key);
    this.options.onError(error);
  }

  private requestOptions(): { timeout: number } | undefined {
    return this.options.requestTimeoutMs === undefined ? undefined : { timeout: this.options.requestTimeoutMs };
  }
}

function asToolsiftError(error: unknown, code: string, server: string): ToolsiftError {
  if (error instanceof ToolsiftError) return error;
  return new ToolsiftError(code, `Could not list the tools of MCP server "${server}": ${errorText(error)}`, { cause: error });
}
