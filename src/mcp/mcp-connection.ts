// Over 300 lines: one server connection is one state machine (connect, list, call, reconnect, close), kept whole.
import type { ToolDefinition } from "../catalogue/tool-definition.js";
import type { ToolOutput } from "../catalogue/tool-output.js";
import { ToolsiftError, errorText } from "../errors.js";
import type { AbortSignalLike, ToolContext, ToolSourceStatus } from "../catalogue/tool-definition.js";
import { boundText, oneLine } from "../catalogue/bounded-text.js";
import { briefReason } from "./brief-reason.js";
import { backoffDelay, type Backoff } from "./mcp-backoff.js";
import type { McpServerStatus } from "./mcp-host-event.js";
import type { McpReporter } from "./mcp-reporter.js";
import { mcpErrorOutput, mcpResultProblem, mcpResultToOutput } from "./mcp-result-to-output.js";
import { checkedCallResult, type McpCallResultListener } from "./mcp-call-result.js";
import { checkedProgress, type McpCallProgressListener } from "./mcp-call-progress.js";
import type { McpSession, OpenSession } from "./mcp-session.js";
import { readToolList, type McpToolOrigin } from "./mcp-tool-list.js";
import { pageThrough } from "./mcp-paging.js";
import { ANY_RESULT } from "./any-result-schema.js";
import { isRecord } from "../util/is-record.js";
import { MAX_TIMER_MS, withinTime } from "../util/within-time.js";
import { ResourceSubscriptions } from "./resource-subscriptions.js";

const TIMED_OUT = Symbol("timed out");
/** How much later than toolsift's own call timeout the SDK's request timeout fires. */
const CALL_TIMEOUT_GRACE_MS = 1_000;
/** Past this many distinct warnings the memory of which were given is reset: bounded, at worst repeated. */
const MAX_REMEMBERED_WARNINGS = 10_000;
const EMPTY: readonly ToolDefinition[] = Object.freeze([]);

/** What every connection of a host shares. */
export interface McpConnectionOptions {
  /** Passed as the timeout of every `tools/list` request; the SDK default when undefined. */
  requestTimeoutMs: number | undefined;
  /** How long a `tools/call` may take before it is cancelled and answered with an error result. */
  callTimeoutMs: number;
  /** How reconnects are spaced; false: a lost server stays down. */
  reconnect: Backoff | false;
  report: McpReporter;
  /** Told of each readable `tools/call` result as the server sent it, before toolsift reads it into a tool output. */
  onCallResult?: McpCallResultListener | undefined;
  onCallProgress?: McpCallProgressListener | undefined;
  /** Told of each `notifications/resources/updated` about a URI subscribed to on this server. */
  onResourceUpdated?: ((server: string, uri: string) => void) | undefined;
}

type State = McpServerStatus["state"];

/**
 * One MCP server as the tool host sees it, across sessions: its current tool definitions, the
 * bookkeeping that keeps them fresh, and the reconnect loop.
 *
 * A lost session (the process exited, an HTTP request found the server gone) takes the server's
 * tools out of {@link McpConnection.tools} at once, so they leave search and the tool block; new
 * sessions are then opened with exponential back-off until one connects and lists, and the tools
 * return. Work that belongs to an old session (a listing, a lost-connection signal) is recognised
 * by its session number and ignored once a newer session exists.
 */
export class McpConnection {
  /** The current definitions; replaced by a new frozen array only when the listed tools changed. */
  tools: readonly ToolDefinition[] = EMPTY;
  /** The original MCP tool name of each catalogue name this server currently offers. */
  private origins = new Map<string, McpToolOrigin>();
  private listKey: string | undefined;
  private state: State = "connecting";
  private session: McpSession | undefined;
  /** Numbers sessions; work that carries an older number belongs to a session that is gone. */
  private generation = 0;
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  private attempt: Promise<void> | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private nextAttemptAt: number | undefined;
  /** Failed attempts since the server was last up; numbers the next attempt. */
  private failures = 0;
  /** How many delays in a row the back-off has grown by; reset once a session proved stable. */
  private backoffLevel = 0;
  /** The tools before a session's first listing, announced once it counts as connected. */
  private toolsBeforeConnect: readonly ToolDefinition[] | undefined;
  /** A list_changed that arrived while the first listing of a session was under way. */
  private changedWhileConnecting = false;
  private lastError: ToolsiftError | undefined;
  /** The last failure in a few words safe to show a model; set and cleared with lastError. */
  private lastBrief: string | undefined;
  /**
   * Until when searches wait for the attempt under way: set by the first search that finds it,
   * so a server that never answers delays one search by refreshWaitMs, not every search.
   */
  private attemptWaitUntil: number | undefined;
  private connectedAt = 0;
  /**
   * The session being opened, if one is, and how to abort it: close() ends a server that never
   * answers initialize at once, and waits for that, rather than for the request's timeout.
   */
  private opening: { abort: AbortController; session: Promise<McpSession> } | undefined;
  /** Set once fromMcp has settled: from then on, changes of the tool list are announced. */
  private announcing = false;
  private closing: Promise<void> | undefined;
  private readonly warned = new Set<string>();
  /** The resource URIs subscribed to on this server, renewed on each new session. */
  readonly subscriptions = new ResourceSubscriptions(this, (error) => this.warn(error));

