import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { describe, expect, it, vi } from "vitest";
import { DYNAMIC_SERVER, waitFor } from "../../../test/support/mcp-servers.js";
import { Gateway } from "../gateway.js";
import { parseGatewayConfig } from "../config/gateway-config.js";
import { listenHttp } from "./http-listener.js";

describe("listenHttp", () => {
  it("refuses, before it listens, a misspelt option and an auth that cannot authenticate", async () => {
    // The options are checked first: no gateway is needed to be refused.
    const gateway = {} as Gateway;
    const base = { port: 0, host: "127.0.0.1", log: () => undefined };
    await expect(listenHttp(gateway, { ...base, auth: false, maxSesions: 2 } as never)).rejects.toMatchObject({
      code: "invalid_options",
      message: expect.stringContaining('listenHttp: unknown option "maxSesions". Did you mean "maxSessions"?'),
    });
    // A misspelt "auth" leaves it out: every request would fail on it, so the listener is refused.
    for (const options of [
      { ...base, auht: false },
      { ...base, auth: {} },
      { ...base, auth: "token" },
    ]) {
      await expect(listenHttp(gateway, options as never)).rejects.toMatchObject({
        code: expect.stringMatching(/^invalid_(options|auth)$/),
      });
    }
    await expect(listenHttp(gateway, { ...base, auth: { authenticate: 1 } } as never)).rejects.toThrow(
      "listenHttp: auth must be an authenticator (authenticatorFor(config)) or false to serve a loopback address without one.",
    );
  });

  it("ends the least recently active session past maxSessions, so vanished clients cannot hold memory forever", async () => {
    const config = parseGatewayConfig(
      { mcpServers: { dyn: { command: process.execPath, args: [DYNAMIC_SERVER], stderr: "ignore" } } },
      "mcp.json",
      {},
    );
    const gateway = await Gateway.start({ config, log: () => undefined });
    const listener = await listenHttp(gateway, {
      port: 0,
      host: "127.0.0.1",
      log: () => undefined,
      auth: false,
      maxSessions: 2,
    });
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
      expect((await clients[0]!.listTools()).tools.map((tool) => tool.name)).toEqual(["search_tools", "call_tool"]);
      expect((await clients[2]!.listTools()).tools.map((tool) => tool.name)).toEqual(["search_tools", "call_tool"]);
    } finally {
      await Promise.allSettled(clients.map((client) => client.close()));
      await listener.close();
      await gateway.close();
    }
  });

  it("keeps no connection for an initialize the transport refuses (406, 415, a batch of two)", async () => {
    const config = parseGatewayConfig(
      { mcpServers: { dyn: { command: process.execPath, args: [DYNAMIC_SERVER], stderr: "ignore" } } },
      "mcp.json",
      {},
    );
    const gateway = await Gateway.start({ config, log: () => undefined });
    const listener = await listenHttp(gateway, { port: 0, host: "127.0.0.1", log: () => undefined, auth: false });
    const connect = vi.spyOn(gateway, "connect");
    const initialize = (id: number) => ({
      jsonrpc: "2.0",
      id,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
    });
    const post = (body: unknown, headers: Record<string, string>) =>
      fetch(listener.url, { method: "POST", headers, body: JSON.stringify(body) });
    const json = "application/json";
    try {
      const refused = [
        await post(initialize(1), { "content-type": json, accept: json }), // no text/event-stream: 406
        await post(initialize(2), { "content-type": "text/plain", accept: `${json}, text/event-stream` }), // 415
        await post([initialize(3), initialize(4)], { "content-type": json, accept: `${json}, text/event-stream` }), // 400
      ];
      expect(refused.map((response) => response.status)).toEqual([406, 415, 400]);
      await Promise.all(refused.map((response) => response.text()));
      // Refused before anything is built for them: no MCP server, no toolsift session, not even briefly.
      expect(connect).not.toHaveBeenCalled();
      // Each refused initialize used to leave an MCP server and a session behind, forever.
      await waitFor("the refused connections to go", () => gateway.clients === 0);
      // A good initialize still gets its session.
      const client = new Client({ name: "good", version: "1" });
      await client.connect(new StreamableHTTPClientTransport(new URL(listener.url)));
      expect(gateway.clients).toBe(1);
      expect(connect).toHaveBeenCalledTimes(1);
      await client.close();
    } finally {
      await listener.close();
      await gateway.close();
    }
  });
});
