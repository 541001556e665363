import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseGatewayConfig } from "../../src/gateway/config/gateway-config.js";
import {
  EXAMPLE_FILL,
  OAUTH_SAMPLE,
  POLICIES_SAMPLE,
  PUBLIC_NAME_SAMPLE,
  TEAM_SERVERS,
  TOKENS_SAMPLE,
  sampleValue,
  teamSettings,
} from "../support/team-deployment.js";
import { parsePage } from "./markdown.js";

const PAGE = "docs/deploying-for-a-team.md";
const TEAM_SAMPLES = [TOKENS_SAMPLE, OAUTH_SAMPLE, POLICIES_SAMPLE, PUBLIC_NAME_SAMPLE];
/** What the samples' `${NAME}` and `env` entries name, as a deployment's environment would hold. */
const ENV = { PG_PASSWORD: "example-password", TOOLSIFT_CI_TOKEN: "an-example-ci-token-not-a-real-one" };

/** The `toolsift` block through the real config parser, with the servers the policies name. */
function parse(toolsift: Record<string, unknown>) {
  const mcpServers = Object.fromEntries(TEAM_SERVERS.map((name) => [name, { command: "example-mcp-server" }]));
  return parseGatewayConfig({ mcpServers, toolsift }, "team.json", ENV, { enrichment: false });
}

describe(`the config samples of ${PAGE}`, () => {
  const samples = parsePage(PAGE, readFileSync(PAGE, "utf8"))
    .blocks.filter((block) => block.info === "jsonc")
    .map((block) => block.code);

  it("show tokens, OAuth, policies and the public name as the nginx test runs them", () => {
    for (const sample of TEAM_SAMPLES) expect(samples).toContain(sample);
  });

  it("make, together, a team config the real parser accepts: both kinds of token, the policies, the name", () => {
    const { settings } = parse(teamSettings(EXAMPLE_FILL));
    expect(settings.http.allowedHosts).toEqual(["tools.example.com"]);
    expect(settings.policies.map((policy) => policy.groups)).toEqual([["eng"], ["ops"]]);
  });

  it("are each, alone, a toolsift block the real parser accepts", () => {
    const others = samples.filter((sample) => !TEAM_SAMPLES.includes(sample));
    expect(others.length).toBeGreaterThan(0);
    const problems = others.flatMap((sample) => {
      try {
        parse(sampleValue(sample));
        return [];
      } catch (error) {
        return [`${sample}\n  ${String(error)}`];
      }
    });
    expect(problems).toEqual([]);
  });
});
