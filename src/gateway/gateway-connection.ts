import { createHash, randomUUID } from "node:crypto";
import { errorText } from "../errors.js";
import { SEARCH_TOOLS_NAME, type ToolDefinition, type ToolSearch, type ToolSearchSession } from "../index.js";
import { noSuchTool, searchAnswer, withCompanions, withSearchNotes } from "../for-apps.js";
import { callResultOf, errorCallResult, UpstreamResults, type McpCallResult } from "./content/call-result.js";
import type { GatewayMcpServer, GatewayRequestContext, GatewaySdk } from "./gateway-sdk.js";
import {
  listingDigest,
  listUnderBudget,
  searchNote,
  withLateKeepTools,
  type ListingMode,
} from "./listing/gateway-listing.js";
import { CALL_THROUGH_NOTE, toolCallOf } from "./listing/call-tool-tool.js";
import { HeldAnswers } from "./listing/held-answers.js";
import { listedExtras, type ListedTool } from "./listing/listed-tool.js";
import { budgetInForce, NO_BUDGET, type ListingBudget } from "./listing/listing-budget.js";
import type { ToolPolicy } from "./policy/tool-policy.js";
import type { CallerPolicies } from "./policy/caller-policy.js";
import { RATE_LIMITED_CODE, type RateLimiter } from "./policy/rate-limit.js";
import type { Caller } from "./auth/caller.js";
import type { GatewayObserver } from "./observe/gateway-event.js";
import { CallApprovals, type ConfirmationChannel, type PendingCall } from "./call-approval.js";
import type { ToolPins } from "./pins/tool-pins.js";
import type { McpToolHost } from "../public/mcp.js";
import { serveContent } from "./content/gateway-resources.js";
import { NotFoundAnswers } from "./content/not-found-answers.js";
import type { UpstreamRequests } from "./upstream-requests.js";
import type { SessionState } from "./replicas/session-store.js";
import { firstAttemptsSettled } from "./first-attempts.js";
import { ProgressRelay } from "./passthrough/progress-relay.js";
import type { RequestLogs } from "./passthrough/request-logs.js";
import type { McpCallProgress } from "../public/mcp.js";

/** The request a handler serves: its cancellation, and notifications sent on its own stream. */
type RequestChannel = Pick<GatewayRequestContext["mcpReq"], "signal" | "notify">;
/**
 * The request a call runs under: its id (what a confirmation is asked under), its cancellation,
 * and where the upstream server's progress goes, when the client asked for it.
 */
export interface CallScope {
  readonly requestId: string | number;
  readonly signal: AbortSignal;
  readonly progress?: ProgressRelay;
}

/**
 * A connection that serves one stateless (2026-07-28) request rather than a 2025-era session:
 * its searches load nothing (there is no later list to load into) and answer with what a call
 * needs, and its confirmations are asked through `confirmations` (see `modern/`).
 */
export interface StatelessOptions {
  readonly confirmations: ConfirmationChannel;
  /** `search_tools`' description in the search listing (the 2025 one says matches join the list). */
  readonly searchDescription: string;
}

/**
 * How long a call of a name no server lists yet waits for its server's first attempt to connect:
 * under a client's own 60 s request timeout, so it gets the gateway's answer, not a timeout.
 */
const CALL_WAIT_MS = 30_000;

/**
 * How long after a `list_changed` a client that has not fetched its list is taken not to fetch
 * it on such news. A client that acts on it asks within milliseconds; a second search comes after
 * the model's turn, seconds later. A search sooner than this learns nothing.
 */
const UNFETCHED_AFTER_MS = 1_000;

/**
 * How long a call whose answer changed the client's list holds that answer for the fetch its
 * `list_changed` asks for. A client that acts on the news fetches within milliseconds, but goes
 * on with the answer meanwhile: Gemini CLI 0.61 and Claude Code 2.1 built the next request from
 * the list they had, so a match said to be in the list was not, for that step.
 */
const FETCH_WAIT_MS = 1_000;

