import type { AbortSignalLike } from "../catalogue/tool-definition.js";

/** The requests an MCP server may send its client that {@link fromMcp} can answer. */
export type McpServerRequestMethod = "roots/list" | "elicitation/create" | "sampling/createMessage";

/** A request an MCP server sent to toolsift as its client, for a {@link McpServerRequestHandlers} handler. */
export interface McpServerRequest {
  /** The server's name, as given to `fromMcp`. */
  server: string;
  method: McpServerRequestMethod;
  /**
   * The request's params, already checked by the MCP SDK against the spec's schema for the method,
   * without `_meta` and `task` (toolsift runs no tasks; a progress token means nothing past it).
   */
  params: Record<string, unknown>;
  /** Aborts when the server cancels the request or its connection closes. */
  signal: AbortSignalLike;
}

/** Answers one kind of {@link McpServerRequest}: resolves to the MCP result, or throws to answer with a JSON-RPC error. */
export type McpServerRequestHandler = (request: McpServerRequest) => Promise<unknown>;

/**
 * How `fromMcp` answers the requests servers send their client. Each handler given declares its
 * capability (at `initialize`, or in every request of the 2026-07-28 era) to every server `fromMcp`
 * connects itself (a `Client` you pass in keeps the capabilities and handlers you gave it);
 * without any, toolsift declares none (`capabilities: {}`), as before, and servers see a client
 * without roots, elicitation or sampling.
 * A 2026-07-28 server asks in an `input_required` result instead of a request: the same handler
 * answers, and the call is retried with the answer.
 *
 * A result is checked by the MCP SDK against the method's result schema before it goes back; one
 * that does not fit, and anything a handler throws, reaches the server as a JSON-RPC error. A
 * handler's error message goes to the server: keep secrets out of it.
 *
 * @example
 * ```ts
 * const host = await fromMcp(servers, {
 *   serverRequests: {
 *     roots: async () => ({ roots: [{ uri: "file:///srv/project", name: "project" }] }),
 *     elicitation: async ({ server, params }) => askTheUser(server, params), // { action, content? }
 *   },
 * });
 * await host.rootsChanged(); // after the roots changed: servers ask roots/list again
 * ```
 */
export interface McpServerRequestHandlers {
  /** Declares `roots` (with `listChanged`) and answers `roots/list` with `{ roots: [{ uri, name? }] }`. */
  roots?: McpServerRequestHandler;
  /** Declares form-mode `elicitation` and answers `elicitation/create` with `{ action, content? }`. */
  elicitation?: McpServerRequestHandler;
  /** Declares `sampling` and answers `sampling/createMessage` with `{ role, content, model, stopReason? }`. */
  sampling?: McpServerRequestHandler;
}

/** The capabilities a client with these handlers declares at `initialize`. */
export function clientCapabilities(handlers: McpServerRequestHandlers | undefined): Record<string, unknown> {
  return {
    ...(handlers?.roots ? { roots: { listChanged: true } } : {}),
    ...(handlers?.elicitation ? { elicitation: { form: {} } } : {}),
    ...(handlers?.sampling ? { sampling: {} } : {}),
  };
}
