import { loadPgPool } from "../../for-apps.js";

/** The slice of a `pg` connection the session store uses. */
export interface PgConnection {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[]; rowCount?: number | null }>;
  on(event: "notification", listener: (message: { channel: string; payload?: string }) => void): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
  on(event: "end", listener: () => void): unknown;
}

/** The slice of a `pg.Pool` the session store uses. */
export interface PgPool {
  query: PgConnection["query"];
  /** A connection of its own, held for LISTEN. */
  connect(): Promise<PgConnection & { release(destroy?: boolean): void }>;
  on(event: "error", listener: (error: Error) => void): unknown;
  end(): Promise<void>;
}

/** The `pg.Pool` settings the store passes: every wait on the server bounded. */
export interface PgPoolSettings {
  connectionString: string;
  max: number;
  connectionTimeoutMillis: number;
  idleTimeoutMillis: number;
  statement_timeout: number;
  query_timeout: number;
}

/**
 * Loads the optional `pg` package on first use (only `toolsift.sessions` needs it here), as the
 * usage store does.
 *
 * @throws DependencyError naming the package and how to install it.
 */
export function loadSessionPgPool(): Promise<new (settings: PgPoolSettings) => PgPool> {
  return loadPgPool<PgPool, PgPoolSettings>({
    needs: "toolsift.sessions",
    instead: 'or remove "sessions" to keep each replica\'s sessions in its own memory.',
  });
}