  constructor(
    readonly server: string,
    private readonly open: OpenSession,
    private readonly options: McpConnectionOptions,
  ) {}

  /**
   * The first attempt, made by fromMcp: resolves to the error if it failed, without reporting it
   * or retrying, since fromMcp decides whether the host starts at all.
   */
  async start(): Promise<ToolsiftError | undefined> {
    try {
      await this.connect();
      return undefined;
    } catch (error) {
      return asToolsiftError(error, "mcp_connect_failed", this.server);
    }
  }

  /** Reports the first attempt's failure and schedules the next attempt, once fromMcp keeps the host. */
  failedAtStart(error: ToolsiftError): void {
    this.failures = 1;
    this.failed(error);
    this.retry(error);
  }

  /**
   * The first attempt, in the background (fromMcp's `waitForServers: false`): changes are
   * announced from the start, and a failure is reported and retried like any reconnect.
   *
   * @param after - When to open the session: the attempt is under way (a search waits for it)
   *   from now, but its process starts only then.
   */
  startInBackground(after?: Promise<void>): void {
    this.announcing = true;
    this.attemptNow(after).catch(() => undefined);
  }

  /**
   * Where the server stands, as a search tells the model: `connecting` only while it has not
   * failed yet (a first attempt under way); a server that failed or went away is `down`, with
   * its last failure in a few words, whatever attempt is under way.
   */
  sourceStatus(): ToolSourceStatus {
    if (this.state === "connected") return { server: this.server, state: "ready" };
    if (this.state === "connecting" && this.lastError === undefined)
      return { server: this.server, state: "connecting" };
    const error = this.state === "closed" ? "the tool host was closed" : (this.lastBrief ?? "not connected");
    return { server: this.server, state: "down", error };
  }

  /**
   * Resolves once a first attempt under way has connected or failed, or once `maxWaitMs` have
   * passed since a search first waited for it. Never rejects.
   */
  async connectedOrFailed(maxWaitMs: number): Promise<void> {
    const attempt = this.attempt;
    if (!attempt || maxWaitMs <= 0 || this.sourceStatus().state !== "connecting") return;
    this.attemptWaitUntil ??= Date.now() + Math.min(maxWaitMs, MAX_TIMER_MS);
    await raceTimer(
      attempt.catch(() => undefined),
      this.attemptWaitUntil - Date.now(),
    );
  }

  /** From now on, changes of this server's tools are reported as `tools-changed`. */
  announceChanges(): void {
    this.announcing = true;
  }

  /** The tool of this server behind a catalogue name: its original MCP name and its presentation. */
  origin(toolName: string): McpToolOrigin | undefined {
    return this.origins.get(toolName);
  }

  status(): McpServerStatus {
    return {
      server: this.server,
      state: this.state,
      tools: this.tools.length,
      failures: this.state === "connected" ? 0 : this.failures,
      lastError: this.lastError && this.state !== "connected" ? oneLine(this.lastError.message, 500) : undefined,
      nextAttemptAt: this.retryTimer ? this.nextAttemptAt : undefined,
    };
  }

  /**
   * Re-lists the server's tools. Calls made while a listing runs share one follow-up listing,
   * so a burst of `list_changed` notifications costs at most two requests and the promise only
   * settles once a listing that started after the call has finished. A server that is down is
   * tried now instead of at its next scheduled attempt.
   */
  refresh(): Promise<void> {
    if (this.state === "closed") return Promise.resolve();
    if (this.state !== "connected") return this.attemptNow();
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
    await raceTimer(
      pending.catch(() => undefined),
      maxWaitMs,
    );
  }

