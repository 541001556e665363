import type { ServerContext } from "@modelcontextprotocol/server";
import type { CallScope, GatewayConnection } from "../gateway-connection.js";
import { ProgressRelay } from "../passthrough/progress-relay.js";
import { RequestLogs } from "../passthrough/request-logs.js";

/**
 * Wires one stateless (2026-07-28) `tools/call` of `tool` to its own response stream, the only
 * place that era lets what relates to a request go: the upstream server's progress, under the
 * request's `_meta.progressToken` if it has one, through the same relay (and rate bound) as a
 * session's; and the server's log messages, which `ctx.mcpReq.log` sends only at or above the
 * level the request's `_meta` names, and not at all without one. Cancellation needs nothing
 * here: `ctx.mcpReq.signal` (the response stream closed over HTTP, `notifications/cancelled` over
 * stdio) is the call's signal already.
 *
 * @returns What the call's {@link CallScope} gets besides its id and signal.
 */
export function passThroughTo(
  ctx: ServerContext,
  tool: string,
  connection: GatewayConnection,
): Pick<CallScope, "progress"> {
  // A tool is named "server__tool", and a server name has no "__" (the config refuses one): search_tools has none, no logs.
  const server = tool.slice(0, Math.max(0, tool.indexOf("__")));
  if (server !== "")
    connection.requestLogs = new RequestLogs(server, (level, data, logger) => ctx.mcpReq.log(level, data, logger));
  const token = ctx.mcpReq._meta?.progressToken;
  return token === undefined
    ? {}
    : {
        progress: new ProgressRelay(token, ({ method, params }) =>
          // Spread: v2's notification params are an open record, the relay's an interface.
          ctx.mcpReq.notify({ method, params: { ...params } }),
        ),
      };
}
