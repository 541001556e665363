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
 * result, toolsift strips what it does not pass on and names the server.
 */
export function answerServerRequests(
  client: SdkClient,
  server: string,
  handlers: McpServerRequestHandlers | undefined,
  sdk: McpSdk,
): void {
  const forward =
    (method: McpServerRequestMethod, handler: McpServerRequestHandler) =>
    // The SDK's result types are unions of every shape it knows; the SDK checks what comes back.
    async (request: { params?: Record<string, unknown> }, extra: { signal: AbortSignal }): Promise<never> => {
      const { _meta, task, ...params } = request.params ?? {};
      return (await handler({ server, method, params, signal: extra.signal })) as never;
    };
  const { roots, elicitation, sampling } = handlers ?? {};
  if (roots) client.setRequestHandler(sdk.ListRootsRequestSchema, forward("roots/list", roots));
  if (elicitation) client.setRequestHandler(sdk.ElicitRequestSchema, forward("elicitation/create", elicitation));
  if (sampling) client.setRequestHandler(sdk.CreateMessageRequestSchema, forward("sampling/createMessage", sampling));
}
