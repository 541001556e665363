import { optionalPackage, requireExports } from "../util/optional-package.js";

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

const pg = optionalPackage({
  name: PG_PACKAGE,
  range: PG_RANGE,
  load: () => import(PG_PACKAGE) as Promise<{ Pool?: unknown; default?: { Pool?: unknown } }>,
  pick: (module) => {
    const Pool = module.Pool ?? module.default?.Pool;
    return requireExports({ Pool: typeof Pool === "function" ? Pool : undefined }).Pool;
  },
});

/**
 * Loads the `pg` package on first use: it is an optional peer dependency, needed only by the
 * PostgreSQL stores (the usage store; the gateway's session store). `Pool` and `Config` are the
 * slices of `pg.Pool` and its settings the caller uses.
 *
 * @throws DependencyError naming the package, who needs it, and how to install it.
 */
export async function loadPgPool<Pool = OwnedPool, Config = PgPoolConfig>(
  purpose: PgPurpose = USAGE_STORE,
): Promise<new (config: Config) => Pool> {
  // `instead` was written to follow "Install it with …, ": here it is a sentence of its own.
  const instead = purpose.instead.replace(/^or\s+/, "");
  const Pool = await pg({ neededBy: purpose.needs, whenMissing: `Or ${instead}` });
  return Pool as new (
    config: Config,
  ) => Pool;
}
