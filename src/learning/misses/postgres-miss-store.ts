import { randomBytes } from "node:crypto";
import { OptionsError } from "../../errors.js";
import { loadPgPool, type OwnedPool, type SqlQueryable } from "../load-pg.js";
import { poolConfig } from "../postgres-usage-store.js";
import { StoreWarnings } from "../store-warnings.js";
import type { UsageStoreWarning } from "../usage-store.js";
import { parseMissRecord, type MissRecord } from "./miss-record.js";
import { readMissQuery, type MissQuery, type MissStore } from "./miss-store.js";
import { checkKeys, optionKeys } from "../../util/option-keys.js";

export interface PostgresMissStoreOptions {
  /** Where to connect; the store opens its own pool with the optional `pg` package and ends it on `close()`. */
  connectionString?: string;
  /** Or a pool of your own; it stays yours to end. */
  pool?: SqlQueryable;
  /**
   * The table, created on first use (with `<table>_keys` beside it for the hash key): `schema.table`
   * or `table`, lower-case letters, digits and underscores.
   * @defaultValue "toolsift_misses"
   */
  table?: string;
  /** Records kept: after each write, older ones past this many are deleted. @defaultValue 100,000 */
  maxRecords?: number;
  /** How long one statement may take, in milliseconds (as for the PostgreSQL usage store). @defaultValue 5,000 */
  statementTimeoutMs?: number;
  /** Told about damaged rows (skipped) and broken idle connections. */
  onWarning?: UsageStoreWarning;
}

const TABLE_PATTERN = /^(?:[a-z_][a-z0-9_]{0,56}\.)?[a-z_][a-z0-9_]{0,56}$/;

/** Every option of `PostgresMissStore`; the compiler holds the list to {@link PostgresMissStoreOptions}. */
const POSTGRES_MISS_STORE_KEYS = optionKeys<keyof PostgresMissStoreOptions>({
  connectionString: true,
  pool: true,
  table: true,
  maxRecords: true,
  statementTimeoutMs: true,
  onWarning: true,
});

/**
 * Misses in a PostgreSQL table, shared by a fleet of gateway replicas or workers. The table and
 * its key table belong to the role that created them, with every right of PUBLIC revoked: another
 * role of the database can neither read the records (request text, with `recordText`) nor the
 * hash key, nor add forged records. The key (32 random bytes) is made by the first process and
 * kept by every later one.
 *
 * @example
 * ```ts
 * const store = new PostgresMissStore({ connectionString: process.env.DATABASE_URL });
 * const toolSearch = await createToolSearch({ tools, misses: { store } });
 * ```
 */
export class PostgresMissStore implements MissStore {
  private readonly table: string;
  private readonly keys: string;
  private readonly maxRecords: number;
  private readonly warnings: StoreWarnings;
  private pool: Promise<SqlQueryable> | undefined;
  private owned: OwnedPool | undefined;
  private hashKey: Uint8Array | undefined;

  constructor(private readonly options: PostgresMissStoreOptions) {
    if (
      typeof options !== "object" ||
      options === null ||
      (options.connectionString === undefined) === (options.pool === undefined)
    ) {
      throw new OptionsError(
        "invalid_miss_store",
        "PostgresMissStore takes exactly one of connectionString or pool, e.g. new PostgresMissStore({ connectionString: process.env.DATABASE_URL }).",
      );
    }
    checkKeys(
      "PostgresMissStore",
      "",
      options,
      POSTGRES_MISS_STORE_KEYS,
      "{ connectionString: process.env.DATABASE_URL }",
    );
    if (
      options.connectionString !== undefined &&
      (typeof options.connectionString !== "string" || options.connectionString === "")
    ) {
      throw new OptionsError("invalid_miss_store", "PostgresMissStore: connectionString must be a non-empty string.");
    }
    if (options.pool !== undefined && typeof options.pool?.query !== "function")
      throw new OptionsError(
        "invalid_miss_store",
        "PostgresMissStore: pool must have a query(text, values) method, like a pg.Pool.",
      );
    const max = options.maxRecords ?? 100_000;
    if (!Number.isSafeInteger(max) || max < 1)
      throw new OptionsError(
        "invalid_miss_store",
        `PostgresMissStore: maxRecords must be a whole number ≥ 1, got ${JSON.stringify(max)}.`,
      );
    const table = options.table ?? "toolsift_misses";
    if (typeof table !== "string" || !TABLE_PATTERN.test(table)) {
      throw new OptionsError(
        "invalid_miss_store",
        `PostgresMissStore: table ${JSON.stringify(table)} is not a plain lower-case name; use letters, digits and underscores, optionally schema.table.`,
      );
    }
    const quote = (name: string) =>
      name
        .split(".")
        .map((part) => `"${part}"`)
        .join(".");
    this.table = quote(table);
    this.keys = quote(`${table}_keys`);
    this.maxRecords = max;
    this.warnings = new StoreWarnings(options.onWarning);
  }

