import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { OptionsError, errorText } from "../../errors.js";
import { loadSessionPgPool, type PgConnection, type PgPool } from "./load-pg.js";
import { parseReplicaMessage } from "./replica-message.js";
import type { ReplicaMessage, SessionRecord, SessionStore } from "./session-store.js";

/** Options of {@link PostgresSessionStore}. */
export interface PostgresSessionStoreOptions {
  /** Where to connect; its password is never put in a message. */
  connectionString: string;
  /**
   * The table, created if missing (lower-case letters, digits, `_`). Messages between replicas
   * go in `<table>_relay`, their key in `<table>_keys`, one-time tokens spent in `<table>_spent`;
   * the NOTIFY channel is the table's name. The four are the gateway role's alone (PUBLIC's
   * rights are revoked).
   * @defaultValue "toolsift_sessions"
   */
  table?: string;
  /** How long one statement may take before the server cancels it. @defaultValue 2,000 */
  statementTimeoutMs?: number;
  /** Told when the connection held for LISTEN broke (it is opened again at the next subscribe or sweep). */
  onWarning?: (message: string) => void;
}

/** The largest message relayed (a notification or an elicitation answer is far smaller). */
export const MAX_MESSAGE_BYTES = 256 * 1024;
const TABLE_PATTERN = /^[a-z_][a-z0-9_]{0,40}$/;
/** A NOTIFY's whole payload: a message's random reference and its HMAC-SHA256 under the replicas' key. */
const NOTE = /^([0-9a-f]{32})\.([0-9a-f]{64})$/;
/** How long a relayed message may be read, and a reference is remembered against a replay. */
const RELAY_MS = 60_000;
/** References remembered at most; past it, the oldest go (their rows expire within {@link RELAY_MS} anyway). */
const MAX_SEEN = 20_000;
const PURPOSE = /^[a-z][a-z-]{0,40}$/;
/** A one-time token is a random reference, never content: anything longer is refused. */
const MAX_TOKEN_CHARS = 128;

