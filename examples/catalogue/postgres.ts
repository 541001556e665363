import type { ToolDefinition } from "../../src/catalogue/tool-definition.js";
import { lookup, notFound, refused } from "./fake-service.js";
import { choice, flag, integer, list, obj, scalar, strings, text } from "./schema-parts.js";
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
    [
      "id bigint",
      "customer_id bigint",
      "total_cents integer",
      "currency char(3)",
      "status text",
      "shipped_at timestamptz?",
    ],
    [
      {
        id: 1001,
        customer_id: 1,
        total_cents: 15990,
        currency: "BRL",
        status: "shipped",
        shipped_at: "2025-05-20T12:00:00Z",
      },
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
  schema: text(
    "Schema the table lives in. Defaults to public; list_schemas shows the others, such as analytics. " +
      "Unquoted names are folded to lower case by Postgres, so pass names in lower case unless they were created quoted.",
    { default: "public", examples: ["public"] },
  ),
  table: text("Table or view name, without the schema prefix and without quotes, such as orders.", {
    examples: ["orders"],
  }),
};
const sqlInput = (description: string, example: string) => ({
  sql: text(description, { minLength: 1, examples: [example] }),
  params: list(
    scalar("One parameter value."),
    "Values for the $1, $2, … placeholders, in order. Strings, numbers, booleans and null are sent as typed " +
      "parameters, never spliced into the SQL text, so use placeholders for every value that comes from the user.",
    { maxItems: 1000 },
  ),
});
const timeoutField = integer(
  "statement_timeout for this call, in milliseconds. The statement is cancelled when it runs longer, and the " +
    "call fails with a timeout rather than hanging.",
  { minimum: 100, maximum: 300000, default: 30000 },
);
const namePatternField = (what: string) =>
  text(
    `SQL LIKE pattern ${what} must match: % for any run of characters, _ for one character, such as order% or ` +
      "%_audit. Case-sensitive.",
  );
const onTable = lookup(
  "Table",
  (input: { schema?: string; table: string }) => findTable(input.schema, input.table),
  (input) => `${input.schema ?? "public"}.${input.table}`,
);

/** Resolves `$n` placeholders and literals of the small SQL subset the fake understands. */
function literal(raw: string, params: readonly Value[] = []): Value {
  const token = raw.trim();
  const placeholder = /^\$(\d+)$/.exec(token);
  if (placeholder) return params[Number(placeholder[1]) - 1] ?? null;
  if (/^'.*'$/.test(token)) return token.slice(1, -1).replace(/''/g, "'");
  if (/^null$/i.test(token)) return null;
  if (/^(true|false)$/i.test(token)) return token.toLowerCase() === "true";
  return Number.isNaN(Number(token)) ? token : Number(token);
}

/** Parses `FROM/INTO/UPDATE [schema.]table … [WHERE col = value]` into the table and a row filter. */
function target(sql: string, keyword: string, params?: readonly Value[]) {
  const named = new RegExp(`\\b${keyword}\\s+(?:(\\w+)\\.)?(\\w+)`, "i").exec(sql);
  const found = named ? findTable(named[1], named[2] ?? "") : undefined;
  const where = /\bwhere\s+(\w+)\s*=\s*('(?:[^']|'')*'|\$\d+|[\w.-]+)/i.exec(sql);
  const matches = (row: Row) => !where || String(row[where[1] ?? ""]) === String(literal(where[2] ?? "", params));
  return { table: found, name: named ? `${named[1] ?? "public"}.${named[2]}` : "(none)", matches };
}

/** How execute_query shapes its answer: row cap, cell cap (0 keeps cells whole), rows as arrays or objects. */
interface SelectOptions {
  maxRows: number;
  maxCellLength: number;
  asArrays: boolean;
}

