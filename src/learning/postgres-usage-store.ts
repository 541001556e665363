// Over 300 lines: one store over one SQL schema: its migration, queries and time limits read together.
import { OptionsError } from "../errors.js";
import { DEFAULT_LESSON_CAPS, newestLessons, sessionShares, type LessonCaps } from "./lesson-caps.js";
import { IMPORTED, lessonKey, type Lesson } from "./lesson.js";
import { loadPgPool, type OwnedPool, type PgPoolConfig, type SqlQueryable } from "./load-pg.js";
import { definedCaps } from "./memory-usage-store.js";
import { StoreWarnings } from "./store-warnings.js";
import type { UsageStore, UsageStoreWarning } from "./usage-store.js";
import { checkKeys, optionKeys } from "../util/option-keys.js";

export type { SqlQueryable } from "./load-pg.js";

export interface PostgresUsageStoreOptions extends Partial<LessonCaps> {
  /**
   * Where to connect, e.g. `process.env.DATABASE_URL`. The store opens its own pool with the
   * optional `pg` package (`npm install pg`) and ends it on `close()`.
   */
  connectionString?: string;
  /** Or a pool of your own (a `pg.Pool`, or anything with the same `query`); it stays yours to end. */
  pool?: SqlQueryable;
  /**
   * The table, created on first use if it is missing: `schema.table` or `table`, lower-case
   * letters, digits and underscores.
   * @defaultValue "toolsift_lessons"
   */
  table?: string;
  /** Connections of the pool the store opens. @defaultValue 4 */
  maxConnections?: number;
  /**
   * How long one statement of the pool the store opens may take, in milliseconds. The server
   * cancels a statement past it (`statement_timeout`, and `lock_timeout` for row locks), and the
   * pool stops waiting for an answer a second later (`query_timeout`), so a server that stopped
   * answering (overloaded, or under SIGSTOP) cannot hold the pool's connections for good.
   * Searches wait for the store at most 2 s whatever this is; this bounds what waits behind.
   * @defaultValue 5,000
   */
  statementTimeoutMs?: number;
  /** Told when the pool reports a broken idle connection (the pool replaces it). */
  onWarning?: UsageStoreWarning;
}

/** How the table says a lesson's teacher is unknown (rows written before teachers were kept). */
const UNKNOWN_TEACHER = "";
/** Rows taught by a session, which have a share of the caps (imports and unknown teachers have none). */
const SESSION_TAUGHT = `taught_by NOT IN ('${UNKNOWN_TEACHER}', '${IMPORTED}')`;

const TABLE_PATTERN = /^(?:[a-z_][a-z0-9_]{0,62}\.)?[a-z_][a-z0-9_]{0,62}$/;

/** Every option of `PostgresUsageStore`; the compiler holds the list to {@link PostgresUsageStoreOptions}. */
const POSTGRES_USAGE_STORE_KEYS = optionKeys<keyof PostgresUsageStoreOptions>({
  connectionString: true,
  pool: true,
  table: true,
  maxConnections: true,
  statementTimeoutMs: true,
  onWarning: true,
  maxLessonsPerTool: true,
  maxLessonsPerScope: true,
});

/**
 * Lessons in a PostgreSQL table, so a fleet of agent workers learns together: what one worker
 * learns reaches the others at their next refresh (`learning.refreshMs`). One row per scope,
 * tool and query (case and spacing aside), with the newest date; after each write the table
 * is trimmed to the caps for the scopes and tools written. `forget(scope)` deletes the scope's
 * rows.
 *
 * The table holds search queries as the model wrote them.
 *
 * @example
 * ```ts
 * const store = new PostgresUsageStore({ connectionString: process.env.DATABASE_URL });
 * const toolSearch = await createToolSearch({ tools, learning: { store } });
 * // …
 * await toolSearch.close();
 * await store.close();
 * ```
 */
export class PostgresUsageStore implements UsageStore {
  private readonly table: string;
  private readonly caps: LessonCaps;
  private readonly warnings: StoreWarnings;
  private pool: Promise<SqlQueryable> | undefined;
  private owned: OwnedPool | undefined;
  private ready: Promise<void> | undefined;