/**
 * Sessions in one PostgreSQL table, shared by the replicas of a gateway, and their messages over
 * `LISTEN/NOTIFY` on one channel. The `pg` package is loaded on first use.
 *
 * Any role that can connect to the database can LISTEN and NOTIFY on any channel, so the channel
 * carries no content and is trusted for none: a message is a row of `<table>_relay`, which only
 * the gateway's role can read or write, and its NOTIFY is the row's random reference with an
 * HMAC of it under a key in `<table>_keys` (made by the first replica, readable by the gateway's
 * role alone). A NOTIFY that is not such a pair, or whose MAC does not verify, or that repeats
 * one already delivered, or whose row is older than a minute, is dropped.
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
  /** The replicas' shared key, read from `<table>_keys` with the pool. */
  private key: Buffer | undefined;
  /** References delivered, and when: a NOTIFY replayed by anyone is not delivered twice. */
  private readonly seen = new Map<string, number>();
  /** The tail of the delivery queue (see deliverInOrder). */
  private delivering: Promise<void> = Promise.resolve();
  /** The next attempt to LISTEN again, after a failure. */
  private retrying: NodeJS.Timeout | undefined;

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
    // A message is read within moments of its NOTIFY; a minute later nobody will.
    await db.query(`DELETE FROM ${this.table}_relay WHERE at < now() - interval '1 minute'`);
    await db.query(`DELETE FROM ${this.table}_spent WHERE until < now()`);
    if (this.listening === undefined && this.listeners.length > 0) await this.listen();
    const { rowCount } = await db.query(
      `DELETE FROM ${this.table} WHERE last_active < now() - make_interval(secs => $1::double precision / 1000)`,
      [idleMs],
    );
    return rowCount ?? 0;
  }

  async sharedKey(purpose: string): Promise<Uint8Array> {
    if (!PURPOSE.test(purpose))
      throw new Error(`a shared key's purpose must be lower-case letters and "-", not ${JSON.stringify(purpose)}`);
    await this.db();
    // Derived, so what uses it can never reveal or stand in for the relay's own key.
    return createHmac("sha256", this.secret()).update(`${this.table}:key:${purpose}`).digest();
  }

  async spendOnce(token: string, keepMs: number): Promise<boolean> {
    if (token.length === 0 || token.length > MAX_TOKEN_CHARS)
      throw new Error(`a one-time token is 1 to ${MAX_TOKEN_CHARS} characters`);
    // One statement: of two replicas spending the same token at once, exactly one inserts it.
    const { rowCount } = await (await this.db()).query(
      `INSERT INTO ${this.table}_spent (token, until) VALUES ($1, now() + make_interval(secs => $2::double precision / 1000))
       ON CONFLICT (token) DO NOTHING`,
      [token, keepMs],
    );
    return rowCount === 1;
  }

  async publish(message: ReplicaMessage): Promise<void> {
    const db = await this.db();
    const payload = JSON.stringify(message);
    if (Buffer.byteLength(payload) > MAX_MESSAGE_BYTES)
      throw new Error(`a message between replicas is over ${MAX_MESSAGE_BYTES} bytes; it is not relayed`);
    const ref = randomBytes(16).toString("hex");
    // One statement: the row and its NOTIFY are committed together, so the row is there when it is read.
    await db.query(
      `WITH relayed AS (INSERT INTO ${this.table}_relay (ref, payload) VALUES ($1, $2)) SELECT pg_notify($3, $4)`,
      [ref, payload, this.table, `${ref}.${this.mac(ref).toString("hex")}`],
    );
  }

  async subscribe(listener: (message: ReplicaMessage) => void): Promise<void> {
    this.listeners.push(listener);
    await this.listen();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retrying);
    this.listeners.length = 0;
    const listening = this.listening;
    this.listening = undefined;
    if (listening) (await listening.catch(() => undefined))?.release(true);
    const pool = this.pool;
    this.pool = undefined;
    if (pool) await (await pool.catch(() => undefined))?.end();
  }

  /**
   * Opens the connection held for LISTEN, once; a broken one, or one that could not be opened, is
   * opened again a second later (and at each sweep), for as long as anyone listens: a replica that
   * stopped listening would miss every message, without a sign.
   */
  private listen(): Promise<unknown> {
    this.listening ??= (async () => {
      const connection = await (await this.db()).connect();
      const drop = (why: string) => {
        if (this.closed || this.listening === undefined) return;
        this.listening = undefined;
        connection.release(true);
        this.options.onWarning?.(`the session store's LISTEN connection broke (${why}); it is opened again shortly.`);
        this.listenAgain();
      };
      connection.on("error", (error) => drop(errorText(error)));
      connection.on("end", () => drop("it ended"));
      connection.on("notification", (notification) => {
        if (notification.channel === this.table && notification.payload !== undefined)
          this.deliverInOrder(notification.payload);
      });
      await connection.query(`LISTEN ${this.table}`);
      return connection;
    })();
    return this.listening.catch((error: unknown) => {
      this.listening = undefined;
      this.listenAgain();
      throw error;
    });
  }

  private listenAgain(): void {
    if (this.closed || this.retrying !== undefined || this.listeners.length === 0) return;
    this.retrying = setTimeout(() => {
      this.retrying = undefined;
      if (!this.closed && this.listening === undefined) this.listen().catch(() => undefined);
    }, 1_000);
    this.retrying.unref();
  }

  /**
   * Each message's row is read at once, but listeners get messages in NOTIFY order: reads on a
   * pool finish in any order, and a session's "closed" must not overtake its last response.
   */
  private deliverInOrder(note: string): void {
    const read = this.read(note).catch(() => undefined);
    this.delivering = this.delivering
      .then(async () => {
        const message = await read;
        if (message !== undefined) for (const listener of this.listeners) listener(message);
      })
      // A listener that throws must not stop the queue for every later message.
      .catch(() => undefined);
  }

  /** The message a NOTIFY points to, or nothing when the note is forged, replayed or expired. */
  private async read(note: string): Promise<ReplicaMessage | undefined> {
    const match = NOTE.exec(note);
    if (!match || this.key === undefined) return undefined;
    const [, ref, mac] = match as unknown as [string, string, string];
    if (this.seen.has(ref) || !timingSafeEqual(Buffer.from(mac, "hex"), this.mac(ref))) return undefined;
    this.remember(ref);
    const { rows } = await (await this.db()).query(
      `SELECT payload FROM ${this.table}_relay WHERE ref = $1 AND at > now() - interval '1 minute'`,
      [ref],
    );
    if (rows[0] === undefined) return undefined;
    try {
      return parseReplicaMessage(JSON.parse(String(rows[0].payload)));
    } catch {
      return undefined;
    }
  }

  /** HMAC-SHA256 of a message's reference, bound to this table, under the replicas' key. */
  private mac(ref: string): Buffer {
    return createHmac("sha256", this.secret()).update(`${this.table}:${ref}`).digest();
  }

  private secret(): Buffer {
    if (this.key === undefined) throw new Error("the session store's key is not loaded yet");
    return this.key;
  }

  private remember(ref: string): void {
    const now = Date.now();
    this.seen.set(ref, now);
    for (const [old, at] of this.seen) {
      if (at > now - RELAY_MS && this.seen.size <= MAX_SEEN) break;
      this.seen.delete(old);
    }
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
      // Replicas starting together each run this; the advisory lock makes them take turns. The
      // first one's key stays: ON CONFLICT keeps it. Base64 has no quote to escape.
      const key = randomBytes(32).toString("base64");
      const relay = `${this.table}_relay`;
      const keys = `${this.table}_keys`;
      const spent = `${this.table}_spent`;
      await pool
        .query(
          `SELECT pg_advisory_xact_lock(hashtext('toolsift:${this.table}'));
         CREATE TABLE IF NOT EXISTS ${this.table} (id text PRIMARY KEY, record jsonb NOT NULL, last_active timestamptz NOT NULL);
         CREATE TABLE IF NOT EXISTS ${relay} (ref text PRIMARY KEY, payload text NOT NULL, at timestamptz NOT NULL DEFAULT now());
         CREATE TABLE IF NOT EXISTS ${keys} (id smallint PRIMARY KEY CHECK (id = 1), key text NOT NULL);
         CREATE TABLE IF NOT EXISTS ${spent} (token text PRIMARY KEY, until timestamptz NOT NULL);
         REVOKE ALL ON ${this.table}, ${relay}, ${keys}, ${spent} FROM PUBLIC;
         INSERT INTO ${keys} (id, key) VALUES (1, '${key}') ON CONFLICT (id) DO NOTHING`,
        )
        .catch(async (error: unknown) => {
          // The next call opens a pool of its own: this one's connections must not linger.
          await pool.end().catch(() => undefined);
          throw error;
        });
      const { rows } = await pool.query(`SELECT key FROM ${keys} WHERE id = 1`);
      this.key = Buffer.from(String(rows[0]?.key), "base64");
      return pool;
    })();
    return this.pool.catch((error: unknown) => {
      this.pool = undefined;
      throw error;
    });
  }
}
