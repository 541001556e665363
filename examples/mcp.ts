/**
 * MCP servers as toolsift's catalogue, with no API key: it starts the reference MCP server
 * (@modelcontextprotocol/server-everything, a devDependency) over stdio, searches its tools
 * and calls one through a session, as an agent's turns would.
 *
 *   npx tsx examples/mcp.ts
 *
 * Any MCP server works the same way: `{ command, args, env }` for stdio, `{ url }` for
 * Streamable HTTP, or a connected `Client` of @modelcontextprotocol/client (SDK v2) or @modelcontextprotocol/sdk (v1).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createToolSearch } from "../src/index.js";
import { fromMcp } from "../src/public/mcp.js";

const require = createRequire(import.meta.url);
const manifestPath = require.resolve("@modelcontextprotocol/server-everything/package.json");
const { bin } = JSON.parse(readFileSync(manifestPath, "utf8")) as { bin: Record<string, string> };
const everything = join(dirname(manifestPath), Object.values(bin)[0]!);

const host = await fromMcp({
  everything: { command: process.execPath, args: [everything, "stdio"], stderr: "ignore" },
});
try {
  const tools = await host.listTools();
  console.log(
    `Connected: ${tools.length} tools from ${host.servers.join(", ")}, e.g. ${tools
      .slice(0, 4)
      .map((tool) => tool.name)
      .join(", ")}`,
  );

  const toolSearch = await createToolSearch({ tools: host, tuning: { toolSearchThresholdTokens: 0 } });
  const session = toolSearch.session();

  const search = await session.execute({ id: "toolu_1", name: "search_tools", input: { query: "add two numbers" } });
  const matches = JSON.parse(search.content as string).matches as { name: string; description: string }[];
  console.log(
    `\nsearch_tools("add two numbers") →\n${matches.map((match) => `  ${match.name}: ${match.description}`).join("\n")}`,
  );

  const name = matches[0]!.name;
  const result = await session.execute({ id: "toolu_2", name, input: { a: 19, b: "23" } });
  console.log(`\n${name}({ a: 19, b: "23" }) → ${JSON.stringify(result.content)}`);
  console.log(`(the string "23" was coerced to a number against the tool's real schema)`);

  const bad = await session.execute({ id: "toolu_3", name, input: { a: "nineteen" } });
  console.log(
    `\n${name}({ a: "nineteen" }) → is_error: ${bad.is_error}\n${String(bad.content).split("\n").slice(0, 3).join("\n")}`,
  );
  await toolSearch.close();
} finally {
  await host.close();
}