function runSelect(
  sql: string,
  params: readonly Value[] | undefined,
  { maxRows, maxCellLength, asArrays }: SelectOptions,
) {
  const { table: from, name, matches } = target(sql, "from", params);
  if (!from) return notFound("Relation", name);
  const rows = from.rows.filter(matches);
  const projection = /^\s*select\s+(.+?)\s+from\b/is.exec(sql)?.[1]?.trim() ?? "*";
  if (/^count\(\*\)$/i.test(projection)) return { command: "SELECT", rowCount: 1, rows: [{ count: rows.length }] };
  const limit = Math.min(Number(/\blimit\s+(\d+)/i.exec(sql)?.[1] ?? maxRows), maxRows);
  const columns = projection === "*" ? from.columns.map((c) => c.name) : projection.split(",").map((c) => c.trim());
  const cut = (value: Value) =>
    typeof value === "string" && maxCellLength > 0 && value.length > maxCellLength
      ? `${value.slice(0, maxCellLength)}…`
      : value;
  const picked = rows.slice(0, limit).map((row) => columns.map((c) => cut(row[c] ?? null)));
  return {
    command: "SELECT",
    rowCount: picked.length,
    fields: columns,
    rows: asArrays ? picked : picked.map((values) => Object.fromEntries(columns.map((c, i) => [c, values[i] ?? null]))),
    truncated: rows.length > limit,
  };
}

