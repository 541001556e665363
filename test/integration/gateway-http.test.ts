import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  connectGateway,
  connectHttpClient,
  resultText,
  writeConfig,
  type GatewayClient,
} from "../support/gateway-process.js";
import { DYNAMIC_SERVER, everythingServerEntry } from "../support/mcp-servers.js";

/** `toolsift serve --http`: real MCP SDK clients over Streamable HTTP to the real CLI process. */

/** A raw HTTP POST, to send what an SDK client never would (another Host, another path). */
function post(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
    });
    const req = request(
      url,
      {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("toolsift serve --http", () => {
  let gateway: GatewayClient;

  beforeAll(async () => {
    const file = writeConfig({
      mcpServers: {
        everything: { command: process.execPath, args: [everythingServerEntry(), "stdio"], stderr: "ignore" },
        dyn: { command: process.execPath, args: [DYNAMIC_SERVER], stderr: "ignore" },
      },
      toolsift: { callTimeoutMs: 1500, maxHydratedTools: 4, http: { allowedHosts: ["mcp.example.com"] } },
    });
    gateway = await connectGateway(file, { transport: "http" });
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it("binds 127.0.0.1 and serves the bounded listing, search with list_changed, and calls", async () => {
    expect(gateway.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect((await gateway.client.listTools()).tools.map((tool) => tool.name)).toEqual(["search_tools", "call_tool"]);
    const seen = gateway.listChanges();
    const found = await gateway.client.callTool({ name: "search_tools", arguments: { query: "sum of two numbers" } });
    expect(resultText(found)).toContain("everything__get-sum");
    await gateway.waitForListChange(seen);
    const names = (await gateway.client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain("everything__get-sum");
    expect(names.length).toBeLessThanOrEqual(2 + 4);
    expect(resultText(await gateway.client.callTool({ name: "everything__get-sum", arguments: { a: 2, b: 3 } }))).toBe(
      "The sum of 2 and 3 is 5.",
    );
  });

  it("gives each client its own session: another client's searches do not change its list, and it can confirm through elicitation", async () => {
    const asked: string[] = [];
    const other = await connectHttpClient(gateway.url!, {
      token: gateway.token,
      elicit: (params) => {
        asked.push(params.message);
        return { action: "accept" };
      },
    });
    try {
      expect((await other.client.listTools()).tools.map((tool) => tool.name)).toEqual(["search_tools", "call_tool"]);
      const wiped = await other.client.callTool({ name: "dyn__wipe_data", arguments: {} });
      expect(resultText(wiped)).toBe("wiped");
      expect(asked).toHaveLength(1);
      // The first client cannot be asked, so the same call is refused there.
      const refused = await gateway.client.callTool({ name: "dyn__wipe_data", arguments: {} });
      expect(refused.isError).toBe(true);
    } finally {
      await other.close();
    }
  });

  it("refuses requests addressed to another host (DNS rebinding) and paths other than /mcp", async () => {
    const url = new URL(gateway.url!);
    const authorization = `Bearer ${gateway.token}`;
    expect(await post(gateway.url!, { host: "evil.example" })).toMatchObject({ status: 403 });
    expect(await post(gateway.url!, { origin: "https://evil.example" })).toMatchObject({ status: 403 });
    // The config's toolsift.http reaches the listener: a name it lists is answered.
    expect(await post(gateway.url!, { host: "mcp.example.com", authorization })).toMatchObject({ status: 200 });
    expect(await post(`${url.origin}/other`, {})).toMatchObject({ status: 404 });
    expect(await post(gateway.url!, { "mcp-session-id": "no-such-session", authorization })).toMatchObject({
      status: 404,
      body: expect.stringContaining("Session not found"),
    });
    expect(gateway.stderr()).not.toContain("[stdout]");
  });
});
