import { boundText } from "../../for-apps.js";
import type { GatewayMcpServer } from "../gateway-sdk.js";
import { namespacedContent } from "./call-result.js";
import { fromEach, limitRate, upstream, visible, type ContentScope } from "./content-scope.js";
import { unwrapName, wrapName } from "./namespaced-uri.js";

const INVALID_PARAMS = -32602;

/**
 * Answers `prompts/list` and `prompts/get` on one connection's MCP `Server`: every prompt of the
 * servers the caller may see, named `server__prompt` like tools; the resources a prompt's messages
 * name or embed get the gateway's URIs (see `namespaced-uri.ts`), so they can be read through it.
 */
export function servePrompts(server: GatewayMcpServer, scope: ContentScope): void {
  const { sdk, host } = scope;
  server.setRequestHandler("prompts/list", async (_request, extra) => ({
    prompts: await fromEach(scope, "prompts", extra, async (name, signal) =>
      (await host.listPrompts(name, { signal })).map((prompt) => ({ ...prompt, name: wrapName(name, prompt.name) })),
    ),
  }));
  server.setRequestHandler("prompts/get", (request, extra) =>
    scope.notFound.answering(extra.mcpReq.id, async () => {
      const { name, arguments: args } = request.params;
      const target = unwrapName(name);
      // A prompt of a server the caller may not see is answered as one nobody has: its existence is not confirmed.
      if (!target || !visible(scope, target.server, "prompts"))
        throw new sdk.ProtocolError(INVALID_PARAMS, `Unknown prompt: ${boundText(name, 200)}`);
      limitRate(scope);
      const prompt = await upstream(scope, () =>
        host.getPrompt(target.server, target.name, args, { signal: extra.mcpReq.signal }),
      );
      return {
        ...prompt,
        messages: prompt.messages.map((message) => ({
          role: message.role,
          content: namespacedContent(target.server, message.content),
        })),
      };
    }),
  );
}