  constructor(private readonly options: PostgresUsageStoreOptions) {
    if (
      typeof options !== "object" ||
      options === null ||
      (options.connectionString === undefined) === (options.pool === undefined)
    ) {
      throw new OptionsError(
        "invalid_usage_store",
        "PostgresUsageStore takes exactly one of connectionString or pool, e.g. new PostgresUsageStore({ connectionString: process.env.DATABASE_URL }).",
      );
    }
    checkKeys(
      "PostgresUsageStore",
      "",
      options,
      POSTGRES_USAGE_STORE_KEYS,
      "{ connectionString: process.env.DATABASE_URL }",
    );
    if (
      options.connectionString !== undefined &&
      (typeof options.connectionString !== "string" || options.connectionString === "")
    ) {
      throw new OptionsError(
        "invalid_usage_store",
        "PostgresUsageStore: connectionString must be a non-empty string such as postgres://user:password@localhost:5432/app.",
      );
    }
    if (options.pool !== undefined && typeof options.pool?.query !== "function") {
      throw new OptionsError(
        "invalid_usage_store",
        "PostgresUsageStore: pool must have a query(text, values) method, like a pg.Pool.",
      );
    }
    const timeout = options.statementTimeoutMs;
    if (timeout !== undefined && !(typeof timeout === "number" && Number.isInteger(timeout) && timeout > 0)) {
      throw new OptionsError(
        "invalid_usage_store",
        `PostgresUsageStore: statementTimeoutMs must be a whole number of milliseconds > 0, got ${JSON.stringify(timeout)}.`,
      );
    }
    const table = options.table ?? "toolsift_lessons";
    if (typeof table !== "string" || !TABLE_PATTERN.test(table)) {
      throw new OptionsError(
        "invalid_usage_store",
        `PostgresUsageStore: table ${JSON.stringify(table)} is not a plain lower-case name; use letters, digits and underscores, optionally schema.table.`,
      );
    }
    this.table = table
      .split(".")
      .map((part) => `"${part}"`)
      .join(".");
    this.caps = { ...DEFAULT_LESSON_CAPS, ...definedCaps(options) };
    this.warnings = new StoreWarnings(options.onWarning);
  }

  listen(listener: UsageStoreWarning): () => void {
    return this.warnings.listen(listener);
  }

  async add(lessons: readonly Lesson[]): Promise<void> {
    // One row per key in a statement: PostgreSQL refuses to update a row twice in one upsert.
    const rows = newestLessons(lessons, {
      maxLessonsPerTool: Number.MAX_SAFE_INTEGER,
      maxLessonsPerScope: Number.MAX_SAFE_INTEGER,
    });
    if (rows.length === 0) return;
    const db = await this.open();
    await db.query(
      `INSERT INTO ${this.table} AS kept (scope, tool, query_key, query, at, taught_by)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::text[])
       ON CONFLICT (scope, tool, query_key, taught_by) DO UPDATE
         SET query = CASE WHEN excluded.at >= kept.at THEN excluded.query ELSE kept.query END,
             at = GREATEST(kept.at, excluded.at)`,
      [
        rows.map((lesson) => lesson.scope),
        rows.map((lesson) => lesson.tool),
        rows.map((lesson) => queryKey(lesson)),
        rows.map((lesson) => lesson.query),
        rows.map((lesson) => Math.round(lesson.at)),
        rows.map((lesson) => lesson.by ?? UNKNOWN_TEACHER),
      ],
    );
    const scopes = [...new Set(rows.map((lesson) => lesson.scope))];
    const pairs = [...new Map(rows.map((lesson) => [`${lesson.scope}\u0000${lesson.tool}`, lesson])).values()];
    const { perTool, perScope } = sessionShares(this.caps);
    // The caps in the order newestLessons applies them: each session's share first (so a
    // session's flood evicts its own oldest lessons, never another's), then the tool's, then the scope's.
    await this.trim(
      "PARTITION BY scope, tool, taught_by",
      `(scope, tool) IN (SELECT * FROM unnest($1::text[], $2::text[])) AND ${SESSION_TAUGHT}`,
      [pairs.map((lesson) => lesson.scope), pairs.map((lesson) => lesson.tool)],
      perTool,
    );
    await this.trim(
      "PARTITION BY scope, taught_by",
      `scope = ANY($1::text[]) AND ${SESSION_TAUGHT}`,
      [scopes],
      perScope,
    );
    await this.trim(
      "PARTITION BY scope, tool",
      "(scope, tool) IN (SELECT * FROM unnest($1::text[], $2::text[]))",
      [pairs.map((lesson) => lesson.scope), pairs.map((lesson) => lesson.tool)],
      this.caps.maxLessonsPerTool,
    );
    await this.trim("PARTITION BY scope", "scope = ANY($1::text[])", [scopes], this.caps.maxLessonsPerScope);
  }

  /** Deletes the rows past the newest `keep` of each partition among the rows `where` selects. */
  private async trim(partition: string, where: string, values: unknown[], keep: number): Promise<void> {
    const db = await this.open();
    await db.query(
      `DELETE FROM ${this.table} WHERE (scope, tool, query_key, taught_by) IN (
         SELECT scope, tool, query_key, taught_by FROM (
           SELECT scope, tool, query_key, taught_by, row_number() OVER (${partition} ORDER BY at DESC, tool, query_key, taught_by) AS n
           FROM ${this.table} WHERE ${where}
         ) ranked WHERE n > $${values.length + 1})`,
      [...values, keep],
    );
  }

