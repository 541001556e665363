import type { Authenticator } from "../auth/caller.js";
import type { NamedGate } from "./gate-chain.js";
import { reply } from "./http-replies.js";
import { isOpenRoute, serveOpenRoute } from "./http-routes.js";
import { MCP_PATH } from "./mcp-path.js";

/**
 * Answers the routes served without a credential (`/healthz`, `/readyz`, the OAuth metadata)
 * and, with 404, every path the gateway does not serve; passes on `/mcp` and `/metrics`.
 */
export function openRoutesGate(ready: () => boolean, auth: Authenticator | false): NamedGate {
  return {
    name: "open routes",
    async pass({ path, response }, next) {
      if (isOpenRoute(path)) return serveOpenRoute(path, response, ready, auth);
      if (path !== MCP_PATH && path !== "/metrics") return reply(response, 404, `toolsift serves MCP at ${MCP_PATH}.`);
      return next();
    },
  };
}
