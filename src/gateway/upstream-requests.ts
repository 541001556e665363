import type { McpServerRequest, McpServerRequestHandlers, McpToolHost } from "../public/mcp.js";
import type { Caller } from "./auth/caller.js";
import type { RootSetting } from "./roots-config.js";
import type { GatewayMcpServer } from "./gateway-sdk.js";
import { forwardedSampling } from "./forwarded-sampling.js";
import { HIDDEN_CHARACTERS } from "./hidden-characters.js";
import type { CallerPolicies } from "./policy/caller-policy.js";

type RequestId = string | number;

/** The part of a gateway connection a forwarded request needs: whose it is and its MCP `Server`. */
export interface UpstreamClient {
  readonly id: string;
  readonly caller: Caller;
  readonly server: GatewayMcpServer;
}

/** Bounds on what passes between an upstream server and a client; past one, the server gets a JSON-RPC error. */
export const UPSTREAM_REQUEST_LIMITS = {
  /** Requests forwarded to one client at once; more are refused rather than queued. */
  pendingPerClient: 4,
  /** Params of an `elicitation/create`, as JSON: a form is a message and a flat schema. */
  elicitationChars: 64_000,
  /** Params of a `sampling/createMessage`, as JSON: messages may carry images. */
  samplingChars: 2_000_000,
  /** A client's answer, as JSON. */
  resultChars: 2_000_000,
  /** Roots in a client's `roots/list` answer. */
  roots: 100,
  rootsTimeoutMs: 10_000,
  /** A user may take a while to fill in a form, as to confirm a destructive call. */
  elicitationTimeoutMs: 10 * 60_000,
  samplingTimeoutMs: 5 * 60_000,
  /** At most one roots/list_changed goes upstream per this many milliseconds, however often clients send it. */
  rootsChangedEveryMs: 1_000,
} as const;

const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;
const INTERNAL_ERROR = -32603;

/**
 * The JSON-RPC error an upstream server's request is answered with: the SDK's client sends a
 * thrown error's `code` and `message` as they are, so no SDK class is needed (and `toolsift pin`,
 * which refuses these requests too, loads no server side).
 */
class RequestRefused extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = "RequestRefused";
  }
}

interface InFlightCall {
  client: UpstreamClient;
  server: string;
  requestId: RequestId;
  /** Aborts when the client cancels its call or the call ends: what was forwarded under it is given up then. */
  ended: AbortController;
}

/**
 * Routes the requests upstream servers send their client (toolsift) to the right client of the
 * gateway, and the answers back. One upstream connection serves every client, and the MCP SDK
 * tells a client's request handler nothing of which of its own requests a server's request
 * belongs to (over stdio nothing says it; over Streamable HTTP the stream it came on is not
 * passed on), so a request goes to the client whose `tools/call` to that server is in flight,
 * the most recently started one if several are; it is sent with that call's `relatedRequestId`,
 * so over HTTP it rides the call's own stream, and is given up when the call ends.
 *
 * Fail closed: no call in flight, a client without the capability, a server the caller's policy
 * hides, too many requests pending or too large: the server gets a JSON-RPC error saying so.
 * `roots/list` with no call in flight is answered with `toolsift.roots` (none by default): no
 * client is asking, and handing one client's workspace to a server that every client shares would
 * tell that server, and through it the other clients, where the first one works.
 */
export class UpstreamRequests {
  /** In start order: the last one for a server is the most recent. */
  private readonly calls = new Set<InFlightCall>();
  private readonly pending = new Map<string, number>();
  private attached: { host: McpToolHost; policies: CallerPolicies } | undefined;
  private rootsTimer: NodeJS.Timeout | undefined;
  private rootsSentAt = Number.NEGATIVE_INFINITY;
  /** Refusals already logged, by server, method and reason: a server that keeps asking logs each once. */
  private readonly logged = new Set<string>();

  /** For `fromMcp`'s `serverRequests`: what each upstream server's request is answered with. */
  readonly handlers: McpServerRequestHandlers = {
    roots: (request) => this.roots(request),
    elicitation: (request) => this.forward(request),
    sampling: (request) => this.forward(request),
  };