/** What every connection shares: the catalogue, the policy, the log. */
export interface ConnectionServices {
  readonly sdk: GatewaySdk;
  readonly toolSearch: ToolSearch;
  readonly mode: ListingMode;
  /** Each caller's policy, the same one the tool search's `permit` asks. */
  readonly policies: CallerPolicies;
  readonly limiter: RateLimiter;
  /** The config file, for messages that say where to change a setting. */
  readonly configFile: string;
  /** How many search matches may be listed at once (the hydration cap). */
  readonly maxListed: number;
  /** Keep tools no server listed when the tool search started: listed as keep tools once one does. */
  readonly lateKeepTools?: readonly string[];
  /** Whether a `tools/list` waits for servers still connecting (see `firstListingWaitsForServers`). */
  readonly listingWaitsForServers?: boolean;
  /** The upstream catalogue now (cheap: the same array until something changes). */
  catalogue(): Promise<readonly ToolDefinition[]>;
  log(line: string): void;
  observe: GatewayObserver;
  /** Whether call events carry the argument values (the audit log's `includeArguments`). */
  readonly observeArguments?: boolean;
  /** A caller's listing budget (`maxListedTools`, `maxListedTokens`); none when left out. */
  budget?(caller: Caller): ListingBudget;
  /** Told when the client went away, so the gateway can forget the connection. */
  closed(connection: GatewayConnection): void;
  /** Whose lessons a caller's searches rank with and teach; `undefined`: the default scope. */
  learningScope?(caller: Caller): string | undefined;
  /** The upstream tools' pins: a changed tool's call is judged by them (`onToolChange`). */
  readonly pins?: ToolPins | undefined;
  /** The upstream servers, for their resources and prompts (see content/gateway-resources.ts); none: tools only. */
  readonly upstream?: McpToolHost;
  /** Routes upstream servers' roots, elicitation and sampling requests to the client whose call is in flight. */
  readonly upstreamRequests?: Pick<UpstreamRequests, "callStarted" | "clientRootsChanged">;
}

/**
 * One MCP client of the gateway: its own MCP `Server`, its own toolsift session (so its hydrated
 * tools and its tool list are its own), and the bookkeeping that tells it when its list changed.
 */
export class GatewayConnection {
  /** Also the toolsift session id, so `approve` can find the client to ask. */
  readonly id = randomUUID();
  readonly server: GatewayMcpServer;
  private readonly session: ToolSearchSession;
  /** Digest of the list the client last fetched; undefined until it fetches one. */
  private lastListed: string | undefined;
  /** A list_changed was sent since the client last fetched the list: one is enough. */
  private announced = false;
  /** When that list_changed was sent (`performance.now()`). */
  private announcedAt = 0;
  /** When the first listing's list_changed went out ({@link probe}), until the client fetches its list again. */
  private probedAt: number | undefined;
  /**
   * Set once a search came {@link UNFETCHED_AFTER_MS} after an announcement, or the first
   * listing's {@link probe}, that the client did not act on (agent frameworks take one snapshot of
   * the tools per run); cleared when it fetches its list after either. Its searches are then
   * answered as a stateless client's: no place in a list is promised, and the best match carries
   * its schema for `call_tool`.
   */
  private keepsOneList = false;
  /**
   * Set once the client fetched its list after a `list_changed` (the probe's or an announcement's):
   * only then is a call's answer held for its fetch ({@link untilFetched}), so a client that never
   * fetches, one-shot ones included, is not made to wait.
   */
  private fetchesOnNews = false;
  /**
   * Set once a held answer waited the whole {@link FETCH_WAIT_MS} for a fetch: the client fetches
   * only between its model's steps (it lists before each request, as some agent frameworks do),
   * never while a call is answered, so holding can only delay it. One such wait per session.
   */
  private heldInVain = false;
  /** Calls whose answer waits for the client's next fetch of its list ({@link untilFetched}). */
  private readonly held = new HeldAnswers();
  private calls = 0;
  /** Per call in progress: the request to ask the user under, its cancellation, and why it was refused, if it was. */
  private readonly pending = new Map<string, PendingCall>();
  /** Per call in progress whose client asked for progress (`_meta.progressToken`): where it goes. */
  private readonly progress = new Map<string, ProgressRelay>();
  /** A stateless request's way for upstream log messages to its stream, while its call runs (see modern/). */
  requestLogs: RequestLogs | undefined;
  /** The upstream servers' own results of the calls in progress, kept to pass on what a `tool_result` cannot carry. */
  readonly results = new UpstreamResults();
  /** This caller's listing budget: its policies', else the config's. */
  private readonly budget: ListingBudget;
  private readonly approvals: CallApprovals;
  /** The resources/read answers that say "resource not found", for the code a 2025-era client expects. */
  private readonly notFound = new NotFoundAnswers();

