import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema, ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DYNAMIC_SERVER, waitFor } from "../../../test/support/mcp-servers.js";
import { parseGatewayConfig } from "../config/gateway-config.js";
import { Gateway } from "../gateway.js";
import { loadGatewaySdk } from "../gateway-sdk.js";
import { listenHttp, type HttpListener } from "./http-listener.js";
import { SharedSessions } from "./shared-sessions.js";
import { guardedStore } from "../replicas/guarded-store.js";
import { MemorySessionStore } from "../replicas/memory-session-store.js";
import type { SessionStore } from "../replicas/session-store.js";

/** Two listeners in this process, each with a gateway over its own real MCP server process, sharing one store: two replicas. */
interface Replica {
  gateway: Gateway;
  listener: HttpListener;
}

async function startReplica(
  store: SessionStore | undefined,
  log: (line: string) => void = () => {},
  mode: "search" | "stubs" = "search",
) {
  const config = parseGatewayConfig(
    { mcpServers: { dyn: { command: process.execPath, args: [DYNAMIC_SERVER], stderr: "ignore" } } },
    "mcp.json",
    {},
  );
  const gateway = await Gateway.start({ config, mode, log: () => undefined });
  const listener = await listenHttp(gateway, {
    port: 0,
    host: "127.0.0.1",
    log,
    auth: false,
    ...(store ? { sessionStore: store } : {}),
  });
  return { gateway, listener };
}

/** What one request was, and which replica served it (`x-toolsift-replica`). */
interface Served {
  method: string;
  rpc: string;
  replica: number;
}

/**
 * A real SDK client whose requests `route` sends to one replica or the other, as a load balancer
 * without stickiness would.
 */
function routedClient(replicas: Replica[], route: (request: Served) => number, served: Served[], elicit = false) {
  const fetchVia = async (url: string | URL, init?: RequestInit) => {
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as { method?: string }) : undefined;
    const request = { method: init?.method ?? "GET", rpc: body?.method ?? (body ? "response" : ""), replica: -1 };
    request.replica = route(request);
    const target = new URL(String(url));
    target.port = String(replicas[request.replica]!.listener.port);
    served.push(request);
    return fetch(target, init);
  };
  const client = new Client({ name: "routed", version: "1" }, { capabilities: elicit ? { elicitation: {} } : {} });
  let changes = 0;
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changes++);
  const transport = new StreamableHTTPClientTransport(new URL(replicas[0]!.listener.url), { fetch: fetchVia });
  return { client, transport, changes: () => changes };
}

/** Two replicas sharing one memory store for the tests of a `describe`, ready once their upstream is. */
function replicaPair(mode: "search" | "stubs") {
  const store = new MemorySessionStore();
  const replicas: Replica[] = [];
  beforeAll(async () => {
    replicas.push(...(await Promise.all([startReplica(store, () => {}, mode), startReplica(store, () => {}, mode)])));
    for (const replica of replicas) await waitFor("dyn to connect", () => replica.gateway.ready, 20_000);
  });
  afterAll(async () => {
    for (const { listener, gateway } of replicas) {
      await listener.close();
      await gateway.close();
    }
  });
  return { store, replicas };
}

const names = async (client: Client) => (await client.listTools()).tools.map((tool) => tool.name);

describe("replicas sharing sessions through a store", () => {
  const { store, replicas } = replicaPair("search");

  it("serves one session from both replicas: a hydration on one shows in the next listing from the other", async () => {
    const served: Served[] = [];
    let next = 0;
    const { client, transport } = routedClient(replicas, () => next++ % 2, served);
    await client.connect(transport);
    try {
      expect(await names(client)).toEqual(["search_tools", "call_tool"]);
      await client.callTool({ name: "search_tools", arguments: { query: "echo the given text back" } });
      const searchedOn = served.findLast((request) => request.rpc === "tools/call")!.replica;
      const listing = await names(client);
      expect(served.at(-1)!.replica).not.toBe(searchedOn);
      expect(listing).toContain("dyn__echo");
      // And back on the first: the state it wrote, read again.
      expect(await names(client)).toEqual(listing);
      expect(new Set(served.map((request) => request.replica))).toEqual(new Set([0, 1]));
    } finally {
      await client.close();
    }
  });

  it("asks for a destructive call's confirmation on the stream of the replica running it, the answer POSTed to the other", async () => {
    const served: Served[] = [];
    // Requests to replica 0; the client's answers (elicitation results) to replica 1.
    const { client, transport } = routedClient(
      replicas,
      (request) => (request.rpc === "response" ? 1 : 0),
      served,
      true,
    );
    const asked: string[] = [];
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params.message);
      return { action: "accept" };
    });
    await client.connect(transport);
    try {
      const wiped = await client.callTool({ name: "dyn__wipe_data", arguments: {} });
      expect(asked).toHaveLength(1);
      expect(wiped.isError).not.toBe(true);
      expect(served).toContainEqual({ method: "POST", rpc: "response", replica: 1 });
    } finally {
      await client.close();
    }
  });

  it("ends the session everywhere on DELETE", async () => {
    const served: Served[] = [];
    let next = 0;
    const { client, transport } = routedClient(replicas, () => next++ % 2, served);
    await client.connect(transport);
    const id = transport.sessionId!;
    await names(client);
    await names(client);
    await transport.terminateSession();
    for (const { listener } of replicas) {
      const response = await fetch(listener.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-session-id": id,
          "mcp-protocol-version": "2025-06-18",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 9, method: "tools/list" }),
      });
      expect(response.status).toBe(404);
      await response.text();
    }
    expect(await store.load(id)).toBeUndefined();
    await client.close();
  });
});

