import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken, newToken } from "../../src/gateway/index.js";
import { startAuthorizationServer, type AuthorizationServer } from "../support/authorization-server.js";
import {
  resultText,
  scratchDir,
  startHttpGateway,
  waitForUpstreams,
  writeConfig,
  type HttpGatewayProcess,
} from "../support/gateway-process.js";
import { httpsFetch } from "../support/https-fetch.js";
import { DYNAMIC_SERVER, everythingServerEntry } from "../support/mcp-servers.js";
import { NGINX, startNginx, type Nginx } from "../support/nginx.js";
import { TEAM_SERVERS, teamSettings } from "../support/team-deployment.js";
import { OPENSSL, makeTestCertificates } from "../support/test-certificates.js";

/**
 * The team deployment docs/deploying-for-a-team.md documents, run as it is written: the gateway
 * with the page's tokens, OAuth, policies and public name (test/support/team-deployment.ts),
 * behind a real nginx with the page's server block (test/support/nginx-config.ts) terminating TLS
 * with a throwaway CA's certificate, and real MCP SDK clients (v1, and v2 in both eras) reaching
 * it as `https://tools.example.com/mcp`, trusting only that CA.
 */

const missing = [
  NGINX ? undefined : "nginx is not installed (Debian: apt-get install nginx)",
  OPENSSL ? undefined : "openssl is not installed",
]
  .filter(Boolean)
  .join("; ");
if (missing && process.env.CI) throw new Error(`gateway-behind-nginx: ${missing} on CI; .ci/run installs nginx.`);
if (missing) console.warn(`[toolsift] SKIPPED "toolsift serve --http behind nginx with TLS": ${missing}`);

const PUBLIC_NAME = "tools.example.com";
const PUBLIC_URL = `https://${PUBLIC_NAME}/mcp`;
const MODERN = "2026-07-28";

/** server-everything's tool that reports progress once a second, as the docs server. */
const LONG_OPERATION = "docs__trigger-long-running-operation";

/**
 * Runs a three-second call of {@link LONG_OPERATION} that reports three steps, and checks the first
 * step arrived well before the result: a proxy that buffers the event stream hands all three over
 * with the result.
 */
async function expectProgressAsSent(call: (onprogress: () => void) => Promise<unknown>): Promise<void> {
  const started = Date.now();
  const progress: number[] = [];
  const result = await call(() => void progress.push(Date.now() - started));
  const done = Date.now() - started;
  expect(resultText(result)).toContain("Long running operation completed");
  // Under load the last step can reach the gateway after the call's answer, and progress after
  // the answer is not sent on; a buffering proxy would deliver none before the result.
  expect(progress.length).toBeGreaterThanOrEqual(2);
  expect(progress.length).toBeLessThanOrEqual(3);
  expect(progress[0]!).toBeLessThan(done - 1_000);
}

/** The names a search answered with. */
function searchNames(result: unknown): string[] {
  return (JSON.parse(resultText(result)) as { matches: { name: string }[] }).matches.map((match) => match.name);
}

