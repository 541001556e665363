import { boundText } from "../../for-apps.js";
import { firstAttemptsSettled } from "../first-attempts.js";
import type { GatewayMcpServer } from "../gateway-sdk.js";
import { subscribersOf, type ResourceSubscriber } from "../passthrough/resource-subscribers.js";
import { limitRate, upstream, visible, type ContentScope } from "./content-scope.js";
import { unwrapUri, wrapUri } from "./namespaced-uri.js";
import { RESOURCE_NOT_FOUND, type NotFoundAnswers } from "./not-found-answers.js";

const INVALID_PARAMS = -32602;

/** How long a subscribe waits for its server's first attempt to connect (as lists do). */
const START_WAIT_MS = 10_000;

/**
 * Whether a server the caller may see offers resource subscriptions, or may: one still in its
 * first attempt to connect has not said yet. A session starts before its servers are up (its
 * `initialize` is answered at once), and its capabilities cannot change later; so `subscribe` is
 * declared unless every server the caller may see is known not to offer it, and a subscription to
 * a server that turned out not to is refused with a message that says so.
 */
export function anySubscribable(scope: ContentScope): boolean {
  const { host } = scope;
  const policy = scope.services.policies.for(scope.caller);
  const starting = new Set(
    host
      .status()
      .filter((server) => server.state === "connecting" && server.failures === 0 && server.lastError === undefined)
      .map((server) => server.server),
  );
  return host.servers.some(
    (server) =>
      !policy.hidesServer(server) &&
      (starting.has(server) || (visible(scope, server, "resources") && host.offers(server).subscribe)),
  );
}

/**
 * `resources/subscribe` and `resources/unsubscribe` on one 2025-era connection's MCP `Server`:
 * a gateway URI is subscribed to on the server it names (once, however many sessions hold it,
 * see passthrough/resource-subscribers.ts), and that server's `notifications/resources/updated`
 * about it reach this session only if it subscribed, and only while its caller may still see the
 * server. A URI of a server the caller may not see is answered as one nobody has. The session's
 * subscriptions end with it. Declares `resources.subscribe` only when {@link anySubscribable}. A
 * subscribe in the first seconds waits for its server's first attempt to connect, as lists do.
 */
export function serveSubscriptions(server: GatewayMcpServer, scope: ContentScope, notFound: NotFoundAnswers): void {
  if (!anySubscribable(scope)) return;
  const { sdk, host } = scope;
  const subscribers = subscribersOf(host);
  const subscriber: ResourceSubscriber = {
    deliver: (name, uri) => {
      // Fail closed: a policy that hides the server now stops its updates, whatever was subscribed.
      if (!visible(scope, name, "resources")) return;
      // The client is gone or not connected: the session's end removes the subscription.
      server.sendResourceUpdated({ uri: wrapUri(name, uri) }).catch(() => undefined);
    },
  };
  server.registerCapabilities({ resources: { subscribe: true } });
  server.setRequestHandler("resources/subscribe", (request, ctx) =>
    notFound.answering(ctx.mcpReq.id, async () => {
      const { uri } = request.params;
      const target = unwrapUri(uri);
      if (target && !scope.services.policies.for(scope.caller).hidesServer(target.server))
        await firstAttemptsSettled(host, [target.server], START_WAIT_MS, ctx.mcpReq.signal);
      if (!target || !visible(scope, target.server, "resources"))
        throw new sdk.ProtocolError(RESOURCE_NOT_FOUND, `Resource not found: ${boundText(uri, 200)}`, {
          uri: boundText(uri, 200),
        });
      if (!host.offers(target.server).subscribe)
        throw new sdk.ProtocolError(
          INVALID_PARAMS,
          `MCP server "${target.server}" does not offer resource subscriptions (it did not declare resources.subscribe), so ${JSON.stringify(boundText(uri, 200))} cannot be subscribed to. Read it again instead.`,
        );
      limitRate(scope);
      await upstream(scope, () => subscribers.add(subscriber, target.server, target.uri));
      return {};
    }),
  );
  server.setRequestHandler("resources/unsubscribe", async (request) => {
    const target = unwrapUri(request.params.uri);
    // Unsubscribing from what was never subscribed to is already done.
    if (target) await subscribers.remove(subscriber, target.server, target.uri);
    return {};
  });
  const closed = server.onclose;
  server.onclose = () => {
    closed?.();
    void subscribers.removeAll(subscriber);
  };
}
