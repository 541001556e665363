import type { GatewayConfig } from "./gateway-config.js";
import { openSessionStore } from "../replicas/open-session-store.js";
import type { SessionStore } from "../replicas/session-store.js";

/**
 * The session store a config's `toolsift.sessions` names, for `listenHttp`'s `sessionStore`
 * (every replica then serves any session); `undefined` without the setting. Its warnings go to
 * `log` with the config's secrets redacted: a store's error may name its URL.
 */
export function sessionStoreFor(config: GatewayConfig, log: (line: string) => void): SessionStore | undefined {
  return openSessionStore(config.settings.sessions, (line) => log(config.redactor.redact(line)));
}
