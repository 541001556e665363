import { defineServer, tool } from "./define-server.js";
import { bool, int, str } from "./schema.js";

const database = str("Database (schema) name; the connection default when omitted.");

const tools = [
  tool(
    "run_query",
    "Run a SQL statement on the MySQL server and return the result set. Write statements are refused unless the server was started with writes enabled.",
    {
      sql: str("SQL statement."),
      "database?": database,
      "limit?": int("Row limit appended to SELECTs without one.", { default: 500 }),
    },
  ),
  tool(
    "list_databases",
    "List the databases on the MySQL server that the connected account can see. System schemas such as mysql and performance_schema are included.",
    {},
  ),
  tool(
    "show_tables",
    "Show the tables in a MySQL database with engine, row estimate and data length. Views are listed with type VIEW.",
    { "database?": database, "like?": str("LIKE pattern on the table name.") },
  ),
  tool(
    "describe_table",
    "Describe a MySQL table's columns: type, null, key, default and extra (e.g. auto_increment). Equivalent to running DESCRIBE on the table.",
    {
      table: str("Table name."),
      "database?": database,
    },
  ),
  tool(
    "show_create_table",
    "Return the CREATE TABLE statement MySQL would use to recreate a table, including indexes and charset. Handy for copying a schema to another server.",
    {
      table: str("Table name."),
      "database?": database,
    },
  ),
  tool(
    "explain",
    "Show the MySQL execution plan for a statement with EXPLAIN, or EXPLAIN ANALYZE on MySQL 8.0.18+. Look for `type: ALL` rows, which mean full table scans.",
    {
      sql: str("Statement to explain."),
      "analyze?": bool("Use EXPLAIN ANALYZE."),
    },
  ),
  tool(
    "show_processlist",
    "Show the MySQL process list: connection id, user, host, db, command, time and the statement being run. Requires the PROCESS privilege to see other users' threads.",
    {
      "full?": bool("Show full statement text instead of the first 100 characters."),
    },
  ),
  tool(
    "kill_query",
    "Kill a MySQL connection or just its current statement, by process id. Killing a connection rolls back its open transaction.",
    {
      id: int("Process id from the process list."),
      "query_only?": bool("KILL QUERY instead of KILL CONNECTION."),
    },
  ),
];

export const mysql = defineServer("mysql", tools, {
  direct: {
    run_query: ["run a query on mysql: select * from products where stock = 0"],
    list_databases: ["list mysql databases"],
    show_tables: ["show tables in the mysql shop database"],
    show_create_table: ["show create table for customers in mysql"],
    show_processlist: ["show the full mysql processlist"],
    kill_query: ["kill mysql query with process id 8812"],
  },
  paraphrase: {
    run_query: ["which items are out of stock in our mariadb shop db"],
    describe_table: ["what fields are in customers on mariadb"],
    show_create_table: ["give me the DDL for customers on mariadb"],
    explain: ["is my mariadb select using an index? check the planner"],
    show_processlist: ["who's logged into mariadb right now and what are they doing"],
  },
});