function runWrite(sql: string, params: readonly Value[] | undefined) {
  const verb = /^\s*(insert|update|delete)\b/i.exec(sql)?.[1]?.toUpperCase();
  const keyword = verb === "INSERT" ? "into" : verb === "DELETE" ? "from" : "update";
  const { table: into, name, matches } = target(sql, keyword, params);
  if (!verb) return refused("execute_write takes INSERT, UPDATE or DELETE; use execute_query for reads.");
  if (into?.kind !== "table") return notFound("Table", name);
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

/** Runs `write` in a "transaction": the tables' rows are put back when `keep` says the result must not stay. */
function transaction<R>(write: () => R, keep: (result: R) => boolean): R {
  const before = tables.map((t) => [t, t.rows.map((row) => ({ ...row }))] as const);
  const result = write();
  if (!keep(result)) for (const [t, rows] of before) t.rows = rows;
  return result;
}

const READ_ONLY = /^\s*(select|with|show|values|table)\b/i;

const tool = serverTools("postgres");

/** Tools of a PostgreSQL MCP server, run against an in-memory shop database. */
export const postgresTools: ToolDefinition[] = [
  tool({
    name: "list_schemas",
    description:
      "List the schemas in the connected database with their owners and table counts. " +
      "System schemas (pg_catalog, information_schema, pg_toast) are hidden unless include_system is set, since " +
      "they hold Postgres's own catalogs rather than application data. " +
      "Schemas on which the connected role lacks the USAGE privilege are listed, but their tables cannot be read. " +
      " " +
      "Start here on an unfamiliar database, then call list_tables for the schema that looks relevant. " +
      "Only the database named in the connection is visible; other databases on the same server need another connection.",
    inputSchema: obj({
      include_system: flag(
        "Also list pg_catalog, information_schema and pg_toast, which hold Postgres's own catalogs.",
        false,
      ),
      name_pattern: namePatternField("the schema name"),
      include_sizes: flag(
        "Also report each schema's total size on disk, summed over its tables and indexes. Slower on large databases.",
        false,
      ),
    }),
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
      "Counts come from planner statistics (pg_class.reltuples), so they are estimates that can lag after bulk " +
      "loads and read -1 for tables never analyzed; run count(*) with execute_query when exact numbers matter. " +
      "Partitions are listed as tables of their own. " +
      "Use describe_table next to see a table's columns before writing a query against it. " +
      "Results are paginated with limit and offset.",
    inputSchema: obj({
      schema: tableRef.schema,
      include_views: flag("Include views and materialized views, not only tables.", true),
      name_pattern: namePatternField("the table name"),
      include_sizes: flag("Also report each table's total size on disk, indexes and TOAST included.", false),
      include_partitions: flag(
        "List every partition of a partitioned table as well; off, only the parent table is shown, which keeps " +
          "schemas with monthly or daily partitions readable.",
        false,
      ),
      include_comments: flag(
        "Also return the COMMENT ON TABLE text, where the schema's authors documented the table.",
        false,
      ),
      limit: integer("Most tables to return; schemas with thousands of partitions need paging.", {
        minimum: 1,
        maximum: 10000,
        default: 500,
      }),
      offset: integer("Number of tables to skip, for paging with limit.", { minimum: 0, default: 0 }),
    }),
    tags: ["show tables", "database structure"],
    execute: (input) => {
      const pattern = new RegExp(`^${(input.name_pattern ?? "%").replace(/%/g, ".*").replace(/_/g, ".")}$`);
      const offset = input.offset ?? 0;
      return tables
        .filter((t) => t.schema === (input.schema ?? "public") && pattern.test(t.name))
        .filter((t) => t.kind === "table" || (input.include_views ?? true))
        .slice(offset, offset + (input.limit ?? 500))
        .map((t) => ({ name: t.name, type: t.kind, estimated_rows: t.rows.length }));
    },
  }),
  tool({
    name: "describe_table",
    description:
      "Describe a table: columns with types, nullability and defaults, primary key and indexes. " +
      "Read this before writing SQL against a table you have not seen: column names and types decide casts and " +
      "comparisons, and nullable columns need IS NULL rather than = NULL. " +
      "Foreign keys show how tables join, and sample_rows shows what the values actually look like, such as how " +
      "statuses are spelled. " +
      "Works for views too, which have columns but no keys or indexes. " +
      "Names are resolved in schema, so pass schema for tables outside public.",
    inputSchema: obj(
      {
        ...tableRef,
        include_constraints: flag(
          "Also list foreign keys, unique and check constraints, which show how tables join.",
          true,
        ),
        include_comments: flag(
          "Also return column comments (COMMENT ON COLUMN), often the best documentation there is.",
          false,
        ),
        sample_rows: integer(
          "Also return up to this many rows of the table, so you can see real values such as how statuses are spelled. " +
            "Leave it at 0 for tables that may hold personal data.",
          { minimum: 0, maximum: 20, default: 0 },
        ),
      },
      ["table"],
    ),
    tags: ["columns", "schema"],
    execute: onTable((input, found) => {
      const { rows, ...shape } = found;
      return input.sample_rows ? { ...shape, sample: rows.slice(0, input.sample_rows) } : shape;
    }),
  }),
  tool({
    name: "execute_query",
    description:
      "Run a read-only SQL query (SELECT, WITH, SHOW) and return the rows as JSON. " +
      "The statement runs in a read-only transaction, so it cannot change data even by accident; use " +
      "execute_write for changes. " +
      "Results stop at max_rows and say whether they were truncated, so aggregate and filter in SQL instead of " +
      "fetching whole tables to count them. " +
      "Only one statement per call, and values belong in params as $1, $2, … rather than in the SQL text. " +
      "Long-running queries are cancelled at timeout_ms; check the plan with explain_query first when a query " +
      "scans a big table.",
    inputSchema: obj(
      {
        ...sqlInput(
          "A single read-only SQL statement, without a trailing semicolon. Use $1, $2, … for values and qualify " +
            "tables outside public with their schema, such as analytics.daily_revenue.",
          "SELECT id, status, total_cents FROM orders WHERE status = 'paid'",
        ),
        max_rows: integer(
          "Most rows to return; the rest are dropped and truncated is set. A LIMIT in the SQL is cheaper, since the " +
            "database then stops early.",
          { minimum: 1, maximum: 10000, default: 1000 },
        ),
        timeout_ms: timeoutField,
        row_format: choice(
          ["objects", "arrays"],
          "Shape of each row: objects keyed by column name, or arrays in the order of fields, which is much smaller " +
            "for wide results.",
          "objects",
        ),
        max_cell_length: integer(
          "Cut text values longer than this many characters and end them with …, so one large JSON or text column " +
            "cannot flood the answer. 0 keeps values whole.",
          { minimum: 0, default: 2000 },
        ),
        search_path: strings(
          "Schemas to resolve unqualified table names against for this call, in order, such as [analytics, public].",
          {
            examples: [["analytics", "public"]],
          },
        ),
      },
      ["sql"],
    ),
    tags: ["select", "read data", "report"],
    execute: (input) =>
      READ_ONLY.test(input.sql)
        ? runSelect(input.sql, input.params, {
            maxRows: input.max_rows ?? 1000,
            maxCellLength: input.max_cell_length ?? 0,
            asArrays: input.row_format === "arrays",
          })
        : refused("execute_query runs read-only statements only; use execute_write to change data."),
  }),
  tool({
    name: "execute_write",
    description:
      "Run one INSERT, UPDATE or DELETE statement and commit it. " +
      "Changes are permanent once committed, and the call returns the command and the number of affected rows. " +
      "Always use a WHERE clause: an unqualified UPDATE or DELETE touches every row of the table. " +
      "dry_run reports the row count and rolls back, and max_affected_rows rolls back automatically when more " +
      "rows would change than you expect, so use one of them before a change whose reach is unclear. " +
      "DDL such as ALTER TABLE is not accepted here.",
    inputSchema: obj(
      {
        ...sqlInput(
          "A single data-modifying SQL statement, with $1, $2, … for values. A RETURNING clause is allowed and " +
            "returns the changed rows.",
          "UPDATE orders SET status = 'shipped' WHERE id = $1",
        ),
        timeout_ms: timeoutField,
        lock_timeout_ms: integer(
          "How long to wait for row and table locks before giving up, in milliseconds, so a write does not queue " +
            "behind a long transaction.",
          { minimum: 0, maximum: 60000, default: 5000 },
        ),
        max_affected_rows: integer(
          "Safety limit: when the statement would change more rows than this, it is rolled back and the call fails " +
            "with the count. Set it to what you expect, such as 1 for a single-row update.",
          { minimum: 0 },
        ),
        dry_run: flag("Run the statement, report how many rows it would change, then roll back.", false),
      },
      ["sql"],
    ),
    destructive: true,
    tags: ["insert", "update", "delete rows"],
    execute: (input) => {
      const tooMany = (result: unknown) =>
        input.max_affected_rows !== undefined &&
        ((result as { rowCount?: number }).rowCount ?? 0) > input.max_affected_rows;
      const result = transaction(
        () => runWrite(input.sql, input.params),
        (outcome) => !input.dry_run && !tooMany(outcome),
      );
      if (tooMany(result)) {
        const { rowCount } = result as { rowCount: number };
        return refused(`Rolled back: the statement changed ${rowCount} rows, more than max_affected_rows allows.`);
      }
      return input.dry_run ? { ...result, rolled_back: true } : result;
    },
  }),
  tool({
    name: "explain_query",
    description:
      "Show the execution plan Postgres picks for a query, optionally with real timings. " +
      "Use it to find sequential scans on big tables, misestimated row counts and missing indexes before a slow " +
      "query runs for real. " +
      "analyze executes the statement: on INSERT, UPDATE or DELETE it performs the write, so leave analyze off " +
      "for writes unless a rollback follows. " +
      "Plans of parameterised queries can differ from those of the same query with literal values, because the " +
      "planner may use a generic plan. " +
      "Compare estimated and actual rows in the analyzed plan: large gaps point at stale statistics.",
    inputSchema: obj(
      {
        ...sqlInput(
          "The statement to explain, with $1, $2, … placeholders as in execute_query.",
          "SELECT * FROM orders WHERE customer_id = 1",
        ),
        analyze: flag("Run the statement and report actual row counts and times next to the estimates.", false),
        buffers: flag("With analyze, report shared buffer hits and reads, which show how much came from disk.", false),
        verbose: flag("Show output columns and schema-qualified names for every plan node.", false),
        costs: flag("Show estimated startup and total cost and row counts per node.", true),
        settings: flag("List the planner settings that differ from the defaults.", false),
        wal: flag("With analyze, report the write-ahead log generated, useful for heavy writes.", false),
        format: choice(
          ["text", "json", "yaml"],
          "Output format of the plan: text is the most compact to read, json the easiest to process.",
          "text",
        ),
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
      "Create an index on columns of a table: unique, partial, covering or built concurrently. " +
      "A plain build locks the table against writes until it finishes, while concurrently avoids that on a busy " +
      "table but takes longer and cannot run inside a transaction. " +
      "Check list_indexes first: a duplicate or unused index costs disk space and slows every write. " +
      "Needs ownership of the table. " +
      "Returns the index name and its CREATE INDEX statement.",
    inputSchema: obj(
      {
        ...tableRef,
        columns: list(
          obj(
            {
              name: text("Column name, as listed by describe_table.", { examples: ["status"] }),
              order: choice(["asc", "desc"], "Sort order in the index; only btree indexes are ordered.", "asc"),
              nulls: choice(["first", "last"], "Where nulls sort; the default is last for asc and first for desc."),
              opclass: text(
                "Operator class, when the default does not fit, such as text_pattern_ops for LIKE 'abc%' " +
                  "prefix searches or gin_trgm_ops for trigram search.",
              ),
            },
            ["name"],
          ),
          "Key columns, in order: the index helps queries that filter on a leading prefix of them.",
          { minItems: 1, maxItems: 32 },
        ),
        name: text("Index name; generated from table and column names when omitted. At most 63 characters.", {
          maxLength: 63,
        }),
        unique: flag("Reject duplicate keys; fails when existing rows already have duplicates.", false),
        method: choice(
          ["btree", "hash", "gin", "gist", "brin"],
          "Index access method: btree for equality and ranges, gin for arrays, jsonb and full text, gist for " +
            "geometry and ranges, brin for huge append-only tables, hash for equality only.",
          "btree",
        ),
        include: strings(
          "Extra non-key columns stored in the index (INCLUDE), so queries can be answered from it alone.",
        ),
        concurrently: flag(
          "Build without locking out writes. Slower; a failed build leaves an invalid index to drop.",
          false,
        ),
        if_not_exists: flag("Succeed quietly when an index of that name already exists.", false),
        where: text("Predicate for a partial index, such as status = 'paid'; only matching rows are indexed.", {
          examples: ["status = 'paid'"],
        }),
      },
      ["table", "columns"],
    ),
    execute: onTable((input, found) => {
      const columns = input.columns.map((c) => c.name);
      const unknown = columns.find((c) => !found.columns.some((col) => col.name === c));
      if (unknown !== undefined) return notFound("Column", `${found.name}.${unknown}`);
      const name = input.name ?? `${found.name}_${columns.join("_")}_idx`;
      if (found.indexes.some((i) => i.name === name)) {
        return input.if_not_exists ? { created: null, existing: name } : refused(`Index ${name} already exists.`);
      }
      found.indexes.push({
        name,
        columns,
        unique: input.unique ?? false,
        method: input.method ?? "btree",
        predicate: input.where,
      });
      return {
        created: name,
        definition: `CREATE INDEX ${name} ON ${found.schema}.${found.name} (${columns.join(", ")})`,
      };
    }),
  }),
  tool({
    name: "list_indexes",
    description:
      "List the indexes of a table with their columns, uniqueness and access method. " +
      "Check it before create_index to avoid building a duplicate, since an index on (a, b) already serves queries on a alone. " +
      "With include_usage it also finds indexes that are never scanned and only slow down writes. " +
      "The primary key's index is listed as well, named after the table with a _pkey suffix. " +
      "Usage counts reset with the statistics, so a recently restarted or reset server shows low numbers.",
    inputSchema: obj(
      {
        ...tableRef,
        include_usage: flag(
          "Also report how often each index was scanned since statistics were last reset (pg_stat_user_indexes.idx_scan).",
          false,
        ),
        include_size: flag("Also report each index's size on disk.", false),
        include_definition: flag("Also return the full CREATE INDEX statement of each index.", false),
      },
      ["table"],
    ),
    execute: onTable((_input, found) => [
      ...(found.primaryKey.length > 0
        ? [{ name: `${found.name}_pkey`, columns: found.primaryKey, unique: true, method: "btree" }]
        : []),
      ...found.indexes,
    ]),
  }),
  tool({
    name: "get_table_stats",
    description:
      "Report a table's size on disk, live and dead rows, and its last vacuum and analyze. " +
      "Many dead rows point at bloat that autovacuum has not caught up with, and an old last analyze explains bad " +
      "planner estimates. " +
      "Numbers come from pg_stat_user_tables and pg_total_relation_size. " +
      "Statistics are kept per server and reset when statistics are reset, so compare numbers from the same server only. " +
      "Sizes are in bytes, indexes included unless stated.",
    inputSchema: obj(
      {
        ...tableRef,
        include_indexes: flag("Also report per-index size and scan counts.", false),
        include_toast: flag("Report the size of out-of-line (TOAST) storage for large values separately.", false),
      },
      ["table"],
    ),
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
      "With cascade, views and foreign keys that depend on the table are dropped too; without it, such " +
      "dependencies make the drop fail and are named in the error, which makes the safer first attempt. " +
      "There is no undo short of restoring a backup. " +
      "Needs ownership of the table. " +
      "Confirm the schema-qualified name with the user first, since the same table name may exist in several schemas.",
    inputSchema: obj(
      {
        ...tableRef,
        cascade: flag(
          "Also drop objects that depend on the table, such as views and foreign keys in other tables.",
          false,
        ),
        if_exists: flag("Succeed quietly when the table does not exist, instead of failing.", false),
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