  constructor(
    private readonly services: ConnectionServices,
    serverInfo: { name: string; version: string },
    instructions: string,
    /** Who opened the connection: `permit` and `approve` get it as `context.context`. */
    readonly caller: Caller,
    /** Set for a connection that serves one stateless request (see {@link StatelessOptions}). */
    private readonly stateless?: StatelessOptions,
  ) {
    const { sdk } = services;
    this.budget = services.budget?.(caller) ?? NO_BUDGET;
    const scope = services.learningScope?.(caller);
    this.session = services.toolSearch.session(this.id, { context: caller, ...(scope === undefined ? {} : { scope }) });
    // logging: upstream servers' log messages reach the client (see passthrough/upstream-logs.ts), at its own level.
    const capabilities = { tools: { listChanged: true }, ...(stateless ? {} : { logging: {} }) };
    this.server = new sdk.Server(serverInfo, { capabilities, instructions });
    this.server.setRequestHandler("tools/list", async (_request, ctx) => {
      // Only the answers held before this list was asked for wait for it: a list begun earlier may not show their change.
      this.held.listing(ctx.mcpReq.id);
      await this.untilServersStarted();
      const tools = await this.listing();
      const first = this.lastListed === undefined;
      this.lastListed = listingDigest(tools);
      if (this.announced || this.probedAt !== undefined) {
        this.keepsOneList = false;
        this.fetchesOnNews = true;
      }
      this.announced = false;
      this.probedAt = undefined;
      if (first) await this.probe(ctx.mcpReq);
      // The upstream servers' schemas pass as they are: the SDK does not check a listing it sends.
      return { tools } as never;
    });
    this.server.setRequestHandler("tools/call", async (request, ctx) => {
      const call = toolCallOf(request.params.name, request.params.arguments ?? {});
      if ("problem" in call) return { content: [{ type: "text", text: call.problem }], isError: true } as never;
      const { name, input } = call;
      const { id: requestId, signal, _meta: meta } = ctx.mcpReq;
      const token = meta?.progressToken;
      const progress =
        token === undefined ? undefined : new ProgressRelay(token, (notification) => ctx.mcpReq.notify(notification));
      const result = await this.callTool(name, input, { requestId, signal, ...(progress ? { progress } : {}) });
      // Before the answer, on the same stream, so the client fetches the new list before its next turn.
      if (await this.announceIfChanged(ctx.mcpReq)) await this.untilFetched(signal);
      return result as never;
    });
    this.server.setNotificationHandler("notifications/roots/list_changed", () =>
      services.upstreamRequests?.clientRootsChanged(),
    );
    this.server.onclose = () => this.end();
    serveContent(this.server, services, caller, this.notFound);
    this.approvals = new CallApprovals({
      server: stateless?.confirmations ?? this.server,
      caller,
      sessionId: this.id,
      policy: () => this.policy,
      configFile: services.configFile,
      log: (line) => services.log(line),
      observe: (event) => services.observe(event),
    });
  }

  /**
   * Serves the client on `transport` (a server transport of the SDK, or one that wraps it: see
   * `GatewayTransport`) until it closes.
   */
  async connect(transport: { send(message: never, options?: never): Promise<void> }): Promise<void> {
    this.notFound.restoreOn(transport);
    this.held.watch(transport);
    await this.server.connect(transport as unknown as Parameters<GatewayMcpServer["connect"]>[0]);
  }

  /** What the client's `tools/list` gets now. */
  async listTools(): Promise<ListedTool[]> {
    await this.untilServersStarted();
    const tools = await this.listing();
    const description = this.stateless?.searchDescription;
    // Only the search listing's own description speaks of tools added to a list; the stubs listing keeps the library's.
    if (description === undefined || this.services.mode !== "search") return tools;
    return tools.map((tool) => (tool.name === SEARCH_TOOLS_NAME ? { ...tool, description } : tool));
  }

  /**
   * A `tools/call`: `search_tools` or a tool by name, after the caller's rate limit (a JSON-RPC
   * error past it), through the caller's policy, the pins, validation and the approvals.
   */
  async callTool(name: string, input: unknown, scope: CallScope): Promise<McpCallResult> {
    this.limitRate(name);
    return name === SEARCH_TOOLS_NAME ? this.search(input) : this.run(name, input, scope);
  }

  /** Ends the toolsift session and forgets the connection (its transport closed, or its one request was answered). */
  end(): void {
    this.held.releaseAll();
    this.services.toolSearch.endSession(this.id);
    this.services.closed(this);
  }

