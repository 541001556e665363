import type { McpServerRequestHandlers } from "../../public/mcp.js";
import type { RootSetting } from "../roots-config.js";
import { UpstreamRequests } from "../upstream-requests.js";

/**
 * The server requests a one-shot command (`toolsift pin`, `inspect`) answers: serve's own, with
 * no client call in flight. Servers list some tools only to a client that declares roots,
 * elicitation or sampling (server-everything does), so a command that declared none would pin
 * fewer tools than serve lists, and each would rewrite the lock the other wrote. As serve does
 * with no client to ask, `roots/list` gets `toolsift.roots` and elicitation and sampling are refused.
 *
 * @param log - Where a refused request is told (once per server and reason).
 */
export async function unattendedServerRequests(
  config: { readonly settings: { readonly roots: RootSetting[] | undefined } },
  log: (line: string) => void,
): Promise<McpServerRequestHandlers> {
  return new UpstreamRequests(config.settings.roots, log).handlers;
}
