import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  connectGateway,
  resultText,
  waitForUpstreams,
  writeConfig,
  type GatewayClient,
} from "../support/gateway-process.js";
import { startV2Http, v2StdioServer, type V2HttpServer } from "../support/mcp-v2-servers.js";

/**
 * `toolsift serve` in front of upstream servers that speak only the stateless 2026-07-28 protocol
 * and refuse the 2025 handshake: the gateway must reach them (it used to stop, "no server could
 * connect", when such a server was its only one), and a client must find and run their tools.
 */

async function searchAndShout(gateway: GatewayClient, tool: string): Promise<string> {
  const found = await gateway.client.callTool({ name: "search_tools", arguments: { query: "upper-case text" } });
  expect(found.isError).toBeFalsy();
  const matches = (JSON.parse(resultText(found)) as { matches: { name: string }[] }).matches.map((m) => m.name);
  expect(matches).toContain(tool);
  const called = await gateway.client.callTool({ name: tool, arguments: { text: "quiet" } });
  expect(called.isError).toBeFalsy();
  return resultText(called);
}

describe("toolsift serve whose only upstream server is modern-only, over stdio", () => {
  let gateway: GatewayClient;
  beforeAll(async () => {
    gateway = await connectGateway(writeConfig({ mcpServers: { modern: v2StdioServer("modern") } }));
    await waitForUpstreams(gateway, ["modern"]);
  });
  afterAll(() => gateway?.close());

  it("starts, and a client searches for the server's tool and runs it", async () => {
    expect(await searchAndShout(gateway, "modern__shout")).toBe("QUIET (modern era)");
  });
});

describe("toolsift serve whose only upstream server is modern-only, over Streamable HTTP", () => {
  let upstream: V2HttpServer;
  let gateway: GatewayClient;
  beforeAll(async () => {
    upstream = await startV2Http("modern");
    gateway = await connectGateway(writeConfig({ mcpServers: { remote: { url: upstream.url } } }));
    await waitForUpstreams(gateway, ["remote"]);
  });
  afterAll(async () => {
    await gateway?.close();
    await upstream?.stop();
  });

  it("starts, and a client searches for the server's tool and runs it", async () => {
    expect(await searchAndShout(gateway, "remote__shout")).toBe("QUIET (modern era)");
  });
});
