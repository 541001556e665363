import { describe, expect, it } from "vitest";
import { thrownBy } from "../../test/support/thrown-by.js";
import { parseGatewayConfig } from "./config/gateway-config.js";
import { ConfigError } from "./settings/config-error.js";

const servers = { gh: { command: "gh-mcp" } };
const PASSWORD = "pg-Pa55word!";
const env = { PG_PASSWORD: PASSWORD };

function settingsOf(misses: unknown) {
  return parseGatewayConfig({ mcpServers: servers, toolsift: { misses } }, "mcp.json", env);
}

describe("toolsift.misses", () => {
  it("is off by default and with false; true is a file store without request text", () => {
    expect(parseGatewayConfig({ mcpServers: servers }, "mcp.json", env).settings.misses).toBe(false);
    expect(settingsOf(false).settings.misses).toBe(false);
    expect(settingsOf(true).settings.misses).toEqual({ store: { kind: "file" }, recordText: false });
    expect(settingsOf({ recordText: true }).settings.misses).toEqual({ store: { kind: "file" }, recordText: true });
  });

  it("takes a PostgreSQL URL, ${NAME} filled in, and redacts its password", () => {
    const config = settingsOf({ store: "postgres://toolsift:${PG_PASSWORD}@db:5432/t" });
    expect(config.settings.misses).toEqual({
      store: { kind: "postgres", url: `postgres://toolsift:${PASSWORD}@db:5432/t` },
      recordText: false,
    });
    expect(config.redactor.redact(`cannot reach postgres://toolsift:${PASSWORD}@db:5432/t`)).not.toContain(PASSWORD);
  });

  it.each([
    ["a number", 3, "must be true, false or"],
    ["an unknown field", { scope: "tenant" }, '"store" and "recordText"'],
    ["recordText not a boolean", { recordText: "yes" }, "recordText must be true or false"],
    ["a store of another kind", { store: "mysql://u:secret-pw@db/t" }, 'must be "file" or a PostgreSQL URL'],
  ])("refuses %s, saying what it takes", (_, misses, message) => {
    const problem = thrownBy(() => settingsOf(misses), ConfigError).message;
    expect(problem).toContain(message);
    expect(problem).not.toContain("secret-pw");
  });
});
