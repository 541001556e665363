import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { thrownBy } from "../../../test/support/thrown-by.js";
import { ConfigError } from "../settings/config-error.js";
import { parseGatewayConfig } from "./gateway-config.js";

const SECRET = "ghp_s3cretTokenValue42";
const env = { API_TOKEN: SECRET, SHORT: "ab" };

function problemOf(config: unknown): string {
  return thrownBy(() => parseGatewayConfig(config, "mcp.json", env), ConfigError).message;
}

describe("parseGatewayConfig: what ${NAME} brings in never shows", () => {
  it("a malformed URL's error shows ${NAME} where its value went, not the value", () => {
    for (const url of ["http://exa mple.com/mcp?token=${API_TOKEN}", "https://${API_TOKEN}@/mcp"]) {
      const message = problemOf({ mcpServers: { docs: { url } } });
      expect(message).toMatch(/^mcp\.json: mcpServers\.docs\.url must be an absolute URL/);
      expect(message).toContain("${API_TOKEN}");
      expect(message).not.toContain(SECRET);
    }
  });

  it("nor does a cwd that is not a folder", () => {
    const message = problemOf({ mcpServers: { a: { command: "node", cwd: "/nonexistent/${API_TOKEN}" } } });
    expect(message).toContain("/nonexistent/${API_TOKEN}");
    expect(message).not.toContain(SECRET);
  });

  it("the config carries a redactor of every value expanded from the environment, not of defaults", () => {
    const config = parseGatewayConfig(
      {
        mcpServers: {
          gh: { command: "gh-mcp", args: ["--token", "${API_TOKEN}", "--mode", "${MODE:-readonly-mode}"] },
          docs: { url: "https://docs.example/mcp", headers: { Authorization: "Bearer ${env:API_TOKEN}" } },
        },
      },
      "mcp.json",
      env,
    );
    expect(config.servers.gh).toMatchObject({ args: ["--token", SECRET, "--mode", "readonly-mode"] });
    const line = `MCP server "gh" could not start: started as "gh-mcp --token ${SECRET} --mode readonly-mode"`;
    expect(config.redactor.redact(line)).toBe(
      'MCP server "gh" could not start: started as "gh-mcp --token ${API_TOKEN} --mode readonly-mode"',
    );
    expect(JSON.stringify({ redactor: config.redactor })).not.toContain(SECRET);
    expect(inspect(config.redactor)).not.toContain(SECRET);
  });

  it("redacts a header value the file holds itself, whole and as the credential after its scheme", () => {
    const config = parseGatewayConfig(
      {
        mcpServers: {
          docs: {
            url: "https://docs.example/mcp",
            headers: { Authorization: "Bearer lit_header_token_77", "X-Api-Key": "key-literal-99" },
          },
          gh: { url: "https://gh.example/mcp", headers: { Authorization: "Bearer ${API_TOKEN}" } },
        },
      },
      "mcp.json",
      env,
    );
    const line = "sent Bearer lit_header_token_77; echoed lit_header_token_77 and key-literal-99";
    expect(config.redactor.redact(line)).toBe("sent [redacted]; echoed [redacted] and [redacted]");
    // An expanded header keeps its ${NAME}: the literal scheme is no secret.
    expect(config.redactor.redact(`Bearer ${SECRET}`)).toBe("Bearer ${API_TOKEN}");
  });
});
