import { boundText } from "../../for-apps.js";
import type { McpCompletionRequest } from "../../public/mcp.js";
import type { GatewayMcpServer } from "../gateway-sdk.js";
import type { NotFoundAnswers } from "./not-found-answers.js";
import { limitRate, upstream, visible, type ContentScope } from "./content-scope.js";
import { unwrapName, unwrapUri } from "./namespaced-uri.js";

const INVALID_PARAMS = -32602;

/** The server a client's `ref` names, and the `ref` as that server names it. */
interface Target {
  server: string;
  list: "prompts" | "resources";
  ref: McpCompletionRequest["ref"];
  /** How the client named it, for messages. */
  what: string;
}

/**
 * Answers `completion/complete` on one connection's MCP `Server`: the prompt (`server__prompt`)
 * or resource template (`toolsift://server/…`) it names is completed by its own server, when the
 * caller may see that server and the server declared `completions`; otherwise a JSON-RPC error
 * says which (a server the caller may not see is answered as one nobody has).
 */
export function serveCompletions(server: GatewayMcpServer, scope: ContentScope, notFound: NotFoundAnswers): void {
  server.registerCapabilities({ completions: {} });
  server.setRequestHandler("completion/complete", (request, ctx) =>
    notFound.answering(ctx.mcpReq.id, async () => {
      const completion = await complete(scope, request.params, ctx.mcpReq.signal);
      // The upstream server's completion, passed on as it is (the SDK's type is open to fields of later revisions).
      return { completion: completion as typeof completion & Record<string, unknown> };
    }),
  );
}

/** The `completion/complete` request's params, as either era's handler is given them. */
export interface CompleteParams {
  ref: { type: "ref/prompt"; name: string } | { type: "ref/resource"; uri: string };
  argument: { name: string; value: string };
  context?: { arguments?: Record<string, string> } | undefined;
}

/** `completion/complete`: the prompt or template the `ref` names is completed by its own server. */
export async function complete(scope: ContentScope, params: CompleteParams, signal: AbortSignal) {
  const { sdk, host } = scope;
  const { ref, argument, context } = params;
  const target = targetOf(ref);
  if (!target || !visible(scope, target.server, target.list))
    throw new sdk.ProtocolError(
      INVALID_PARAMS,
      ref.type === "ref/prompt"
        ? `Unknown prompt: ${boundText(ref.name, 200)}`
        : `Unknown resource template: ${boundText(ref.uri, 200)}`,
    );
  if (!host.offers(target.server).completions)
    throw new sdk.ProtocolError(
      INVALID_PARAMS,
      `MCP server "${target.server}" does not offer completions (it did not declare the capability), so ${target.what} has none.`,
    );
  limitRate(scope);
  return upstream(scope, () =>
    host.complete(
      target.server,
      { ref: target.ref, argument, ...(context?.arguments ? { context: { arguments: context.arguments } } : {}) },
      { signal },
    ),
  );
}

function targetOf(
  ref: { type: "ref/prompt"; name: string } | { type: "ref/resource"; uri: string },
): Target | undefined {
  if (ref.type === "ref/prompt") {
    const named = unwrapName(ref.name);
    return named
      ? {
          server: named.server,
          list: "prompts",
          ref: { type: "ref/prompt", name: named.name },
          what: `prompt ${JSON.stringify(boundText(ref.name, 200))}`,
        }
      : undefined;
  }
  const wrapped = unwrapUri(ref.uri);
  return wrapped
    ? {
        server: wrapped.server,
        list: "resources",
        ref: { type: "ref/resource", uri: wrapped.uri },
        what: `resource template ${JSON.stringify(boundText(ref.uri, 200))}`,
      }
    : undefined;
}
