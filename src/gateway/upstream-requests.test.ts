import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ElicitRequestSchema, ListRootsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caller } from "../../test/support/in-process-gateway.js";
import { waitFor } from "../../test/support/mcp-servers.js";
import type { McpServerRequest, McpToolHost } from "../public/mcp.js";
import type { Caller } from "./auth/caller.js";
import { parseGatewayConfig } from "./config/gateway-config.js";
import { loadGatewaySdk, type GatewaySdk } from "./gateway-sdk.js";
import { CallerPolicies } from "./policy/caller-policy.js";
import { UPSTREAM_REQUEST_LIMITS, UpstreamRequests, type UpstreamClient } from "./upstream-requests.js";

/** The router between a real SDK Server (the gateway's side of a client) and a real SDK Client. */

const CONFIG_ROOTS = [{ uri: "file:///srv/shared" }];
let sdk: GatewaySdk;
let policies: CallerPolicies;
const closers: (() => Promise<void>)[] = [];

/** A gateway-side MCP Server connected to a real Client that declares roots and elicitation. */
async function connected(
  who: Caller,
  answers: { roots?: () => unknown; elicit?: () => Promise<unknown> } = {},
): Promise<UpstreamClient> {
  const server = new sdk.Server({ name: "toolsift", version: "1" }, { capabilities: { tools: {} } });
  const client = new Client({ name: who.id, version: "1" }, { capabilities: { roots: {}, elicitation: {} } });
  client.setRequestHandler(ListRootsRequestSchema, () => (answers.roots?.() ?? { roots: [] }) as never);
  client.setRequestHandler(
    ElicitRequestSchema,
    () => (answers.elicit?.() ?? Promise.resolve({ action: "decline" })) as never,
  );
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(a), client.connect(b)]);
  closers.push(() => client.close());
  return { id: who.id, caller: who, server };
}

function request(method: McpServerRequest["method"], params: Record<string, unknown> = {}): McpServerRequest {
  return { server: "dyn", method, params, signal: new AbortController().signal };
}

const form = { message: "Which colour?", requestedSchema: { type: "object", properties: {} } };

describe("UpstreamRequests", () => {
  const lines: string[] = [];
  let router: UpstreamRequests;
  let relisted = 0;

  beforeAll(async () => {
    sdk = await loadGatewaySdk();
    const config = parseGatewayConfig(
      {
        mcpServers: { dyn: { command: "node" } },
        toolsift: { policies: [{ callers: ["mallory"], deny: ["dyn__*"] }] },
      },
      "/etc/toolsift/mcp.json",
      {},
    );
    policies = new CallerPolicies(config.settings, () => undefined);
    router = new UpstreamRequests(CONFIG_ROOTS, (line) => lines.push(line));
    const host = { rootsChanged: async () => void relisted++ } as unknown as McpToolHost;
    router.attach(host, policies);
  });
  afterAll(async () => {
    router.close();
    await Promise.all(closers.map((close) => close()));
  });

  it("answers roots/list with toolsift.roots, and refuses elicitation, while no call is in flight", async () => {
    await expect(router.handlers.roots!(request("roots/list"))).resolves.toEqual({ roots: CONFIG_ROOTS });
    await expect(router.handlers.elicitation!(request("elicitation/create", form))).rejects.toThrow(
      /no client's call to this server is in flight/,
    );
  });

  it("never reaches a client whose policy hides the server, even with a call of its own in flight", async () => {
    let asked = 0;
    const mallory = await connected(caller("mallory"), { roots: () => (asked++, { roots: [{ uri: "file:///m" }] }) });
    const ended = router.callStarted(mallory, "dyn", 1, new AbortController().signal);
    try {
      await expect(router.handlers.roots!(request("roots/list"))).resolves.toEqual({ roots: CONFIG_ROOTS });
      expect(asked).toBe(0);
    } finally {
      ended();
    }
  });

  it("refuses a client's roots answer with more roots than the bound", async () => {
    const many = Array.from({ length: UPSTREAM_REQUEST_LIMITS.roots + 1 }, (_, index) => ({
      uri: `file:///r${index}`,
    }));
    const alice = await connected(caller("alice"), { roots: () => ({ roots: many }) });
    const ended = router.callStarted(alice, "dyn", 2, new AbortController().signal);
    try {
      await expect(router.handlers.roots!(request("roots/list"))).rejects.toThrow(/101 roots, more than 100/);
    } finally {
      ended();
    }
  });

  it("holds at most pendingPerClient requests for one client, and gives them up when the call ends", async () => {
    const never = () => new Promise<unknown>(() => {});
    const bob = await connected(caller("bob"), { elicit: never });
    const ended = router.callStarted(bob, "dyn", 3, new AbortController().signal);
    const held = Array.from({ length: UPSTREAM_REQUEST_LIMITS.pendingPerClient }, () =>
      router.handlers.elicitation!(request("elicitation/create", form)),
    );
    await expect(router.handlers.elicitation!(request("elicitation/create", form))).rejects.toThrow(
      /4 requests to the same client are pending already/,
    );
    ended();
    const outcomes = await Promise.allSettled(held);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(held.map(() => "rejected"));
    expect(String((outcomes[0] as PromiseRejectedResult).reason)).toContain("tools/call ended");
  });

  it("logs each kind of refusal once, however often a server repeats it", async () => {
    const before = lines.length;
    for (let i = 0; i < 5; i++)
      await router.handlers.sampling!(request("sampling/createMessage", { messages: [], maxTokens: 1 })).catch(
        () => undefined,
      );
    expect(lines.slice(before)).toEqual([
      'MCP server "dyn" sent sampling/createMessage; answered with an error: no client\'s call to this server is in flight, so there is no client to ask.',
    ]);
  });

  it("passes clients' roots/list_changed upstream at most once per interval", async () => {
    const start = relisted;
    router.clientRootsChanged();
    router.clientRootsChanged();
    router.clientRootsChanged();
    expect(relisted).toBe(start + 1);
    // The two extra ones are one, sent once the interval has passed.
    await waitFor("the trailing roots/list_changed", () => relisted === start + 2);
    await new Promise((resolve) => setImmediate(resolve));
    expect(relisted).toBe(start + 2);
  });
});
