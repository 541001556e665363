import { ToolsiftError } from "../../errors.js";
import type { McpToolHost } from "../../public/mcp.js";

/** At most this many resource URIs one client session or one listen stream is subscribed to. */
export const MAX_SUBSCRIPTIONS_PER_SUBSCRIBER = 100;

/**
 * Who holds resource subscriptions: a 2025-era session, or a 2026-07-28 `subscriptions/listen`
 * stream. Subscribers that share one `deliver` (the streams of one handler, whose own router
 * sends an update to each stream that named its URI) get one call per update between them.
 */
export interface ResourceSubscriber {
  /** An upstream server said this resource of it (its URI as the server names it) changed. */
  readonly deliver: (server: string, uri: string) => void;
}

type Host = Pick<McpToolHost, "subscribeResource" | "unsubscribeResource">;

interface Held {
  readonly holders: Set<ResourceSubscriber>;
  /** The upstream subscription: settles once the server took it (or refused it). */
  readonly ready: Promise<void>;
}

/**
 * The gateway's resource subscriptions, one upstream subscription per (server, URI) however many
 * subscribers hold it: the first subscriber subscribes upstream, the last one to go unsubscribes
 * there. An update reaches only the subscribers of that URI. Each subscriber holds at most
 * {@link MAX_SUBSCRIPTIONS_PER_SUBSCRIBER} URIs, and the host bounds each server's.
 */
export class ResourceSubscribers {
  private readonly byUri = new Map<string, Held>();
  private readonly bySubscriber = new Map<ResourceSubscriber, Map<string, { server: string; uri: string }>>();

  constructor(private readonly host: Host) {}

  /**
   * Subscribes `subscriber` to `uri` of `server`; resolves once the upstream server has the
   * subscription. Twice is once.
   *
   * @throws `ToolsiftError` past the subscriber's bound, or what the host's subscribe threw.
   */
  async add(subscriber: ResourceSubscriber, server: string, uri: string): Promise<void> {
    const key = keyOf(server, uri);
    const mine = this.bySubscriber.get(subscriber) ?? new Map<string, { server: string; uri: string }>();
    if (mine.has(key)) return this.byUri.get(key)?.ready;
    if (mine.size >= MAX_SUBSCRIPTIONS_PER_SUBSCRIBER)
      throw new ToolsiftError(
        "too_many_subscriptions",
        `This client already holds ${MAX_SUBSCRIPTIONS_PER_SUBSCRIBER} resource subscriptions, the most the gateway keeps for one; unsubscribe from one first.`,
      );
    let held = this.byUri.get(key);
    if (!held) {
      const ready = this.host.subscribeResource(server, uri);
      const created: Held = { holders: new Set(), ready };
      held = created;
      this.byUri.set(key, created);
      // A refused subscription is forgotten by every subscriber that waited for it.
      ready.catch(() => {
        if (this.byUri.get(key) !== created) return;
        this.byUri.delete(key);
        for (const holder of created.holders) this.bySubscriber.get(holder)?.delete(key);
      });
    }
    held.holders.add(subscriber);
    mine.set(key, { server, uri });
    this.bySubscriber.set(subscriber, mine);
    await held.ready;
  }

  /** Ends `subscriber`'s subscription to `uri` of `server`; the last one to go unsubscribes upstream. */
  async remove(subscriber: ResourceSubscriber, server: string, uri: string): Promise<void> {
    const key = keyOf(server, uri);
    const mine = this.bySubscriber.get(subscriber);
    if (!mine?.delete(key)) return;
    if (mine.size === 0) this.bySubscriber.delete(subscriber);
    const held = this.byUri.get(key);
    if (!held) return;
    held.holders.delete(subscriber);
    if (held.holders.size > 0) return;
    this.byUri.delete(key);
    // Only a subscription the server took is ended there; unsubscribeResource never rejects. A
    // subscriber that came for the URI meanwhile found the upstream subscription still there: kept.
    const taken = await held.ready.then(
      () => true,
      () => false,
    );
    if (taken && !this.byUri.has(key)) await this.host.unsubscribeResource(server, uri);
  }

  /** Ends every subscription of `subscriber` (its session ended, its stream closed). */
  async removeAll(subscriber: ResourceSubscriber): Promise<void> {
    const mine = [...(this.bySubscriber.get(subscriber)?.values() ?? [])];
    await Promise.all(mine.map(({ server, uri }) => this.remove(subscriber, server, uri)));
  }

  /** An upstream server's update of `uri`: delivered to its subscribers, once per distinct delivery. */
  updated(server: string, uri: string): void {
    const held = this.byUri.get(keyOf(server, uri));
    if (!held) return;
    for (const deliver of new Set([...held.holders].map((holder) => holder.deliver))) deliver(server, uri);
  }

  /** How many URIs `subscriber` holds. */
  countOf(subscriber: ResourceSubscriber): number {
    return this.bySubscriber.get(subscriber)?.size ?? 0;
  }
}

/** The gateway's subscriptions over one tool host (shared by every connection and both eras). */
const registries = new WeakMap<Host, ResourceSubscribers>();

/** The one {@link ResourceSubscribers} of a host. */
export function subscribersOf(host: Host): ResourceSubscribers {
  let registry = registries.get(host);
  if (!registry) {
    registry = new ResourceSubscribers(host);
    registries.set(host, registry);
  }
  return registry;
}

function keyOf(server: string, uri: string): string {
  return `${server}\u0000${uri}`;
}
