import { describe, expect, it } from "vitest";
import { ConfigError } from "../settings/config-error.js";
import { parseGatewayConfig } from "../config/gateway-config.js";

const servers = { mcpServers: { a: { command: "a" } } };
const read = (sessions: unknown, env: Record<string, string> = {}) =>
  parseGatewayConfig({ ...servers, toolsift: { sessions } }, "mcp.json", env);

describe("toolsift.sessions", () => {
  it("is per process when absent, and a PostgreSQL URL with ${NAME} filled in otherwise", () => {
    expect(parseGatewayConfig(servers, "mcp.json", {}).settings.sessions).toBeUndefined();
    const config = read("postgres://toolsift:${PG_PASSWORD}@db.internal:5432/toolsift", { PG_PASSWORD: "s3cret!" });
    expect(config.settings.sessions).toEqual({
      kind: "postgres",
      url: "postgres://toolsift:s3cret!@db.internal:5432/toolsift",
    });
    // The password never reaches a log line, whether it came from ${NAME} or was written inline.
    expect(config.redactor.redact("connect postgres://toolsift:s3cret!@db failed")).not.toContain("s3cret");
    const inline = read("postgresql://toolsift:p%40ss@db/toolsift");
    expect(inline.redactor.redact("password p%40ss, decoded p@ss")).not.toMatch(/p%40ss|p@ss/);
  });

  it("refuses what is not a PostgreSQL URL, never showing the value", () => {
    const problem = (value: unknown) => {
      try {
        read(value);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error("accepted");
    };
    expect(problem(42)).toMatch(/toolsift\.sessions.*PostgreSQL URL.*not 42/);
    expect(problem("redis://:hunter2@cache")).toMatch(/scheme is "redis:"/);
    expect(problem("redis://:hunter2@cache")).not.toContain("hunter2");
    expect(problem("not a url hunter2")).not.toContain("hunter2");
  });
});
