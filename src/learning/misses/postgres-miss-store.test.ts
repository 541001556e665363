import { afterAll, afterEach, describe, expect, it } from "vitest";
import { TEST_PG_OTHER, describePostgres, dropTable, scratchTable } from "../../../test/support/postgres.js";
import { sampleTools, toolUse } from "../../../test/support/sample-tools.js";
import { OptionsError } from "../../errors.js";
import { createToolSearch, type ToolSearch } from "../../tool-search/tool-search.js";
import { loadPgPool } from "../load-pg.js";
import { poolConfig } from "../postgres-usage-store.js";
import { missRecord, missStoreContract } from "./miss-store-contract.fixture.js";
import { PostgresMissStore } from "./postgres-miss-store.js";

describe("PostgresMissStore options", () => {
  it.each([
    [{}, "exactly one of connectionString or pool"],
    [{ connectionString: "" }, "non-empty string"],
    [{ connectionString: "postgres://x", table: 'm"; DROP TABLE users; --' }, "plain lower-case name"],
    [{ connectionString: "postgres://x", maxRecords: 0 }, "maxRecords must be a whole number"],
  ])("refuses %j with an invalid_miss_store error", (options, message) => {
    expect(() => new PostgresMissStore(options as never)).toThrow(OptionsError);
    expect(() => new PostgresMissStore(options as never)).toThrow(message);
  });
});

describePostgres("PostgresMissStore", (url) => {
  const tables: string[] = [];
  afterAll(async () => {
    for (const table of tables) {
      await dropTable(url, table);
      await dropTable(url, `${table}_keys`);
    }
  });
  missStoreContract(async (maxRecords) => {
    const table = scratchTable();
    tables.push(table);
    return new PostgresMissStore({ connectionString: url, table, maxRecords });
  });
});

describePostgres("PostgresMissStore and another role on the same database", (url) => {
  // A schema whose default privileges give PUBLIC every right on new tables: the store must take them back.
  const schema = `${scratchTable()}_open`;
  const table = `${schema}.misses`;
  const admin = async (sql: string) => {
    const Pool = await loadPgPool();
    const pool = new Pool(poolConfig({ connectionString: url, maxConnections: 1 }));
    try {
      await pool.query(sql);
    } finally {
      await pool.end();
    }
  };
  const skip = TEST_PG_OTHER ? undefined : "TOOLSIFT_TEST_PG_OTHER is not set (.ci/run creates the role and sets it)";
  if (skip && process.env.CI) throw new Error(`PostgresMissStore and another role: ${skip} on CI.`);
  if (skip) console.warn(`[toolsift] SKIPPED "PostgresMissStore and another role": ${skip}`);
  afterAll(async () => {
    if (!skip) await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  });

  it.skipIf(skip !== undefined)("reads no record nor the key, and adds or deletes no record", async () => {
    await admin(
      `CREATE SCHEMA ${schema}; GRANT USAGE ON SCHEMA ${schema} TO PUBLIC;
       ALTER DEFAULT PRIVILEGES IN SCHEMA ${schema} GRANT ALL ON TABLES TO PUBLIC`,
    );
    const store = new PostgresMissStore({ connectionString: url, table });
    const Pool = await loadPgPool();
    const other = new Pool(poolConfig({ connectionString: TEST_PG_OTHER!, maxConnections: 1 }));
    try {
      const record = missRecord("s", 1, { request: { hash: "c".repeat(64), length: 6, text: "secret" } });
      await store.add([record]);
      await expect(other.query(`SELECT * FROM ${table}`)).rejects.toThrow(/permission denied/);
      await expect(other.query(`SELECT * FROM ${table}_keys`)).rejects.toThrow(/permission denied/);
      const forged = { ...missRecord("s", 2), kind: "empty" };
      await expect(
        other.query(`INSERT INTO ${table} (id, at, scope, record) VALUES ($1, now(), 's', $2)`, [
          forged.id,
          JSON.stringify(forged),
        ]),
      ).rejects.toThrow(/permission denied/);
      await expect(other.query(`DELETE FROM ${table}`)).rejects.toThrow(/permission denied/);
      expect(await store.misses()).toEqual([record]);
    } finally {
      await other.end();
      await store.close();
    }
  });
});

/** Words no sample tool uses: no ranker finds anything for them. */
const PRIVATE_QUERY = "zxqv wobbleflorp the quarterly gizmo";
const open: ToolSearch[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((toolSearch) => toolSearch.close()));
});

describePostgres("misses and privacy in PostgreSQL", (url) => {
  const tables: string[] = [];
  afterAll(async () => {
    for (const table of tables) {
      await dropTable(url, table);
      await dropTable(url, `${table}_keys`);
    }
  });

  async function rowsText(table: string): Promise<string> {
    const Pool = await loadPgPool();
    const pool = new Pool(poolConfig({ connectionString: url, maxConnections: 1 }));
    try {
      const { rows } = await pool.query(`SELECT * FROM "${table}"`);
      return JSON.stringify(rows);
    } finally {
      await pool.end();
    }
  }

  it.each([false, true])("keeps the request text in the table only with recordText (%s)", async (recordText) => {
    const table = scratchTable();
    tables.push(table);
    const store = new PostgresMissStore({ connectionString: url, table });
    try {
      const toolSearch = await createToolSearch({
        tools: sampleTools(),
        tuning: { toolSearchThresholdTokens: 100 },
        semanticFallback: false,
        misses: { store, recordText },
      });
      open.push(toolSearch);
      const session = toolSearch.session("run-1");
      await session.execute(toolUse("search_tools", { query: PRIVATE_QUERY }, "toolu_1"));
      await session.execute(toolUse("slack__send_it", {}, "toolu_2"));
      toolSearch.endSession("run-1");
      await toolSearch.flushMisses();
      const text = await rowsText(table);
      expect(text).toContain("unknown-tool");
      expect(text.includes("wobbleflorp")).toBe(recordText);
      expect(text.includes("slack__send_it")).toBe(recordText);
    } finally {
      await store.close();
    }
  });
});
