import type { SessionsSettings } from "./sessions-config.js";
import { guardedStore } from "./guarded-store.js";
import { PostgresSessionStore } from "./postgres-session-store.js";
import type { SessionStore } from "./session-store.js";

/**
 * The session store a config's `toolsift.sessions` names, every call bounded (a failing or
 * hanging store degrades to per-replica sessions with one warning), for `listenHttp`'s
 * `sessionStore`; `undefined` without the setting. Give it a redacting `log`: errors may name the server.
 *
 * @example
 * ```ts
 * const sessionStore = openSessionStore(config.settings.sessions, (line) => io.err(config.redactor.redact(line)));
 * ```
 */
export function openSessionStore(settings: SessionsSettings, log: (line: string) => void): SessionStore | undefined {
  if (settings === undefined) return undefined;
  const store = new PostgresSessionStore({
    connectionString: settings.url,
    onWarning: (message) => log(`warning: ${message}`),
  });
  return guardedStore(store, { log });
}
