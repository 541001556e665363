/**
 * The `toolsift` config samples of docs/deploying-for-a-team.md (tokens, OAuth, policies, the
 * proxy's public name), as text. test/docs holds the page's ```jsonc blocks equal to these, and
 * the nginx test (test/integration/gateway-behind-nginx.test.ts) runs the gateway with them: the
 * team deployment the page documents is the one tested. No process here: the docs test imports it.
 */
import { parseJsonc } from "../../src/gateway/settings/parse-jsonc.js";

export const TOKENS_SAMPLE = `"auth": {
  "tokens": [
    { "name": "alice", "sha256": "<printed by toolsift token create alice>", "groups": ["eng"] },
    { "name": "ci", "env": "TOOLSIFT_CI_TOKEN", "groups": ["ci"], "tenant": "acme" }
  ]
}`;

export const OAUTH_SAMPLE = `"auth": {
  "oauth": {
    "issuer": "https://login.example.com/realms/eng",
    "resource": "https://tools.example.com/mcp",
    "groupsClaim": "groups", "tenantClaim": "tenant", "requiredScopes": ["mcp"]
  }
}`;

export const POLICIES_SAMPLE = `"allow": [],
"deny": ["*__drop_*"],
"policies": [
  { "groups": ["eng"], "allow": ["github__*", "docs__*"], "deny": ["github__delete_*"] },
  { "groups": ["ops"], "allow": ["db__*"], "allowDestructive": ["db__vacuum"] }
],
"rateLimits": { "callsPerMinute": 120, "searchesPerMinute": 60 }`;

export const PUBLIC_NAME_SAMPLE = `"http": { "allowedHosts": ["tools.example.com"], "allowedOrigins": ["https://app.example.com"] }`;

/** The upstream servers the policies sample names: a config without them is a config error. */
export const TEAM_SERVERS = ["github", "docs", "db"] as const;

/** What a deployment fills in where the samples show a placeholder. */
export interface TeamFill {
  /** `toolsift token create alice`'s SHA-256 of alice's token. */
  aliceSha256: string;
  /** The authorization server's issuer identifier. */
  issuer: string;
  /** The gateway's public URL, the tokens' audience. */
  resource: string;
}

/** The example values the page shows, for checks that start no issuer. */
export const EXAMPLE_FILL: TeamFill = {
  aliceSha256: "0".repeat(64),
  issuer: "https://login.example.com/realms/eng",
  resource: "https://tools.example.com/mcp",
};

/** The object a sample (a fragment of the `toolsift` block) stands for, each placeholder replaced. */
export function sampleValue(sample: string, replacements: Record<string, string> = {}): Record<string, unknown> {
  let text = sample;
  for (const [placeholder, value] of Object.entries(replacements)) {
    const parts = text.split(placeholder);
    // Each placeholder is in its sample once: a sample reworded in the docs shows here, not as a silent no-op.
    if (parts.length !== 2) throw new Error(`the sample names ${placeholder} ${parts.length - 1} times, not once`);
    text = parts.join(value);
  }
  const parsed = parseJsonc(`{${text}}`);
  if (!parsed.ok) throw new Error(`a docs sample is not JSON: ${parsed.problem.message}\n${sample}`);
  return parsed.value as Record<string, unknown>;
}

/**
 * The `toolsift` block of the documented team deployment: static tokens and OAuth together
 * (one `auth`), the policies, and the proxy's public name.
 */
export function teamSettings(fill: TeamFill): Record<string, unknown> {
  const tokens = sampleValue(TOKENS_SAMPLE, { "<printed by toolsift token create alice>": fill.aliceSha256 });
  const oauth = sampleValue(OAUTH_SAMPLE, {
    "https://login.example.com/realms/eng": fill.issuer,
    "https://tools.example.com/mcp": fill.resource,
  });
  return {
    auth: { ...(tokens.auth as object), ...(oauth.auth as object) },
    ...sampleValue(POLICIES_SAMPLE),
    ...sampleValue(PUBLIC_NAME_SAMPLE),
  };
}
