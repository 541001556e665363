import { randomBytes } from "node:crypto";
import { describe } from "vitest";
import { PostgresUsageStore } from "../../src/public/learning.js";
import { loadPgPool } from "../../src/learning/load-pg.js";
import { poolConfig } from "../../src/learning/postgres-usage-store.js";

/** The test database, e.g. postgres://toolsift:toolsift@localhost:5432/toolsift_test; `.ci/run` starts one and sets it. */
export const TEST_PG = process.env.TOOLSIFT_TEST_PG;
/** Another role on the same database, with no grant of its own (`.ci/run` creates it and sets this). */
export const TEST_PG_OTHER = process.env.TOOLSIFT_TEST_PG_OTHER;

/**
 * `describe` for tests that need a PostgreSQL server. Without `TOOLSIFT_TEST_PG` they are
 * skipped, and say so, on a developer's machine; on CI (`CI` set) a missing server is a failure,
 * never a silent skip.
 */
export function describePostgres(name: string, body: (url: string) => void): void {
  if (TEST_PG) {
    describe(name, () => body(TEST_PG));
    return;
  }
  if (process.env.CI) {
    throw new Error(
      `${name}: TOOLSIFT_TEST_PG is not set on CI. .ci/run starts PostgreSQL and exports it; run the tests through it.`,
    );
  }
  const reason =
    "TOOLSIFT_TEST_PG is not set; run .ci/run, or start PostgreSQL and set TOOLSIFT_TEST_PG=postgres://user:password@localhost:5432/database";
  console.warn(`[toolsift] SKIPPED "${name}": ${reason}`);
  describe.skip(`${name} (skipped: ${reason})`, () => body(""));
}

/** A table name no other test uses, to drop afterwards. */
export function scratchTable(): string {
  return `toolsift_test_${randomBytes(6).toString("hex")}`;
}

/** Drops a scratch table over a connection of its own. */
export async function dropTable(url: string, table: string): Promise<void> {
  const Pool = await loadPgPool();
  const pool = new Pool({ ...poolConfig({ connectionString: url, maxConnections: 1 }), idleTimeoutMillis: 1_000 });
  try {
    await pool.query(`DROP TABLE IF EXISTS "${table}"`);
  } finally {
    await pool.end();
  }
}

/** A store on a fresh scratch table, and a cleanup that closes it and drops the table. */
export function scratchStore(url: string, options: { maxLessonsPerTool?: number; maxLessonsPerScope?: number } = {}) {
  const table = scratchTable();
  const store = new PostgresUsageStore({ connectionString: url, table, ...options });
  return {
    table,
    store,
    cleanup: async () => {
      await store.close();
      await dropTable(url, table);
    },
  };
}

/** A database of its own (the role needs CREATEDB, as `.ci/run` gives it), dropped by `drop()`. */
export async function scratchDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `toolsift_scratch_${randomBytes(4).toString("hex")}`;
  const Pool = await loadPgPool();
  const admin = new Pool(poolConfig({ connectionString: url, maxConnections: 1 }));
  await admin.query(`CREATE DATABASE ${name}`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