  listen(listener: UsageStoreWarning): () => void {
    return this.warnings.listen(listener);
  }

  async add(records: readonly MissRecord[]): Promise<void> {
    if (records.length === 0) return;
    const db = await this.open();
    await db.query(
      `INSERT INTO ${this.table} (id, at, scope, record)
       SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::text[], $4::jsonb[])
       ON CONFLICT (id) DO NOTHING`,
      [
        records.map((record) => record.id),
        records.map((record) => record.at),
        records.map((record) => record.scope),
        records.map((record) => JSON.stringify(record)),
      ],
    );
    await db.query(
      `DELETE FROM ${this.table} WHERE id IN (SELECT id FROM ${this.table} ORDER BY at DESC, id OFFSET $1)`,
      [this.maxRecords],
    );
  }

  async misses(query?: MissQuery): Promise<readonly MissRecord[]> {
    const checked = readMissQuery(query);
    const db = await this.open();
    const { rows } = await db.query(
      `SELECT record FROM ${this.table}
       WHERE ($1::text IS NULL OR scope = $1) AND ($2::timestamptz IS NULL OR at >= $2)
       ORDER BY at DESC, id LIMIT $3`,
      [
        checked.scope ?? null,
        checked.since === undefined ? null : new Date(checked.since).toISOString(),
        checked.limit,
      ],
    );
    const records: MissRecord[] = [];
    let bad = 0;
    for (const row of rows) {
      const record = parseMissRecord(row.record);
      if (record) records.push(record);
      else bad++;
    }
    if (bad > 0)
      this.warnings.warn(
        "misses_store_repaired",
        `The misses table ${this.table} has ${bad} damaged rows; they were skipped.`,
      );
    return records;
  }

  async key(): Promise<Uint8Array> {
    await this.open();
    return Uint8Array.from(this.hashKey!);
  }

  async close(): Promise<void> {
    const owned = this.owned;
    this.owned = undefined;
    this.pool = undefined;
    this.hashKey = undefined;
    await owned?.end();
  }

  /** The pool, the tables in place and the key read. A failure is not cached: the next call tries again. */
  private open(): Promise<SqlQueryable> {
    this.pool ??= this.connect();
    return this.pool.catch((error: unknown) => {
      this.pool = undefined;
      throw error;
    });
  }

  private async connect(): Promise<SqlQueryable> {
    let db: SqlQueryable;
    if (this.options.pool) db = this.options.pool;
    else {
      const Pool = await loadPgPool();
      const pool = new Pool(
        poolConfig({
          connectionString: this.options.connectionString!,
          statementTimeoutMs: this.options.statementTimeoutMs,
        }),
      );
      pool.on("error", (error) =>
        this.warnings.warn(
          "misses_store_failed",
          `A PostgreSQL connection of the miss store broke (${error.message}); the pool opens another.`,
        ),
      );
      this.owned = pool;
      db = pool;
    }
    try {
      // Workers starting together each run this; the advisory lock makes them take turns, and the
      // first one's key stays (ON CONFLICT keeps it). Hex has no quote to escape.
      const name = this.table.replaceAll('"', "");
      await db.query(
        `SELECT pg_advisory_xact_lock(hashtext('toolsift:' || '${name}'));
         CREATE TABLE IF NOT EXISTS ${this.table} (id text PRIMARY KEY, at timestamptz NOT NULL, scope text NOT NULL, record jsonb NOT NULL);
         CREATE INDEX IF NOT EXISTS "${name.split(".").at(-1)}_at" ON ${this.table} (at DESC);
         CREATE TABLE IF NOT EXISTS ${this.keys} (id smallint PRIMARY KEY CHECK (id = 1), key text NOT NULL);
         REVOKE ALL ON ${this.table}, ${this.keys} FROM PUBLIC;
         INSERT INTO ${this.keys} (id, key) VALUES (1, '${randomBytes(32).toString("hex")}') ON CONFLICT (id) DO NOTHING`,
      );
      const { rows } = await db.query(`SELECT key FROM ${this.keys} WHERE id = 1`);
      const key = String(rows[0]?.key ?? "");
      if (!/^[0-9a-f]{64}$/.test(key))
        throw new Error(
          `the key table ${this.keys} does not hold a 32-byte hex key; delete its row to make a new one.`,
        );
      this.hashKey = Buffer.from(key, "hex");
      return db;
    } catch (error) {
      const owned = this.owned;
      this.owned = undefined;
      await owned?.end().catch(() => undefined);
      throw error;
    }
  }
}