  constructor(
    private readonly configuredRoots: readonly RootSetting[] | undefined,
    private readonly log: (line: string) => void,
  ) {}

  /** Once the catalogue is open: whose policy hides what, and where roots/list_changed goes. */
  attach(host: McpToolHost, policies: CallerPolicies): void {
    this.attached = { host, policies };
  }

  /**
   * A client's `tools/call` to `server` started (after its policy let it through; no server: a
   * tool nothing lists, which reaches no server); the returned function is called when it ends.
   */
  callStarted(
    client: UpstreamClient,
    server: string | undefined,
    requestId: RequestId,
    signal: AbortSignal,
  ): () => void {
    if (server === undefined) return () => {};
    const ended = new AbortController();
    const call: InFlightCall = { client, server, requestId, ended };
    const cancel = () => ended.abort(new Error("the client's tools/call was cancelled"));
    signal.addEventListener("abort", cancel, { once: true });
    this.calls.add(call);
    return () => {
      this.calls.delete(call);
      signal.removeEventListener("abort", cancel);
      ended.abort(new Error("the client's tools/call ended"));
    };
  }

  /** A client sent `notifications/roots/list_changed`: servers are told, at most once per second. */
  clientRootsChanged(): void {
    if (this.rootsTimer || !this.attached) return;
    const wait = this.rootsSentAt + UPSTREAM_REQUEST_LIMITS.rootsChangedEveryMs - Date.now();
    const send = () => {
      this.rootsTimer = undefined;
      this.rootsSentAt = Date.now();
      void this.attached?.host.rootsChanged();
    };
    if (wait <= 0) {
      send();
      return;
    }
    this.rootsTimer = setTimeout(send, wait);
    this.rootsTimer.unref();
  }

  /** Stops the pending roots/list_changed, when the gateway closes. */
  close(): void {
    clearTimeout(this.rootsTimer);
    this.rootsTimer = undefined;
  }

  private async roots(request: McpServerRequest): Promise<unknown> {
    const call = this.callOf(request.server);
    if (!call || this.lacks(call.client, "roots")) return { roots: this.configuredRoots ?? [] };
    const result = (await this.send(call, request, UPSTREAM_REQUEST_LIMITS.rootsTimeoutMs)) as { roots: unknown[] };
    if (result.roots.length > UPSTREAM_REQUEST_LIMITS.roots)
      this.refuse(
        request,
        INTERNAL_ERROR,
        `the client answered with ${result.roots.length} roots, more than ${UPSTREAM_REQUEST_LIMITS.roots}`,
      );
    return result;
  }

  private async forward(request: McpServerRequest): Promise<unknown> {
    const elicitation = request.method === "elicitation/create";
    const capability = elicitation ? "elicitation" : "sampling";
    const call = this.callOf(request.server);
    if (!call)
      this.refuse(
        request,
        METHOD_NOT_FOUND,
        `no client's call to this server is in flight, so there is no client to ask`,
      );
    if (this.lacks(call.client, capability))
      this.refuse(request, METHOD_NOT_FOUND, `the client whose call is in flight does not support ${capability}`);
    const size = JSON.stringify(request.params).length;
    const max = elicitation ? UPSTREAM_REQUEST_LIMITS.elicitationChars : UPSTREAM_REQUEST_LIMITS.samplingChars;
    if (size > max) this.refuse(request, INVALID_PARAMS, `its params are ${size} characters as JSON, more than ${max}`);
    return elicitation
      ? this.send(call, asking(request), UPSTREAM_REQUEST_LIMITS.elicitationTimeoutMs)
      : this.send(call, forwardedSampling(request), UPSTREAM_REQUEST_LIMITS.samplingTimeoutMs);
  }

  /** The most recent call in flight to `server` of a client whose policy does not hide it. */
  private callOf(server: string): InFlightCall | undefined {
    const policies = this.attached?.policies;
    if (!policies) return undefined;
    let found: InFlightCall | undefined;
    for (const call of this.calls) {
      if (call.server === server && !policies.for(call.client.caller).hidesServer(server)) found = call;
    }
    return found;
  }

