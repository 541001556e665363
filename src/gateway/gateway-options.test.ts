import { describe, expect, it } from "vitest";
import { parseGatewayConfig } from "./config/gateway-config.js";
import { Gateway, type GatewayOptions } from "./gateway.js";

describe("Gateway.start's options", () => {
  it("refuses an option it does not know, naming the one meant, before any server starts", async () => {
    // A server that would fail to start: the refusal comes before the gateway opens anything.
    const config = parseGatewayConfig({ mcpServers: { none: { command: "/nonexistent/server" } } }, "mcp.json", {});
    await expect(Gateway.start({ config, mod: "stubs" } as GatewayOptions)).rejects.toMatchObject({
      code: "invalid_options",
      message: expect.stringMatching(/^Gateway\.start: unknown option "mod"\. Did you mean "mode"\?/),
    });
  });
});
