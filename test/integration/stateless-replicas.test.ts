import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken, newToken } from "../../src/gateway/index.js";
import { scratchDir, startHttpGateway, writeConfig, type HttpGatewayProcess } from "../support/gateway-process.js";
import { HAPROXY, startHaproxy, stopReplicas, type Haproxy } from "../support/haproxy.js";
import { DYNAMIC_SERVER, waitFor, wipeCount } from "../support/mcp-servers.js";
import { TEST_PG, scratchDatabase } from "../support/postgres.js";

/**
 * 2026-07-28 (stateless) clients of two real `toolsift serve --http` processes sharing a real
 * PostgreSQL, behind a real haproxy balancing round robin, through a real SDK v2 client: a
 * request may reach either replica, so whatever one replica signed, the other must verify, and
 * what one replica spent, the other must refuse.
 */

const MODERN = "2026-07-28";
const missing = [TEST_PG ? undefined : "TOOLSIFT_TEST_PG is not set", HAPROXY ? undefined : "haproxy is not installed"]
  .filter(Boolean)
  .join("; ");
if (missing && process.env.CI) throw new Error(`stateless-replicas: ${missing} on CI; .ci/run installs and sets both.`);
if (missing) console.warn(`[toolsift] SKIPPED "stateless clients across serve replicas": ${missing}`);

/** One POST the client sent, what it said, and which replica answered it (`x-toolsift-replica`). */
interface Sent {
  body: { method?: string; params?: { requestState?: string; inputResponses?: unknown; [key: string]: unknown } };
  headers: Headers;
  replica: string;
}

/** The JSON-RPC answer of a raw response (a JSON body, or the last message of an event stream). */
function answerOf(body: string): { result?: Record<string, unknown> } {
  const data = body.trimStart().startsWith("{")
    ? body
    : body
        .split("\n")
        .filter((line) => line.startsWith("data: "))
        .pop()!
        .slice(6);
  return JSON.parse(data) as { result?: Record<string, unknown> };
}

const textOf = (result: unknown) =>
  ((result as { content?: { text?: string }[] }).content ?? []).map((block) => block.text ?? "").join("\n");

