import type { ToolDefinition } from "../../src/catalogue/tool-definition.js";
import { lookup, notFound, refused } from "./fake-service.js";
import { choice, flag, integer, list, obj, strings, text } from "./schema-parts.js";
import { serverTools } from "./server-tools.js";

type Value = string | number | boolean | null;
type Row = Record<string, Value>;

interface Column {
  name: string;
  type: string;
  nullable: boolean;
  default?: string;
}

interface Table {
  schema: string;
  name: string;
  kind: "table" | "view";
  columns: Column[];
  primaryKey: string[];
  indexes: { name: string; columns: string[]; unique: boolean; method: string; predicate?: string }[];
  rows: Row[];
}

const column = (spec: string): Column => {
  // "name type" with an optional trailing "?" for nullable, e.g. "shipped_at timestamptz?".
  const [name = "", type = ""] = spec.split(" ");
  return { name, type: type.replace("?", ""), nullable: type.endsWith("?") };
};

const table = (qualified: string, columns: string[], rows: Row[], kind: Table["kind"] = "table"): Table => {
  const [schema = "", name = ""] = qualified.split(".");
  const pk = kind === "table" ? [column(columns[0] ?? "").name] : [];
  return { schema, name, kind, columns: columns.map(column), primaryKey: pk, indexes: [], rows };
};

const tables: Table[] = [
  table(
    "public.customers",
    ["id bigint", "email text", "name text", "country char(2)", "created_at timestamptz"],
    [
      { id: 1, email: "ana@example.com", name: "Ana Souza", country: "BR", created_at: "2024-11-02T10:00:00Z" },
      { id: 2, email: "kenji@example.com", name: "Kenji Sato", country: "JP", created_at: "2025-01-15T08:30:00Z" },
      { id: 3, email: "lea@example.com", name: "Léa Martin", country: "FR", created_at: "2025-03-09T17:45:00Z" },
    ],
  ),
  table(
    "public.orders",
    ["id bigint", "customer_id bigint", "total_cents integer", "currency char(3)", "status text", "shipped_at timestamptz?"],
    [
      { id: 1001, customer_id: 1, total_cents: 15990, currency: "BRL", status: "shipped", shipped_at: "2025-05-20T12:00:00Z" },
      { id: 1002, customer_id: 2, total_cents: 4800, currency: "JPY", status: "paid", shipped_at: null },
      { id: 1003, customer_id: 3, total_cents: 8900, currency: "EUR", status: "refunded", shipped_at: null },
      { id: 1004, customer_id: 1, total_cents: 2350, currency: "BRL", status: "paid", shipped_at: null },
    ],
  ),
  table(
    "analytics.daily_revenue",
    ["day date", "currency char(3)", "revenue_cents bigint", "orders integer"],
    [
      { day: "2025-05-31", currency: "EUR", revenue_cents: 1289000, orders: 211 },
      { day: "2025-06-01", currency: "EUR", revenue_cents: 1104500, orders: 187 },
    ],
    "view",
  ),
];
tables[1]?.indexes.push({ name: "orders_customer_id_idx", columns: ["customer_id"], unique: false, method: "btree" });

const findTable = (schema: string | undefined, name: string) =>
  tables.find((t) => t.name === name && t.schema === (schema ?? "public"));

const tableRef = {
  schema: text("Schema the table lives in.", { default: "public", examples: ["public"] }),
  table: text("Table or view name, without the schema.", { examples: ["orders"] }),
};
const sqlInput = (description: string, example: string) => ({
  sql: text(description, { examples: [example] }),
  params: strings("Values for the $1, $2, … placeholders, in order; sent as text and cast by Postgres."),
});
const onTable = lookup(
  "Table",
  (input: { schema?: string; table: string }) => findTable(input.schema, input.table),
  (input) => `${input.schema ?? "public"}.${input.table}`,
);

/** Resolves `$n` placeholders and literals of the small SQL subset the fake understands. */
function literal(raw: string, params: readonly string[] = []): Value {
  const token = raw.trim();
  const placeholder = /^\$(\d+)$/.exec(token);
  if (placeholder) return params[Number(placeholder[1]) - 1] ?? null;
  if (/^'.*'$/.test(token)) return token.slice(1, -1).replace(/''/g, "'");
  if (/^null$/i.test(token)) return null;
  if (/^(true|false)$/i.test(token)) return token.toLowerCase() === "true";
  return Number.isNaN(Number(token)) ? token : Number(token);
}

