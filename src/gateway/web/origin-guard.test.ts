import { describe, expect, it } from "vitest";
import {
  initialize,
  POST_HEADERS,
  rawRequest,
  serveGateway,
  testAuthenticator,
} from "../http/http-test-kit.fixture.js";
import { isLoopbackHost } from "../auth/loopback-host.js";
import { originProblem } from "./origin-guard.js";

const none = { allowedOrigins: [], allowedHosts: [] };

describe("isLoopbackHost", () => {
  it("is the whole of 127.0.0.0/8, ::1 and localhost, and nothing else", () => {
    for (const host of ["127.0.0.1", "127.0.0.2", "127.255.255.254", "::1", "[::1]", "localhost", "LOCALHOST"])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ["0.0.0.0", "::", "128.0.0.1", "10.0.0.1", "localhost.evil.example", "127.0.0.1.evil.example"])
      expect(isLoopbackHost(host), host).toBe(false);
  });
});

describe("originProblem", () => {
  it("takes loopback and IP-address hosts, and names the setting that allows another", () => {
    expect(originProblem({ host: "127.0.0.2:8808" }, none)).toBeUndefined();
    expect(originProblem({ host: "[::1]:8808" }, none)).toBeUndefined();
    expect(originProblem({ host: "192.168.1.5:8808" }, none)).toBeUndefined();
    expect(originProblem({ host: "evil.example" }, none)).toMatch(/toolsift\.http\.allowedHosts/);
    expect(originProblem({ host: "mcp.example.com" }, { ...none, allowedHosts: ["mcp.example.com"] })).toBeUndefined();
    expect(originProblem({}, none)).toMatch(/no valid Host/);
    expect(originProblem({ host: "evil.example/@127.0.0.1" }, none)).toMatch(/no valid Host/);
  });

  it("takes no Origin, a loopback one or a listed one, and refuses the rest, null included", () => {
    const host = "127.0.0.1:8808";
    expect(originProblem({ host }, none)).toBeUndefined();
    expect(originProblem({ host, origin: "http://localhost:3000" }, none)).toBeUndefined();
    expect(originProblem({ host, origin: "http://127.0.0.5" }, none)).toBeUndefined();
    expect(originProblem({ host, origin: "https://evil.example" }, none)).toMatch(/toolsift\.http\.allowedOrigins/);
    expect(originProblem({ host, origin: "null" }, none)).toMatch(/allowedOrigins/);
    const listed = { ...none, allowedOrigins: ["https://app.example.com"] };
    expect(originProblem({ host, origin: "https://app.example.com" }, listed)).toBeUndefined();
    expect(originProblem({ host, origin: "https://app.example.com:8443" }, listed)).toMatch(/allowedOrigins/);
    expect(originProblem({ host, origin: "http://app.example.com" }, listed)).toMatch(/allowedOrigins/);
  });
});

describe("listenHttp's Host and Origin checks", () => {
  it.each([
    ["127.0.0.2", false],
    ["0.0.0.0", true],
  ] as const)(
    "refuses Host and Origin evil.example bound to %s, and opens a session otherwise",
    async (host, withAuth) => {
      const served = await serveGateway({ host, auth: withAuth ? testAuthenticator : false });
      const port = served.listener.port;
      const url = `http://127.0.0.1:${port}/mcp`;
      const headers = { ...POST_HEADERS, ...(withAuth ? { authorization: "Bearer alice" } : {}) };
      const target = host === "0.0.0.0" ? url : url.replace("127.0.0.1", host);
      try {
        const evilHost = await rawRequest(target, {
          headers: { ...headers, host: "evil.example" },
          body: initialize(),
        });
        expect(evilHost.status).toBe(403);
        expect(evilHost.body).toContain("allowedHosts");
        const evilOrigin = await rawRequest(target, {
          headers: { ...headers, origin: "https://evil.example" },
          body: initialize(),
        });
        expect(evilOrigin.status).toBe(403);
        expect(evilOrigin.body).toContain("allowedOrigins");
        expect(served.gateway.clients).toBe(0);
        expect(served.events.filter((event) => event.type === "denied")).toHaveLength(2);
        const good = await rawRequest(target, { headers, body: initialize() });
        expect(good.status).toBe(200);
        expect(good.headers["mcp-session-id"]).toBeTypeOf("string");
      } finally {
        await served.close();
      }
    },
  );

  it("lets through an Origin and a Host the options list", async () => {
    const served = await serveGateway({
      host: "0.0.0.0",
      auth: testAuthenticator,
      allowedOrigins: ["https://app.example.com"],
      allowedHosts: ["mcp.example.com"],
    });
    try {
      const answer = await rawRequest(`http://127.0.0.1:${served.listener.port}/mcp`, {
        headers: {
          ...POST_HEADERS,
          authorization: "Bearer alice",
          host: "mcp.example.com",
          origin: "https://app.example.com",
        },
        body: initialize(),
      });
      expect(answer.status).toBe(200);
    } finally {
      await served.close();
    }
  });
});