(missing ? describe.skip : describe)(
  "toolsift serve --http behind nginx with TLS: the documented team deployment",
  () => {
    const dir = scratchDir();
    const aliceToken = newToken();
    const ciToken = newToken();
    /** Where the public name leads: nginx's port, once it listens. */
    const routes = new Map<string, number>();
    let https: ReturnType<typeof httpsFetch>;
    let issuer: AuthorizationServer;
    let gateway: HttpGatewayProcess;
    let nginx: Nginx;
    const open: { close(): Promise<void> }[] = [];

    /** An SDK v1 client through nginx with `token`. */
    async function v1Client(token: string) {
      const client = new Client({ name: "v1-through-nginx", version: "1" });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(PUBLIC_URL), {
          fetch: https,
          requestInit: { headers: { authorization: `Bearer ${token}` } },
        }),
      );
      open.push(client);
      return client;
    }

    /** An SDK v2 client through nginx, pinned to 2026-07-28 or left in the 2025 era. */
    async function v2Client(token: string, era: "modern" | "legacy") {
      const client = new ClientV2(
        { name: `v2-${era}-through-nginx`, version: "1" },
        era === "modern" ? { versionNegotiation: { mode: { pin: MODERN } } } : {},
      );
      await client.connect(
        new TransportV2(new URL(PUBLIC_URL), {
          fetch: https,
          requestInit: { headers: { authorization: `Bearer ${token}` } },
        }),
      );
      open.push(client);
      return client;
    }

    beforeAll(async () => {
      const certificates = makeTestCertificates(dir, [PUBLIC_NAME]);
      https = httpsFetch({ ca: certificates.ca, routes });
      // The issuer grants the documented required scope, and its tokens carry the ops group.
      issuer = await startAuthorizationServer([PUBLIC_URL], { groups: ["ops"], tenant: "acme" }, ["mcp"]);
      const config = writeConfig({
        // The servers the policies name: server-everything as docs (its long operation reports
        // progress), toolsift's own test server as the other two.
        mcpServers: Object.fromEntries(
          TEAM_SERVERS.map((name) => [
            name,
            {
              command: process.execPath,
              args: name === "docs" ? [everythingServerEntry(), "stdio"] : [DYNAMIC_SERVER],
              stderr: "ignore",
            },
          ]),
        ),
        toolsift: teamSettings({ aliceSha256: hashToken(aliceToken), issuer: issuer.issuer, resource: PUBLIC_URL }),
      });
      gateway = await startHttpGateway(config, { env: { TOOLSIFT_CI_TOKEN: ciToken } });
      await waitForUpstreams(gateway, TEAM_SERVERS);
      nginx = await startNginx({
        dir,
        ca: certificates.ca,
        site: {
          serverName: PUBLIC_NAME,
          certificate: certificates.certificateFile,
          certificateKey: certificates.keyFile,
          gateway: new URL(gateway.url).host,
        },
      });
      routes.set(PUBLIC_NAME, nginx.port);
    }, 120_000);

    afterAll(async () => {
      await Promise.allSettled(open.map((client) => client.close()));
      await nginx?.stop();
      if (gateway && gateway.child.exitCode === null) {
        const exited = new Promise((resolve) => gateway.child.once("exit", resolve));
        gateway.child.kill("SIGTERM");
        await exited;
      }
      await issuer?.close();
    });

    it("serves alice's token to an SDK v1 client over TLS: her group's tools, found and called", async () => {
      const client = await v1Client(aliceToken);
      const found = searchNames(
        await client.callTool({ name: "search_tools", arguments: { query: "echo text back" } }),
      );
      expect(found).toEqual(expect.arrayContaining(["github__echo", "docs__echo"]));
      expect(found).not.toContain("db__echo");
      expect(resultText(await client.callTool({ name: "github__echo", arguments: { text: "over TLS" } }))).toBe(
        "echo: over TLS",
      );
    });

    it("streams a call's progress through nginx as it is sent, not with the result: SDK v1", async () => {
      const client = await v1Client(aliceToken);
      await expectProgressAsSent((onprogress) =>
        client.callTool({ name: LONG_OPERATION, arguments: { duration: 3, steps: 3 } }, undefined, { onprogress }),
      );
    });

    it("streams a call's progress through nginx to an SDK v2 client in the 2025 era", async () => {
      const legacy = await v2Client(aliceToken, "legacy");
      await expectProgressAsSent((onprogress) =>
        legacy.callTool({ name: LONG_OPERATION, arguments: { duration: 3, steps: 3 } }, { onprogress }),
      );
    });

    it("serves SDK v2 clients pinned to 2026-07-28 and in the 2025 era over TLS", async () => {
      const modern = await v2Client(aliceToken, "modern");
      expect(modern.getProtocolEra()).toBe("modern");
      expect(searchNames(await modern.callTool({ name: "search_tools", arguments: { query: "echo text" } }))).toContain(
        "github__echo",
      );
      const called = await modern.callTool({
        name: "call_tool",
        arguments: { name: "github__echo", arguments: { text: "2026" } },
      });
      expect(resultText(called)).toBe("echo: 2026");
      const legacy = await v2Client(aliceToken, "legacy");
      expect(legacy.getProtocolEra()).toBe("legacy");
      expect(resultText(await legacy.callTool({ name: "search_tools", arguments: { query: "echo text" } }))).toContain(
        "now in your tool list",
      );
      expect(resultText(await legacy.callTool({ name: "github__echo", arguments: { text: "2025" } }))).toBe(
        "echo: 2025",
      );
    });

    it("points an anonymous client at the public metadata URL, which names the issuer", async () => {
      const refused = await https(PUBLIC_URL, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
      await refused.body?.cancel();
      expect(refused.status).toBe(401);
      const metadataUrl = /resource_metadata="([^"]+)"/.exec(refused.headers.get("www-authenticate") ?? "")?.[1];
      expect(metadataUrl).toBe(`https://${PUBLIC_NAME}/.well-known/oauth-protected-resource/mcp`);
      const metadata = (await (await https(metadataUrl!)).json()) as Record<string, unknown>;
      expect(metadata).toMatchObject({ resource: PUBLIC_URL, authorization_servers: [issuer.issuer] });
    });

    it("serves an OAuth caller with the mcp scope its groups' policy (ops: db), and refuses a token without it", async () => {
      const client = await v1Client(await issuer.token(PUBLIC_URL, "mcp"));
      const found = searchNames(
        await client.callTool({ name: "search_tools", arguments: { query: "echo text back" } }),
      );
      expect(found).toContain("db__echo");
      expect(found).not.toContain("github__echo");
      await expect(v1Client(await issuer.token(PUBLIC_URL, ""))).rejects.toThrow(/insufficient scope/);
    });

    it("serves the ci token from the environment, whose group no policy grants: nothing to find", async () => {
      const client = await v1Client(ciToken);
      expect(
        searchNames(await client.callTool({ name: "search_tools", arguments: { query: "echo text back" } })),
      ).toEqual([]);
    });

    it("passes the public name through as Host: another name, or an origin not listed, is refused by the gateway", async () => {
      const initialize = (headers: Record<string, string>) =>
        https(PUBLIC_URL, {
          method: "POST",
          headers: {
            authorization: `Bearer ${aliceToken}`,
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
            ...headers,
          },
          body: JSON.stringify({
            jsonrpc: "2.0",
            id: 1,
            method: "initialize",
            params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
          }),
        });
      const statusOf = async (headers: Record<string, string>) => {
        const answer = await initialize(headers);
        await answer.body?.cancel();
        return answer.status;
      };
      expect(await statusOf({ origin: "https://app.example.com" })).toBe(200);
      expect(await statusOf({ origin: "https://elsewhere.example.net" })).toBe(403);
      const renamed = await initialize({ host: "elsewhere.example.net" });
      expect(renamed.status).toBe(403);
      expect(await renamed.text()).toContain("allowedHosts");
    });

    it("refuses plain HTTP on the TLS port with nginx's own 400, no MCP answer", async () => {
      const answer = await fetch(`http://127.0.0.1:${nginx.port}/mcp`, {
        method: "POST",
        headers: { authorization: `Bearer ${aliceToken}`, "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
      expect(answer.status).toBe(400);
      const text = await answer.text();
      expect(text).toMatch(/plain HTTP request was sent to HTTPS port/);
      expect(text).not.toContain("jsonrpc");
    });
  },
);