/** Parses `FROM/INTO/UPDATE [schema.]table … [WHERE col = value]` into the table and a row filter. */
function target(sql: string, keyword: string, params?: readonly string[]) {
  const named = new RegExp(`\\b${keyword}\\s+(?:(\\w+)\\.)?(\\w+)`, "i").exec(sql);
  const found = named ? findTable(named[1], named[2] ?? "") : undefined;
  const where = /\bwhere\s+(\w+)\s*=\s*('(?:[^']|'')*'|\$\d+|[\w.-]+)/i.exec(sql);
  const matches = (row: Row) => !where || String(row[where[1] ?? ""]) === String(literal(where[2] ?? "", params));
  return { table: found, name: named ? `${named[1] ?? "public"}.${named[2]}` : "(none)", matches };
}

function runSelect(sql: string, params: readonly string[] | undefined, maxRows: number) {
  const { table: from, name, matches } = target(sql, "from", params);
  if (!from) return notFound("Relation", name);
  const rows = from.rows.filter(matches);
  const projection = /^\s*select\s+(.+?)\s+from\b/is.exec(sql)?.[1]?.trim() ?? "*";
  if (/^count\(\*\)$/i.test(projection)) return { command: "SELECT", rowCount: 1, rows: [{ count: rows.length }] };
  const limit = Math.min(Number(/\blimit\s+(\d+)/i.exec(sql)?.[1] ?? maxRows), maxRows);
  const columns = projection === "*" ? from.columns.map((c) => c.name) : projection.split(",").map((c) => c.trim());
  const picked = rows.slice(0, limit).map((row) => Object.fromEntries(columns.map((c) => [c, row[c] ?? null])));
  return { command: "SELECT", rowCount: picked.length, fields: columns, rows: picked, truncated: rows.length > limit };
}

function runWrite(sql: string, params: readonly string[] | undefined) {
  const verb = /^\s*(insert|update|delete)\b/i.exec(sql)?.[1]?.toUpperCase();
  const keyword = verb === "INSERT" ? "into" : verb === "DELETE" ? "from" : "update";
  const { table: into, name, matches } = target(sql, keyword, params);
  if (!verb) return refused("execute_write takes INSERT, UPDATE or DELETE; use execute_query for reads.");
  if (!into || into.kind !== "table") return notFound("Table", name);
  if (verb === "DELETE") {
    const kept = into.rows.filter((row) => !matches(row));
    const rowCount = into.rows.length - kept.length;
    into.rows = kept;
    return { command: verb, rowCount };
  }
  if (verb === "UPDATE") {
    const set = /\bset\s+(\w+)\s*=\s*('(?:[^']|'')*'|\$\d+|[\w.-]+)/i.exec(sql);
    if (!set) return refused("UPDATE needs SET column = value.");
    const hit = into.rows.filter(matches);
    for (const row of hit) row[set[1] ?? ""] = literal(set[2] ?? "", params);
    return { command: verb, rowCount: hit.length };
  }
  const insert = /\(([^)]*)\)\s*values\s*\(([^)]*)\)/i.exec(sql);
  if (!insert) return refused("INSERT needs (columns) VALUES (values) with a single row.");
  const names = (insert[1] ?? "").split(",").map((c) => c.trim());
  const values = (insert[2] ?? "").split(",").map((v) => literal(v, params));
  into.rows.push(Object.fromEntries(names.map((c, i) => [c, values[i] ?? null])));
  return { command: verb, rowCount: 1 };
}

const READ_ONLY = /^\s*(select|with|show|values|table)\b/i;

const tool = serverTools("postgres");

