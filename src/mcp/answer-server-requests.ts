import type { McpSdk } from "./mcp-sdk.js";
import type {
  McpServerRequestHandler,
  McpServerRequestHandlers,
  McpServerRequestMethod,
} from "./mcp-server-requests.js";

// Apart from mcp-server-requests.ts, whose public types must not name the MCP SDK (an optional
// peer a consumer's type-check may not have).
type SdkClient = InstanceType<McpSdk["Client"]>;

/**
 * Installs the handler of each request the client declared: the SDK checks the request and the
 * result, toolsift strips what it does not pass on and names the server. The same handlers answer
 * both eras: a 2025 server sends these as requests of its own, a 2026-07-28 one asks for them in an
 * `input_required` result, which SDK v2's Client fulfils through these handlers and then retries.
 */
export function answerServerRequests(
  client: SdkClient,
  server: string,
  handlers: McpServerRequestHandlers | undefined,
): void {
  const forward =
    (method: McpServerRequestMethod, handler: McpServerRequestHandler) =>
    // The SDK's result types are unions of every shape it knows; the SDK checks what comes back.
    async (request: { params?: Record<string, unknown> }, ctx: { mcpReq: { signal: AbortSignal } }): Promise<never> => {
      const { _meta, task, ...params } = request.params ?? {};
      return (await handler({ server, method, params, signal: ctx.mcpReq.signal })) as never;
    };
  const { roots, elicitation, sampling } = handlers ?? {};
  if (roots) client.setRequestHandler("roots/list", forward("roots/list", roots));
  if (elicitation) client.setRequestHandler("elicitation/create", forward("elicitation/create", elicitation));
  if (sampling) client.setRequestHandler("sampling/createMessage", forward("sampling/createMessage", sampling));
}