  /**
   * Runs one tool; never throws, failures come back as an error {@link ToolOutput}. A call that
   * outlives `callTimeoutMs` is cancelled and answered with an error; the connection stays up.
   */
  async call(tool: string, input: unknown, context?: ToolContext): Promise<ToolOutput> {
    const source = { server: this.server, tool };
    const session = this.session;
    if (this.state === "closed") return mcpErrorOutput(source, "the tool host was closed");
    if (this.state !== "connected" || !session) return mcpErrorOutput(source, this.downReason());
    const generation = this.generation;
    const timeoutMs = this.options.callTimeoutMs;
    const abort = new AbortController();
    // The caller's cancellation (a gateway client's notifications/cancelled, runAgent's signal)
    // aborts the request, so the SDK sends notifications/cancelled upstream and the server can stop.
    const unfollow = followAbort(context?.signal, abort);
    // toolsift's own timer decides; the SDK's, a little later, only cleans up after a client that ignores the signal.
    const options = {
      timeout: Math.min(timeoutMs + CALL_TIMEOUT_GRACE_MS, MAX_TIMER_MS),
      signal: abort.signal,
      ...this.progressOption(source, context),
    };
    try {
      const request = session.client.request(
        { method: "tools/call", params: { name: tool, arguments: isRecord(input) ? input : {} } },
        ANY_RESULT,
        options,
      );
      const result = await withinTime(request, timeoutMs, TIMED_OUT);
      const named = `Tool ${JSON.stringify(boundText(tool, 100))} of MCP server "${this.server}"`;
      if (result !== TIMED_OUT) {
        const problem = mcpResultProblem(result);
        if (problem !== undefined) {
          this.warnOnce(
            tool,
            new ToolsiftError(
              "mcp_invalid_result",
              `${named} answered tools/call with a result that cannot be read: ${problem}. The model was given an error result for the call ` +
                "instead of a success; the server breaks the MCP spec's CallToolResult shape, which its maintainer can fix.",
            ),
          );
        }
        if (problem === undefined && this.options.onCallResult) {
          const checked = checkedCallResult(result as Record<string, unknown>);
          if (checked) this.options.onCallResult(checked, { ...source, context });
        }
        return mcpResultToOutput(result, source);
      }
      abort.abort(new Error(`toolsift gave up after ${timeoutMs} ms (callTimeoutMs)`));
      this.warn(
        new ToolsiftError(
          "mcp_call_timeout",
          `${named} gave no answer within ${timeoutMs} ms (callTimeoutMs); the call was cancelled.`,
        ),
      );
      return mcpErrorOutput(
        source,
        `no answer within ${timeoutMs} ms (callTimeoutMs), so the call was cancelled. The server is still connected: ` +
          `try again, or try another way; if the tool is slow by nature, raise callTimeoutMs.`,
      );
    } catch (error) {
      // Cancelled by the caller: the session is fine (an aborted HTTP request is no sign of a lost server).
      if (abort.signal.aborted) return mcpErrorOutput(source, "the call was cancelled");
      if (session.isLost(error))
        this.lost(
          generation,
          `a tools/call failed: ${errorText(error)}`,
          `went away (${briefReason(error, "connection lost")})`,
        );
      return mcpErrorOutput(source, errorText(error));
    } finally {
      unfollow();
    }
  }

  /** The `onprogress` that passes a call's progress to `onCallProgress`, when there is one. */
  private progressOption(
    source: { server: string; tool: string },
    context: ToolContext | undefined,
  ): { onprogress?: (progress: unknown) => void } {
    const listener = this.options.onCallProgress;
    if (!listener) return {};
    return {
      onprogress: (value) => {
        const progress = checkedProgress(value);
        if (progress) listener(progress, { ...source, context });
      },
    };
  }

  /**
   * What the server declared it offers besides tools, while it is connected: only a server that
   * declares `resources` or `prompts` is asked for them.
   */
  offers(): { resources: boolean; prompts: boolean; completions: boolean; subscribe: boolean } {
    const declared = this.state === "connected" ? this.session?.client.getServerCapabilities() : undefined;
    return {
      resources: isRecord(declared?.resources),
      prompts: isRecord(declared?.prompts),
      completions: isRecord(declared?.completions),
      subscribe: isRecord(declared?.resources) && declared.resources.subscribe === true,
    };
  }

  /** The current session's client, while the server is connected (resource subscriptions are made on it). */
  currentClient(): unknown {
    return this.state === "connected" ? this.session?.client : undefined;
  }

