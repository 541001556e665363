import { OptionsError, errorText } from "../../errors.js";
import { loadSessionPgPool, type PgConnection, type PgPool } from "./load-pg.js";
import type { ReplicaMessage, SessionRecord, SessionStore } from "./session-store.js";

/** Options of {@link PostgresSessionStore}. */
export interface PostgresSessionStoreOptions {
  /** Where to connect; its password is never put in a message. */
  connectionString: string;
  /**
   * The table, created if missing (lower-case letters, digits, `_`); messages too large for a
   * NOTIFY go to `<table>_messages`, and the NOTIFY channel is the table's name.
   * @defaultValue "toolsift_sessions"
   */
  table?: string;
  /** How long one statement may take before the server cancels it. @defaultValue 2,000 */
  statementTimeoutMs?: number;
  /** Told when the connection held for LISTEN broke (it is opened again at the next subscribe or sweep). */
  onWarning?: (message: string) => void;
}

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; past this, the message goes in a row and the NOTIFY names it. */
export const MAX_NOTIFY_BYTES = 7_000;
const TABLE_PATTERN = /^[a-z_][a-z0-9_]{0,40}$/;

/**
 * Sessions in one PostgreSQL table, shared by the replicas of a gateway, and their messages over
 * `LISTEN/NOTIFY` on one channel. The `pg` package is loaded on first use.
 *
 * @example
 * ```ts
 * const store = new PostgresSessionStore({ connectionString: process.env.SESSIONS_URL! });
 * await store.subscribe((message) => console.log(message.kind));
 * ```
 */
export class PostgresSessionStore implements SessionStore {
  private readonly table: string;
  private pool: Promise<PgPool> | undefined;
  private listening: Promise<PgConnection & { release(destroy?: boolean): void }> | undefined;
  private readonly listeners: ((message: ReplicaMessage) => void)[] = [];
  private closed = false;

  constructor(private readonly options: PostgresSessionStoreOptions) {
    this.table = options.table ?? "toolsift_sessions";
    if (!TABLE_PATTERN.test(this.table))
      throw new OptionsError(
        "invalid_table",
        `PostgresSessionStore: table must be 1 to 41 lower-case letters, digits and "_", not ${JSON.stringify(this.table)}.`,
      );
  }

  async load(id: string): Promise<SessionRecord | undefined> {
    const { rows } = await (await this.db()).query(`SELECT record FROM ${this.table} WHERE id = $1`, [id]);
    return rows[0]?.record as SessionRecord | undefined;
  }

  async save(record: SessionRecord): Promise<void> {
    await (await this.db()).query(
      `INSERT INTO ${this.table} (id, record, last_active) VALUES ($1, $2, now())
       ON CONFLICT (id) DO UPDATE SET record = EXCLUDED.record, last_active = now()`,
      [record.id, JSON.stringify(record)],
    );
  }

  async touch(id: string): Promise<void> {
    await (await this.db()).query(`UPDATE ${this.table} SET last_active = now() WHERE id = $1`, [id]);
  }

  async delete(id: string): Promise<void> {
    await (await this.db()).query(`DELETE FROM ${this.table} WHERE id = $1`, [id]);
  }

  async expire(idleMs: number): Promise<number> {
    const db = await this.db();
    // Large messages are read within moments of their NOTIFY; a minute later nobody will.
    await db.query(`DELETE FROM ${this.table}_messages WHERE at < now() - interval '1 minute'`);
    if (this.listening === undefined && this.listeners.length > 0) await this.listen();
    const { rowCount } = await db.query(
      `DELETE FROM ${this.table} WHERE last_active < now() - make_interval(secs => $1::double precision / 1000)`,
      [idleMs],
    );
    return rowCount ?? 0;
  }

  async publish(message: ReplicaMessage): Promise<void> {
    const db = await this.db();
    let payload = JSON.stringify(message);
    if (Buffer.byteLength(payload) > MAX_NOTIFY_BYTES) {
      const { rows } = await db.query(`INSERT INTO ${this.table}_messages (payload) VALUES ($1) RETURNING id`, [
        payload,
      ]);
      payload = JSON.stringify({ ref: String(rows[0]!.id) });
    }
    await db.query("SELECT pg_notify($1, $2)", [this.table, payload]);
  }

  async subscribe(listener: (message: ReplicaMessage) => void): Promise<void> {
    this.listeners.push(listener);
    await this.listen();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.length = 0;
    const listening = this.listening;
    this.listening = undefined;
    if (listening) (await listening.catch(() => undefined))?.release(true);
    const pool = this.pool;
    this.pool = undefined;
    if (pool) await (await pool.catch(() => undefined))?.end();
  }

  /** Opens the connection held for LISTEN, once; a broken one is dropped so the next call opens another. */
  private listen(): Promise<unknown> {
    this.listening ??= (async () => {
      const connection = await (await this.db()).connect();
      const drop = (why: string) => {
        if (this.closed || this.listening === undefined) return;
        this.listening = undefined;
        connection.release(true);
        this.options.onWarning?.(`the session store's LISTEN connection broke (${why}); it is opened again shortly.`);
      };
      connection.on("error", (error) => drop(errorText(error)));
      connection.on("end", () => drop("it ended"));
      connection.on("notification", (notification) => {
        if (notification.channel === this.table && notification.payload !== undefined)
          this.deliver(notification.payload).catch(() => undefined);
      });
      await connection.query(`LISTEN ${this.table}`);
      return connection;
    })();
    return this.listening.catch((error: unknown) => {
      this.listening = undefined;
      throw error;
    });
  }

  private async deliver(payload: string): Promise<void> {
    let parsed = JSON.parse(payload) as { ref?: unknown } | ReplicaMessage;
    if ("ref" in parsed && typeof parsed.ref === "string") {
      const { rows } = await (await this.db()).query(`SELECT payload FROM ${this.table}_messages WHERE id = $1`, [
        parsed.ref,
      ]);
      if (rows[0] === undefined) return;
      parsed = JSON.parse(String(rows[0].payload)) as ReplicaMessage;
    }
    for (const listener of this.listeners) listener(parsed as ReplicaMessage);
  }

  private db(): Promise<PgPool> {
    this.pool ??= (async () => {
      const Pool = await loadSessionPgPool();
      const timeout = this.options.statementTimeoutMs ?? 2_000;
      const pool = new Pool({
        connectionString: this.options.connectionString,
        max: 4,
        connectionTimeoutMillis: timeout,
        idleTimeoutMillis: 10_000,
        statement_timeout: timeout,
        query_timeout: timeout + 500,
      });
      // An idle connection the server dropped is an 'error' event; unheard, it would end the process.
      pool.on("error", (error) => this.options.onWarning?.(`a session store connection broke (${errorText(error)}).`));
      // Replicas starting together each run this; the advisory lock makes them take turns.
      await pool
        .query(
          `SELECT pg_advisory_xact_lock(hashtext('toolsift:${this.table}'));
         CREATE TABLE IF NOT EXISTS ${this.table} (id text PRIMARY KEY, record jsonb NOT NULL, last_active timestamptz NOT NULL);
         CREATE TABLE IF NOT EXISTS ${this.table}_messages (id bigserial PRIMARY KEY, payload text NOT NULL, at timestamptz NOT NULL DEFAULT now())`,
        )
        .catch(async (error: unknown) => {
          // The next call opens a pool of its own: this one's connections must not linger.
          await pool.end().catch(() => undefined);
          throw error;
        });
      return pool;
    })();
    return this.pool.catch((error: unknown) => {
      this.pool = undefined;
      throw error;
    });
  }
}
