import type { McpRequestContext, McpServerFactory, Server, ServerContext } from "@modelcontextprotocol/server";
import type { Caller } from "../auth/caller.js";
import type { Gateway } from "../gateway.js";
import type { ModernSdk } from "../gateway-sdk-v2.js";
import type { GatewayConnection, StatelessOptions } from "../gateway-connection.js";
import { sessionOwnerOf } from "../web/session-table.js";
import { CLIENT_INFO } from "../open-catalogue.js";
import { CALL_TOOL_DEFINITION, CALL_TOOL_NAME, toolCallOf } from "../listing/call-tool-tool.js";
import { anySubscribable } from "../content/resource-subscriptions.js";
import { serveModernContent } from "./modern-content.js";
import { passThroughTo } from "./request-passthrough.js";
import type { ConfirmationLedger } from "./confirmation-ledger.js";
import { StatelessConfirmations } from "./stateless-confirmations.js";
import { STATELESS_SEARCH_DESCRIPTION } from "./stateless-wording.js";

/** The protocol revision the modern era serves (the SDK's `server/discover` lists what it implements). */
export const MODERN_PROTOCOL_VERSION = "2026-07-28";
/**
 * How long a client may keep a `tools/list`: a minute bounds how stale a list can be for a
 * client without a `subscriptions/listen` stream (one with a stream hears of each change).
 */
export const TOOLS_LIST_TTL_MS = 60_000;
const CLIENT_CAPABILITIES_KEY = "io.modelcontextprotocol/clientCapabilities";

/**
 * The per-request MCP server factory of the modern (2026-07-28) era, for `createMcpHandler` (HTTP)
 * and `serveStdio`: a v2 `Server` whose `tools/list` and `tools/call` each open a stateless
 * connection of the gateway for the request alone (its catalogue, policies, pins, approvals,
 * rate limits and reports: the same call path as a 2025-era session's) and end it once answered.
 *
 * A stateless `tools/list` shows what a fresh session shows (search_tools, the keep tools, and
 * the stubs with `--stubs`) and `call_tool`, so the same caller always gets the same list: it is cacheable, but
 * only by that caller (`cacheScope: "private"`), since policies make it depend on who asks.
 *
 * @param callerOf - Who sent the request (HTTP: the listener's authentication; stdio: the local user).
 * @param ledger - Where confirmation states are signed and spent: shared by replicas of one session store.
 * @param made - Told of each server made (stdio: the one that serves the connection).
 */
export function modernServerFactory(
  gateway: Gateway,
  sdk: ModernSdk,
  callerOf: (context: McpRequestContext) => Caller,
  ledger: ConfirmationLedger,
  made?: (server: Server) => void,
): McpServerFactory {
  return (context) => {
    const caller = callerOf(context);
    const server = newModernServer(sdk, gateway.instructionsFor(caller, true));
    const scope = gateway.contentScope(caller);
    serveModernContent(server, sdk, scope, scope !== undefined && anySubscribable(scope));
    made?.(server);
    const open = (confirmations: StatelessOptions["confirmations"]): GatewayConnection =>
      gateway.openStateless(caller, {
        confirmations,
        searchDescription: STATELESS_SEARCH_DESCRIPTION,
      });
    server.setRequestHandler("tools/list", async () => {
      // A listing asks no one: no confirmation can be needed.
      const connection = open(new StatelessConfirmations(noRound(caller), sdk.inputResponse, ledger));
      try {
        // The 2025-era listing, which holds call_tool unless it lists every tool (a small catalogue):
        // call_tool is then added last, as search answers here always point to it.
        const tools = await connection.listTools();
        return { tools: tools.some((tool) => tool.name === CALL_TOOL_NAME) ? tools : [...tools, CALL_TOOL_DEFINITION] };
      } finally {
        connection.end();
      }
    });
    server.setRequestHandler("tools/call", async (request, ctx) => {
      const confirmations = new StatelessConfirmations(roundOf(ctx, caller), sdk.inputResponse, ledger);
      const connection = open(confirmations);
      try {
        const call = toolCallOf(request.params.name, request.params.arguments ?? {});
        if ("problem" in call) return { content: [{ type: "text", text: call.problem }], isError: true };
        const { name, input } = call;
        // A rate limit is the SDK's own ProtocolError already: it leaves as the JSON-RPC error it is.
        const result = await connection.callTool(name, input, {
          requestId: ctx.mcpReq.id,
          signal: ctx.mcpReq.signal,
          ...passThroughTo(ctx, name, connection),
        });
        if (confirmations.asked.size === 0) return server.projectCallToolResult(result, undefined);
        // The call was refused in this round for want of the user's answer: ask for it, and the client retries.
        return sdk.inputRequired({
          inputRequests: confirmations.inputRequests((params) => sdk.inputRequired.elicit(params)),
          requestState: await confirmations.state(),
        });
      } finally {
        connection.end();
      }
    });
    return server;
  };
}

/**
 * A v2 `Server` as the modern era declares it, before its handlers: tools that change, upstream
 * log messages, and the cache hints of its listings. Its `server/discover` answer is this and
 * the content capabilities (see `contentCapabilities`).
 */
export function newModernServer(sdk: Pick<ModernSdk, "Server">, instructions: string): Server {
  return new sdk.Server(CLIENT_INFO, {
    // logging: upstream log messages reach a tools/call's stream at the level its _meta names (request-passthrough.ts).
    capabilities: { tools: { listChanged: true }, logging: {} },
    instructions,
    cacheHints: {
      "tools/list": { ttlMs: TOOLS_LIST_TTL_MS, cacheScope: "private" },
      "resources/list": { ttlMs: TOOLS_LIST_TTL_MS, cacheScope: "private" },
      "resources/templates/list": { ttlMs: TOOLS_LIST_TTL_MS, cacheScope: "private" },
      "prompts/list": { ttlMs: TOOLS_LIST_TTL_MS, cacheScope: "private" },
    },
  });
}

function roundOf(ctx: ServerContext, caller: Caller) {
  const envelope: Record<string, unknown> = { ...ctx.mcpReq.envelope };
  return {
    capabilities: envelope[CLIENT_CAPABILITIES_KEY],
    responses: ctx.mcpReq.inputResponses,
    state: ctx.mcpReq.requestState(),
    who: sessionOwnerOf(caller).identity,
  };
}

function noRound(caller: Caller) {
  return { capabilities: undefined, responses: undefined, state: undefined, who: sessionOwnerOf(caller).identity };
}
