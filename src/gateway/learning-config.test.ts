import { describe, expect, it } from "vitest";
import { thrownBy } from "../../test/support/thrown-by.js";
import { ConfigError } from "./settings/config-error.js";
import { parseGatewayConfig } from "./config/gateway-config.js";

const servers = { gh: { command: "gh-mcp" } };
const PASSWORD = "pg-Pa55word!";
const env = { PG_PASSWORD: PASSWORD, DATABASE_URL: `postgres://toolsift:${encodeURIComponent(PASSWORD)}@db:5432/t` };

function settingsOf(learning: unknown) {
  return parseGatewayConfig({ mcpServers: servers, toolsift: { learning } }, "mcp.json", env);
}

function problemOf(learning: unknown): string {
  return thrownBy(() => settingsOf(learning), ConfigError).message;
}

describe("toolsift.learning", () => {
  it("is off by default and with false; true is a file store with one scope per identity", () => {
    expect(parseGatewayConfig({ mcpServers: servers }, "mcp.json", env).settings.learning).toBe(false);
    expect(settingsOf(false).settings.learning).toBe(false);
    expect(settingsOf(true).settings.learning).toEqual({ store: { kind: "file" }, scope: "identity" });
    expect(settingsOf({ scope: "tenant" }).settings.learning).toEqual({ store: { kind: "file" }, scope: "tenant" });
  });

  it("takes a PostgreSQL URL, ${NAME} filled in, and redacts its password wherever it shows", () => {
    const config = settingsOf({ store: "postgres://toolsift:${PG_PASSWORD}@db:5432/t", scope: "shared" });
    expect(config.settings.learning).toEqual({
      store: { kind: "postgres", url: `postgres://toolsift:${PASSWORD}@db:5432/t` },
      scope: "shared",
    });
    expect(config.redactor.redact(`cannot connect to postgres://toolsift:${PASSWORD}@db:5432/t`)).toBe(
      "cannot connect to postgres://toolsift:${PG_PASSWORD}@db:5432/t",
    );
    // A password written in the file itself is redacted too, as [redacted].
    const literal = settingsOf({ store: "postgresql://u:literal-pw-1@db/t" });
    expect(literal.redactor.redact("postgresql://u:literal-pw-1@db/t")).toBe("postgresql://u:[redacted]@db/t");
    const whole = settingsOf({ store: "${DATABASE_URL}" });
    expect(whole.redactor.redact(`password ${PASSWORD}, url ${env.DATABASE_URL}`)).not.toContain("Pa55word");
  });

  it("refuses other values, saying what it takes, and never shows the URL", () => {
    expect(problemOf("yes")).toMatch(/toolsift\.learning must be true, false or \{"store": "file"/);
    expect(problemOf({ scope: "team" })).toMatch(/learning\.scope must be one of "identity", "tenant", "shared"/);
    expect(problemOf({ stor: "file" })).toMatch(/learning\.stor is not a learning setting/);
    for (const store of ["mysql://u:pw-in-file@db/t", "postgres//u:pw-in-file@db", "file:///tmp/x"]) {
      const message = problemOf({ store });
      expect(message).toMatch(/learning\.store must be "file" or a PostgreSQL URL/);
      expect(message).not.toContain("pw-in-file");
    }
    expect(problemOf({ store: "postgres://u:${MISSING}@db/t" })).toMatch(/MISSING is not set/);
  });
});
