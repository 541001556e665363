import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { request } from "node:http";
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernHttpTransport,
  type OAuthClientProvider,
} from "@modelcontextprotocol/client";
import type { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthorizationServer, type AuthorizationServer } from "../support/authorization-server.js";
import { forgedTokens } from "../support/forged-tokens.js";
import {
  connectGateway,
  connectHttpClient,
  resultText,
  scratchDir,
  startHttpGateway,
  writeConfig,
  waitForUpstreams,
  type GatewayClient,
} from "../support/gateway-process.js";
import { DYNAMIC_SERVER, wipeCount } from "../support/mcp-servers.js";
import { hashToken, newToken } from "../../src/gateway/index.js";

/**
 * `toolsift serve --http` with authentication: the real CLI process, real MCP SDK clients, raw
 * HTTP, and a real authorization server (oidc-provider) on localhost issuing JWT access tokens.
 */

const RESOURCE = "https://toolsift.test/mcp";
const METADATA_URL = "https://toolsift.test/.well-known/oauth-protected-resource/mcp";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw JSON-RPC POST to the gateway, with whatever headers a test wants to send. */
function rpc(url: string, headers: Record<string, string>, message: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      },
      (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(message));
  });
}

const initialize = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};
const wipe = { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "dyn__wipe_data", arguments: {} } };

describe("toolsift serve --http with static tokens and an OAuth issuer", () => {
  let issuer: AuthorizationServer;
  let gateway: GatewayClient;
  let jwt: string;
  const wipeFile = join(scratchDir(), "wipes.log");
  const alice = newToken();
  const ci = newToken();

  beforeAll(async () => {
    issuer = await startAuthorizationServer([RESOURCE, "https://elsewhere.test/mcp"]);
    jwt = await issuer.token(RESOURCE);
    const file = writeConfig({
      mcpServers: {
        dyn: {
          command: process.execPath,
          args: [DYNAMIC_SERVER],
          env: { FIXTURE_WIPE_FILE: wipeFile },
          stderr: "ignore",
        },
      },
      toolsift: {
        allowDestructive: ["dyn__wipe_data"],
        auth: {
          tokens: [
            { name: "alice", sha256: hashToken(alice), groups: ["eng"] },
            { name: "ci", env: "GATEWAY_TEST_CI_TOKEN" },
          ],
          oauth: { issuer: issuer.issuer, resource: RESOURCE, tenantClaim: "tenant" },
        },
      },
    });
    // The MCP SDK client sends the JWT in requestInit.headers on every request.
    gateway = await connectGateway(file, { transport: "http", token: jwt, env: { GATEWAY_TEST_CI_TOKEN: ci } });
    await waitForUpstreams(gateway, ["dyn"]);
  }, 60_000);
  afterAll(async () => {
    await gateway?.close();
    await issuer?.close();
  });

  it("serves a client whose JWT access token the local authorization server issued for this resource", async () => {
    expect((await gateway.client.listTools()).tools.map((tool) => tool.name)).toEqual(["search_tools", "call_tool"]);
    const before = wipeCount(wipeFile);
    const wiped = await gateway.client.callTool({ name: "dyn__wipe_data", arguments: {} });
    expect(resultText(wiped)).toBe("wiped");
    expect(wipeCount(wipeFile)).toBe(before + 1);
    expect(gateway.stderr()).toContain(`OAuth access tokens from ${issuer.issuer} for ${RESOURCE}`);
  });

  it("answers an anonymous request 401, its WWW-Authenticate pointing at the protected resource metadata", async () => {
    const answer = await rpc(gateway.url!, {}, initialize);
    expect(answer.status).toBe(401);
    expect(answer.headers["www-authenticate"]).toBe(`Bearer resource_metadata="${METADATA_URL}"`);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: -32001, message: "Unauthorized: no credential" } });
  });

  it("serves the protected resource metadata the 401 points at, without a credential, at both RFC 9728 paths", async () => {
    const origin = new URL(gateway.url!).origin;
    for (const path of [new URL(METADATA_URL).pathname, "/.well-known/oauth-protected-resource"]) {
      const answer = await fetch(`${origin}${path}`);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({
        resource: RESOURCE,
        authorization_servers: [issuer.issuer],
        bearer_methods_supported: ["header"],
      });
    }
  });

  it("refuses each bad token with 401, and none of them runs a tool, even on a live session", async () => {
    const forged = await forgedTokens(issuer, jwt);
    const bad: Record<string, string> = {
      expired: forged.expired,
      "wrong audience": await issuer.token("https://elsewhere.test/mcp"),
      "wrong issuer": forged.wrongIssuer,
      "unsigned (alg none)": forged.unsigned,
      "signed by the wrong key": forged.wrongKey,
      tampered: forged.tampered,
      "HS256 with the issuer's public key": forged.hmacWithPublicKey,
      "no sub": forged.noSubject,
      "DPoP-bound, without its proof": forged.keyBound,
      "a wrong static token": newToken(),
    };
    const sessionId = (gateway.client.transport as StreamableHTTPClientTransport).sessionId!;
    expect(sessionId).toEqual(expect.any(String));
    const before = wipeCount(wipeFile);
    for (const [kind, token] of Object.entries(bad)) {
      const authorization = `Bearer ${token}`;
      const opened = await rpc(gateway.url!, { authorization }, initialize);
      expect(opened.status, kind).toBe(401);
      expect(opened.headers["www-authenticate"], kind).toBe(
        `Bearer resource_metadata="${METADATA_URL}", error="invalid_token"`,
      );
      const called = await rpc(gateway.url!, { authorization, "mcp-session-id": sessionId }, wipe);
      expect(called.status, kind).toBe(401);
    }
    expect(wipeCount(wipeFile)).toBe(before);
    // The same raw call with the valid token does run: the refusals above are the tokens', not the request's.
    const allowed = await rpc(gateway.url!, { authorization: `Bearer ${jwt}`, "mcp-session-id": sessionId }, wipe);
    expect(allowed.status).toBe(200);
    expect(allowed.body).toContain("wiped");
    expect(wipeCount(wipeFile)).toBe(before + 1);
  });

  it("serves static tokens, by hash and from an environment variable, alongside OAuth", async () => {
    for (const token of [alice, ci]) {
      const other = await connectHttpClient(gateway.url!, { token });
      try {
        expect((await other.client.listTools()).tools.map((tool) => tool.name)).toEqual(["search_tools", "call_tool"]);
      } finally {
        await other.close();
      }
    }
  });

  it("never writes a token to its log", () => {
    for (const token of [jwt, alice, ci]) expect(gateway.stderr()).not.toContain(token);
    expect(gateway.stderr()).not.toContain("[stdout]");
  });
});