/** Tools of a PostgreSQL MCP server, run against an in-memory shop database. */
export const postgresTools: ToolDefinition[] = [
  tool({
    name: "list_schemas",
    description:
      "List the schemas in the connected database with their owners and table counts. " +
      "System schemas (pg_catalog, information_schema) are hidden unless include_system is set.",
    inputSchema: obj({ include_system: flag("Also list pg_catalog, information_schema and pg_toast.", false) }),
    execute: (input) => {
      const names = [...new Set(tables.map((t) => t.schema))];
      const system = input.include_system ? ["information_schema", "pg_catalog"] : [];
      return [...names, ...system].map((schema) => ({
        schema,
        owner: system.includes(schema) ? "postgres" : "app",
        tables: tables.filter((t) => t.schema === schema).length,
      }));
    },
  }),
  tool({
    name: "list_tables",
    description:
      "List the tables and views of a schema with their estimated row counts. " +
      "Use describe_table next to see a table's columns before writing a query.",
    inputSchema: obj({
      schema: tableRef.schema,
      include_views: flag("Include views and materialised views.", true),
      name_pattern: text("SQL LIKE pattern the name must match, such as order%."),
    }),
    tags: ["show tables", "database structure"],
    execute: (input) => {
      const pattern = new RegExp(`^${(input.name_pattern ?? "%").replace(/%/g, ".*").replace(/_/g, ".")}$`);
      return tables
        .filter((t) => t.schema === (input.schema ?? "public") && pattern.test(t.name))
        .filter((t) => t.kind === "table" || (input.include_views ?? true))
        .map((t) => ({ name: t.name, type: t.kind, estimated_rows: t.rows.length }));
    },
  }),
  tool({
    name: "describe_table",
    description:
      "Describe a table: its columns with types, nullability and defaults, the primary key and the indexes. " +
      "Read this before writing SQL against a table you have not seen.",
    inputSchema: obj({ ...tableRef }, ["table"]),
    tags: ["columns", "schema"],
    execute: onTable((_input, found) => {
      const { rows, ...shape } = found;
      return shape;
    }),
  }),
  tool({
    name: "execute_query",
    description:
      "Run a read-only SQL query (SELECT, WITH, SHOW) and return the rows as JSON. " +
      "The statement runs in a read-only transaction, so it cannot change data; use execute_write for that. " +
      "Results stop at max_rows and say whether they were truncated.",
    inputSchema: obj(
      {
        ...sqlInput("A single read-only SQL statement.", "SELECT id, status, total_cents FROM orders WHERE status = 'paid'"),
        max_rows: integer("Most rows to return.", { minimum: 1, maximum: 10000, default: 1000 }),
        timeout_ms: integer("Statement timeout in milliseconds.", { minimum: 100, maximum: 300000, default: 30000 }),
      },
      ["sql"],
    ),
    tags: ["select", "read data", "report"],
    execute: (input) =>
      READ_ONLY.test(input.sql)
        ? runSelect(input.sql, input.params, input.max_rows ?? 1000)
        : refused("execute_query runs read-only statements only; use execute_write to change data."),
  }),
  tool({
    name: "execute_write",
    description:
      "Run one INSERT, UPDATE or DELETE statement and commit it. " +
      "Changes are permanent; returns the command and the number of affected rows. " +
      "Prefer a WHERE clause; an unqualified DELETE empties the table.",
    inputSchema: obj(
      {
        ...sqlInput("A single data-modifying SQL statement.", "UPDATE orders SET status = 'shipped' WHERE id = $1"),
        params: strings("Values for $1, $2, … in order.", { examples: [["1002"]] }),
        timeout_ms: integer("Statement timeout in milliseconds.", { minimum: 100, maximum: 300000, default: 30000 }),
      },
      ["sql"],
    ),
    destructive: true,
    tags: ["insert", "update", "delete rows"],
    execute: (input) => runWrite(input.sql, input.params),
  }),
  tool({
    name: "explain_query",
    description:
      "Show the execution plan Postgres picks for a query, optionally running it with ANALYZE for real timings. " +
      "Use it to find sequential scans and missing indexes; ANALYZE on a write statement performs the write.",
    inputSchema: obj(
      {
        ...sqlInput("The statement to explain.", "SELECT * FROM orders WHERE customer_id = 1"),
        analyze: flag("Run the statement and report actual row counts and times.", false),
        buffers: flag("With analyze, report shared buffer hits and reads.", false),
        format: choice(["text", "json", "yaml"], "Output format of the plan.", "text"),
      },
      ["sql"],
    ),
    tags: ["performance", "slow query"],
    execute: (input) => {
      const { table: from, name, matches } = target(input.sql, "from", input.params);
      if (!from) return notFound("Relation", name);
      const where = /\bwhere\s+(\w+)/i.exec(input.sql)?.[1];
      const index = from.indexes.find((i) => i.columns[0] === where);
      const node = index ? `Index Scan using ${index.name} on ${from.name}` : `Seq Scan on ${from.name}`;
      const rows = from.rows.filter(matches).length;
      const plan = { "Node Type": node, "Total Cost": index ? 8.3 : 1.05 * from.rows.length, "Plan Rows": rows };
      return input.format === "json" ? [{ Plan: plan }] : `${node}  (cost=0.00..${plan["Total Cost"]} rows=${rows})`;
    },
  }),
  tool({
    name: "create_index",
    description:
      "Create an index on one or more columns of a table, optionally unique, partial or built concurrently. " +
      "CONCURRENTLY avoids blocking writes on a busy table but takes longer.",
    inputSchema: obj(
      {
        ...tableRef,
        columns: list(
          obj(
            {
              name: text("Column name.", { examples: ["status"] }),
              order: choice(["asc", "desc"], "Sort order in the index.", "asc"),
              nulls: choice(["first", "last"], "Where nulls sort."),
            },
            ["name"],
          ),
          "Columns to index, in key order.",
          { minItems: 1, maxItems: 32 },
        ),
        name: text("Index name; generated from table and columns when omitted."),
        unique: flag("Reject duplicate keys.", false),
        method: choice(["btree", "hash", "gin", "gist", "brin"], "Index access method.", "btree"),
        concurrently: flag("Build without locking out writes.", false),
        where: text("Predicate for a partial index, such as status = 'paid'."),
      },
      ["table", "columns"],
    ),
    execute: onTable((input, found) => {
      const columns = input.columns.map((c) => c.name);
      const unknown = columns.find((c) => !found.columns.some((col) => col.name === c));
      if (unknown !== undefined) return notFound("Column", `${found.name}.${unknown}`);
      const name = input.name ?? `${found.name}_${columns.join("_")}_idx`;
      if (found.indexes.some((i) => i.name === name)) return refused(`Index ${name} already exists.`);
      found.indexes.push({ name, columns, unique: input.unique ?? false, method: input.method ?? "btree", predicate: input.where });
      return { created: name, definition: `CREATE INDEX ${name} ON ${found.schema}.${found.name} (${columns.join(", ")})` };
    }),
  }),
  tool({
    name: "list_indexes",
    description:
      "List the indexes of a table with their columns, uniqueness and access method. " +
      "Check it before create_index to avoid building a duplicate.",
    inputSchema: obj({ ...tableRef }, ["table"]),
    execute: onTable((_input, found) => [
      ...(found.primaryKey.length > 0 ? [{ name: `${found.name}_pkey`, columns: found.primaryKey, unique: true, method: "btree" }] : []),
      ...found.indexes,
    ]),
  }),
  tool({
    name: "get_table_stats",
    description:
      "Report a table's size on disk, live and dead row estimates, and when it was last vacuumed and analyzed. " +
      "Useful for diagnosing bloat and stale planner statistics.",
    inputSchema: obj({ ...tableRef }, ["table"]),
    execute: onTable((_input, found) => ({
      relation: `${found.schema}.${found.name}`,
      live_rows: found.rows.length,
      dead_rows: 0,
      total_bytes: 8192 * (2 + found.rows.length + found.indexes.length),
      last_autovacuum: "2025-06-01T03:12:00Z",
      last_autoanalyze: "2025-06-01T03:12:05Z",
    })),
  }),
  tool({
    name: "drop_table",
    description:
      "Drop a table and all of its data permanently. " +
      "With cascade, views and foreign keys that depend on it are dropped too; without it, such dependencies make the drop fail.",
    inputSchema: obj(
      {
        ...tableRef,
        cascade: flag("Also drop objects that depend on the table.", false),
        if_exists: flag("Succeed quietly when the table does not exist.", false),
      },
      ["table"],
    ),
    destructive: true,
    execute: (input) => {
      const found = findTable(input.schema, input.table);
      if (!found) return input.if_exists ? { dropped: null } : notFound("Table", input.table);
      tables.splice(tables.indexOf(found), 1);
      return { dropped: `${found.schema}.${found.name}`, cascade: input.cascade ?? false };
    },
  }),
];
