import { describe, expect, it } from "vitest";
import { dropTable, describePostgres, scratchStore, scratchTable } from "../../test/support/postgres.js";
import { runWithoutPackages } from "../../test/support/run-without-packages.js";
import { OptionsError } from "../errors.js";
import { loadPgPool } from "./load-pg.js";
import { PostgresUsageStore, poolConfig } from "./postgres-usage-store.js";
import { usageStoreContract } from "./usage-store-contract.fixture.js";

describe("PostgresUsageStore options", () => {
  it.each([
    [{}, "exactly one of connectionString or pool"],
    [{ connectionString: "postgres://x", pool: { query: async () => ({ rows: [] }) } }, "exactly one"],
    [{ connectionString: "" }, "non-empty string"],
    [{ pool: {} }, "query(text, values)"],
    [{ connectionString: "postgres://x", table: 'lessons"; DROP TABLE users; --' }, "plain lower-case name"],
    [{ connectionString: "postgres://x", table: "Lessons" }, "plain lower-case name"],
  ])("refuses %j with an error saying what to pass", (options, message) => {
    expect(() => new PostgresUsageStore(options as never)).toThrow(OptionsError);
    expect(() => new PostgresUsageStore(options as never)).toThrow(message);
  });

  it("bounds every wait of the pool it opens: connecting, statements, locks and answers", () => {
    const config = poolConfig({ connectionString: "postgres://x" });
    expect(config).toMatchObject({
      connectionTimeoutMillis: 5_000,
      statement_timeout: 5_000,
      lock_timeout: 5_000,
      idle_in_transaction_session_timeout: 5_000,
      query_timeout: 6_000,
    });
    expect(poolConfig({ connectionString: "postgres://x", statementTimeoutMs: 800, maxConnections: 2 })).toMatchObject({
      max: 2,
      statement_timeout: 800,
      query_timeout: 1_800,
    });
    expect(() => new PostgresUsageStore({ connectionString: "postgres://x", statementTimeoutMs: 0 })).toThrow(
      /statementTimeoutMs must be a whole number of milliseconds > 0, got 0/,
    );
  });

  it("names the package to install when pg is missing", async () => {
    const outcome = await runWithoutPackages(
      ["pg"],
      `import { PostgresUsageStore } from "./src/public/learning.ts";
       try { await new PostgresUsageStore({ connectionString: "postgres://localhost:1/none" }).lessons("s"); console.log("no error"); }
       catch (error) { console.log(JSON.stringify({ name: error.name, code: error.code, packageName: error.packageName, message: error.message })); }`,
    );
    const reported = JSON.parse(outcome.stdout.trim().split("\n").at(-1) ?? "{}") as Record<string, string>;
    expect(reported).toMatchObject({ name: "DependencyError", code: "missing_dependency", packageName: "pg" });
    expect(reported.message).toContain("npm install pg@^8.11.0");
  });

  it("says once on stderr that pg is missing when a tool search learns without onEvent, and not with it", async () => {
    // Learning turns store failures into warning events; with no onEvent to hear them, a store
    // that can never work (its package is not installed) went unnoticed.
    const script = (onEvent: string) => `
      const { createToolSearch } = await import("./src/index.ts");
      const { PostgresUsageStore } = await import("./src/public/learning.ts");
      const { sampleTools } = await import("./test/support/sample-tools.ts");
      const heard = [];
      const store = new PostgresUsageStore({ connectionString: "postgres://localhost:1/none" });
      const toolSearch = await createToolSearch({ tools: sampleTools(), tuning: { toolSearchThresholdTokens: 100 }, learning: { store }${onEvent} });
      for (const query of ["post a message", "create a ticket"]) {
        const session = toolSearch.session(query);
        await session.execute({ type: "tool_use", id: "1", name: "search_tools", input: { query } });
        await session.execute({ type: "tool_use", id: "2", name: "slack__post_message", input: { channel: "#ops", text: "hi" } });
        toolSearch.endSession(session.id);
      }
      await toolSearch.flushLearning();
      await toolSearch.close();
      console.log(JSON.stringify(heard.filter((event) => event.type === "warning").map((event) => event.code)));
    `;
    const silent = await runWithoutPackages(["pg"], script(""));
    expect(silent.code, silent.stderr).toBe(0);
    expect(silent.stderr.match(/needs the optional package pg \(\^8\.11\.0\), which is not installed/g)).toHaveLength(
      1,
    );
    expect(silent.stderr).toContain("npm install pg@^8.11.0");
    const heard = await runWithoutPackages(["pg"], script(", onEvent: (event) => heard.push(event)"));
    expect(heard.code, heard.stderr).toBe(0);
    expect(heard.stderr).toBe("");
    expect(JSON.parse(heard.stdout.trim().split("\n").at(-1)!)).toContain("learning_store_failed");
  });

  it("fails a read with the server's reason when nothing listens there", async () => {
    const store = new PostgresUsageStore({ connectionString: "postgres://nobody:nothing@127.0.0.1:1/none" });
    try {
      await expect(store.lessons("s")).rejects.toThrow(/ECONNREFUSED|connect/);
    } finally {
      await store.close();
    }
  });

  it("works over a pool of the caller's, which it leaves open", async () => {
    const statements: string[] = [];
    const pool = {
      ended: false,
      async query(text: string) {
        statements.push(text.trim().split(/\s+/).slice(0, 2).join(" "));
        return { rows: [{ tool: "t", query: "q", at: "12" }] };
      },
    };
    const store = new PostgresUsageStore({ pool, table: "app.lessons" });
    expect(await store.lessons("s")).toEqual([{ scope: "s", tool: "t", query: "q", at: 12 }]);
    await store.close();
    expect(statements).toEqual(["SELECT pg_advisory_xact_lock(hashtext('toolsift:'", "SELECT tool,"]);
  });
});

