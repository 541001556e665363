import type { GatewayConfig } from "./gateway-config.js";
import type { Authenticator } from "../auth/caller.js";
import { createAuthenticator } from "../auth/create-authenticator.js";

/**
 * Who may call, as a config's `toolsift.auth` says (static tokens, an OAuth issuer, or both):
 * the `auth` to give `listenHttp`. The settings stay inside the config, so an embedder needs no
 * type of theirs.
 *
 * @throws `OptionsError` (`no_credential`) when the config names no token and no issuer;
 *   `DependencyError` (jose missing) or `OAuthSetupError` (no keys) for OAuth.
 */
export function authenticatorFor(config: GatewayConfig): Promise<Authenticator> {
  return createAuthenticator(config.settings.auth);
}