  private lacks(client: UpstreamClient, capability: "roots" | "elicitation" | "sampling"): boolean {
    const declared = client.server.getClientCapabilities()?.[capability];
    if (declared === undefined) return true;
    // Form mode, the only one toolsift declares upstream: `{}` means form (the spec's older form).
    if (capability !== "elicitation") return false;
    const { form, url } = declared as { form?: unknown; url?: unknown };
    return form === undefined && url !== undefined;
  }

  /** Sends `request` to the client; the SDK checks the answer against the method's result schema. */
  private async send(call: InFlightCall, request: McpServerRequest, timeoutMs: number): Promise<unknown> {
    const { client } = call;
    const pending = this.pending.get(client.id) ?? 0;
    if (pending >= UPSTREAM_REQUEST_LIMITS.pendingPerClient)
      this.refuse(request, INTERNAL_ERROR, `${pending} requests to the same client are pending already`);
    this.pending.set(client.id, pending + 1);
    let stopFollowing = () => {};
    try {
      // request.signal is typed structurally (toolsift's public types name no DOM or Node types).
      const upstream = new AbortController();
      const follow = () => upstream.abort(request.signal.reason);
      if (request.signal.aborted) follow();
      else request.signal.addEventListener("abort", follow, { once: true });
      stopFollowing = () => request.signal.removeEventListener("abort", follow);
      const signal = AbortSignal.any([upstream.signal, call.ended.signal]);
      const result: unknown = await client.server.request(
        { method: request.method, params: request.params },
        { relatedRequestId: call.requestId, signal, timeout: timeoutMs },
      );
      const size = JSON.stringify(result)?.length ?? 0;
      if (size > UPSTREAM_REQUEST_LIMITS.resultChars)
        this.refuse(
          request,
          INTERNAL_ERROR,
          `the client's answer is ${size} characters as JSON, more than ${UPSTREAM_REQUEST_LIMITS.resultChars}`,
        );
      return result;
    } finally {
      stopFollowing();
      const left = (this.pending.get(client.id) ?? 1) - 1;
      if (left <= 0) this.pending.delete(client.id);
      else this.pending.set(client.id, left);
    }
  }

  private refuse(request: McpServerRequest, code: number, why: string): never {
    const message = `toolsift could not pass ${request.method} on to a client: ${why}.`;
    const key = `${request.server}\u0000${request.method}\u0000${code}\u0000${why.replace(/\d+/g, "#")}`;
    if (!this.logged.has(key) && this.logged.size < 1_000) {
      this.logged.add(key);
      this.log(`MCP server "${request.server}" sent ${request.method}; answered with an error: ${why}.`);
    }
    throw new RequestRefused(code, message);
  }
}

/**
 * The form as the user sees it, saying which server asks: every request reaches the client from
 * toolsift, so without this a server could pass itself off as another, or as toolsift itself.
 * The server's question stays on the attribution's line and in its reading order (see
 * {@link onAttributionLine}), so it cannot show a second attribution of its own on a line below,
 * nor move the real one.
 */
function asking(request: McpServerRequest): McpServerRequest {
  const { message } = request.params;
  return {
    ...request,
    params: {
      ...request.params,
      message: `MCP server "${request.server}" asks: ${onAttributionLine(String(message))}`,
    },
  };
}

/** Controls and line breaks a client could render as a new line. */
const BREAKS = /[\p{Cc}\p{Zl}\p{Zp}]/u;

/**
 * Untrusted text folded onto one line: each line break or other control becomes a space, and
 * every other hidden character (bidi embeddings, overrides and isolates, zero-width characters,
 * tag characters) goes, so nothing reorders the text around it or hides part of it. Folding,
 * rather than escaping as a log does, keeps the question readable to the person answering it.
 */
function onAttributionLine(text: string): string {
  return text.replace(HIDDEN_CHARACTERS, (char) => (BREAKS.test(char) ? " " : ""));
}
