import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken, newToken } from "../../src/gateway/index.js";
import {
  connectGateway,
  connectHttpClient,
  resultText,
  scratchDir,
  waitForUpstreams,
  writeConfig,
  type GatewayClient,
} from "../support/gateway-process.js";
import { DYNAMIC_SERVER, waitFor, wipeCount } from "../support/mcp-servers.js";
import { parseMetrics, sampleValue } from "../support/prometheus-text.js";

/**
 * The gateway as a team deploys it, end to end through the real CLI: two static tokens whose
 * groups carry different policies, an audit file and `/metrics` on the main port, real MCP SDK
 * clients over Streamable HTTP, a real upstream MCP server process.
 */

interface AuditLine {
  event: string;
  caller?: { id: string; via: string; groups: string[] };
  tool?: string;
  outcome?: string;
  approval?: string;
  reason?: string;
  argumentsSha256?: string;
}

function auditLines(file: string): AuditLine[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as AuditLine);
}

function searchNames(result: unknown): string[] {
  return (JSON.parse(resultText(result)) as { matches: { name: string }[] }).matches.map((match) => match.name);
}

describe("toolsift serve --http for a team: tokens, per-group policies, audit and metrics", () => {
  const folder = scratchDir();
  const auditFile = join(folder, "audit.jsonl");
  const wipeFile = join(folder, "wipes.log");
  const aliceToken = newToken();
  const bobToken = newToken();
  let alice: GatewayClient;
  let bob: Awaited<ReturnType<typeof connectHttpClient>>;

  beforeAll(async () => {
    const config = writeConfig({
      mcpServers: {
        dyn: {
          command: process.execPath,
          args: [DYNAMIC_SERVER],
          env: { FIXTURE_WIPE_FILE: wipeFile },
          stderr: "ignore",
        },
      },
      toolsift: {
        allow: [],
        policies: [
          { groups: ["eng"], allow: ["dyn__echo", "dyn__wipe_data"] },
          { groups: ["ops"], allow: ["dyn__get_pid"] },
        ],
        auth: {
          tokens: [
            { name: "alice", sha256: hashToken(aliceToken), groups: ["eng"] },
            { name: "bob", sha256: hashToken(bobToken), groups: ["ops"] },
          ],
        },
        audit: { file: auditFile },
        metrics: true,
      },
    });
    // Alice's client can be asked to confirm, and accepts.
    alice = await connectGateway(config, {
      transport: "http",
      token: aliceToken,
      elicit: () => ({ action: "accept", content: {} }),
    });
    await waitForUpstreams(alice, ["dyn"]);
    bob = await connectHttpClient(alice.url!, { token: bobToken, elicit: () => ({ action: "accept", content: {} }) });
  }, 60_000);
  afterAll(async () => {
    await bob?.close();
    await alice?.close();
  });

  it("refuses an anonymous request with 401 and a WWW-Authenticate challenge, and audits it", async () => {
    const answer = await fetch(alice.url!, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(answer.status).toBe(401);
    expect(answer.headers.get("www-authenticate")).toMatch(/^Bearer /);
    await waitFor("the failed authentication in the audit log", () =>
      auditLines(auditFile).some((line) => line.event === "auth-failed"),
    );
  });

  it("shows each caller only its own group's tools, in search and in listings", async () => {
    expect(
      searchNames(await alice.client.callTool({ name: "search_tools", arguments: { query: "echo text" } })),
    ).toContain("dyn__echo");
    const bobFound = searchNames(
      await bob.client.callTool({ name: "search_tools", arguments: { query: "echo text back process id" } }),
    );
    expect(bobFound).not.toContain("dyn__echo");
    expect(bobFound).toContain("dyn__get_pid");
    const bobListed = (await bob.client.listTools()).tools.map((tool) => tool.name);
    expect(bobListed).not.toContain("dyn__echo");
    expect(bobListed).toContain("dyn__get_pid");
    expect((await alice.client.listTools()).tools.map((tool) => tool.name)).not.toContain("dyn__get_pid");
  });

  it("lets neither caller run the other's tools, and nothing runs upstream for the refused one", async () => {
    const echoed = await alice.client.callTool({ name: "dyn__echo", arguments: { text: "hi from alice" } });
    expect(resultText(echoed)).toContain("hi from alice");
    expect((await bob.client.callTool({ name: "dyn__echo", arguments: { text: "bob" } })).isError).toBe(true);
    expect((await alice.client.callTool({ name: "dyn__get_pid", arguments: {} })).isError).toBe(true);

    const before = wipeCount(wipeFile);
    expect((await bob.client.callTool({ name: "dyn__wipe_data", arguments: {} })).isError).toBe(true);
    expect(wipeCount(wipeFile)).toBe(before);
    // Alice may, after confirming.
    expect(resultText(await alice.client.callTool({ name: "dyn__wipe_data", arguments: {} }))).toBe("wiped");
    expect(wipeCount(wipeFile)).toBe(before + 1);
  });

  it("audits the session's searches, calls, approvals and denials, with no argument values", async () => {
    await waitFor("the confirmed call in the audit log", () =>
      auditLines(auditFile).some((line) => line.event === "call" && line.approval === "confirmed"),
    );
    const lines = auditLines(auditFile);
    const of = (id: string) => lines.filter((line) => line.caller?.id === id);
    expect(of("alice").some((line) => line.event === "search")).toBe(true);
    expect(of("bob").some((line) => line.event === "search")).toBe(true);
    expect(of("alice")).toContainEqual(expect.objectContaining({ event: "call", tool: "dyn__echo", outcome: "ok" }));
    expect(of("bob")).toContainEqual(expect.objectContaining({ event: "call", tool: "dyn__echo", outcome: "refused" }));
    expect(of("bob")).toContainEqual(expect.objectContaining({ event: "denied", tool: "dyn__wipe_data" }));
    expect(of("alice")).toContainEqual(expect.objectContaining({ event: "approval-asked", tool: "dyn__wipe_data" }));
    expect(readFileSync(auditFile, "utf8")).not.toContain("hi from alice");
    expect(readFileSync(auditFile, "utf8")).not.toContain(aliceToken);
  });

  it("serves /metrics behind the credential, and a Prometheus parser reads the same story", async () => {
    const metricsUrl = new URL("/metrics", alice.url!).href;
    expect((await fetch(metricsUrl)).status).toBe(401);
    const answer = await fetch(metricsUrl, { headers: { authorization: `Bearer ${bobToken}` } });
    expect(answer.status).toBe(200);
    const metrics = parseMetrics(await answer.text());
    expect(sampleValue(metrics, "toolsift_searches_total")).toBeGreaterThanOrEqual(2);
    expect(sampleValue(metrics, "toolsift_tool_calls_total", { tool: "dyn__echo", outcome: "ok" })).toBe(1);
    // Bob's refused echo is counted under "unknown", as a name nothing lists would be: the metrics
    // every credential reads do not confirm that a tool denied to it exists.
    expect(sampleValue(metrics, "toolsift_tool_calls_total", { tool: "dyn__echo", outcome: "refused" })).toBe(0);
    expect(sampleValue(metrics, "toolsift_tool_calls_total", { tool: "unknown", outcome: "refused" })).toBe(3);
    expect(sampleValue(metrics, "toolsift_approvals_asked_total")).toBe(1);
    expect(sampleValue(metrics, "toolsift_approvals_total", { result: "accepted" })).toBe(1);
    expect(sampleValue(metrics, "toolsift_denials_total", { reason: "policy" })).toBeGreaterThanOrEqual(3);
    expect(sampleValue(metrics, "toolsift_auth_failures_total")).toBeGreaterThanOrEqual(1);
    expect(sampleValue(metrics, "toolsift_upstream_servers", { state: "connected" })).toBe(1);
  });
});