describe("toolsift serve --http without an auth config", () => {
  let gateway: GatewayClient | undefined;
  afterAll(async () => {
    await gateway?.close();
  });

  it("makes its own token, keeps it in a 0600 file under the cache folder, and says where, never what", async () => {
    const cache = scratchDir();
    const file = writeConfig({
      mcpServers: { dyn: { command: process.execPath, args: [DYNAMIC_SERVER], stderr: "ignore" } },
    });
    gateway = await connectGateway(file, { transport: "http", env: { XDG_CACHE_HOME: cache } });
    const tokenFile = join(cache, "toolsift", "gateway-token");
    const token = readFileSync(tokenFile, "utf8").trim();
    expect(gateway.token).toBe(token);
    if (process.platform !== "win32") expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
    expect(gateway.stderr()).toContain(`with the token in ${tokenFile} (new)`);
    expect(gateway.stderr()).not.toContain(token);
    expect((await gateway.client.listTools()).tools.map((tool) => tool.name)).toEqual(["search_tools", "call_tool"]);
    const anonymous = await rpc(gateway.url!, {}, initialize);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers["www-authenticate"]).toBe('Bearer realm="toolsift"');
    const wrong = await rpc(gateway.url!, { authorization: `Bearer ${newToken()}` }, initialize);
    expect(wrong.status).toBe(401);
    expect(wrong.headers["www-authenticate"]).toBe('Bearer realm="toolsift", error="invalid_token"');
  });

  it("tells a client on the MCP SDK's OAuth flow, sent without the token, which credential to send", async () => {
    const file = writeConfig({
      mcpServers: { dyn: { command: process.execPath, args: [DYNAMIC_SERVER], stderr: "ignore" } },
    });
    const served = await startHttpGateway(file);
    // An OAuth client with nothing stored: after the 401 it looks for an authorization server
    // and tries to register, as mcp-remote does in front of Claude Desktop.
    const provider: OAuthClientProvider = {
      redirectUrl: "http://127.0.0.1:1/callback",
      clientMetadata: { redirect_uris: ["http://127.0.0.1:1/callback"], client_name: "no token" },
      clientInformation: () => undefined,
      saveClientInformation: () => undefined,
      tokens: () => undefined,
      saveTokens: () => undefined,
      redirectToAuthorization: () => undefined,
      saveCodeVerifier: () => undefined,
      codeVerifier: () => "verifier",
    };
    const client = new ModernClient({ name: "no-token", version: "1" });
    try {
      const refused = await client
        .connect(new ModernHttpTransport(new URL(served.url), { authProvider: provider }))
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(refused).toBeInstanceOf(Error);
      expect((refused as Error).message).toContain(
        "This toolsift gateway does not use OAuth: send its token as 'Authorization: Bearer <token>'",
      );
    } finally {
      await client.close().catch(() => undefined);
      served.child.kill("SIGTERM");
    }
  });

  it("serves without a credential with --no-auth on loopback, and warns", async () => {
    const file = writeConfig({
      mcpServers: { dyn: { command: process.execPath, args: [DYNAMIC_SERVER], stderr: "ignore" } },
    });
    const open = await connectGateway(file, { transport: "http", args: ["--no-auth"] });
    try {
      expect(open.token).toBeUndefined();
      expect(open.stderr()).toMatch(/warning: --no-auth: every process on this machine that can reach 127\.0\.0\.1/);
      expect((await rpc(open.url!, {}, initialize)).status).toBe(200);
    } finally {
      await open.close();
    }
  });
});
