import { DependencyError, errorText } from "../errors.js";

/** The slice of a `pg` Pool (or Client) the PostgreSQL store uses: a parameterised query. */
export interface SqlQueryable {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** A pool the store opened itself, which it listens to and ends. */
export interface OwnedPool extends SqlQueryable {
  on(event: "error", listener: (error: Error) => void): unknown;
  end(): Promise<void>;
}

/** The `pg.Pool` settings the store passes: the pool's own limits and each connection's timeouts. */
export interface PgPoolConfig {
  connectionString: string;
  max: number;
  connectionTimeoutMillis: number;
  idleTimeoutMillis: number;
  /** Server side: a statement running longer is cancelled (milliseconds). */
  statement_timeout: number;
  /** Server side: waiting longer for a row lock fails the statement. */
  lock_timeout: number;
  /** Server side: a connection idle inside a transaction this long is closed. */
  idle_in_transaction_session_timeout: number;
  /** Client side: no answer within this fails the query and retires the connection. */
  query_timeout: number;
}

export const PG_PACKAGE = "pg";
const PG_RANGE = "^8.11.0";

/** What a missing `pg` message says: who needs it, and what to do instead of installing it. */
export interface PgPurpose {
  /** e.g. "The PostgreSQL usage store". */
  needs: string;
  /** The sentence's end after "Install it with …, ": the other way out. */
  instead: string;
}

const USAGE_STORE: PgPurpose = {
  needs: "The PostgreSQL usage store",
  instead: "or pass a pool of your own (new PostgresUsageStore({ pool })), or use FileUsageStore on a single machine.",
};

/** The package's `Pool`, once loaded: each caller types it as the slice it uses. */
let loading: Promise<unknown> | undefined;

/**
 * Loads the `pg` package on first use: it is an optional peer dependency, needed only by the
 * PostgreSQL stores (the usage store; the gateway's session store). `Pool` and `Config` are the
 * slices of `pg.Pool` and its settings the caller uses.
 *
 * @throws DependencyError naming the package, who needs it, and how to install it.
 */
export function loadPgPool<Pool = OwnedPool, Config = PgPoolConfig>(
  purpose: PgPurpose = USAGE_STORE,
): Promise<new (config: Config) => Pool> {
  loading ??= import(PG_PACKAGE).then((module: { Pool?: unknown; default?: { Pool?: unknown } }) => {
    const Pool = module.Pool ?? module.default?.Pool;
    if (typeof Pool !== "function") throw new Error("it exports no Pool");
    return Pool;
  });
  return (loading as Promise<new (config: Config) => Pool>).catch((cause: unknown) => {
    // Not cached: a package installed later is picked up by the next call.
    loading = undefined;
    const missing =
      (cause as { code?: unknown }).code === "ERR_MODULE_NOT_FOUND" && errorText(cause).includes(`'${PG_PACKAGE}'`);
    throw new DependencyError(
      PG_PACKAGE,
      missing
        ? `${purpose.needs} needs the ${PG_PACKAGE} package, which is not installed. Install it with \`npm install ${PG_PACKAGE}@${PG_RANGE}\`, ${purpose.instead}`
        : `${PG_PACKAGE} is installed but failed to load (${errorText(cause)}). Reinstall it with \`npm install ${PG_PACKAGE}@${PG_RANGE}\`.`,
      { cause },
    );
  });
}