  /**
   * Sends one request other than a tool call (`resources/read`, `prompts/list`, …) on the current
   * session, with the request timeout, and resolves to its unchecked result.
   *
   * @throws {@link ToolsiftError} `mcp_disconnected` when the server is not connected; whatever
   *   the request failed with otherwise (a lost HTTP server is also marked down).
   */
  async request(
    method: string,
    params: Record<string, unknown> | undefined,
    signal?: AbortSignalLike,
  ): Promise<unknown> {
    const session = this.session;
    if (this.state !== "connected" || !session)
      throw new ToolsiftError("mcp_disconnected", `MCP server "${this.server}" is not connected.`);
    const generation = this.generation;
    const abort = new AbortController();
    const unfollow = followAbort(signal, abort);
    try {
      return await session.client.request({ method, ...(params === undefined ? {} : { params }) }, ANY_RESULT, {
        signal: abort.signal,
        ...(this.options.requestTimeoutMs === undefined ? {} : { timeout: this.options.requestTimeoutMs }),
      });
    } catch (error) {
      if (!abort.signal.aborted && session.isLost(error))
        this.lost(
          generation,
          `a ${method} failed: ${errorText(error)}`,
          `went away (${briefReason(error, "connection lost")})`,
        );
      throw error;
    } finally {
      unfollow();
    }
  }

  /** Tells the server its client's roots changed, if it is connected and toolsift declared roots to it; never rejects. */
  async rootsChanged(): Promise<void> {
    if (this.state !== "connected") return;
    await this.session?.rootsChanged?.().catch(() => undefined);
  }

  /** Stops retrying and listening and releases what toolsift opened; a caller's client stays open. Idempotent. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      this.state = "closed";
      this.generation++;
      const opening = this.opening;
      opening?.abort.abort();
      clearTimeout(this.retryTimer);
      this.retryTimer = undefined;
      this.tools = EMPTY;
      this.origins = new Map();
      const session = this.session;
      this.session = undefined;
      await Promise.all([
        session?.close(),
        opening?.session.then(
          (opened) => opened.close(),
          () => undefined,
        ),
      ]);
    })();
    return this.closing;
  }

  /** Opens a session and lists its tools; on failure, closes what it opened and throws. */
  private async connect(after?: Promise<void>): Promise<void> {
    if (after) await after;
    if (this.state === "closed")
      throw new ToolsiftError(
        "mcp_disconnected",
        `MCP server "${this.server}": the tool host was closed before it started.`,
      );
    const generation = ++this.generation;
    this.state = "connecting";
    this.changedWhileConnecting = false;
    const abort = new AbortController();
    const opened = this.open({
      signal: abort.signal,
      onListChanged: () => {
        if (generation !== this.generation) return;
        // The first listing may already be under way with the old list: list again after it.
        if (this.state === "connecting") this.changedWhileConnecting = true;
        else if (this.state === "connected") this.relist();
      },
      onContentListChanged: (list) => {
        if (generation === this.generation && this.announcing) this.options.report.listChanged(this.server, list);
      },
      onResourceUpdated: (uri) => {
        if (generation === this.generation && this.subscriptions.has(uri))
          this.options.onResourceUpdated?.(this.server, uri);
      },
      onLost: (reason, brief) => this.lost(generation, reason, brief),
      onWarning: (error) => this.warn(error),
    });
    const opening = { abort, session: opened };
    this.opening = opening;
    let session: McpSession;
    try {
      session = await opened;
    } finally {
      if (this.opening === opening) this.opening = undefined;
    }
    if (generation !== this.generation) {
      // Closed while it was opening.
      await session.close();
      return;
    }
    this.session = session;
    this.running = this.queued = undefined;
    try {
      await this.startListing();
    } catch (error) {
      if (generation === this.generation) this.session = undefined;
      await session.close().catch(() => undefined);
      throw session.explain(asToolsiftError(error, "mcp_list_failed", this.server));
    }
    if (generation !== this.generation) return;
    this.state = "connected";
    this.connectedAt = Date.now();
    this.options.report.connected(this.server, this.tools.length, this.failures + 1);
    this.subscriptions.renew();
    this.failures = 0;
    this.lastError = this.lastBrief = undefined;
    // Announced after "connected", so a log reads in the order things happened.
    const before = this.toolsBeforeConnect;
    this.toolsBeforeConnect = undefined;
    if (before) this.announce(before, this.tools);
    if (this.changedWhileConnecting) this.relist();
  }

