import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CLI_ARGS,
  ROOT,
  connectGateway,
  resultText,
  waitForUpstreams,
  writeConfig,
  type GatewayClient,
} from "../support/gateway-process.js";
import { DYNAMIC_SERVER } from "../support/mcp-servers.js";

/**
 * `toolsift serve` in both protocol eras: real SDK v2 clients, pinned to 2026-07-28 (stateless)
 * and left in the 2025 era, over stdio (a real `toolsift serve` process) and Streamable HTTP.
 */

const MODERN = "2026-07-28";

function config(): string {
  return writeConfig({ mcpServers: { dyn: { command: process.execPath, args: [DYNAMIC_SERVER], stderr: "ignore" } } });
}

/** A v2 client of a `toolsift serve` process over stdio, pinned to 2026-07-28 or left in the 2025 era. */
async function stdioClient(file: string, era: "modern" | "legacy") {
  let stderr = "";
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...CLI_ARGS, "serve", "--config", file],
    env: { ...process.env } as Record<string, string>,
    cwd: ROOT,
    stderr: "pipe",
  });
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const client = new Client(
    { name: `stdio-${era}`, version: "1" },
    era === "modern" ? { versionNegotiation: { mode: { pin: MODERN } } } : {},
  );
  await client.connect(transport);
  await waitForUpstreams({ stderr: () => stderr }, ["dyn"]);
  return client;
}

/** Searches for the echo tool and calls it by name, as a model would; the search answer's text. */
async function searchAndCall(client: Client): Promise<string> {
  const search = resultText(
    await client.callTool({ name: "search_tools", arguments: { query: "echo a message back" } }),
  );
  expect(search).toContain("dyn__echo");
  const called = await client.callTool({ name: "dyn__echo", arguments: { text: "through serve" } });
  expect(resultText(called)).toContain("through serve");
  return search;
}

describe("toolsift serve over stdio, either era", () => {
  it("serves a client pinned to 2026-07-28: search answers with schemas, a call by name", async () => {
    const client = await stdioClient(config(), "modern");
    try {
      expect(client.getProtocolEra()).toBe("modern");
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(["search_tools", "call_tool"]);
      // Both are sent to a model whole, never deferred behind a client's own tool search.
      for (const tool of tools) expect(tool._meta).toEqual({ "anthropic/alwaysLoad": true });
      const search = await searchAndCall(client);
      const through = await client.callTool({
        name: "call_tool",
        arguments: { name: "dyn__echo", arguments: { text: "through call_tool" } },
      });
      expect(resultText(through)).toContain("through call_tool");
      expect(search).toContain('"inputSchema"');
      expect(search).not.toMatch(/now in your tool list/);
    } finally {
      await client.close();
    }
  });

  it("serves an SDK v2 client in the 2025 era as before: the match joins its tool list", async () => {
    const client = await stdioClient(config(), "legacy");
    try {
      expect(client.getProtocolEra()).toBe("legacy");
      expect(await searchAndCall(client)).toContain("now in your tool list");
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("dyn__echo");
    } finally {
      await client.close();
    }
  });
});

describe("toolsift serve --http, either era", () => {
  let gateway: GatewayClient;
  beforeAll(async () => {
    // The v1 client of the kit opens a 2025-era session; the v2 clients below share the process.
    gateway = await connectGateway(config(), { transport: "http" });
    await waitForUpstreams(gateway, ["dyn"]);
  });
  afterAll(async () => gateway?.close());

  it("serves a v2 client pinned to 2026-07-28 and one in the 2025 era, with the gateway's token", async () => {
    const headers = { authorization: `Bearer ${gateway.token}` };
    const modern = new Client({ name: "modern", version: "1" }, { versionNegotiation: { mode: { pin: MODERN } } });
    await modern.connect(new StreamableHTTPClientTransport(new URL(gateway.url!), { requestInit: { headers } }));
    const legacy = new Client({ name: "legacy", version: "1" });
    await legacy.connect(new StreamableHTTPClientTransport(new URL(gateway.url!), { requestInit: { headers } }));
    try {
      expect(modern.getProtocolEra()).toBe("modern");
      expect(await searchAndCall(modern)).not.toMatch(/now in your tool list/);
      expect(legacy.getProtocolEra()).toBe("legacy");
      expect(await searchAndCall(legacy)).toContain("now in your tool list");
      // The v1 client's session is untouched by either.
      expect(resultText(await gateway.client.callTool({ name: "dyn__echo", arguments: { text: "v1" } }))).toContain(
        "v1",
      );
    } finally {
      await modern.close();
      await legacy.close();
    }
  });

  it("refuses a 2026-07-28 client without the token (401)", async () => {
    const modern = new Client({ name: "modern", version: "1" }, { versionNegotiation: { mode: { pin: MODERN } } });
    await expect(modern.connect(new StreamableHTTPClientTransport(new URL(gateway.url!)))).rejects.toThrow(
      /401|Unauthorized/,
    );
    const raw = await fetch(gateway.url!, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": MODERN,
        "mcp-method": "server/discover",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "server/discover",
        params: { _meta: { "io.modelcontextprotocol/protocolVersion": MODERN } },
      }),
    });
    expect(raw.status).toBe(401);
  });
});
