import { DependencyError } from "../../errors.js";

/**
 * Whether sessions are shared now: `shared`; `degraded` while the store does not answer (an
 * outage: each replica serves its own sessions and is still worth routing to); `broken` when the
 * store can never answer as configured (wrong password, no such database, no `pg` package), so
 * the replica must not take traffic as if it shared.
 */
export interface StoreHealth {
  readonly state: "shared" | "degraded" | "broken";
  /** Why, for `/readyz` and the log: a fixed text that names no server, user or password. */
  readonly reason?: string;
}

/** PostgreSQL's SQLSTATE codes that a retry cannot fix, and what each means for an operator. */
const CONFIG_ERRORS: Record<string, string> = {
  "28P01": "PostgreSQL refused the session store's password",
  "28000": "PostgreSQL refused the session store's role (pg_hba.conf or the role's LOGIN)",
  "3D000": "the session store's database does not exist",
  "42501": "the session store's role lacks a privilege it needs (it creates and reads its own tables)",
  "3F000": "the session store's schema does not exist",
};

/**
 * The reason a store's failure is a configuration error (see {@link StoreHealth}), or `undefined`
 * for one that may pass (refused connection, time-out, a server restarting).
 */
export function brokenStoreReason(error: unknown): string | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    if (cause instanceof DependencyError)
      return `the "${cause.packageName}" package is not installed: run npm install ${cause.packageName}, or remove toolsift.sessions`;
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string" && CONFIG_ERRORS[code] !== undefined) return CONFIG_ERRORS[code];
  }
  return undefined;
}
