import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { waitFor } from "../../../test/support/mcp-servers.js";
import type { Authenticator } from "../auth/caller.js";
import { parseGatewayConfig } from "../config/gateway-config.js";
import { Gateway } from "../gateway.js";
import { listenHttp } from "./http-listener.js";
import { rawRequest, serveGateway, testAuthenticator } from "./http-test-kit.fixture.js";

/** A raw HTTP/1.0 GET without a Host header; the status line and the rest, as the socket got them. */
async function hostless(port: number, path: string): Promise<string> {
  const socket = connect(port, "127.0.0.1");
  let text = "";
  socket.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
  socket.write(`GET ${path} HTTP/1.0\r\n\r\n`);
  await new Promise((resolve) => socket.once("close", resolve));
  return text;
}

const metrics = { contentType: "text/plain; version=0.0.4", render: async () => "toolsift_searches_total 3\n" };

describe("listenHttp's other routes", () => {
  it("serves /healthz and /readyz without a credential, /readyz 200 only once an upstream server is connected", async () => {
    const served = await serveGateway({ auth: testAuthenticator });
    const origin = `http://127.0.0.1:${served.listener.port}`;
    try {
      const health = await rawRequest(`${origin}/healthz`, { method: "GET" });
      expect(health).toMatchObject({ status: 200 });
      expect(JSON.parse(health.body)).toEqual({ status: "ok" });
      await waitFor("the upstream server to connect", () => served.gateway.ready, 15_000);
      expect((await rawRequest(`${origin}/readyz`, { method: "GET" })).status).toBe(200);
      // Still behind the Host check.
      expect((await rawRequest(`${origin}/healthz`, { method: "GET", headers: { host: "evil.example" } })).status).toBe(
        403,
      );
    } finally {
      await served.close();
    }
  });

  it("answers a health probe without a Host header (haproxy's option httpchk), and nothing else without one", async () => {
    const served = await serveGateway({ auth: testAuthenticator });
    try {
      await waitFor("the upstream server to connect", () => served.gateway.ready, 15_000);
      // HTTP/1.0 with no Host, byte for byte what `option httpchk GET /readyz` sends.
      expect(await hostless(served.listener.port, "/readyz")).toMatch(/^HTTP\/1\.[01] 200 /);
      expect(await hostless(served.listener.port, "/healthz")).toMatch(/^HTTP\/1\.[01] 200 /);
      expect(await hostless(served.listener.port, "/mcp")).toMatch(/^HTTP\/1\.[01] 403 /);
      expect(await hostless(served.listener.port, "/metrics")).toMatch(/^HTTP\/1\.[01] 403 /);
    } finally {
      await served.close();
    }
  });

  it("answers /readyz 503 while no upstream server is connected", async () => {
    const config = parseGatewayConfig(
      { mcpServers: { gone: { command: process.execPath, args: ["-e", "process.exit(3)"], stderr: "ignore" } } },
      "mcp.json",
      {},
    );
    const gateway = await Gateway.start({ config, log: () => undefined });
    const listener = await listenHttp(gateway, { port: 0, host: "127.0.0.1", log: () => undefined, auth: false });
    try {
      const ready = await rawRequest(`http://127.0.0.1:${listener.port}/readyz`, { method: "GET" });
      expect(ready.status).toBe(503);
      expect(ready.body).not.toContain("gone");
    } finally {
      await listener.close();
      await gateway.close();
    }
  });

  it("serves the Protected Resource Metadata at both RFC 9728 paths without a credential, 404 without OAuth", async () => {
    const resourceMetadata = { resource: "https://mcp.example.com/mcp", authorization_servers: ["https://id.example"] };
    const oauth: Authenticator = { ...testAuthenticator, resourceMetadata };
    const served = await serveGateway({ auth: oauth });
    const plain = await serveGateway({ auth: testAuthenticator });
    try {
      for (const path of ["/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/mcp"]) {
        const answer = await rawRequest(`http://127.0.0.1:${served.listener.port}${path}`, { method: "GET" });
        expect(answer.status).toBe(200);
        expect(answer.headers["content-type"]).toBe("application/json");
        expect(JSON.parse(answer.body)).toEqual(resourceMetadata);
        const none = await rawRequest(`http://127.0.0.1:${plain.listener.port}${path}`, { method: "GET" });
        expect(none.status).toBe(404);
      }
    } finally {
      await served.close();
      await plain.close();
    }
  });

  it("tells a client that went looking for OAuth which credential the gateway takes", async () => {
    const resourceMetadata = { resource: "https://mcp.example.com/mcp", authorization_servers: ["https://id.example"] };
    const plain = await serveGateway({ auth: testAuthenticator });
    const oauth = await serveGateway({ auth: { ...testAuthenticator, resourceMetadata } });
    try {
      // What the MCP SDK's auth flow (and mcp-remote over it) asks for after a 401 that names no
      // authorization server: metadata, then registration.
      for (const [path, method] of [
        ["/.well-known/oauth-authorization-server", "GET"],
        ["/.well-known/openid-configuration", "GET"],
        ["/mcp/.well-known/openid-configuration", "GET"],
        ["/register", "POST"],
        ["/token", "POST"],
        ["/.well-known/oauth-protected-resource/mcp", "GET"],
      ] as const) {
        const answer = await rawRequest(`http://127.0.0.1:${plain.listener.port}${path}`, { method });
        expect(answer.status, path).toBe(404);
        expect(answer.body, path).toContain("does not use OAuth: send its token as 'Authorization: Bearer <token>'");
        expect(answer.body, path).toContain("toolsift token create");
        if (path.startsWith("/.well-known/oauth-protected-resource")) continue;
        const elsewhere = await rawRequest(`http://127.0.0.1:${oauth.listener.port}${path}`, { method });
        expect(elsewhere.status, path).toBe(404);
        expect(elsewhere.body, path).toContain("not an authorization server");
        expect(elsewhere.body, path).toContain("/.well-known/oauth-protected-resource");
      }
      // Any other path still gets the plain 404.
      const other = await rawRequest(`http://127.0.0.1:${plain.listener.port}/registry`, { method: "GET" });
      expect(other).toMatchObject({ status: 404, body: "toolsift serves MCP at /mcp.\n" });
    } finally {
      await plain.close();
      await oauth.close();
    }
  });

  it("serves /metrics only with the credential /mcp needs", async () => {
    const served = await serveGateway({ auth: testAuthenticator, metrics });
    const without = await serveGateway({ auth: testAuthenticator });
    try {
      const url = `http://127.0.0.1:${served.listener.port}/metrics`;
      const anonymous = await rawRequest(url, { method: "GET" });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).not.toContain("toolsift_searches_total");
      const answer = await rawRequest(url, { method: "GET", headers: { authorization: "Bearer alice" } });
      expect(answer).toMatchObject({ status: 200, body: "toolsift_searches_total 3\n" });
      expect(answer.headers["content-type"]).toBe(metrics.contentType);
      const none = await rawRequest(`http://127.0.0.1:${without.listener.port}/metrics`, {
        method: "GET",
        headers: { authorization: "Bearer alice" },
      });
      expect(none.status).toBe(404);
    } finally {
      await served.close();
      await without.close();
    }
  });
});
