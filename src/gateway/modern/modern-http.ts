import type { IncomingMessage, ServerResponse } from "node:http";
import type { AuthInfo } from "@modelcontextprotocol/server";
import { errorText } from "../../errors.js";
import type { Caller } from "../auth/caller.js";
import type { Gateway } from "../gateway.js";
import { loadModernSdk } from "../gateway-sdk-v2.js";
import { rpcError } from "../web/http-replies.js";
import { sessionOwnerOf } from "../web/session-table.js";
import { sendWebResponse, webRequestOf } from "../web/web-bridge.js";
import { wrapUri } from "../content/namespaced-uri.js";
import { acceptListen, type AcceptedListen } from "./modern-listen.js";
import type { SessionStore } from "../replicas/session-store.js";
import { CallerScopedBus } from "./caller-scoped-bus.js";
import { storeLedger } from "./confirmation-ledger.js";
import { envelopeVersionOf } from "./envelope-version.js";
import { modernServerFactory } from "./modern-server.js";
import { toolChangeFeed, type ToolChangeFeedOptions } from "./tool-change-feed.js";

/** The 2026-07-28 leg of the HTTP listener: the requests it claims, and how it answers them. */
export interface ModernHttp {
  /**
   * Whether a POST with no `Mcp-Session-Id` is 2026-07-28-era (SDK v2's own classification): the
   * modern leg answers it, its protocol errors included; anything else keeps the 2025-era path.
   */
  claims(request: IncomingMessage, body: unknown): Promise<boolean>;
  /** Answers one claimed request, already authenticated as `caller` (and within every limit the listener checks). */
  serve(request: IncomingMessage, response: ServerResponse, body: unknown, caller: Caller): Promise<void>;
  /** Ends the open `subscriptions/listen` streams and the requests in flight. */
  close(): Promise<void>;
}

/** Options of {@link openModernHttp}. */
export interface ModernHttpOptions {
  log(line: string): void;
  /** At most this many `subscriptions/listen` streams open at once (each holds a response open)… */
  maxSubscriptions: number;
  /** …and this many per credential, so one caller cannot take them all (as with sessions). */
  maxSubscriptionsPerCaller: number;
  /** The session store replicas share: a confirmation asked by one is answered at any, and spent once. */
  store?: SessionStore | undefined;
  /** This replica's id, named in each answer (`x-toolsift-replica`) as a 2025-era session's are. */
  replica?: string | undefined;
  /** Where the other replicas' tool changes are heard (the listener's one subscription to the store). */
  hearToolChanges?: ToolChangeFeedOptions["hear"];
}

/** What a caller refused a stream is told to wait, in seconds. */
const RETRY_AFTER_SECONDS = 30;

/**
 * The modern leg over SDK v2's `createMcpHandler(factory, { legacy: "reject" })`: each request
 * gets a v2 `Server` of its own from the gateway's services, and upstream tool changes are
 * published to `subscriptions/listen` streams through the handler's bus. The listener loaded
 * the same package for its 2025-era sessions before this, so it is there.
 */
export async function openModernHttp(gateway: Gateway, options: ModernHttpOptions): Promise<ModernHttp> {
  const sdk = await loadModernSdk();
  // The caller rides in as the request's authInfo object itself, which the handler passes through as it is.
  const callers = new WeakMap<AuthInfo, Caller>();
  const factory = modernServerFactory(
    gateway,
    sdk,
    (context) => {
      const caller = context.authInfo && callers.get(context.authInfo);
      // Fail closed: a request whose caller is not known here is not served as anyone.
      if (caller === undefined) throw new Error("toolsift: a 2026-07-28 request reached the server without its caller");
      return caller;
    },
    storeLedger(options.store),
  );
  const bus = new CallerScopedBus((caller, tool) => gateway.lets(caller, tool), options.log);
  const handler = sdk.createMcpHandler(factory, {
    legacy: "reject",
    bus,
    maxSubscriptions: options.maxSubscriptions,
    onerror: (error) => options.log(`MCP 2026-07-28 request failed: ${errorText(error)}`),
  });
  // One publish per update: the handler's router sends it to each stream whose filter names the URI.
  const publishUpdate = (server: string, uri: string) => handler.notify.resourceUpdated(wrapUri(server, uri));
  const unwatch = toolChangeFeed({
    tools: () => gateway.catalogueTools(),
    watch: (listener) => gateway.watchToolChanges(listener),
    changed: (names) => bus.toolsChanged(names),
    store: options.store,
    replica: options.replica,
    hear: options.hearToolChanges,
    log: options.log,
  });
  /** Open `subscriptions/listen` streams by credential. */
  const listening = new Map<string, number>();
  return {
    async claims(request, body) {
      // Neither a version header nor the envelope's version in the body: 2025-era by the spec's
      // rule (and the SDK's), known without building a web Request for every initialize.
      if (request.headers["mcp-protocol-version"] === undefined && !namesEnvelopeVersion(body)) return false;
      // The body was read (and bounded) already; the predicate classifies from it and reads nothing.
      const web = webRequestOf(request, body);
      return !(await sdk.isLegacyRequest(web, body));
    },
    async serve(request, response, body, caller) {
      const hangUp = new AbortController();
      response.once("close", () => hangUp.abort());
      let listen: AcceptedListen | undefined;
      if (isListen(body)) {
        const { quota } = sessionOwnerOf(caller);
        const open = listening.get(quota) ?? 0;
        if (open >= options.maxSubscriptionsPerCaller)
          return rpcError(
            response,
            503,
            -32000,
            `Service unavailable: this credential has ${open} subscriptions/listen streams open, the most it may. Close one, or try again in ${RETRY_AFTER_SECONDS} s.`,
            { "retry-after": String(RETRY_AFTER_SECONDS) },
          );
        listening.set(quota, open + 1);
        response.once("close", () => {
          const left = (listening.get(quota) ?? 1) - 1;
          if (left > 0) listening.set(quota, left);
          else listening.delete(quota);
        });
        listen = await acceptListen(gateway, caller, body, publishUpdate, hangUp.signal);
        const accepted = listen;
        response.once("close", () => accepted.release());
        if (response.destroyed) accepted.release();
      }
      const sent = listen?.body ?? body;
      // No token here: the listener checked it, and a handler has no use for it.
      const authInfo: AuthInfo = { token: "", clientId: caller.id, scopes: [...caller.scopes] };
      callers.set(authInfo, caller);
      // As the caller: a listen stream the handler opens is this caller's, and hears only what it may see.
      const answer = await bus.as(caller, () =>
        handler.fetch(webRequestOf(request, sent, hangUp.signal), { authInfo, parsedBody: sent }),
      );
      if (options.replica !== undefined) response.setHeader("x-toolsift-replica", options.replica);
      await sendWebResponse(answer, response);
    },
    async close() {
      unwatch();
      await handler.close();
    },
  };
}

/** Whether a message, or any message of a batch, names the 2026-07-28 envelope's protocol version (valid or not: the SDK judges). */
function namesEnvelopeVersion(body: unknown): boolean {
  return (Array.isArray(body) ? body : [body]).some((message) => envelopeVersionOf(message) !== undefined);
}

function isListen(body: unknown): boolean {
  return (
    typeof body === "object" &&
    body !== null &&
    !Array.isArray(body) &&
    (body as Record<string, unknown>).method === "subscriptions/listen"
  );
}
