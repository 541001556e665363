import { describe, expect, it } from "vitest";
import { CallerPolicies } from "../policy/caller-policy.js";
import { caller } from "../../../test/support/in-process-gateway.js";
import { RequestLogs } from "./request-logs.js";
import { UPSTREAM_LOG_LIMITS, UpstreamLogs, type LogClient } from "./upstream-logs.js";

/** A client whose MCP Server records what it was asked to log; `connected: false` as a stateless request's. */
function client(id: string, groups: string[] = [], connected = true) {
  const sent: unknown[] = [];
  const server = {
    transport: connected ? { sessionId: undefined } : undefined,
    sendLoggingMessage: async (params: unknown) => {
      sent.push(params);
    },
  };
  return { sent, client: { caller: caller(id, { groups }), server } as unknown as LogClient };
}

describe("UpstreamLogs", () => {
  const entry = { callers: [], groups: [], scopes: [], tenants: [], allow: [], deny: [], allowDestructive: [] };
  const policies = new CallerPolicies({
    allow: undefined,
    deny: [],
    allowDestructive: [],
    policies: [{ ...entry, groups: ["ops"], deny: ["secret__*"] }],
  });

  it("labels each message with its server and skips clients whose policy hides it or that are not connected", () => {
    const lines: string[] = [];
    const logs = new UpstreamLogs(
      () => policies,
      (line) => lines.push(line),
    );
    const alice = client("alice");
    const bob = client("bob", ["ops"]);
    const stateless = client("carol", [], false);
    const clients = [alice.client, bob.client, stateless.client];
    logs.forward("secret", { level: "info", data: "hidden" }, clients);
    logs.forward("dyn", { level: "error", logger: "db", data: { n: 1 } }, clients);
    expect(alice.sent).toEqual([
      { level: "info", logger: "secret", data: "hidden" },
      { level: "error", logger: "dyn/db", data: { n: 1 } },
    ]);
    expect(bob.sent).toEqual([{ level: "error", logger: "dyn/db", data: { n: 1 } }]);
    expect(stateless.sent).toEqual([]);
  });

  it("drops a server's messages past its rate, with one line in the gateway's log", () => {
    const lines: string[] = [];
    const logs = new UpstreamLogs(
      () => policies,
      (line) => lines.push(line),
    );
    const alice = client("alice");
    for (let i = 0; i < 1_000; i++) logs.forward("dyn", { level: "debug", data: i }, [alice.client]);
    logs.forward("other", { level: "debug", data: "still heard" }, [alice.client]);
    expect(alice.sent).toHaveLength(UPSTREAM_LOG_LIMITS.perServerPerSecond + 1);
    expect(lines).toEqual([expect.stringMatching(/^MCP server "dyn" sends more than 20 log messages a second/)]);
  });

  it("passes a stateless request the messages of the server its call runs on, if its policy shows it, within the rate", async () => {
    const logs = new UpstreamLogs(
      () => policies,
      () => undefined,
    );
    /** A stateless request of `who` calling a tool of `server`: what reached its stream. */
    const request = (who: string, groups: string[], server: string) => {
      const heard: unknown[] = [];
      const stateless = client(who, groups, false);
      const requestLogs = new RequestLogs(server, async (level, data, logger) => {
        heard.push({ level, data, logger });
      });
      return { heard, client: { ...stateless.client, requestLogs } as LogClient };
    };
    const dyn = request("alice", [], "dyn");
    const secret = request("bob", ["ops"], "secret");
    const clients = [dyn.client, secret.client];
    logs.forward("dyn", { level: "warning", logger: "db", data: "slow" }, clients);
    logs.forward("secret", { level: "info", data: "hidden" }, clients);
    logs.forward("other", { level: "info", data: "not about the call" }, clients);
    expect(dyn.heard).toEqual([{ level: "warning", logger: "dyn/db", data: "slow" }]);
    // bob's policy hides secret: its request hears nothing of it, though its call names it.
    expect(secret.heard).toEqual([]);
    for (let i = 0; i < 1_000; i++) logs.forward("dyn", { level: "debug", data: i }, clients);
    expect(dyn.heard).toHaveLength(UPSTREAM_LOG_LIMITS.perServerPerSecond);
  });
});
