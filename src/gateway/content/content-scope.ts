import { errorText, ToolsiftError } from "../../errors.js";
import { boundText } from "../../for-apps.js";
import type { McpToolHost } from "../../public/mcp.js";
import type { Caller } from "../auth/caller.js";
import type { GatewaySdk } from "../gateway-sdk.js";
import type { CallerPolicies } from "../policy/caller-policy.js";
import { firstAttemptsSettled } from "../first-attempts.js";
import { RATE_LIMITED_CODE, type RateLimiter } from "../policy/rate-limit.js";

/** What of a request a list needs: its cancellation (a handler of either era passes its own). */
type Extra = { readonly signal: AbortSignal };

/** How long one upstream server may take over a list before the gateway answers without it. */
const LIST_WAIT_MS = 10_000;
const INVALID_PARAMS = -32602;
const METHOD_NOT_FOUND = -32601;
const INTERNAL_ERROR = -32603;

/**
 * Per host, when lists stop waiting for servers still starting: {@link LIST_WAIT_MS} after the
 * first list that could wait. A server that never answers delays the first lists, not every list
 * until its connect timeout ends its attempt.
 */
const startupDeadlines = new WeakMap<McpToolHost, number>();

/** What the resource and prompt handlers need of the gateway: a part of a connection's services. */
export interface ContentServices {
  readonly sdk: GatewaySdk;
  /** The upstream servers; none: a gateway of tools only, which fronts no resources or prompts. */
  readonly upstream?: McpToolHost;
  readonly policies: CallerPolicies;
  readonly limiter: RateLimiter;
  log(line: string): void;
}

/** What the resource and prompt handlers of one connection share. */
export interface ContentScope {
  readonly sdk: GatewaySdk;
  readonly host: McpToolHost;
  readonly caller: Caller;
  readonly services: ContentServices;
}

/** Whether the caller may see this server's resources or prompts, and the server offers them now. */
export function visible(scope: ContentScope, server: string, list: "resources" | "prompts"): boolean {
  return (
    scope.host.servers.includes(server) &&
    !scope.services.policies.for(scope.caller).hidesServer(server) &&
    scope.host.offers(server)[list]
  );
}

/**
 * One list from every server the caller may see that offers it, in the config's order. A server
 * that fails or takes longer than {@link LIST_WAIT_MS} is left out with a log line: one broken
 * server must not empty every client's list.
 */
export async function fromEach<T>(
  scope: ContentScope,
  list: "resources" | "prompts",
  extra: Extra,
  fetch: (server: string, signal: AbortSignal) => Promise<T[]>,
): Promise<T[]> {
  // A server still starting has not said yet whether it offers the list: wait for it, as for a slow list.
  const policy = scope.services.policies.for(scope.caller);
  const mayShow = scope.host.servers.filter((server) => !policy.hidesServer(server));
  const deadline = startupDeadlines.get(scope.host) ?? Date.now() + LIST_WAIT_MS;
  startupDeadlines.set(scope.host, deadline);
  await firstAttemptsSettled(scope.host, mayShow, deadline - Date.now(), extra.signal);
  const servers = scope.host.servers.filter((server) => visible(scope, server, list));
  const lists = await Promise.all(
    servers.map(async (server) => {
      const signal = AbortSignal.any([extra.signal, AbortSignal.timeout(LIST_WAIT_MS)]);
      try {
        return await fetch(server, signal);
      } catch (error) {
        // A server may declare resources without templates: "method not found" is an empty list, not news.
        const cause = error instanceof ToolsiftError ? (error.cause as { code?: unknown } | undefined) : undefined;
        if (!extra.signal.aborted && cause?.code !== METHOD_NOT_FOUND)
          scope.services.log(`left MCP server "${server}" out of a client's ${list} answer: ${errorText(error)}`);
        return [];
      }
    }),
  );
  return lists.flat();
}

/** An upstream request for a client: its failure becomes a JSON-RPC error with the server's code where it gave one. */
export async function upstream<T>(scope: ContentScope, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    const cause = error instanceof ToolsiftError ? (error.cause as { code?: unknown } | undefined) : undefined;
    const code =
      typeof cause?.code === "number" && Number.isInteger(cause.code)
        ? cause.code
        : error instanceof ToolsiftError && error.code === "mcp_invalid_result"
          ? INTERNAL_ERROR
          : INVALID_PARAMS;
    throw new scope.sdk.ProtocolError(code, boundText(errorText(error), 1000));
  }
}

/** Refuses a read or a prompt past this caller's rate, as a call would be. */
export function limitRate(scope: ContentScope): void {
  const limited = scope.services.limiter.take(scope.caller, "call");
  if (limited)
    throw new scope.sdk.ProtocolError(RATE_LIMITED_CODE, limited.message, { retryAfterMs: limited.retryAfterMs });
}
