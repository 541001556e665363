import { describe, expect, it } from "vitest";
import { authenticatorFor } from "./config/authenticator-for.js";
import { hashToken, newToken } from "./auth/static-tokens.js";
import { parseGatewayConfig } from "./config/gateway-config.js";
import { sessionStoreFor } from "./config/session-store-for.js";

// toolsift/gateway hands a config on whole: these read the settings an embedder cannot see.
const servers = { echo: { command: "node", args: ["echo.js"] } };

describe("authenticatorFor", () => {
  it("accepts the config's tokens and refuses others", async () => {
    const token = newToken();
    const config = parseGatewayConfig(
      {
        mcpServers: servers,
        toolsift: { auth: { tokens: [{ name: "ci", sha256: hashToken(token), groups: ["eng"] }] } },
      },
      "mcp.json",
    );
    const auth = await authenticatorFor(config);
    expect(await auth.authenticate({ authorization: `Bearer ${token}` })).toMatchObject({
      ok: true,
      caller: { id: "ci", groups: ["eng"] },
    });
    expect(await auth.authenticate({ authorization: `Bearer ${newToken()}` })).toMatchObject({ ok: false });
  });

  it("fails closed when the config names no credential", async () => {
    const config = parseGatewayConfig({ mcpServers: servers }, "mcp.json");
    await expect(authenticatorFor(config)).rejects.toMatchObject({ code: "no_credential" });
  });
});

describe("sessionStoreFor", () => {
  it("is undefined without toolsift.sessions: sessions stay in the listener's memory", () => {
    expect(sessionStoreFor(parseGatewayConfig({ mcpServers: servers }, "mcp.json"), () => {})).toBeUndefined();
  });

  it("opens the store toolsift.sessions names, failing soft when it cannot be reached", async () => {
    const config = parseGatewayConfig(
      { mcpServers: servers, toolsift: { sessions: "postgres://toolsift:${PG_PASSWORD}@127.0.0.1:1/toolsift" } },
      "mcp.json",
      { PG_PASSWORD: "not-a-real-password" },
    );
    const lines: string[] = [];
    const store = sessionStoreFor(config, (line) => lines.push(line));
    expect(store).toBeDefined();
    await store!.load("absent").catch(() => {});
    await store!.close();
    expect(lines.some((line) => line.startsWith("warning:"))).toBe(true);
  });
});
