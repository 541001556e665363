// Run in the scratch project of scripts/check-package.ts once the MCP SDKs are installed beside
// the tarball: `toolsift serve` as users run it (the bin, from the bundled dist) in front of a
// real MCP server over stdio, reached by the SDK v1 client (the 2025 era) and the SDK v2 client
// pinned to 2026-07-28. Each searches, then calls the match through call_tool. Prints one line;
// exits 1 on failure.
import { writeFileSync } from "node:fs";
import { Client as ModernClient } from "@modelcontextprotocol/client";
import { StdioClientTransport as ModernStdio } from "@modelcontextprotocol/client/stdio";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

writeFileSync(
  "upstream.mjs",
  `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
const schema = { type: "object", properties: { id: { type: "string" } } };
const tools = [
  { name: "refund_payment", description: "Refund a card payment.", inputSchema: schema },
  { name: "create_contact", description: "Create a contact with a name and an email.", inputSchema: schema },
  { name: "list_invoices", description: "List a customer's invoices.", inputSchema: schema },
];
const server = new Server({ name: "billing", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
server.setRequestHandler(CallToolRequestSchema, (request) => ({
  content: [{ type: "text", text: request.params.name + " ran with " + JSON.stringify(request.params.arguments) }],
}));
await server.connect(new StdioServerTransport());
`,
);
writeFileSync(
  "gateway.json",
  JSON.stringify({ mcpServers: { billing: { command: process.execPath, args: ["upstream.mjs"] } } }),
);

const bin = process.platform === "win32" ? "node_modules/.bin/toolsift.cmd" : "node_modules/.bin/toolsift";
const serve = { command: bin, args: ["serve", "--config", "gateway.json"], stderr: "pipe" };
const fail = (what) => {
  console.error(`toolsift serve: ${what}`);
  process.exit(1);
};

async function roundTrip(era, client, transport) {
  await client.connect(transport);
  const listed = (await client.listTools()).tools.map((tool) => tool.name);
  if (!listed.includes("search_tools") || !listed.includes("call_tool")) fail(`${era}: tools/list gave ${listed}`);
  const found = await client.callTool({ name: "search_tools", arguments: { query: "refund a card payment" } });
  const best = JSON.parse(found.content[0].text).matches[0]?.name;
  if (best !== "billing__refund_payment") fail(`${era}: search_tools answered ${found.content[0].text}`);
  const ran = await client.callTool({ name: "call_tool", arguments: { name: best, arguments: { id: "p1" } } });
  const text = ran.content[0]?.text;
  if (text !== 'refund_payment ran with {"id":"p1"}') fail(`${era}: call_tool answered ${JSON.stringify(ran)}`);
  await client.close();
  return era;
}

const eras = [
  await roundTrip("2025", new Client({ name: "v1", version: "1" }), new StdioClientTransport(serve)),
  await roundTrip(
    "2026-07-28",
    new ModernClient({ name: "v2", version: "1" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } }),
    new ModernStdio(serve),
  ),
];
console.log(JSON.stringify({ eras, searchedAndCalled: true }));
