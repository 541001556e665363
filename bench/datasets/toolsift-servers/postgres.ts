import { defineServer, tool } from "./define-server.js";
import { bool, int, list, oneOf, str } from "./schema.js";

const schemaName = str("Schema name.", { default: "public" });

const tools = [
  tool(
    "query",
    "Run a read-only SQL query against the PostgreSQL database and return the rows as JSON. The statement runs inside a READ ONLY transaction, so INSERT, UPDATE and DDL are rejected.",
    {
      sql: str("A single SELECT (or WITH … SELECT) statement."),
      "params?": list({ type: ["string", "number", "boolean", "null"] }, "Values for $1, $2, … placeholders."),
      "max_rows?": int("Stop after this many rows.", { minimum: 1, maximum: 10000, default: 1000 }),
    },
  ),
  tool(
    "execute",
    "Execute a data-changing SQL statement on PostgreSQL (INSERT, UPDATE, DELETE, or DDL such as CREATE INDEX) and report the affected row count. Runs in its own transaction and commits on success.",
    {
      sql: str("The statement to execute."),
      "params?": list({ type: ["string", "number", "boolean", "null"] }, "Bound parameter values."),
      "dry_run?": bool("Run inside a transaction that is rolled back, to preview the affected count."),
    },
  ),
  tool(
    "list_schemas",
    "List schemas in the current PostgreSQL database, excluding pg_catalog and information_schema unless asked. Also reports each schema's owner.",
    {
      "include_system?": bool("Include system schemas."),
    },
  ),
  tool(
    "list_tables",
    "List tables and views in a PostgreSQL schema with their estimated row counts. Counts come from planner statistics and can lag behind reality.",
    {
      "schema?": schemaName,
      "include_views?": bool("Also list views and materialized views.", { default: true }),
    },
  ),
  tool(
    "describe_table",
    "Describe a PostgreSQL table: columns with types, nullability and defaults, plus primary key, foreign keys, unique constraints and check constraints. Use it before writing queries to learn the exact column names.",
    { table: str("Table name."), "schema?": schemaName },
  ),
  tool(
    "explain_query",
    "Show the PostgreSQL execution plan for a query with EXPLAIN. With `analyze` the query is actually run and real timings and buffer usage are reported.",
    {
      sql: str("Query to explain."),
      "analyze?": bool("Run EXPLAIN ANALYZE (executes the query)."),
      "format?": oneOf(["text", "json"], "Plan output format.", { default: "text" }),
    },
  ),
  tool(
    "list_indexes",
    "List the indexes on a PostgreSQL table with their definitions, size on disk and how often each has been scanned. Indexes with zero scans are candidates for removal.",
    {
      table: str("Table name."),
      "schema?": schemaName,
    },
  ),
  tool(
    "table_sizes",
    "Report the largest PostgreSQL relations by total disk size, including indexes and TOAST data. Sizes are reported both in bytes and human-readable form.",
    {
      "schema?": schemaName,
      "limit?": int("How many relations to return.", { default: 20 }),
    },
  ),
  tool(
    "list_active_queries",
    "List currently running PostgreSQL backends from pg_stat_activity: pid, user, state, wait event, query text and how long it has been running. The connection used by this server is excluded.",
    {
      "min_duration_seconds?": int("Only queries running longer than this."),
      "include_idle?": bool("Include idle connections."),
    },
  ),
  tool(
    "cancel_backend",
    "Cancel the running query of a PostgreSQL backend by pid, or terminate the whole connection. Requires superuser or membership in pg_signal_backend.",
    {
      pid: int("Backend process id."),
      "terminate?": bool("Use pg_terminate_backend instead of pg_cancel_backend."),
    },
  ),
];

export const postgres = defineServer("postgres", tools, {
  direct: {
    query: ["run a select query on postgres: count of orders per day last week"],
    execute: ["execute an update statement on postgres to set users.active = false where last_login < 2022"],
    list_tables: ["list tables in the postgres analytics schema"],
    describe_table: ["describe the orders table columns and foreign keys in postgres"],
    explain_query: ["explain analyze this slow postgres query"],
    list_indexes: ["list indexes on the events table in postgres"],
    list_active_queries: ["list active postgres queries running longer than 60 seconds"],
  },
  paraphrase: {
    query: ["how many signups did we get per day last week according to the pg db"],
    execute: ["wipe the test accounts out of our pg users table"],
    list_schemas: ["what namespaces does our psql db have besides the built-in ones"],
    describe_table: ["what fields does the invoices relation have in pg, and what does it reference"],
    explain_query: ["why is my select on events so slow in pg, what strategy is the planner picking"],
    table_sizes: ["what's eating all the storage in our pg cluster"],
    cancel_backend: ["process 48211 on our psql server is hung, kill it"],
  },
});