(missing ? describe.skip : describe)("stateless clients across toolsift serve replicas", () => {
  const [alice, bob] = [newToken(), newToken()];
  const wipes = join(scratchDir(), "wipes.log");
  const replicas: HttpGatewayProcess[] = [];
  let database: Awaited<ReturnType<typeof scratchDatabase>>;
  let haproxy: Haproxy;

  /** A pinned SDK v2 client through haproxy that accepts every confirmation, and what it sent. */
  async function modernClient(token: string) {
    const sent: Sent[] = [];
    const asked: string[] = [];
    const client = new Client(
      { name: "stateless-replicas", version: "1" },
      { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: MODERN } } },
    );
    client.setRequestHandler("elicitation/create", async (request) => {
      asked.push(request.params.message);
      return { action: "accept", content: {} };
    });
    const recording = async (url: string | URL, init?: RequestInit) => {
      const response = await fetch(url, init);
      if (typeof init?.body === "string")
        sent.push({
          body: JSON.parse(init.body) as Sent["body"],
          headers: new Headers(init.headers),
          replica: response.headers.get("x-toolsift-replica") ?? "?",
        });
      return response;
    };
    await client.connect(
      new StreamableHTTPClientTransport(new URL(haproxy.url), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
        fetch: recording,
      }),
    );
    return { client, sent, asked };
  }

  /** Sends a captured request again, as it was, straight to a replica (or with its state changed, or as bob). */
  async function resend(to: HttpGatewayProcess, original: Sent, change: { state?: string; token?: string } = {}) {
    const headers = new Headers(original.headers);
    if (change.token) headers.set("authorization", `Bearer ${change.token}`);
    const params = { ...original.body.params, ...(change.state ? { requestState: change.state } : {}) };
    const response = await fetch(to.url, {
      method: "POST",
      headers,
      body: JSON.stringify({ ...original.body, params }),
    });
    expect(response.status).toBe(200);
    return answerOf(await response.text()).result as Record<string, unknown>;
  }

  /** A first round of a stateless call of dyn__wipe_data, raw, straight to a replica: the question it asks. */
  async function askRaw(replica: HttpGatewayProcess): Promise<Record<string, unknown>> {
    const response = await fetch(replica.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": MODERN,
        "mcp-method": "tools/call",
        "mcp-name": "dyn__wipe_data",
        authorization: `Bearer ${alice}`,
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: {
          name: "dyn__wipe_data",
          arguments: {},
          _meta: {
            "io.modelcontextprotocol/protocolVersion": MODERN,
            "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1" },
            "io.modelcontextprotocol/clientCapabilities": { elicitation: { form: {} } },
          },
        },
      }),
    });
    return answerOf(await response.text()).result ?? {};
  }

  beforeAll(async () => {
    database = await scratchDatabase(TEST_PG!);
    const config = writeConfig({
      mcpServers: {
        dyn: { command: process.execPath, args: [DYNAMIC_SERVER], env: { FIXTURE_WIPE_FILE: wipes }, stderr: "ignore" },
      },
      toolsift: {
        auth: {
          tokens: [
            { name: "alice", sha256: hashToken(alice), groups: [] },
            { name: "bob", sha256: hashToken(bob), groups: [] },
          ],
        },
        sessions: database.url,
      },
    });
    const started = await Promise.all([0, 1].map(() => startHttpGateway(config)));
    replicas.push(...started);
    await Promise.all(
      replicas.map((replica) =>
        waitFor("dyn to connect", () => replica.stderr().includes('MCP server "dyn" connected'), 30_000),
      ),
    );
    // Each replica asks (it has read the store's key): on a loaded machine its first store calls may time out.
    await Promise.all(
      replicas.map((replica) =>
        waitFor(
          "the replica to ask for a confirmation",
          async () => "inputRequests" in (await askRaw(replica).catch(() => ({}))),
          60_000,
        ),
      ),
    );
    haproxy = await startHaproxy(replicas.map((replica) => replica.url));
  }, 120_000);

  afterAll(async () => {
    await stopReplicas(replicas, haproxy);
    await database?.drop();
  });

  /** The round that carried the user's answer, and the round that asked for it. */
  let answered: Sent;

  it("asks on one replica, takes the user's answer on the other, and runs the call once", async () => {
    const { client, sent, asked } = await modernClient(alice);
    try {
      const before = wipeCount(wipes);
      const result = await client.callTool({ name: "dyn__wipe_data", arguments: {} }).catch((error: unknown) => {
        const said = replicas.map((replica, i) => `replica ${i}:\n${replica.stderr().slice(-2_000)}`);
        throw new Error(`${String(error)}\n${said.join("\n")}`);
      });
      expect(asked).toHaveLength(1);
      expect(textOf(result)).toBe("wiped");
      expect(wipeCount(wipes)).toBe(before + 1);
      const calls = sent.filter((request) => request.body.method === "tools/call");
      expect(calls).toHaveLength(2);
      const [first, retry] = calls as [Sent, Sent];
      expect(first.body.params?.requestState).toBeUndefined();
      expect(retry.body.params?.requestState).toEqual(expect.any(String));
      expect(retry.body.params?.inputResponses).toBeDefined();
      // Round robin: the answer reached the replica that did not ask.
      expect(new Set([first.replica, retry.replica]).size).toBe(2);
      expect(first.replica).not.toBe("?");
      answered = retry;
    } finally {
      await client.close();
    }
  }, 60_000);

  it("refuses the answered round sent again, on either replica, and runs nothing", async () => {
    expect(answered).toBeDefined();
    const before = wipeCount(wipes);
    for (const replica of replicas) {
      const result = await resend(replica, answered);
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/already used: a confirmed call runs once/);
    }
    expect(wipeCount(wipes)).toBe(before);
  }, 30_000);

  it("refuses an altered state, and one sent by another caller, with a clear error", async () => {
    expect(answered).toBeDefined();
    // A fresh question, asked raw on one replica: its state is unspent, so only what is changed can refuse it.
    const question = (await askRaw(replicas[0]!)) as { requestState?: string; inputRequests?: object };
    const state = question.requestState!;
    const [id] = Object.keys(question.inputRequests ?? {});
    const [answer] = Object.values(answered.body.params!.inputResponses as object);
    const reply: Sent = {
      ...answered,
      body: {
        ...answered.body,
        params: { ...answered.body.params, inputResponses: { [id!]: answer }, requestState: state },
      },
    };
    const before = wipeCount(wipes);
    const [version, body, mac] = state.split(".") as [string, string, string];
    const altered = `${version}.${body}.${mac.slice(0, -2)}${mac.endsWith("AA") ? "BB" : "AA"}`;
    const forged = await resend(replicas[1]!, reply, { state: altered });
    expect(forged.isError).toBe(true);
    expect(textOf(forged)).toMatch(/not one this gateway signed for this caller/);
    const bobs = await resend(replicas[1]!, reply, { token: bob });
    expect(bobs.isError).toBe(true);
    expect(textOf(bobs)).toMatch(/not one this gateway signed for this caller: .*another credential's/);
    expect(wipeCount(wipes)).toBe(before);
    // Neither spent it: alice's own answer, on the other replica, runs the call.
    expect(textOf(await resend(replicas[1]!, reply))).toBe("wiped");
    expect(wipeCount(wipes)).toBe(before + 1);
  }, 60_000);
  it("tells a listener on one replica of a tool change another replica saw", async () => {
    const direct = async (replica: HttpGatewayProcess) => {
      const client = new Client({ name: "direct", version: "1" }, { versionNegotiation: { mode: { pin: MODERN } } });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(replica.url), {
          requestInit: { headers: { authorization: `Bearer ${alice}` } },
        }),
      );
      return client;
    };
    const [listener, changer] = [await direct(replicas[0]!), await direct(replicas[1]!)];
    let changes = 0;
    listener.setNotificationHandler("notifications/tools/list_changed", () => {
      changes++;
    });
    const subscription = await listener.listen({ toolsListChanged: true });
    try {
      // Each replica runs its own dyn process: only replica 1's catalogue changes.
      await changer.callTool({ name: "dyn__add_tool", arguments: { name: "seen_on_one" } });
      await waitFor("the list_changed relayed to replica 0's listener", () => changes > 0, 15_000);
    } finally {
      await subscription.close();
      await Promise.all([listener.close(), changer.close()]);
    }
  }, 60_000);
});