describePostgres("PostgresUsageStore against a real server", (url) => {
  const opened: (() => Promise<void>)[] = [];
  usageStoreContract(async (caps) => {
    const { store, cleanup } = scratchStore(url, caps);
    opened.push(cleanup);
    return {
      add: (lessons) => store.add(lessons),
      lessons: (scope) => store.lessons(scope),
      forget: (scope) => store.forget(scope),
      close: cleanup,
    };
  });

  it("gives up on a statement the server cannot finish within statementTimeoutMs, instead of holding the pool", async () => {
    const table = scratchTable();
    const store = new PostgresUsageStore({ connectionString: url, table, statementTimeoutMs: 300 });
    // One connection, so the lock and its rollback share a transaction.
    const locker = new (await loadPgPool())({
      ...poolConfig({ connectionString: url, maxConnections: 1 }),
      statement_timeout: 0,
      query_timeout: 0,
    });
    try {
      await store.lessons("s");
      // Another connection holds the table: without timeouts the read would wait for as long as it does.
      await locker.query(`BEGIN; LOCK TABLE "${table}" IN ACCESS EXCLUSIVE MODE`);
      const started = Date.now();
      await expect(store.lessons("s")).rejects.toThrow(/timeout|canceling statement/i);
      expect(Date.now() - started).toBeLessThan(2_000);
      await locker.query("ROLLBACK");
      expect(await store.lessons("s")).toEqual([]);
    } finally {
      await locker.end();
      await store.close();
      await dropTable(url, table);
    }
  });

  it("migrates a table from before lessons knew their teacher: old rows read as unknown, new ones keep theirs", async () => {
    const table = scratchTable();
    const pool = new (await loadPgPool())(poolConfig({ connectionString: url, maxConnections: 1 }));
    const store = new PostgresUsageStore({ connectionString: url, table });
    try {
      await pool.query(
        `CREATE TABLE "${table}" (scope text NOT NULL, tool text NOT NULL, query_key text NOT NULL, query text NOT NULL, at bigint NOT NULL, PRIMARY KEY (scope, tool, query_key))`,
      );
      await pool.query(`INSERT INTO "${table}" VALUES ('s', 't', 'restart the server', 'restart the server', 1)`);
      await store.add([{ scope: "s", tool: "t", query: "restart the server", at: 2, by: "aaaaaaaaaaaaaaaa" }]);
      expect((await store.lessons("s")).map(({ at, by }) => ({ at, by }))).toEqual([
        { at: 2, by: "aaaaaaaaaaaaaaaa" },
        { at: 1, by: undefined },
      ]);
    } finally {
      await pool.end();
      await store.close();
      await dropTable(url, table);
    }
  });

  it("shares lessons between two stores (two workers) on one table", async () => {
    const table = scratchTable();
    const first = new PostgresUsageStore({ connectionString: url, table });
    const second = new PostgresUsageStore({ connectionString: url, table });
    try {
      // Both create the table at once: the advisory lock makes them take turns.
      await Promise.all([first.lessons("fleet"), second.lessons("fleet")]);
      await first.add([{ scope: "fleet", tool: "mail__send", query: "email the invoice", at: 1 }]);
      expect(await second.lessons("fleet")).toEqual([
        { scope: "fleet", tool: "mail__send", query: "email the invoice", at: 1 },
      ]);
      await second.forget("fleet");
      expect(await first.lessons("fleet")).toEqual([]);
    } finally {
      await first.close();
      await second.close();
      await dropTable(url, table);
    }
  });
});
