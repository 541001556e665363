import { describe, expect, it } from "vitest";
import { ConfigError } from "../settings/config-error.js";
import { parseGatewayConfig } from "../config/gateway-config.js";

const withHttp = (http: unknown) =>
  parseGatewayConfig({ mcpServers: { dyn: { command: "node" } }, toolsift: { http } }, "mcp.json", {}).settings.http;

describe("toolsift.http", () => {
  it("leaves every limit to the listener's default when absent", () => {
    expect(parseGatewayConfig({ mcpServers: { dyn: { command: "node" } } }, "mcp.json", {}).settings.http).toEqual({});
  });

  it("reads origins (normalised), host names (lower case) and limits", () => {
    expect(
      withHttp({
        allowedOrigins: ["https://app.example.com/", "http://localhost:3000"],
        allowedHosts: ["MCP.example.com"],
        maxSessions: 64,
        maxSessionsPerCaller: 4,
        sessionIdleMs: 600000,
        maxConnections: 100,
        headersTimeoutMs: 5000,
        requestTimeoutMs: 20000,
      }),
    ).toEqual({
      allowedOrigins: ["https://app.example.com", "http://localhost:3000"],
      allowedHosts: ["mcp.example.com"],
      maxSessions: 64,
      maxSessionsPerCaller: 4,
      sessionIdleMs: 600000,
      maxConnections: 100,
      headersTimeoutMs: 5000,
      requestTimeoutMs: 20000,
    });
  });

  it.each([
    [[], "toolsift.http must be an object"],
    [{ allowedOrigin: [] }, "toolsift.http.allowedOrigin is not an http setting"],
    [{ allowedOrigins: "https://app.example.com" }, "toolsift.http.allowedOrigins must be an array"],
    [
      { allowedOrigins: ["app.example.com"] },
      'toolsift.http.allowedOrigins[0] is "app.example.com", which must be an origin',
    ],
    [{ allowedOrigins: ["https://app.example.com/path"] }, "allowedOrigins[0]"],
    [{ allowedOrigins: ["ftp://files.example.com"] }, "allowedOrigins[0]"],
    [{ allowedOrigins: [42] }, "toolsift.http.allowedOrigins[0] must be a non-empty string"],
    [{ allowedHosts: ["https://mcp.example.com"] }, "toolsift.http.allowedHosts[0]"],
    [{ allowedHosts: ["mcp.example.com:443"] }, "must be a host name without scheme, port or path"],
    [{ maxSessions: 0 }, "toolsift.http.maxSessions must be a whole number from 1"],
    [{ maxSessionsPerCaller: 2.5 }, "toolsift.http.maxSessionsPerCaller must be a whole number"],
    [{ sessionIdleMs: 999 }, "toolsift.http.sessionIdleMs must be a whole number from 1000"],
    [{ sessionIdleMs: 2 ** 31 }, "toolsift.http.sessionIdleMs must be a whole number"],
    [{ maxConnections: "200" }, "toolsift.http.maxConnections must be a whole number"],
    [{ headersTimeoutMs: 10 }, "toolsift.http.headersTimeoutMs must be a whole number from 100"],
    [{ requestTimeoutMs: 2 ** 31 }, "toolsift.http.requestTimeoutMs must be a whole number"],
    [{ headersTimeoutMs: 20000, requestTimeoutMs: 10000 }, "is more than requestTimeoutMs"],
  ])("refuses %j with a ConfigError that says what to change", (http, message) => {
    expect(() => withHttp(http)).toThrow(ConfigError);
    expect(() => withHttp(http)).toThrow(message);
  });
});