  /** A re-list nobody awaits (after list_changed): a failure is a warning, and the old tools stay. */
  private relist(): void {
    this.refresh().catch((error: unknown) => this.warn(asToolsiftError(error, "mcp_list_failed", this.server)));
  }

  /** The session numbered `generation` is gone: drop its tools, report it, and start reconnecting. */
  private lost(generation: number, reason: string, brief: string): void {
    if (generation !== this.generation || this.state !== "connected") return;
    const session = this.session;
    this.generation++;
    this.session = undefined;
    this.running = this.queued = undefined;
    // Only a session that stayed up a while resets the back-off, so a server in a crash loop
    // (up, down, up, down) is retried ever more slowly rather than as fast as it crashes.
    const stable =
      this.options.reconnect !== false && Date.now() - this.connectedAt >= this.options.reconnect.maxDelayMs;
    if (stable) this.backoffLevel = 0;
    this.failures = 0;
    // Whatever the session left (a process group, an HTTP session) is released in the background.
    void session?.close().catch(() => undefined);
    const error = new ToolsiftError(
      "mcp_disconnected",
      `MCP server "${this.server}" went away: ${reason} Its tools are out of the catalogue until it is back.`,
    );
    this.failed(error, brief);
    const delay = this.schedule();
    this.options.report.disconnected(this.server, error, reason, delay);
    this.listKey = undefined;
    this.setTools(EMPTY, new Map());
  }

  /** Reports a failed attempt and schedules the next. */
  private retry(error: ToolsiftError): void {
    const delay = this.schedule();
    this.options.report.connectFailed(this.server, this.failures, error, delay);
  }