  /** This session's state for another replica (see `replicas/`): hydration, the last listing's digest, announced. */
  exportState(): SessionState {
    return { ...this.session.hydrationState(), lastListed: this.lastListed, announced: this.announced };
  }

  /** Replaces this session's state with another replica's {@link GatewayConnection.exportState}. */
  restoreState(state: SessionState): void {
    this.session.restoreHydration(state);
    ({ lastListed: this.lastListed, announced: this.announced } = state);
    // When another replica announced is not shared: counted from now, so no search here reads
    // the client as one that does not fetch its list.
    if (this.announced) this.announcedAt = performance.now();
  }

  /** Set when sessions are shared: read before, and written after, an announcement no request carries. */
  sync: { refresh(): Promise<void>; save(): Promise<void> } | undefined;

  /**
   * Tells the client its tool list changed (`notifications/tools/list_changed`) if what it would
   * get now differs from what it last fetched; once until it fetches again. True when it was
   * sent on `extra`'s stream now.
   */
  async announceIfChanged(extra?: RequestChannel): Promise<boolean> {
    if (!extra) await this.sync?.refresh();
    if (this.lastListed === undefined || this.announced) return false;
    let now: string;
    try {
      now = listingDigest(await this.listing());
    } catch (error) {
      this.services.log(`could not compare a client's tool list: ${errorText(error)}`);
      return false;
    }
    if (now === this.lastListed || this.announced) return false;
    // A cancelled request's stream is gone and the SDK drops what is sent on it: an announcement
    // marked sent there would never reach the client, nor would any later one.
    if (extra?.signal.aborted) return false;
    this.announced = true;
    this.announcedAt = performance.now();
    // Saved before it leaves: the client's refetch can reach another replica at once, and must
    // find this state there (the hydration, the announcement), not the one before it.
    await this.sync?.save();
    let sent: boolean;
    try {
      // The SDK checks the request's cancellation as it sends; nothing is awaited between the check and the send.
      sent = extra ? !extra.signal.aborted : true;
      if (extra && sent) await extra.notify({ method: "notifications/tools/list_changed" });
      else if (!extra) await this.server.sendToolListChanged();
    } catch {
      // The client is gone or not connected yet: not sent.
      sent = false;
    }
    if (sent) return extra !== undefined;
    // Owed still: the next request's check sends it.
    this.announced = false;
    await this.sync?.save();
    return false;
  }

  /**
   * Waits, at most {@link FETCH_WAIT_MS}, for the client to fetch the list an announcement on a
   * call's stream said changed, so that it has the new list before it reads the call's answer.
   * Only for a client that fetched on such news before, and not with shared sessions, where
   * another replica may serve the fetch.
   */
  private async untilFetched(signal: AbortSignal): Promise<void> {
    if (!this.fetchesOnNews || this.heldInVain || this.stateless || this.sync !== undefined || this.keepsOneList)
      return;
    if ((await this.held.hold(signal, FETCH_WAIT_MS)) === "timed-out") this.heldInVain = true;
  }

  /**
   * Follows the session's first listing with a `list_changed`, so that a client that never
   * fetches its list again shows it before its first search rather than after: its model
   * searches a turn later, past {@link UNFETCHED_AFTER_MS}, and the matches come with a schema
   * for `call_tool` instead of a place in a list the client will not fetch. A client that acts
   * on the news fetches the same list once more. The probe is not an announcement: a change
   * made while the client fetches is still announced. Sent on the listing's own stream, ahead of
   * the list, as an HTTP client may keep no other stream open. Not with shared sessions: a
   * replica would not see the fetch another replica served, and would take the client for one
   * that never fetches.
   */
  private async probe(extra: RequestChannel): Promise<void> {
    if (this.stateless || this.sync !== undefined || extra.signal.aborted) return;
    // Marked before it leaves: the client's fetch may be served before the send returns.
    this.probedAt = performance.now();
    try {
      await extra.notify({ method: "notifications/tools/list_changed" });
    } catch {
      // The client is gone: nothing to learn.
      this.probedAt = undefined;
    }
  }

  /**
   * The approval gate of a destructive tool called by this client (see {@link CallApprovals}):
   * `allowDestructive`, else the user's confirmation, else refused.
   */
  approve(tool: ToolDefinition, input: unknown, toolUseId: string | undefined): Promise<boolean> {
    return this.approvals.destructive(tool, input, toolUseId === undefined ? undefined : this.pending.get(toolUseId));
  }

