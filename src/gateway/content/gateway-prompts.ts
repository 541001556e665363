import { boundText } from "../../for-apps.js";
import type { GatewayMcpServer } from "../gateway-sdk.js";
import { namespacedContent } from "./call-result.js";
import type { NotFoundAnswers } from "./not-found-answers.js";
import { fromEach, limitRate, upstream, visible, type ContentScope } from "./content-scope.js";
import { unwrapName, wrapName } from "./namespaced-uri.js";

const INVALID_PARAMS = -32602;

/**
 * Answers `prompts/list` and `prompts/get` on one connection's MCP `Server`: every prompt of the
 * servers the caller may see, named `server__prompt` like tools; the resources a prompt's messages
 * name or embed get the gateway's URIs (see `namespaced-uri.ts`), so they can be read through it.
 */
export function servePrompts(server: GatewayMcpServer, scope: ContentScope, notFound: NotFoundAnswers): void {
  server.setRequestHandler("prompts/list", async (_request, ctx) => ({
    prompts: await listPrompts(scope, ctx.mcpReq.signal),
  }));
  server.setRequestHandler("prompts/get", (request, ctx) =>
    notFound.answering(ctx.mcpReq.id, () =>
      getPrompt(scope, request.params.name, request.params.arguments, ctx.mcpReq.signal),
    ),
  );
}

/** `prompts/list`: every prompt of the servers the caller may see, named `server__prompt`. */
export function listPrompts(scope: ContentScope, signal: AbortSignal) {
  const { host } = scope;
  return fromEach(scope, "prompts", { signal }, async (name, each) =>
    (await host.listPrompts(name, { signal: each })).map((prompt) => ({
      ...prompt,
      name: wrapName(name, prompt.name),
    })),
  );
}

/** `prompts/get` of a `server__prompt` from its server, the resources its messages name under the gateway's URIs. */
export async function getPrompt(
  scope: ContentScope,
  name: string,
  args: Record<string, string> | undefined,
  signal: AbortSignal,
) {
  const { sdk, host } = scope;
  const target = unwrapName(name);
  // A prompt of a server the caller may not see is answered as one nobody has: its existence is not confirmed.
  if (!target || !visible(scope, target.server, "prompts"))
    throw new sdk.ProtocolError(INVALID_PARAMS, `Unknown prompt: ${boundText(name, 200)}`);
  limitRate(scope);
  const prompt = await upstream(scope, () => host.getPrompt(target.server, target.name, args, { signal }));
  return {
    ...prompt,
    messages: prompt.messages.map((message) => ({
      role: message.role,
      content: namespacedContent(target.server, message.content),
    })),
  };
}