  /** Schedules the next attempt, if reconnecting is on; returns its delay. */
  private schedule(): number | undefined {
    if (this.options.reconnect === false || this.state === "closed") {
      if (this.state !== "closed") this.state = "disconnected";
      return undefined;
    }
    const delay = backoffDelay(this.backoffLevel++, this.options.reconnect);
    this.state = "reconnecting";
    clearTimeout(this.retryTimer);
    this.nextAttemptAt = Date.now() + delay;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.attemptNow().catch(() => undefined);
    }, delay);
    // A host nobody closed must not keep the process alive just to reconnect.
    this.retryTimer.unref();
    return delay;
  }

  /** One reconnect attempt, now; shared by callers that arrive while it runs. Rejects if it fails. */
  /** @param after - What the first attempt waits for before it opens a session (see {@link startInBackground}). */
  private attemptNow(after?: Promise<void>): Promise<void> {
    if (this.state === "disconnected" && this.options.reconnect === false) {
      return Promise.reject(
        this.lastError ?? new ToolsiftError("mcp_disconnected", `MCP server "${this.server}" is not connected.`),
      );
    }
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.attempt ??= this.connect(after)
      .catch((error: unknown) => {
        const failure = asToolsiftError(error, "mcp_connect_failed", this.server);
        if (this.state === "closed") throw failure;
        this.failures++;
        this.failed(failure);
        this.retry(failure);
        throw failure;
      })
      .finally(() => {
        this.attempt = this.attemptWaitUntil = undefined;
      });
    return this.attempt;
  }

  private startListing(): Promise<void> {
    const listing = this.listTools().finally(() => {
      if (this.running === listing) this.running = undefined;
    });
    this.running = listing;
    return listing;
  }

  private async listTools(): Promise<void> {
    const generation = this.generation;
    const session = this.session;
    if (!session) throw new ToolsiftError("mcp_disconnected", `MCP server "${this.server}" is not connected.`);
    let tools: unknown[];
    try {
      tools = await this.fetchAll(session);
    } catch (error) {
      if (session.isLost(error))
        this.lost(
          generation,
          `tools/list failed: ${errorText(error)}`,
          `went away (${briefReason(error, "connection lost")})`,
        );
      throw asToolsiftError(error, "mcp_list_failed", this.server);
    }
    // A listing of a session that has been replaced or closed since must not apply.
    if (generation !== this.generation) return;
    // A list_changed that changed nothing keeps the array, so toolsift skips its re-index.
    const key = JSON.stringify(tools);
    if (key === this.listKey) return;
    this.listKey = key;
    const read = readToolList(this.server, tools, (tool, input, context) => this.call(tool, input, context));
    for (const { tool, error } of read.issues) this.warnOnce(tool, error);
    for (const { tool, code, message } of read.notices)
      if (this.firstTime(`${tool}\u0000${message}`)) this.options.report.notice(this.server, code, message);
    this.setTools(read.definitions, read.origins);
  }

  /** Pages through `tools/list`; the result is checked tool by tool afterwards, not here. */
  private async fetchAll(session: McpSession): Promise<unknown[]> {
    // A server without the tools capability has none and may not answer tools/list at all.
    if (session.client.getServerCapabilities()?.tools === undefined) return [];
    const options =
      this.options.requestTimeoutMs === undefined ? undefined : { timeout: this.options.requestTimeoutMs };
    return pageThrough("tools/list", "tools", (cursor) =>
      session.client.request(
        { method: "tools/list", ...(cursor === undefined ? {} : { params: { cursor } }) },
        ANY_RESULT,
        options,
      ),
    );
  }

  private setTools(tools: readonly ToolDefinition[], origins: Map<string, McpToolOrigin>): void {
    const before = this.tools;
    this.origins = origins;
    this.tools = tools.length === 0 ? EMPTY : Object.freeze([...tools]);
    // A session's first listing is announced once it counts as connected; later ones at once.
    if (this.state === "connecting") this.toolsBeforeConnect ??= before;
    else this.announce(before, this.tools);
  }

  private announce(before: readonly ToolDefinition[], after: readonly ToolDefinition[]): void {
    if (!this.announcing || (before.length === 0 && after.length === 0)) return;
    this.options.report.toolsChanged(
      this.server,
      before.map((tool) => tool.name),
      after.map((tool) => tool.name),
    );
  }

  private downReason(): string {
    // The few words, not the error's text: this goes to the model, and that text can carry a
    // stdio server's arguments, a URL or whatever the server printed (the log has it all).
    const why = this.lastBrief ? ` (${this.lastBrief})` : "";
    const next =
      this.state === "disconnected"
        ? "reconnecting is off, so it stays down"
        : this.nextAttemptAt !== undefined && this.retryTimer
          ? `toolsift is reconnecting; next attempt in ${Math.max(0, Math.round((this.nextAttemptAt - Date.now()) / 100) / 10)} s`
          : "toolsift is reconnecting now";
    return `MCP server "${this.server}" is not connected${why}; ${next}. Try again later or use another tool.`;
  }

  /** Records a failure, with its few words for a model: the session's own, else read from the error. */
  private failed(error: ToolsiftError, brief?: string): void {
    this.lastError = error;
    const fallback = error.code === "mcp_list_failed" ? "tools/list failed" : "could not connect";
    this.lastBrief = brief ?? briefReason(error, fallback);
  }

  /** Reports a problem with what the server answered, once per host (see {@link McpConnection.warnOnce}). */
  reportWarning(error: ToolsiftError): void {
    this.warnOnce("#content", error);
  }

  private warn(error: ToolsiftError): void {
    this.options.report.warning(this.server, error);
  }

  /**
   * Reports a problem with one tool once per host, not on every re-list: a server that keeps
   * listing the same bad tool must not flood whoever reads the warnings.
   */
  private warnOnce(tool: string, error: ToolsiftError): void {
    if (this.firstTime(`${tool}\u0000${error.message}`)) this.warn(error);
  }

  /** Whether this warning or notice is given for the first time by this host. */
  private firstTime(key: string): boolean {
    if (this.warned.has(key)) return false;
    if (this.warned.size >= MAX_REMEMBERED_WARNINGS) this.warned.clear();
    this.warned.add(key);
    return true;
  }
}

/** Aborts `abort` when `signal` does (at once if it has); returns how to stop listening. */
function followAbort(signal: AbortSignalLike | undefined, abort: AbortController): () => void {
  if (!signal) return () => {};
  const onAbort = () => abort.abort(signal.reason ?? new Error("the caller cancelled the request"));
  if (signal.aborted) {
    onAbort();
    return () => {};
  }
  signal.addEventListener("abort", onAbort, { once: true });
  return () => signal.removeEventListener("abort", onAbort);
}

/** Waits for `promise`, or `ms` at most. */
async function raceTimer(promise: Promise<unknown>, ms: number): Promise<void> {
  if (ms > 0) await withinTime(promise, ms, undefined);
}

function asToolsiftError(error: unknown, code: string, server: string): ToolsiftError {
  if (error instanceof ToolsiftError) return error;
  const what = code === "mcp_connect_failed" ? "connect to" : "list the tools of";
  return new ToolsiftError(code, `Could not ${what} MCP server "${server}": ${boundText(errorText(error), 1000)}`, {
    cause: error,
  });
}
