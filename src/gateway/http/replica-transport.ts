import type { JSONRPCMessage, MessageExtraInfo } from "@modelcontextprotocol/server";
import type { GatewayConnection } from "../gateway-connection.js";
import type { ReplicaMessage } from "../replicas/session-store.js";

/** The web-standard Streamable HTTP server transport of the MCP SDK, as far as a replica uses it. */
export interface WebTransport {
  sessionId?: string | undefined;
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?: ((message: JSONRPCMessage, extra?: MessageExtraInfo) => void) | undefined;
  start(): Promise<void>;
  close(): Promise<void>;
  send(message: JSONRPCMessage, options?: { relatedRequestId?: string | number }): Promise<void>;
  handleRequest(request: Request, options?: { parsedBody?: unknown }): Promise<Response>;
}

/** What a {@link ReplicaTransport} asks of the replica that holds it. */
export interface ReplicaHooks {
  /** This replica's id: it prefixes the ids of the requests it sends the client. */
  readonly replica: string;
  /** Before each answer leaves: the session's state is saved, so the client's next request finds it on any replica. */
  beforeAnswer(): Promise<void>;
  /** Tells the other replicas (a notification for the GET stream, an answer to another replica's request). */
  publish(message: ReplicaMessage): void;
}

/** `"<replica>:<n>"`, the id a request of this replica is sent with (replica ids are 8 hex digits). */
const PREFIXED = /^([0-9a-f]{8}):(\d{1,15})$/;
/**
 * The largest answer passed on to another replica. An elicitation answer is a few fields; a
 * client must not make every replica read megabytes through the store for each POST.
 */
const MAX_RELAYED_BYTES = 64 * 1024;

/**
 * The SDK's transport, as the gateway's MCP server sees it, with what replicas need in between:
 *
 * - requests sent to the client (an elicitation) carry this replica's id (`"<replica>:<n>"`), so
 *   the client's answer, which may be POSTed to another replica, is sent back here by it;
 * - a notification no request carries (`tools/list_changed` after an upstream change) goes out on
 *   the GET stream if this replica holds it, else to the replica that does;
 * - each answer waits for the session's state to be saved.
 */
export class ReplicaTransport {
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?: ((message: JSONRPCMessage, extra?: MessageExtraInfo) => void) | undefined;
  /** The client's initialize params, as it sent them (replayed to rebuild the session elsewhere). */
  initialize: unknown;
  /** GET streams of this session open on this replica now. */
  streams = 0;
  /** The gateway's connection it serves, once connected. */
  connection: GatewayConnection | undefined;

  constructor(
    readonly inner: WebTransport,
    private readonly hooks: ReplicaHooks,
  ) {
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
    inner.onmessage = (message, extra) => this.received(message, extra);
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  handleRequest(request: Request, parsedBody: unknown): Promise<Response> {
    return this.inner.handleRequest(request, { parsedBody });
  }

  async send(message: JSONRPCMessage, options?: { relatedRequestId?: string | number }): Promise<void> {
    if ("method" in message && "id" in message) {
      return this.inner.send({ ...message, id: `${this.hooks.replica}:${message.id}` }, options);
    }
    if ("id" in message) {
      await this.hooks.beforeAnswer();
      return this.inner.send(message, options);
    }
    if (options?.relatedRequestId === undefined && this.streams === 0 && this.sessionId !== undefined) {
      this.hooks.publish({ kind: "notify", session: this.sessionId, message });
      return;
    }
    return this.inner.send(message, options);
  }

  /** A notification another replica could not send: out on the GET stream, if this replica holds it. */
  async notify(message: unknown): Promise<void> {
    if (this.streams > 0) await this.inner.send(message as JSONRPCMessage);
  }

  /** The client's answer to a request this replica sent, POSTed to another replica. */
  answered(message: unknown): void {
    const answer = this.ownAnswer(message);
    if (answer) this.onmessage?.(answer);
  }

  private received(message: JSONRPCMessage, extra: MessageExtraInfo | undefined): void {
    if ("method" in message && message.method === "initialize" && "id" in message) this.initialize = message.params;
    if (!("method" in message) && "id" in message) {
      const prefixed = typeof message.id === "string" ? PREFIXED.exec(message.id) : null;
      if (prefixed && prefixed[1] !== this.hooks.replica && this.sessionId !== undefined) {
        // Too large, it is dropped: the asking replica's request times out, as for a lost answer.
        if (JSON.stringify(message).length <= MAX_RELAYED_BYTES)
          this.hooks.publish({ kind: "response", session: this.sessionId, replica: prefixed[1]!, message });
        return;
      }
      const answer = this.ownAnswer(message);
      if (answer) this.onmessage?.(answer, extra);
      return;
    }
    this.onmessage?.(message, extra);
  }

  /** An answer with this replica's prefix taken off; `undefined` for one that is not (the protocol ignores it anyway). */
  private ownAnswer(message: unknown): JSONRPCMessage | undefined {
    if (typeof message !== "object" || message === null || !("id" in message)) return undefined;
    const prefixed = typeof message.id === "string" ? PREFIXED.exec(message.id) : null;
    if (!prefixed || prefixed[1] !== this.hooks.replica) return message as JSONRPCMessage;
    return { ...(message as JSONRPCMessage), id: Number(prefixed[2]) } as JSONRPCMessage;
  }
}
