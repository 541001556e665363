import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import {
  createGatewayMetrics,
  fanOut,
  Gateway,
  openAuditLog,
  parseGatewayConfig,
  type Caller,
} from "../../src/gateway/index.js";
import { resultText, scratchDir } from "../support/gateway-process.js";
import { DYNAMIC_SERVER, waitFor } from "../support/mcp-servers.js";
import { parseMetrics, sampleValue } from "../support/prometheus-text.js";

const ALICE: Caller = { id: "alice", via: "token", groups: ["ops", "oncall"], scopes: [], tenant: "acme" };

describe("the audit log and the metrics of a gateway session", () => {
  it("show a session's searches, calls, and approved and declined destructive calls, and never argument values", async () => {
    const dir = scratchDir();
    const wipes = join(dir, "wipes.txt");
    const auditFile = join(dir, "audit.jsonl");
    const config = parseGatewayConfig(
      {
        mcpServers: {
          dyn: {
            command: process.execPath,
            args: [DYNAMIC_SERVER],
            env: { FIXTURE_WIPE_FILE: wipes },
            stderr: "ignore",
          },
        },
      },
      join(dir, "mcp.json"),
      {},
    );
    const audit = await openAuditLog({ file: auditFile, log: () => undefined });
    const metrics = await createGatewayMetrics({ servers: Object.keys(config.servers), processMetrics: false });
    const gateway = await Gateway.start({
      config,
      log: () => undefined,
      observe: fanOut([audit.observe, metrics.observe], () => undefined),
    });
    const answers: ("accept" | "decline")[] = ["accept", "decline"];
    const client = new Client({ name: "observe-test", version: "1" }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, () => ({ action: answers.shift() ?? "cancel" }));
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    try {
      const connection = await gateway.connect(serverSide, { caller: ALICE });
      await client.connect(clientSide);
      const scrape = async () => parseMetrics(await metrics.render());
      expect(sampleValue(await scrape(), "toolsift_upstream_servers", { state: "connecting" })).toBeLessThanOrEqual(1);
      await waitFor(
        "dyn to connect",
        async () => sampleValue(await scrape(), "toolsift_upstream_servers", { state: "connected" }) === 1,
        30_000,
      );

      const found = await client.callTool({ name: "search_tools", arguments: { query: "echo the given text back" } });
      expect(resultText(found)).toContain("dyn__echo");
      await client.callTool({ name: "search_tools", arguments: { query: "ⴰⴱⴳ ᚠᚢᚦ" } });
      const echoed = await client.callTool({ name: "dyn__echo", arguments: { text: "private words" } });
      expect(resultText(echoed)).toBe("echo: private words");
      const accepted = await client.callTool({ name: "dyn__wipe_data", arguments: {} });
      expect(resultText(accepted)).toBe("wiped");
      const declined = await client.callTool({ name: "dyn__wipe_data", arguments: {} });
      expect(declined.isError).toBe(true);
      expect(readFileSync(wipes, "utf8")).toBe("wiped\n");
      await client.callTool({ name: "nope__missing", arguments: {} });

      await audit.flush();
      const text = readFileSync(auditFile, "utf8");
      expect(text).not.toContain("private words");
      const lines = text
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const session = lines.filter((line) => line.event !== "upstream");
      expect(session.map((line) => [line.event, line.tool ?? line.matches])).toEqual([
        ["search", expect.any(Number)],
        ["search", 0],
        ["call", "dyn__echo"],
        ["approval-asked", "dyn__wipe_data"],
        ["call", "dyn__wipe_data"],
        ["approval-asked", "dyn__wipe_data"],
        ["call", "dyn__wipe_data"],
        ["call", "nope__missing"],
      ]);
      expect(lines).toContainEqual(expect.objectContaining({ event: "upstream", server: "dyn", state: "connected" }));
      for (const line of session) {
        expect(line.caller).toEqual({ id: "alice", via: "token", groups: ["ops", "oncall"], tenant: "acme" });
        expect(line.session).toBe(connection.id);
        expect(Date.parse(String(line.time))).not.toBeNaN();
      }
      const [, , echo, , wipeAccepted, , wipeDeclined, missing] = session;
      const echoArguments = JSON.stringify({ text: "private words" });
      expect(echo).toMatchObject({
        server: "dyn",
        argumentsSha256: createHash("sha256").update(echoArguments).digest("hex"),
        argumentsBytes: Buffer.byteLength(echoArguments),
        approval: "not-needed",
        outcome: "ok",
        ms: expect.any(Number),
      });
      expect(wipeAccepted).toMatchObject({ approval: "confirmed", outcome: "ok" });
      expect(wipeDeclined).toMatchObject({ approval: "declined", outcome: "refused" });
      expect(missing).toMatchObject({ outcome: "refused" });
      expect(missing).not.toHaveProperty("server");

      const parsed = await scrape();
      expect(sampleValue(parsed, "toolsift_searches_total")).toBe(2);
      expect(sampleValue(parsed, "toolsift_searches_empty_total")).toBe(1);
      expect(sampleValue(parsed, "toolsift_tool_calls_total", { tool: "dyn__echo", outcome: "ok" })).toBe(1);
      expect(sampleValue(parsed, "toolsift_tool_calls_total", { tool: "dyn__wipe_data", outcome: "ok" })).toBe(1);
      expect(sampleValue(parsed, "toolsift_tool_calls_total", { tool: "dyn__wipe_data", outcome: "refused" })).toBe(1);
      expect(sampleValue(parsed, "toolsift_tool_calls_total", { tool: "unknown", outcome: "refused" })).toBe(1);
      expect(sampleValue(parsed, "toolsift_approvals_asked_total")).toBe(2);
      expect(sampleValue(parsed, "toolsift_approvals_total", { result: "accepted" })).toBe(1);
      expect(sampleValue(parsed, "toolsift_approvals_total", { result: "declined" })).toBe(1);
      expect(sampleValue(parsed, "toolsift_search_duration_seconds")).toBe(2);
      expect(sampleValue(parsed, "toolsift_tool_call_duration_seconds")).toBe(4);
      expect(sampleValue(parsed, "toolsift_upstream_servers", { state: "connecting" })).toBe(0);
    } finally {
      await client.close();
      await gateway.close();
      await audit.close();
    }
    expect(existsSync(auditFile)).toBe(true);
  }, 60_000);

  it("writes the argument values only when the gateway is started to observe them", async () => {
    const dir = scratchDir();
    const auditFile = join(dir, "audit.jsonl");
    const config = parseGatewayConfig(
      { mcpServers: { dyn: { command: process.execPath, args: [DYNAMIC_SERVER], stderr: "ignore" } } },
      join(dir, "mcp.json"),
      {},
    );
    const audit = await openAuditLog({ file: auditFile, includeArguments: true, log: () => undefined });
    const gateway = await Gateway.start({
      config,
      log: () => undefined,
      observe: audit.observe,
      observeArguments: true,
    });
    const client = new Client({ name: "observe-test", version: "1" });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    try {
      await gateway.connect(serverSide);
      await client.connect(clientSide);
      await waitFor(
        "dyn__echo to run",
        async () => {
          const result = await client.callTool({ name: "dyn__echo", arguments: { text: "wanted here" } });
          return resultText(result) === "echo: wanted here";
        },
        30_000,
      );
      await audit.flush();
      const calls = readFileSync(auditFile, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.event === "call" && line.outcome === "ok");
      expect(calls).toEqual([expect.objectContaining({ tool: "dyn__echo", arguments: { text: "wanted here" } })]);
    } finally {
      await client.close();
      await gateway.close();
      await audit.close();
    }
  }, 60_000);
});
