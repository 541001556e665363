import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  connectGateway,
  resultText,
  scratchDir,
  waitForUpstreams,
  type GatewayClient,
} from "../support/gateway-process.js";

/**
 * Companions through the gateway, end to end: a real `toolsift serve` process in front of a real
 * MCP server whose note tool needs a contact's id, and a real MCP SDK client.
 */
const SERVER = fileURLToPath(new URL("../fixtures/catalogue-mcp-server.mjs", import.meta.url));
const TOOLS = [
  {
    name: "add_note",
    description: "Attach a note to a contact record.",
    inputSchema: {
      type: "object",
      properties: { contact_id: { type: "string" }, text: { type: "string" } },
      required: ["contact_id", "text"],
    },
  },
  { name: "list_contacts", description: "List every contact, with ids and emails.", inputSchema: { type: "object" } },
  { name: "delete_contact", description: "Delete a contact.", inputSchema: { type: "object" } },
];

describe("the gateway's search_tools answer", () => {
  let gateway: GatewayClient;

  beforeAll(async () => {
    const dir = scratchDir();
    writeFileSync(join(dir, "catalogue.json"), JSON.stringify({ servers: { crm: TOOLS } }));
    const config = join(dir, "mcp.json");
    const crm = { command: process.execPath, args: [SERVER, join(dir, "catalogue.json"), "crm"], stderr: "ignore" };
    writeFileSync(config, JSON.stringify({ mcpServers: { crm } }));
    gateway = await connectGateway(config);
    await waitForUpstreams(gateway, ["crm"]);
  }, 60_000);
  afterAll(() => gateway?.close());

  it("lists the tool that gives the contact id beside the match, and loads it too", async () => {
    const result = await gateway.client.callTool({
      name: "search_tools",
      arguments: { query: "add a note to a contact", limit: 1 },
    });
    const answer = JSON.parse(resultText(result)) as {
      matches: { name: string }[];
      companions?: { name: string; companion_of: string; reason: string }[];
    };
    expect(answer.matches.map((match) => match.name)).toEqual(["crm__add_note"]);
    expect(answer.companions).toEqual([
      expect.objectContaining({ name: "crm__list_contacts", companion_of: "crm__add_note", reason: "provides_input" }),
    ]);
    const listed = (await gateway.client.listTools()).tools.map((tool: Tool) => tool.name);
    expect(listed).toEqual(expect.arrayContaining(["crm__add_note", "crm__list_contacts"]));
    expect(listed).not.toContain("crm__delete_contact");
  });
});
