import { Client as ClientV2 } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { describe, expect, it } from "vitest";
import type { McpServerConfig } from "./mcp-server-config.js";
import { isMcpClient, type McpClient } from "./mcp-client.js";

describe("McpClient", () => {
  it("is satisfied by the SDK's own Client (checked by tsc), and recognised at run time", () => {
    const client = new Client({ name: "toolsift-test", version: "1.0.0" });
    // The compile-time half: `npm test` runs tsc over this file first; it fails if the SDK's
    // Client stops being assignable to toolsift's structural interface.
    const asMcpClient: McpClient = client;
    expect(isMcpClient(asMcpClient)).toBe(true);
  });

  it("is satisfied by SDK v2's Client too (checked by tsc), and recognised at run time", () => {
    const asMcpClient: McpClient = new ClientV2({ name: "toolsift-test", version: "1.0.0" });
    expect(isMcpClient(asMcpClient)).toBe(true);
  });

  it("tells a server config from a client", () => {
    const config: McpServerConfig = { command: "node", args: ["server.js"] };
    // @ts-expect-error A config is not a client: the interface is not so loose that anything fits.
    const notAClient: McpClient = config;
    expect(isMcpClient(notAClient)).toBe(false);
    expect(isMcpClient({ url: "http://127.0.0.1:1/mcp" })).toBe(false);
    expect(isMcpClient(null)).toBe(false);
  });

  it("accepts a URL object as well as a string wherever a url is typed", () => {
    const asUrl: McpServerConfig = { url: new URL("http://127.0.0.1:1/mcp") };
    const asString: McpServerConfig = { url: "http://127.0.0.1:1/mcp" };
    expect([asUrl, asString].every((config) => !isMcpClient(config))).toBe(true);
  });
});
