import { errorText } from "../../errors.js";
import { boundText } from "../../for-apps.js";
import type { Caller } from "../auth/caller.js";
import { visible } from "../content/content-scope.js";
import { unwrapUri } from "../content/namespaced-uri.js";
import { firstAttemptsSettled } from "../first-attempts.js";
import type { Gateway } from "../gateway.js";
import {
  MAX_SUBSCRIPTIONS_PER_SUBSCRIBER,
  type ResourceSubscriber,
  subscribersOf,
} from "../passthrough/resource-subscribers.js";
import { isRecord } from "../../util/is-record.js";

/** How long a listen waits for the first attempts of the servers its URIs name (as lists do). */
const START_WAIT_MS = 10_000;

/** A `subscriptions/listen` request as the gateway passes it on, and how to end what it holds upstream. */
export interface AcceptedListen {
  /** The request, its `resourceSubscriptions` cut to the URIs the gateway took on. */
  body: unknown;
  /** Ends the stream's upstream subscriptions (the stream closed, or was cancelled). */
  release(): void;
}

/**
 * The resource part of a 2026-07-28 `subscriptions/listen` request, before the SDK's router
 * acknowledges and serves it: each gateway URI in `notifications.resourceSubscriptions` that
 * names a server the caller may see and that offers subscriptions is subscribed to upstream (in
 * that server's era, once however many streams and sessions hold it, see
 * passthrough/resource-subscribers.ts); the others are left out of the request. The SDK
 * acknowledges what is left, so the client learns which URIs it will hear about (the spec's
 * acknowledged subset) and a URI it may not see is neither confirmed nor delivered. At most
 * {@link MAX_SUBSCRIPTIONS_PER_SUBSCRIBER} URIs per stream.
 *
 * `deliver` publishes an update to the streams (the SDK routes it to each stream whose filter
 * names the URI); every stream of one handler shares it, so an update is published once.
 */
export async function acceptListen(
  gateway: Gateway,
  caller: Caller,
  body: unknown,
  deliver: ResourceSubscriber["deliver"],
  signal: AbortSignal,
): Promise<AcceptedListen> {
  const requested = requestedUris(body);
  const scope = gateway.contentScope(caller);
  if (requested === undefined) return { body, release: () => undefined };
  const subscriber: ResourceSubscriber = { deliver };
  if (!scope) return { body: withUris(body, []), release: () => undefined };
  const { host } = scope;
  const subscribers = subscribersOf(host);
  const policy = scope.services.policies.for(scope.caller);
  const targets = [...new Set(requested)].slice(0, MAX_SUBSCRIPTIONS_PER_SUBSCRIBER).flatMap((uri) => {
    const target = unwrapUri(uri);
    return target && !policy.hidesServer(target.server)
      ? [{ wrapped: uri, server: target.server, uri: target.uri }]
      : [];
  });
  if (targets.length > 0) {
    const servers = [...new Set(targets.map((target) => target.server))];
    await firstAttemptsSettled(host, servers, START_WAIT_MS, signal);
  }
  const taken = await Promise.all(
    targets.map(async (target) => {
      if (!visible(scope, target.server, "resources") || !host.offers(target.server).subscribe) return undefined;
      try {
        await subscribers.add(subscriber, target.server, target.uri);
        return target.wrapped;
      } catch (error) {
        scope.services.log(
          `left ${JSON.stringify(boundText(target.wrapped, 200))} out of a subscriptions/listen stream: ${errorText(error)}`,
        );
        return undefined;
      }
    }),
  );
  return {
    body: withUris(
      body,
      taken.filter((uri) => uri !== undefined),
    ),
    release: () => void subscribers.removeAll(subscriber),
  };
}

/**
 * The URIs a listen request asks to hear about, if it asks for any; a list that is not all strings
 * is left as it is, for the SDK to refuse as the malformed filter it is.
 */
function requestedUris(body: unknown): string[] | undefined {
  const params = isRecord(body) ? body.params : undefined;
  const notifications = isRecord(params) ? params.notifications : undefined;
  const uris = isRecord(notifications) ? notifications.resourceSubscriptions : undefined;
  return Array.isArray(uris) && uris.every((uri) => typeof uri === "string") ? uris : undefined;
}

/** The listen request with `resourceSubscriptions` replaced by `uris` (left out when there are none). */
export function withUris(body: unknown, uris: string[]): unknown {
  if (!isRecord(body) || !isRecord(body.params) || !isRecord(body.params.notifications)) return body;
  const { resourceSubscriptions: _asked, ...notifications } = body.params.notifications;
  return {
    ...body,
    params: {
      ...body.params,
      notifications: uris.length > 0 ? { ...notifications, resourceSubscriptions: uris } : notifications,
    },
  };
}
