/**
 * Options toolsift passes with each request it sends through an {@link McpClient}.
 * The SDK's `RequestOptions` accepts them.
 */
export interface McpRequestOptions {
  /** Milliseconds before the client gives up on the request. */
  timeout?: number;
  /**
   * An `AbortSignal` (typed `unknown` so toolsift's types need neither the DOM nor Node's) that
   * aborts when toolsift gives up on a `tools/call`; the SDK's Client then sends
   * `notifications/cancelled` so the server can stop work nobody waits for.
   */
  signal?: unknown;
  /**
   * Asks the server for progress on this request (the SDK puts a `progressToken` in its `_meta`)
   * and is called with each `notifications/progress` it sends about it. Typed `never` so that
   * either SDK's own callback type fits; toolsift's callback takes `unknown` and checks the value.
   */
  onprogress?: (progress: never) => void;
}

/**
 * The part of an MCP client that `fromMcp` uses, for a client you connected yourself. The `Client`
 * of SDK v2 (`@modelcontextprotocol/client` ^2.4) has it, and so does SDK v1's
 * (`@modelcontextprotocol/sdk` ^1.32); the interface is toolsift's own so that toolsift's types do
 * not depend on the SDK, which is an optional peer dependency.
 *
 * @example
 * ```ts
 * import { Client } from "@modelcontextprotocol/client";
 * const client = new Client({ name: "my-agent", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } });
 * await client.connect(transport);
 * const host = await fromMcp({ mine: client }); // a Client is an McpClient
 * ```
 */
export interface McpClient {
  /**
   * Sends a request and resolves to its result. toolsift sends `tools/list` and `tools/call`, with
   * a result schema of its own that either SDK's Client accepts and that lets any object through
   * (toolsift checks results itself).
   */
  request(
    request: { method: string; params?: Record<string, unknown> },
    resultSchema: unknown,
    options?: McpRequestOptions,
  ): Promise<unknown>;
  /**
   * Installs the handler of a notification; toolsift listens for `notifications/tools/list_changed`.
   * SDK v2's Client takes the notification's method, v1's its schema: toolsift passes each its own.
   */
  setNotificationHandler(notificationSchema: unknown, handler: (notification: unknown) => void | Promise<void>): void;
  /** Removes the handler of a notification method, when the tool host is closed. */
  removeNotificationHandler(method: string): void;
  /**
   * What the server declared (at `initialize`, or in its `server/discover` answer in the 2026-07-28
   * era); a server without `tools` has none, and only a server
   * that declares `resources` or `prompts` is asked for them.
   */
  getServerCapabilities():
    | { tools?: unknown; resources?: unknown; prompts?: unknown; completions?: unknown }
    | undefined;
}

const CLIENT_METHODS = [
  "request",
  "setNotificationHandler",
  "removeNotificationHandler",
  "getServerCapabilities",
] as const;

/**
 * Tells a client from a server config by its methods rather than `instanceof`: a client may come
 * from another copy of the SDK, and the SDK is only loaded once a server is used.
 */
export function isMcpClient(value: unknown): value is McpClient {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return CLIENT_METHODS.every((method) => typeof candidate[method] === "function");
}
