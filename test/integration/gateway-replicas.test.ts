import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { createServer, connect } from "node:net";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema, ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadPgPool } from "../../src/learning/load-pg.js";
import { poolConfig } from "../../src/learning/postgres-usage-store.js";
import { hashToken, newToken } from "../../src/public/gateway.js";
import {
  connectHttpClient,
  resultText,
  scratchDir,
  startHttpGateway,
  writeConfig,
  type HttpGatewayProcess,
} from "../support/gateway-process.js";
import { DYNAMIC_SERVER, waitFor, wipeCount } from "../support/mcp-servers.js";
import { TEST_PG } from "../support/postgres.js";

/**
 * Three real `toolsift serve --http` processes sharing sessions through a real PostgreSQL, behind
 * a real haproxy balancing round robin with no stickiness, and a real MCP SDK client through it.
 */

const HAPROXY = ["/usr/sbin/haproxy", "/usr/local/sbin/haproxy", "haproxy"].find(
  (path) => spawnSync(path, ["-v"], { stdio: "ignore" }).status === 0,
);
const missing = [TEST_PG ? undefined : "TOOLSIFT_TEST_PG is not set", HAPROXY ? undefined : "haproxy is not installed"]
  .filter(Boolean)
  .join("; ");
if (missing && process.env.CI) throw new Error(`gateway-replicas: ${missing} on CI; .ci/run installs and sets both.`);
if (missing) console.warn(`[toolsift] SKIPPED "toolsift serve replicas behind haproxy": ${missing}`);

/** A port free now on 127.0.0.1. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const portOf = (url: string) => Number(new URL(url).port);

/** Starts haproxy in the foreground over `backends`, round robin, no stickiness, event streams kept open. */
async function startHaproxy(backends: string[]): Promise<{ url: string; child: ChildProcess; log: () => string }> {
  const port = await freePort();
  const file = join(scratchDir(), "haproxy.cfg");
  writeFileSync(
    file,
    [
      "global",
      "  maxconn 512",
      "defaults",
      "  mode http",
      "  timeout connect 1s",
      "  timeout client 60s",
      "  timeout server 60s",
      // An event stream stays open with nothing to say for long.
      "  timeout tunnel 1h",
      // A replica killed mid-session: a refused connection is retried on another.
      "  retries 3",
      "  option redispatch 1",
      "frontend mcp",
      `  bind 127.0.0.1:${port}`,
      "  default_backend replicas",
      "backend replicas",
      "  balance roundrobin",
      "  option httpchk",
      "  http-check send meth GET uri /healthz ver HTTP/1.1 hdr Host 127.0.0.1",
      ...backends.map((url, i) => `  server r${i} 127.0.0.1:${portOf(url)} check inter 200 fall 1 rise 2`),
      "",
    ].join("\n"),
  );
  let log = "";
  const child = spawn(HAPROXY!, ["-db", "-f", file], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (chunk: Buffer) => (log += chunk.toString("utf8")));
  child.stderr!.on("data", (chunk: Buffer) => (log += chunk.toString("utf8")));
  await waitFor("haproxy to listen", async () => {
    if (child.exitCode !== null) throw new Error(`haproxy exited:\n${log}`);
    return new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1", () => resolve(socket.end() !== undefined));
      socket.once("error", () => resolve(false));
    });
  });
  return { url: `http://127.0.0.1:${port}/mcp`, child, log: () => log };
}

/** A database of its own for this file's run, dropped at the end. */
async function scratchDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `toolsift_replicas_${randomBytes(4).toString("hex")}`;
  const Pool = await loadPgPool();
  const admin = new Pool(poolConfig({ connectionString: url, maxConnections: 1 }));
  await admin.query(`CREATE DATABASE ${name}`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

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
  let haproxy: Awaited<ReturnType<typeof startHaproxy>>;
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
    const config = writeConfig({
      mcpServers: {
        dyn: { command: process.execPath, args: [DYNAMIC_SERVER], env: { FIXTURE_WIPE_FILE: wipes }, stderr: "ignore" },
      },
      toolsift: {
        auth: { tokens: [{ name: "alice", sha256: hashToken(token), groups: [] }] },
        // The config names the URL through the environment, as a deployment would (it holds a password).
        sessions: "${TOOLSIFT_SESSIONS_URL}",
      },
    });
    // Every tool listed (most as stubs): an upstream change alters every client's listing.
    const started = await Promise.all(
      [0, 1, 2].map(() =>
        startHttpGateway(config, { args: ["--stubs"], env: { TOOLSIFT_SESSIONS_URL: database.url } }),
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
    await client.connect(transport);
  }, 90_000);

  afterAll(async () => {
    await client?.close().catch(() => undefined);
    haproxy?.child.kill("SIGTERM");
    await Promise.all(
      replicas.map(async ({ child }) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }),
    );
    await database?.drop();
  });

  it("serves one session from every replica, and a tool hydrated on one is listed in full by the next", async () => {
    for (let i = 0; i < 3; i++) await listing();
    const ids = new Set(served.map((request) => request.replica));
    ids.delete("?");
    expect(ids.size).toBe(3);
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

  it("carries list_changed from the replica whose upstream changed to the replica holding the GET stream", async () => {
    // The client fetches its list (a list_changed is sent once until it does).
    await listing();
    const stream = served.findLast((request) => request.method === "GET")!.replica;
    // Another session, straight to a replica that does not hold the GET stream, adds a tool to its upstream.
    const index = replicas.findIndex((replica) => replicaId(replica) !== stream);
    const other = await connectHttpClient(replicas[index]!.url, { token });
    const seen = changes;
    await other.client.callTool({ name: "dyn__add_tool", arguments: { name: "late" } });
    await other.close();
    await waitFor("list_changed through the GET stream", () => changes > seen);
  });

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

  /** A replica's id, which it logs at start. */
  function replicaId(replica: HttpGatewayProcess): string | undefined {
    return /replica (\w+) shares sessions/.exec(replica.stderr())?.[1];
  }
});
