import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema, ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken, newToken } from "../../src/gateway/index.js";
import {
  connectHttpClient,
  resultText,
  scratchDir,
  startHttpGateway,
  writeConfig,
  type HttpGatewayProcess,
} from "../support/gateway-process.js";
import { HAPROXY, startHaproxy, stopReplicas, type Haproxy } from "../support/haproxy.js";
import { DYNAMIC_SERVER, waitFor, wipeCount } from "../support/mcp-servers.js";
import { TEST_PG, scratchDatabase } from "../support/postgres.js";
import { startTcpRelay, type TcpRelay } from "../support/tcp-relay.js";

/**
 * Three real `toolsift serve --http` processes sharing sessions through a real PostgreSQL, behind
 * a real haproxy balancing round robin with no stickiness, and a real MCP SDK client through it.
 */

const missing = [TEST_PG ? undefined : "TOOLSIFT_TEST_PG is not set", HAPROXY ? undefined : "haproxy is not installed"]
  .filter(Boolean)
  .join("; ");
if (missing && process.env.CI) throw new Error(`gateway-replicas: ${missing} on CI; .ci/run installs and sets both.`);
if (missing) console.warn(`[toolsift] SKIPPED "toolsift serve replicas behind haproxy": ${missing}`);

interface Served {
  method: string;
  rpc: string;
  replica: string;
}

