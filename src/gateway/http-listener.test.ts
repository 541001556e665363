import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { describe, expect, it } from "vitest";
import { DYNAMIC_SERVER, waitFor } from "../../test/support/mcp-servers.js";
import { Gateway } from "./gateway.js";
import { parseGatewayConfig } from "./gateway-config.js";
import { listenHttp } from "./http-listener.js";

describe("listenHttp", () => {
  it("ends the least recently active session past maxSessions, so vanished clients cannot hold memory forever", async () => {
    const config = parseGatewayConfig(
      { mcpServers: { dyn: { command: process.execPath, args: [DYNAMIC_SERVER], stderr: "ignore" } } },
      "mcp.json",
      {},
    );
    const gateway = await Gateway.start({ config, log: () => undefined });
    const listener = await listenHttp(gateway, { port: 0, host: "127.0.0.1", log: () => undefined, maxSessions: 2 });
    const clients: Client[] = [];
    try {
      for (let i = 0; i < 3; i++) {
        const client = new Client({ name: `c${i}`, version: "1" });
        await client.connect(new StreamableHTTPClientTransport(new URL(listener.url)));
        clients.push(client);
        // The first client stays active, so the second is the least recently active when the third comes.
        if (i === 1) await clients[0]!.listTools();
      }
      await waitFor("the oldest session to end", () => gateway.clients === 2);
      await expect(clients[1]!.listTools()).rejects.toThrow(/Session not found/);
      expect((await clients[0]!.listTools()).tools.map((tool) => tool.name)).toEqual(["search_tools"]);
      expect((await clients[2]!.listTools()).tools.map((tool) => tool.name)).toEqual(["search_tools"]);
    } finally {
      await Promise.allSettled(clients.map((client) => client.close()));
      await listener.close();
      await gateway.close();
    }
  });
});
