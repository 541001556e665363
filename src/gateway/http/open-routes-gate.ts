import type { Authenticator } from "../auth/caller.js";
import type { NamedGate } from "./gate-chain.js";
import { reply } from "../web/http-replies.js";
import { isOpenRoute, serveOpenRoute } from "./http-routes.js";
import { MCP_PATH } from "./mcp-path.js";
import type { SessionStore } from "../replicas/session-store.js";

/**
 * Answers the routes served without a credential (`/healthz`, `/readyz` with the session store's health, the OAuth metadata,
 * the paths an OAuth client tries, with how to authenticate) and, with 404, every path the gateway does not serve; passes on
 * `/mcp` and `/metrics`.
 */
export function openRoutesGate(
  ready: () => boolean,
  auth: Authenticator | false,
  sessionStore: SessionStore | undefined,
): NamedGate {
  return {
    name: "open routes",
    async pass({ path, response }, next) {
      if (isOpenRoute(path)) return serveOpenRoute(path, response, ready, auth, sessionStore);
      if (path !== MCP_PATH && path !== "/metrics") return reply(response, 404, `toolsift serves MCP at ${MCP_PATH}.`);
      return next();
    },
  };
}