(missing ? describe.skip : describe)("toolsift serve replicas behind haproxy", () => {
  const token = newToken();
  const wipes = join(scratchDir(), "wipes.log");
  const replicas: HttpGatewayProcess[] = [];
  let database: Awaited<ReturnType<typeof scratchDatabase>>;
  /** Between the replicas and PostgreSQL: cut, it is an outage of the store. */
  let relay: TcpRelay;
  let haproxy: Haproxy;
  const served: Served[] = [];
  const asked: string[] = [];
  let changes = 0;
  let client: Client;
  let transport: StreamableHTTPClientTransport;

  /** Which replica served each request (`x-toolsift-replica`), as the client saw it through haproxy. */
  const recording = async (url: string | URL, init?: RequestInit) => {
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as { method?: string }) : undefined;
    const response = await fetch(url, init);
    served.push({
      method: init?.method ?? "GET",
      rpc: body?.method ?? (body ? "response" : ""),
      replica: response.headers.get("x-toolsift-replica") ?? "?",
    });
    return response;
  };
  const listing = async () => (await client.listTools()).tools;
  const lastServed = (rpc: string) => served.findLast((request) => request.rpc === rpc)!;

  beforeAll(async () => {
    database = await scratchDatabase(TEST_PG!);
    const direct = new URL(database.url);
    relay = await startTcpRelay(direct.hostname, Number(direct.port || 5432));
    const sessionsUrl = new URL(database.url);
    sessionsUrl.hostname = "127.0.0.1";
    sessionsUrl.port = String(relay.port);
    const config = writeConfig({
      mcpServers: {
        dyn: { command: process.execPath, args: [DYNAMIC_SERVER], env: { FIXTURE_WIPE_FILE: wipes }, stderr: "ignore" },
      },
      toolsift: {
        auth: { tokens: [{ name: "alice", sha256: hashToken(token), groups: [] }] },
        // The config names the URL through the environment, as a deployment would (it holds a password).
        sessions: "${TOOLSIFT_SESSIONS_URL}",
        // Two at most: each call of a tool not hydrated unloads another, so every round below changes the list.
        maxHydratedTools: 2,
      },
    });
    // Every tool listed (most as stubs): an upstream change alters every client's listing.
    const started = await Promise.all(
      [0, 1, 2].map(() =>
        startHttpGateway(config, { args: ["--stubs"], env: { TOOLSIFT_SESSIONS_URL: sessionsUrl.toString() } }),
      ),
    );
    replicas.push(...started);
    await Promise.all(
      replicas.map((replica) =>
        waitFor("dyn to connect", () => replica.stderr().includes('MCP server "dyn" connected'), 30_000),
      ),
    );
    haproxy = await startHaproxy(replicas.map((replica) => replica.url));
    client = new Client({ name: "replicas-test", version: "1" }, { capabilities: { elicitation: {} } });
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changes++);
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params.message);
      return { action: "accept" };
    });
    transport = new StreamableHTTPClientTransport(new URL(haproxy.url), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
      fetch: recording,
    });
    // A hang names its cause: what each replica and haproxy said is in the failure.
    await client.connect(transport, { timeout: 20_000 }).catch((error: unknown) => {
      const said = replicas.map((replica, i) => `replica ${i}:\n${replica.stderr().slice(-2_000)}`);
      throw new Error(
        `initialize through haproxy failed: ${String(error)}\n${said.join("\n")}\nhaproxy:\n${haproxy.log()}`,
      );
    });
  }, 90_000);

  afterAll(async () => {
    await client?.close().catch(() => undefined);
    await stopReplicas(replicas, haproxy);
    await relay?.close();
    await database?.drop();
  });

  it("serves one session from every replica, and a tool hydrated on one is listed in full by the next", async () => {
    const ids = new Set<string>();
    // Round robin: three requests in a row reach three replicas (a few more if haproxy counts a health check's timing).
    for (let i = 0; i < 9 && ids.size < 3; i++) {
      await listing();
      ids.add(lastServed("tools/list").replica);
    }
    expect([...ids].filter((id) => id !== "?")).toHaveLength(3);
    expect(lastServed("tools/list").replica).not.toBe("?");

    const echoed = await client.callTool({ name: "dyn__echo", arguments: { text: "hi" } });
    expect(resultText(echoed)).toBe("echo: hi");
    const calledOn = lastServed("tools/call").replica;
    const tools = await listing();
    expect(lastServed("tools/list").replica).not.toBe(calledOn);
    // Called, so hydrated: listed with its full schema, not as a stub.
    expect(tools.find((tool) => tool.name === "dyn__echo")!.inputSchema).toMatchObject({
      properties: { text: { type: "string" } },
    });
  });

  it("confirms a destructive call on the replica running it, the user's answer POSTed to another", async () => {
    const before = wipeCount(wipes);
    const wiped = await client.callTool({ name: "dyn__wipe_data", arguments: {} });
    expect(resultText(wiped)).toBe("wiped");
    expect(asked).toHaveLength(1);
    expect(wipeCount(wipes)).toBe(before + 1);
    expect(lastServed("response").replica).not.toBe(lastServed("tools/call").replica);
  });

  // Before any test changes one replica's upstream alone: the replicas' catalogues are the same.
  it("keeps the client's tool list current over 50 rounds of hydrations and upstream changes", async () => {
    // A client as real ones are: a list_changed makes it fetch the list again, on whichever replica.
    const own = new Client({ name: "rounds", version: "1" });
    const shown = (tools: { name: string; description?: string; inputSchema: unknown }[]) =>
      JSON.stringify(tools.map((tool) => [tool.name, tool.description, tool.inputSchema]));
    let held = "";
    let refetch: Promise<void> = Promise.resolve();
    let refetches = 0;
    own.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      refetch = own.listTools().then((answer) => {
        held = shown(answer.tools);
        refetches++;
      });
    });
    await own.connect(
      new StreamableHTTPClientTransport(new URL(haproxy.url), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    const stale: string[] = [];
    let changed = 0;
    // One session straight to each replica: an upstream change made on all three, as a shared upstream's would be.
    const direct = await Promise.all(replicas.map((replica) => connectHttpClient(replica.url, { token })));
    try {
      held = shown((await own.listTools()).tools);
      let previous = held;
      const rotation = ["dyn__get_pid", "dyn__bare", "dyn__titled_only"];
      const started = Date.now();
      for (let round = 0; round < 50; round++) {
        const before = refetches;
        if (round % 2 === 0) {
          // A hydration, on whichever replica haproxy picks: its list_changed comes on the call's own stream.
          await own.callTool({ name: rotation[(round / 2) % rotation.length]!, arguments: {} });
        } else {
          // An upstream change: its list_changed comes on the GET stream, from whichever replica it reached first.
          await Promise.all(
            direct.map((other) =>
              other.client.callTool({ name: "dyn__add_tool", arguments: { name: `round_${round}` } }),
            ),
          );
        }
        // Settled: a refetch came, and no other for a while (each replica may announce its own change).
        await waitFor("the client's refetch", () => refetches > before, 3_000).catch(() => undefined);
        for (let quiet = refetches, waited = 0; waited < 5_000; waited += 700) {
          await new Promise((resolve) => setTimeout(resolve, 700));
          await refetch.catch(() => undefined);
          if (refetches === quiet) break;
          quiet = refetches;
        }
        // Read by another client's eyes: a plain tools/list now, on whichever replica haproxy picks.
        const truth = shown((await own.listTools()).tools);
        if (truth !== previous) changed++;
        if (held !== truth) stale.push(`round ${round}: ${difference(held, truth)}`);
        held = truth;
        previous = truth;
      }
      console.log(
        `[replicas] ${stale.length} of 50 rounds stale; the list changed in ${changed}; ${Date.now() - started} ms`,
      );
    } finally {
      await own.close();
      await Promise.all(direct.map((other) => other.close()));
    }
    expect(changed).toBeGreaterThanOrEqual(45);
    expect(stale).toEqual([]);
  }, 300_000);

  it("carries list_changed from the replica whose upstream changed to the replica holding the GET stream", async () => {
    // The client fetches its list (a list_changed is sent once until it does).
    await listing();
    const stream = served.findLast((request) => request.method === "GET")!.replica;
    // Another session, straight to a replica that does not hold the GET stream, adds a tool to its upstream.
    const index = replicas.findIndex((replica) => replicaId(replica) !== stream);
    const other = await connectHttpClient(replicas[index]!.url, { token });
    const seen = changes;
    await other.client.callTool({ name: "dyn__add_tool", arguments: { name: "late" } });
    try {
      await waitFor("list_changed through the GET stream", () => changes > seen);
    } catch {
      // A store that answers late on a loaded machine is, by design, a notification lost (the
      // replicas degrade to their own memory for a few seconds). Once more after that window:
      // a broken path between replicas fails both times.
      await new Promise((resolve) => setTimeout(resolve, 5_500));
      await other.client.callTool({ name: "dyn__add_tool", arguments: { name: "later" } });
      await waitFor("list_changed through the GET stream", () => changes > seen).catch((error: unknown) => {
        const said = replicas.map((replica, i) => `replica ${i}:\n${replica.stderr().slice(-2_000)}`);
        throw new Error(
          `${String(error)} (GET stream on ${stream}, change on ${replicaId(replicas[index]!)})\n${said.join("\n")}`,
        );
      });
    } finally {
      await other.close();
    }
  }, 40_000);

  it("goes on when a replica is killed: the next requests are served by the others, hydration kept", async () => {
    const victim = replicas.find((replica) => replicaId(replica) === lastServed("tools/list").replica)!;
    victim.child.kill("SIGKILL");
    await new Promise((resolve) => victim.child.once("exit", resolve));
    for (let i = 0; i < 4; i++) {
      const tools = await listing();
      expect(tools.find((tool) => tool.name === "dyn__echo")!.inputSchema).toMatchObject({
        properties: { text: {} },
      });
      expect(lastServed("tools/list").replica).not.toBe(replicaId(victim));
    }
    expect(resultText(await client.callTool({ name: "dyn__echo", arguments: { text: "still" } }))).toBe("echo: still");
  });

  it("opens and serves new sessions while PostgreSQL is out, and /readyz and /metrics say so", async () => {
    // The replica the test before killed is marked down only after two failed checks a second
    // apart: until then haproxy's three retries of a 503 can all land on it or on a replica
    // that does not hold the new session, as they would in a deployment in those two seconds.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    relay.cut();
    const fresh = new Client({ name: "in-the-outage", version: "1" });
    const freshServed: Served[] = [];
    try {
      await fresh.connect(
        new StreamableHTTPClientTransport(new URL(haproxy.url), {
          requestInit: { headers: { authorization: `Bearer ${token}` } },
          fetch: async (url: string | URL, init?: RequestInit) => {
            const response = await fetch(url, init);
            freshServed.push({
              method: init?.method ?? "GET",
              rpc: "",
              replica: response.headers.get("x-toolsift-replica") ?? "?",
            });
            return response;
          },
        }),
        { timeout: 20_000 },
      );
      // Round robin sends these to every replica; the ones that do not hold the session answer
      // 503 (the store cannot tell them who does), and haproxy retries them on the one that does.
      for (let i = 0; i < 6; i++) expect((await fresh.listTools()).tools.length).toBeGreaterThan(1);
      expect(resultText(await fresh.callTool({ name: "dyn__echo", arguments: { text: "out" } }))).toBe("echo: out");
      const holder = replicas.find((replica) => replicaId(replica) === freshServed.at(-1)!.replica)!;
      const origin = new URL(holder.url).origin;
      const ready = await fetch(`${origin}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ status: "ready", sessions: "degraded" });
      const metrics = await (
        await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${token}` } })
      ).text();
      expect(metrics).toContain("toolsift_session_store_shared 0");
    } finally {
      relay.mend();
      await fresh.close().catch(() => undefined);
    }
  }, 60_000);

  /** What the client's list lacks or has wrong, against the gateway's (both as `shown` gives them). */
  function difference(held: string, truth: string): string {
    const entries = (text: string) =>
      new Map((JSON.parse(text) as [string, ...unknown[]][]).map(([name, ...rest]) => [name, JSON.stringify(rest)]));
    const [mine, theirs] = [entries(held), entries(truth)];
    const missing = [...theirs.keys()].filter((name) => !mine.has(name));
    const extra = [...mine.keys()].filter((name) => !theirs.has(name));
    const changed = [...theirs.keys()].filter((name) => mine.has(name) && mine.get(name) !== theirs.get(name));
    const order =
      held.length === truth.length && missing.length + extra.length + changed.length === 0 ? " (order)" : "";
    return `missing ${missing.join(",")}; extra ${extra.join(",")}; changed ${changed.join(",")}${order}`;
  }

  /** A replica's id, which it logs at start. */
  function replicaId(replica: HttpGatewayProcess): string | undefined {
    return /replica (\w+) shares sessions/.exec(replica.stderr())?.[1];
  }
});