  async lessons(scope: string): Promise<readonly Lesson[]> {
    const db = await this.open();
    const { rows } = await db.query(
      `SELECT tool, query, at, taught_by FROM ${this.table} WHERE scope = $1 ORDER BY at DESC LIMIT $2`,
      [scope, this.caps.maxLessonsPerScope],
    );
    // bigint arrives as a string; parseLesson (in the caller) checks every field.
    return rows.map((row) => ({
      scope,
      tool: row.tool as string,
      query: row.query as string,
      at: Number(row.at),
      ...(row.taught_by === UNKNOWN_TEACHER ? {} : { by: row.taught_by as string }),
    }));
  }

  async forget(scope: string): Promise<void> {
    const db = await this.open();
    await db.query(`DELETE FROM ${this.table} WHERE scope = $1`, [scope]);
  }

  /** Ends the pool the store opened; a pool passed in stays open. */
  async close(): Promise<void> {
    const owned = this.owned;
    this.owned = undefined;
    this.pool = undefined;
    this.ready = undefined;
    await owned?.end();
  }

  /** The pool, with the table in place. A failure is not cached: the next call tries again. */
  private async open(): Promise<SqlQueryable> {
    this.pool ??= this.connect();
    this.ready ??= this.pool.then((db) => this.createTable(db));
    try {
      await this.ready;
    } catch (error) {
      this.ready = undefined;
      throw error;
    }
    return this.pool;
  }

  private async connect(): Promise<SqlQueryable> {
    if (this.options.pool) return this.options.pool;
    try {
      const Pool = await loadPgPool();
      const pool = new Pool(poolConfig({ ...this.options, connectionString: this.options.connectionString! }));
      // An idle connection dropped by the server is an 'error' event; unheard, it would end the process.
      pool.on("error", (error) =>
        this.warnings.warn(
          "learning_store_failed",
          `A PostgreSQL connection of the usage store broke (${error.message}); the pool opens another.`,
        ),
      );
      this.owned = pool;
      return pool;
    } catch (error) {
      this.pool = undefined;
      throw error;
    }
  }

  /**
   * Creates the table if it is missing. Workers starting together each run this; one advisory
   * lock, held for the statement's implicit transaction, makes them take turns.
   */
  private async createTable(db: SqlQueryable): Promise<void> {
    const bare = this.table.split(".").at(-1)!.replaceAll('"', "");
    // A table made before lessons knew their teacher gets the column (old rows: "", unknown) and
    // a key with it in place of its primary key, so two sessions' lessons of one query are two rows.
    await db.query(
      `SELECT pg_advisory_xact_lock(hashtext('toolsift:' || '${this.table.replaceAll('"', "")}'));
       CREATE TABLE IF NOT EXISTS ${this.table} (
         scope text NOT NULL,
         tool text NOT NULL,
         query_key text NOT NULL,
         query text NOT NULL,
         at bigint NOT NULL,
         taught_by text NOT NULL DEFAULT ''
       );
       ALTER TABLE ${this.table} ADD COLUMN IF NOT EXISTS taught_by text NOT NULL DEFAULT '';
       DO $$ DECLARE key text; BEGIN
         SELECT conname INTO key FROM pg_constraint WHERE conrelid = '${this.table}'::regclass AND contype = 'p';
         IF key IS NOT NULL THEN EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', '${this.table}', key); END IF;
       END $$;
       CREATE UNIQUE INDEX IF NOT EXISTS "${bare}_lesson" ON ${this.table} (scope, tool, query_key, taught_by)`,
    );
  }
}

/** How long the store's own pool waits for a new connection, in milliseconds. */
const CONNECT_TIMEOUT_MS = 5_000;

/** The settings of the pool the store opens: every wait on the server bounded. */
export function poolConfig(
  options: Pick<PostgresUsageStoreOptions, "maxConnections" | "statementTimeoutMs"> & { connectionString: string },
): PgPoolConfig {
  const statement = options.statementTimeoutMs ?? 5_000;
  return {
    connectionString: options.connectionString,
    max: options.maxConnections ?? 4,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: 10_000,
    statement_timeout: statement,
    lock_timeout: statement,
    idle_in_transaction_session_timeout: statement,
    // A second after the server should have cancelled the statement: an answer that late means
    // the server itself is not answering.
    query_timeout: statement + 1_000,
  };
}

/** The query as the table's key holds it: without case or runs of spaces. */
function queryKey(lesson: Lesson): string {
  return lessonKey("", lesson.query).slice(1);
}
