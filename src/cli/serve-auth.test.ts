import { describe, expect, it } from "vitest";
import { scratchDir, writeConfig } from "../../test/support/gateway-process.js";
import { newToken, readGatewayConfig, hashToken } from "../gateway/index.js";
import { UsageError, type CliCommand } from "./parse-cli.js";
import { serveAuthenticator } from "./serve-auth.js";

const command = (noAuth: boolean): Extract<CliCommand, { command: "serve" }> => ({
  command: "serve",
  config: "mcp.json",
  http: 0,
  host: "127.0.0.1",
  stubs: false,
  noAuth,
});

function setup(toolsift: Record<string, unknown>) {
  const lines: string[] = [];
  const config = readGatewayConfig(writeConfig({ mcpServers: { s: { command: "node" } }, toolsift }), {});
  return { config, io: { out: () => undefined, err: (line: string) => lines.push(line) }, lines };
}

describe("serveAuthenticator", () => {
  it("uses the configured tokens, and not the gateway's own", async () => {
    const token = newToken();
    const cache = scratchDir();
    const { config, io, lines } = setup({
      cacheDir: cache,
      auth: { tokens: [{ name: "ci", sha256: hashToken(token) }] },
    });
    const auth = await serveAuthenticator(command(false), config, io);
    expect(auth && (await auth.authenticate({ authorization: `Bearer ${token}` }))).toMatchObject({
      ok: true,
      caller: { id: "ci" },
    });
    expect(lines).toEqual(["auth: callers need a bearer token: 1 static token"]);
  });

  it("makes and keeps its own token in the cacheDir when none is configured, and prints only where it is", async () => {
    const cache = scratchDir();
    const first = setup({ cacheDir: cache });
    const auth = await serveAuthenticator(command(false), first.config, first.io);
    expect(first.lines[0]).toMatch(/with the token in .*gateway-token \(new\)/);
    const again = setup({ cacheDir: cache });
    await serveAuthenticator(command(false), again.config, again.io);
    expect(again.lines[0]).toMatch(/\(kept from an earlier start\)/);
    expect(auth && (await auth.authenticate({}))).toEqual({ ok: false, reason: "no credential" });
  });

  it("warns with --no-auth, and refuses it when the config configures auth", async () => {
    const open = setup({});
    expect(await serveAuthenticator(command(true), open.config, open.io)).toBe(false);
    expect(open.lines[0]).toMatch(/^warning: --no-auth/);
    const configured = setup({ auth: { tokens: [{ name: "ci", sha256: "ab".repeat(32) }] } });
    await expect(serveAuthenticator(command(true), configured.config, configured.io)).rejects.toThrow(UsageError);
  });
});
