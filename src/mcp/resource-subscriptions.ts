import type { McpSubscription, SubscriptionFilter } from "@modelcontextprotocol/client";
import { boundText } from "../catalogue/bounded-text.js";
import type { AbortSignalLike } from "../catalogue/tool-definition.js";
import { ToolsiftError, errorText } from "../errors.js";
import { MCP_CONTENT_LIMITS, uriOf } from "./mcp-content-blocks.js";
import { ask, type ContentConnection } from "./mcp-resources.js";

/** At most this many resource URIs are subscribed on one server at once: each may hold a stream open. */
export const MAX_RESOURCE_SUBSCRIPTIONS = 1000;

/** A Client of SDK v2 as far as a 2026-07-28 subscription needs it. */
interface ListeningClient {
  getProtocolEra(): string | undefined;
  listen(filter: SubscriptionFilter): Promise<McpSubscription>;
}

/** What the subscriptions need of one server's connection. */
export interface SubscribingConnection extends ContentConnection {
  /** The current session's client, while the server is connected. */
  currentClient(): unknown;
  offers(): { resources: boolean; prompts: boolean; completions: boolean; subscribe: boolean };
}

/**
 * The resource URIs subscribed to on one server, each in that server's era: the 2025 era's
 * `resources/subscribe` (and `resources/unsubscribe` to end it), or in the 2026-07-28 era a
 * `subscriptions/listen` stream of its own whose filter names the URI (closed to end it; a stream
 * per URI, so one ends without touching the others). The set outlives a session: a new session of
 * the server is subscribed to every URI again ({@link ResourceSubscriptions.renew}).
 */
export class ResourceSubscriptions {
  /** By URI: the 2026-07-28 stream that holds it, or `undefined` in the 2025 era (or while it opens). */
  private readonly uris = new Map<string, Promise<McpSubscription | undefined>>();

  constructor(
    private readonly connection: SubscribingConnection,
    private readonly warn: (error: ToolsiftError) => void,
  ) {}

  /** Whether `uri` is subscribed to (updates of other URIs are not passed on). */
  has(uri: string): boolean {
    return this.uris.has(uri);
  }

  /**
   * Subscribes to `uri` on the current session, unless it is already.
   *
   * @throws {@link ToolsiftError} `mcp_invalid_uri`, `mcp_no_capability` (not connected, or no `resources.subscribe`),
   *   `mcp_too_many_subscriptions`, `mcp_request_failed` (the server refused or did not answer).
   */
  async add(uri: string, signal?: AbortSignalLike): Promise<void> {
    if (this.uris.has(uri)) return;
    const { server } = this.connection;
    if (uriOf(uri) === undefined)
      throw new ToolsiftError(
        "mcp_invalid_uri",
        `A resource URI to subscribe to on MCP server "${server}" must be a non-empty string of at most ${MCP_CONTENT_LIMITS.uriChars} characters.`,
      );
    if (!this.connection.offers().subscribe)
      throw new ToolsiftError(
        "mcp_no_capability",
        `MCP server "${server}" is not connected, or does not offer resource subscriptions (resources.subscribe), so resources/subscribe was not sent.`,
      );
    if (this.uris.size >= MAX_RESOURCE_SUBSCRIPTIONS)
      throw new ToolsiftError(
        "mcp_too_many_subscriptions",
        `MCP server "${server}" already has ${MAX_RESOURCE_SUBSCRIPTIONS} resource subscriptions, the most toolsift holds on one server; unsubscribe from one first.`,
      );
    const opened = this.open(uri, signal);
    this.uris.set(uri, opened);
    try {
      await opened;
    } catch (error) {
      if (this.uris.get(uri) === opened) this.uris.delete(uri);
      throw error;
    }
  }

  /** Ends the subscription to `uri` on the server, if there is one; a failure is a warning, never thrown. */
  async remove(uri: string): Promise<void> {
    const held = this.uris.get(uri);
    if (!held) return;
    this.uris.delete(uri);
    const stream = await held.catch(() => undefined);
    try {
      if (stream) await stream.close();
      else if (this.connection.offers().subscribe)
        await ask(this.connection, "resources", "resources/unsubscribe", { uri }, undefined);
    } catch (error) {
      this.warn(
        new ToolsiftError(
          "mcp_unsubscribe_failed",
          `MCP server "${this.connection.server}" did not end the subscription to ${JSON.stringify(boundText(uri, 200))}: ${boundText(errorText(error), 500)}`,
        ),
      );
    }
  }

  /** A new session of the server: every URI is subscribed to on it again, in the background. */
  renew(): void {
    for (const uri of this.uris.keys()) {
      const opened = this.open(uri);
      this.uris.set(uri, opened);
      opened.catch((error: unknown) =>
        this.warn(
          new ToolsiftError(
            "mcp_subscribe_failed",
            `MCP server "${this.connection.server}" did not renew the subscription to ${JSON.stringify(boundText(uri, 200))} after it reconnected: ${boundText(errorText(error), 500)}`,
          ),
        ),
      );
    }
  }

  /** Every URI, to end them all (the host closes). */
  get all(): readonly string[] {
    return [...this.uris.keys()];
  }

  private async open(uri: string, signal?: AbortSignalLike): Promise<McpSubscription | undefined> {
    const client = this.connection.currentClient();
    if (!isModern(client)) {
      await ask(this.connection, "resources", "resources/subscribe", { uri }, signal);
      return undefined;
    }
    let stream: McpSubscription;
    try {
      stream = await client.listen({ resourceSubscriptions: [uri] });
    } catch (error) {
      throw new ToolsiftError(
        "mcp_request_failed",
        `MCP server "${this.connection.server}" failed subscriptions/listen: ${boundText(errorText(error), 1000)}`,
        { cause: error },
      );
    }
    if (stream.honoredFilter.resourceSubscriptions?.includes(uri)) return stream;
    await stream.close().catch(() => undefined);
    throw new ToolsiftError(
      "mcp_request_failed",
      `MCP server "${this.connection.server}" did not accept a subscription to ${JSON.stringify(boundText(uri, 200))} (its subscriptions/listen acknowledgement left it out).`,
    );
  }
}

function isModern(client: unknown): client is ListeningClient {
  const candidate = client as Partial<ListeningClient> | null;
  return (
    typeof candidate?.getProtocolEra === "function" &&
    typeof candidate.listen === "function" &&
    candidate.getProtocolEra() === "modern"
  );
}