  /** An upstream server's progress on this client's call `toolUseId`: passed on if the client asked for it. */
  relayProgress(toolUseId: string | undefined, progress: McpCallProgress): void {
    if (toolUseId !== undefined) this.progress.get(toolUseId)?.relay(progress);
  }

  /** Whether the pins let this call go ahead (`onToolChange`); a refusal is marked on the call. */
  private async pinAllows(name: string, call: PendingCall): Promise<boolean> {
    const { pins } = this.services;
    if (pins === undefined) return true;
    // The tool the policy check found: the catalogue is not searched twice per call.
    return this.approvals.changed(pins, name, call.tool, call);
  }

  private async listing(): Promise<ListedTool[]> {
    const [sessionView, tools] = await Promise.all([this.session.view(), this.services.catalogue()]);
    const view = withLateKeepTools(sessionView, this.services.lateKeepTools ?? []);
    const destructive = new Set(tools.flatMap((tool) => (tool.destructive === true ? [tool.name] : [])));
    const { upstream } = this.services;
    return listUnderBudget(this.session, view, this.services, this.budget, (name) =>
      listedExtras(upstream?.sourceOf(name)?.presentation, destructive.has(name)),
    );
  }

  private async search(input: unknown): Promise<McpCallResult> {
    const started = performance.now();
    const outcome = await this.session.searchTools(input);
    if (!outcome.ok) return errorCallResult(outcome.error);
    this.services.observe({
      type: "search",
      caller: this.caller,
      session: this.id,
      matches: outcome.matches.length,
      weak: outcome.matches[0]?.confidence === "weak",
      ms: performance.now() - started,
    });
    const unavailable = outcome.unavailable?.filter((source) => !this.policy.hidesServer(source.server));
    if (outcome.matches.length === 0) return textResult(withSearchNotes(searchAnswer([]), outcome, unavailable));
    const now = performance.now();
    if (
      (this.announced && now - this.announcedAt >= UNFETCHED_AFTER_MS) ||
      (this.probedAt !== undefined && now - this.probedAt >= UNFETCHED_AFTER_MS)
    )
      this.keepsOneList = true;
    if (this.stateless || this.keepsOneList) {
      // Nothing is loaded into a list the client would fetch later, so the best match carries its
      // full schema. The others' would be resent with every later request for the few calls they
      // get: theirs comes back with a first call whose arguments do not fit, and nothing runs then.
      const view = await this.session.view();
      const best = outcome.matches[0]?.name;
      const present = (match: { name: string }) =>
        match.name === best ? { inputSchema: view.fullByName.get(match.name)?.input_schema } : {};
      const answer = withCompanions({ ...searchAnswer(outcome.matches, present), note: CALL_THROUGH_NOTE }, outcome);
      return textResult(withSearchNotes(answer, outcome, unavailable));
    }
    // Companions after every match: a cap on what is loaded drops them first.
    const names = [...outcome.matches, ...(outcome.companions ?? [])].map((match) => match.name);
    let note: string;
    // In stubs mode under a cap, the stubs past it are not listed: the matches are loaded, so they
    // are listed in place of stubs rather than found and never listed.
    if (this.services.mode === "search" || budgetInForce(this.budget)) {
      // Least important first, so the best match is the most recently used and the last to be evicted.
      // No more than the budget could list beside search_tools and call_tool: the rest would be unloaded at once.
      const room = Math.min(this.services.maxListed, (this.budget.maxListedTools ?? Number.POSITIVE_INFINITY) - 2);
      await this.session.hydrate(names.slice(0, room).reverse());
      note = await searchNote(names, this.budget, () => this.listing());
    } else {
      note = "Call the one that fits; its full input schema loads on the first call.";
    }
    const answer = withCompanions({ ...searchAnswer(outcome.matches), note }, outcome);
    return textResult(withSearchNotes(answer, outcome, unavailable));
  }

  private async run(name: string, input: unknown, scope: CallScope): Promise<McpCallResult> {
    const started = performance.now();
    const call: PendingCall = { requestId: scope.requestId, signal: scope.signal, approval: "not-needed" };
    const result = await this.runChecked(name, input, call, scope.progress);
    // Undefined for a tool the caller may not use, as for a name nothing lists: the metrics any
    // credential can read must not confirm that a denied tool exists.
    const server = call.tool?.server;
    const text = JSON.stringify(input) ?? "";
    this.services.observe({
      type: "call",
      caller: this.caller,
      session: this.id,
      tool: name,
      server,
      argumentsSha256: createHash("sha256").update(text).digest("hex"),
      argumentsBytes: Buffer.byteLength(text),
      approval: call.approval,
      outcome: call.refusal !== undefined || server === undefined ? "refused" : result.isError ? "error" : "ok",
      ms: performance.now() - started,
      ...(this.services.observeArguments === true ? { arguments: input } : {}),
    });
    return result;
  }