describe("replicas sharing sessions: notifications no request carries", () => {
  const { replicas } = replicaPair("stubs");

  it("sends list_changed from the replica whose upstream changed through the replica holding the GET stream", async () => {
    const served: Served[] = [];
    // The GET stream on replica 0, everything else on replica 1.
    const { client, transport, changes } = routedClient(
      replicas,
      (request) => (request.method === "GET" ? 0 : 1),
      served,
    );
    await client.connect(transport);
    try {
      await waitFor("the GET stream", () => served.some((request) => request.method === "GET"));
      expect(await names(client)).not.toContain("dyn__late");
      // Another client, straight to replica 1, changes replica 1's upstream: dyn__late now exists
      // there, and every tool is listed (as a stub), so the first client's listing changed.
      const other = new Client({ name: "other", version: "1" });
      await other.connect(new StreamableHTTPClientTransport(new URL(replicas[1]!.listener.url)));
      await other.callTool({ name: "dyn__add_tool", arguments: { name: "late" } });
      await other.close();
      await waitFor("list_changed from replica 1 through replica 0's GET stream", () => changes() > 0);
      expect(await names(client)).toContain("dyn__late");
    } finally {
      await client.close();
    }
  });
});

describe("a session store that hangs", () => {
  it("costs one warning: every request is still served, from this replica's memory", async () => {
    const never = () => new Promise<never>(() => {});
    const hanging: SessionStore = {
      load: never,
      save: never,
      touch: never,
      delete: never,
      expire: never,
      publish: never,
      subscribe: never,
      close: async () => {},
    };
    const lines: string[] = [];
    const store = guardedStore(hanging, { timeoutMs: 100, retryAfterMs: 60_000, log: (line) => lines.push(line) });
    const replica = await startReplica(store, (line) => lines.push(line));
    try {
      const client = new Client({ name: "c", version: "1" });
      await client.connect(new StreamableHTTPClientTransport(new URL(replica.listener.url)));
      await waitFor("dyn to connect", () => replica.gateway.ready, 20_000);
      await client.callTool({ name: "search_tools", arguments: { query: "echo the given text back" } });
      expect(await names(client)).toContain("dyn__echo");
      expect(lines.filter((line) => line.includes("session store failed"))).toHaveLength(1);
      await client.close();
    } finally {
      await replica.listener.close();
      await replica.gateway.close();
    }
  });
});

describe("a session store out when a session opens", () => {
  it("keeps the session once the store answers again, and writes it there", async () => {
    const memory = new MemorySessionStore();
    let out = true;
    /** Each call hangs while the store is out, as a PostgreSQL behind a cut network does. */
    const gated =
      <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
      (...args: A) =>
        out ? new Promise<R>(() => {}) : run(...args);
    const flaky: SessionStore = {
      load: gated((id) => memory.load(id)),
      save: gated((record) => memory.save(record)),
      touch: gated((id) => memory.touch(id)),
      delete: gated((id) => memory.delete(id)),
      expire: gated((idleMs) => memory.expire(idleMs)),
      publish: gated((message) => memory.publish(message)),
      subscribe: gated((listener) => memory.subscribe(listener)),
      close: async () => {},
    };
    const store = guardedStore(flaky, { timeoutMs: 100, retryAfterMs: 200, log: () => {} });
    const replica = await startReplica(store);
    const client = new Client({ name: "c", version: "1" });
    const transport = new StreamableHTTPClientTransport(new URL(replica.listener.url));
    try {
      await waitFor("dyn to connect", () => replica.gateway.ready, 20_000);
      await client.connect(transport);
      expect(await names(client)).toContain("search_tools");
      out = false;
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The store answers, and has no record of it: this copy is the session, not a session ended elsewhere.
      expect(await names(client)).toContain("search_tools");
      expect(await memory.load(transport.sessionId!)).toBeDefined();
    } finally {
      await client.close();
      await replica.listener.close();
      await replica.gateway.close();
    }
  }, 30_000);
});

describe("a store subscription that fails at start", () => {
  it("is tried again until it takes, so the replica hears the others", async () => {
    const { WebStandardStreamableHTTPServerTransport: Transport } = await loadGatewaySdk();
    const memory = new MemorySessionStore();
    let refusals = 2;
    const flaky = Object.assign(Object.create(memory) as MemorySessionStore, {
      subscribe: (listener: Parameters<SessionStore["subscribe"]>[0]) =>
        refusals-- > 0 ? Promise.reject(new Error("no answer in 2000 ms")) : memory.subscribe(listener),
    });
    const logged: string[] = [];
    const sessions = new SharedSessions({
      store: flaky,
      shared: true,
      idleMs: 60_000,
      Transport,
      log: (line) => logged.push(line),
    });
    const heard: unknown[] = [];
    sessions.hearToolChanges((message) => heard.push(message.tools));
    try {
      await waitFor("the subscription to take", () => refusals < 0, 10_000);
      await memory.publish({ kind: "tools", replica: "other", tools: ["dyn__echo"] });
      await waitFor("the relayed change", () => heard.length > 0, 5_000);
      expect(heard).toEqual([["dyn__echo"]]);
      expect(logged.filter((line) => line.includes("could not subscribe"))).toHaveLength(2);
    } finally {
      await sessions.close();
    }
  }, 20_000);
});