  private async runChecked(
    name: string,
    input: unknown,
    call: PendingCall,
    progress: ProgressRelay | undefined,
  ): Promise<McpCallResult> {
    await this.untilServerStarted(name, call.signal);
    // Refused here, as if there were no such tool, before the session could run or name it.
    if (await this.deniedByPolicy(name, call)) return errorCallResult(noSuchTool(name));
    if (!(await this.pinAllows(name, call))) return errorCallResult(call.refusal ?? noSuchTool(name));
    const id = `call_${++this.calls}`;
    this.pending.set(id, call);
    if (progress) this.progress.set(id, progress);
    this.results.open(id);
    const ended = this.services.upstreamRequests?.callStarted(this, call.tool?.server, call.requestId, call.signal);
    try {
      // The client's notifications/cancelled aborts the request's signal, which reaches the upstream call and cancels it there.
      const result = await this.session.execute({ id, name, input }, { signal: call.signal });
      return call.refusal !== undefined ? errorCallResult(call.refusal) : callResultOf(result, this.results.take(id));
    } finally {
      this.pending.delete(id);
      this.progress.delete(id);
      progress?.close();
      this.results.take(id);
      ended?.();
    }
  }

  /**
   * A `tools/list` in the first seconds waits, as a search does, for servers still connecting (up
   * to refreshWaitMs, once per attempt) when what it lists depends on them: a one-shot client (the
   * MCP Inspector's CLI) lists once and calls only a tool it found there. The search listing does
   * not wait, since waiting would not change it (see `firstListingWaitsForServers`).
   */
  private async untilServersStarted(): Promise<void> {
    if (this.services.listingWaitsForServers === false) return;
    await this.services.upstream?.sourceStatus();
  }

  /**
   * A call in the first seconds names a tool of a server still starting: it waits for that
   * server (see first-attempts.ts) rather than being told there is no such tool. A name already
   * listed, or of a server that is up, down or hidden from this caller, is not delayed.
   */
  private async untilServerStarted(name: string, signal: AbortSignal): Promise<void> {
    const host = this.services.upstream;
    const server = name.slice(0, Math.max(0, name.indexOf("__")));
    if (!host || server === "" || this.policy.hidesServer(server)) return;
    if ((await this.services.catalogue()).some((tool) => tool.name === name)) return;
    await firstAttemptsSettled(host, [server], CALL_WAIT_MS, signal);
  }

  /** This caller's policy. */
  private get policy(): ToolPolicy {
    return this.services.policies.for(this.caller);
  }

  /**
   * Whether this caller's policy refuses the tool (its whole server hidden, or the tool not
   * permitted); a refusal is marked on the call and reported as a `denied` event, a permitted
   * tool is kept on the call for the pins' check and the call's report.
   */
  private async deniedByPolicy(name: string, call: PendingCall): Promise<boolean> {
    const hidden = this.policy.hidesServer(name.slice(0, Math.max(0, name.indexOf("__"))));
    const tool = hidden ? undefined : (await this.services.catalogue()).find((candidate) => candidate.name === name);
    if (!hidden && (tool === undefined || this.services.policies.permits(tool, this.caller))) {
      call.tool = tool;
      return false;
    }
    call.refusal = noSuchTool(name);
    this.services.observe({ type: "denied", caller: this.caller, session: this.id, tool: name, reason: "policy" });
    return true;
  }

  /** Refuses a request past this caller's rate with a JSON-RPC error that says when to retry. */
  private limitRate(name: string): void {
    const limited = this.services.limiter.take(this.caller, name === SEARCH_TOOLS_NAME ? "search" : "call");
    if (!limited) return;
    this.services.observe({ type: "denied", caller: this.caller, session: this.id, tool: name, reason: "rate-limit" });
    throw new this.services.sdk.ProtocolError(RATE_LIMITED_CODE, limited.message, {
      retryAfterMs: limited.retryAfterMs,
    });
  }
}

function textResult(body: unknown): McpCallResult {
  return { content: [{ type: "text", text: JSON.stringify(body) }] };
}
