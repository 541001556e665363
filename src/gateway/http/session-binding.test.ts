import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema, type ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { resultText } from "../../../test/support/gateway-process.js";
import { waitFor } from "../../../test/support/mcp-servers.js";
import type { Authenticator } from "../auth/caller.js";
import { initialize, POST_HEADERS, rawRequest, serveGateway, testAuthenticator } from "./http-test-kit.fixture.js";

/** `Bearer <name>` proves the caller `<name>`; `Bearer <name>.<group>` the same caller, in `<group>`. */
const groupAuthenticator: Authenticator = {
  async authenticate(headers) {
    const match = /^Bearer ([a-z]+)(?:\.([a-z]+))?$/.exec(String(headers.authorization ?? ""));
    if (!match) return { ok: false, reason: "unknown token" };
    const groups = match[2] === undefined ? [] : [match[2]];
    return { ok: true, caller: { id: match[1]!, via: "token", groups, scopes: [], tenant: undefined } };
  },
  challenge: testAuthenticator.challenge,
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A raw tools/list on session `session` with the credential of `name`. */
const listOn = (url: string, session: string, name: string) =>
  rawRequest(url, {
    headers: {
      ...POST_HEADERS,
      authorization: `Bearer ${name}`,
      "mcp-session-id": session,
      "mcp-protocol-version": "2025-06-18",
    },
    body: { jsonrpc: "2.0", id: 2, method: "tools/list", params: {} },
  });

/** A raw initialize with the credential of `name`. */
const initializeAs = (url: string, name: string) =>
  rawRequest(url, { headers: { ...POST_HEADERS, authorization: `Bearer ${name}` }, body: initialize() });

/** A real MCP SDK client of `url` with the credential of `name`. */
async function clientOf(url: string, name: string) {
  const client = new Client({ name, version: "1" });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { authorization: `Bearer ${name}` } },
  });
  await client.connect(transport);
  return { client, transport };
}

describe("listenHttp's sessions", () => {
  it("ends a caller's own oldest session past maxSessionsPerCaller, and refuses (503) rather than end another caller's", async () => {
    const served = await serveGateway({ auth: testAuthenticator, maxSessions: 3, maxSessionsPerCaller: 2 });
    const { url } = served.listener;
    const opened: Client[] = [];
    const open = async (name: string) => {
      const { client } = await clientOf(url, name);
      opened.push(client);
      return client;
    };
    try {
      const alice1 = await open("alice");
      const alice2 = await open("alice");
      await alice1.listTools(); // alice2 is now her least recently active
      const alice3 = await open("alice");
      await expect(alice2.listTools()).rejects.toThrow(/Session not found/);
      const bob = await open("bob");
      // Three sessions, the total: carol has none to end, and ending alice's or bob's is not hers to do.
      const carol = await rawRequest(url, {
        headers: { ...POST_HEADERS, authorization: "Bearer carol" },
        body: initialize(),
      });
      expect(carol.status).toBe(503);
      expect(carol.headers["retry-after"]).toBe("30");
      expect(JSON.parse(carol.body)).toMatchObject({ jsonrpc: "2.0", error: { code: -32000 } });
      for (const client of [alice1, alice3, bob]) await expect(client.listTools()).resolves.toBeDefined();
      // Alice, at her quota, ends her own oldest (alice1), never bob's.
      await open("alice");
      await expect(alice1.listTools()).rejects.toThrow(/Session not found/);
      await expect(bob.listTools()).resolves.toBeDefined();
      await expect(alice3.listTools()).resolves.toBeDefined();
      expect(served.events).toContainEqual(expect.objectContaining({ type: "denied", reason: "no free session" }));
    } finally {
      await Promise.allSettled(opened.map((client) => client.close()));
      await served.close();
    }
  });

  it("ends sessions idle past sessionIdleMs, for a full table and on a sweep, never one with a request under way", async () => {
    const served = await serveGateway({ auth: testAuthenticator, maxSessions: 2, sessionIdleMs: 400 });
    const { url } = served.listener;
    // A real client keeps a GET event stream open on its session: a request under way, so never idle.
    const bob = await clientOf(url, "bob");
    try {
      // Alice's client opens a session and goes away without DELETE.
      // Timed from before the request: the table stamps her last activity while its answer is
      // still on the way, so a clock started on receipt would read short under load.
      const aliceOpened = Date.now();
      const alice = await initializeAs(url, "alice");
      expect(alice.status).toBe(200);
      const aliceSession = String(alice.headers["mcp-session-id"]);
      expect((await initializeAs(url, "carol")).status).toBe(503); // nobody idle yet
      let carol = { status: 0, headers: {} as Record<string, unknown> };
      await waitFor("carol to get a session", async () => (carol = await initializeAs(url, "carol")).status === 200);
      expect(Date.now() - aliceOpened).toBeGreaterThanOrEqual(400);
      expect((await listOn(url, aliceSession, "alice")).status).toBe(404);
      // No initialize presses for carol's place now: the sweep ends her idle session all the same.
      await sleep(900);
      const carolSession = String(carol.headers["mcp-session-id"]);
      expect((await listOn(url, carolSession, "carol")).status).toBe(404);
      await expect(bob.client.listTools()).resolves.toBeDefined();
    } finally {
      await bob.client.close();
      await served.close();
    }
  });

  it("refuses a session to the same caller proving other groups (404, as unknown), who may open a new one", async () => {
    const served = await serveGateway({ auth: groupAuthenticator, maxSessionsPerCaller: 1 });
    const { url } = served.listener;
    // Alice opens a session while in ops.
    const { client: ops, transport } = await clientOf(url, "alice.ops");
    try {
      const session = transport.sessionId!;
      // Her new token no longer has ops: the old session must not keep its rights for her.
      const demoted = await listOn(url, session, "alice");
      expect(demoted.status).toBe(404);
      expect(JSON.parse(demoted.body)).toEqual(JSON.parse((await listOn(url, "no-such-session", "alice")).body));
      expect(served.events).toContainEqual(
        expect.objectContaining({
          type: "denied",
          session,
          reason: "session opened by another credential",
          caller: expect.objectContaining({ id: "alice", groups: [] }),
        }),
      );
      await expect(ops.listTools()).resolves.toBeDefined();
      // She may open a new session; the quota counts her sessions whatever their groups, so it
      // ends the one opened in ops.
      const { client: fresh } = await clientOf(url, "alice");
      try {
        await expect(fresh.listTools()).resolves.toBeDefined();
        await expect(ops.listTools()).rejects.toThrow(/Session not found/);
      } finally {
        await fresh.close();
      }
    } finally {
      await ops.close();
      await served.close();
    }
  });

  it("refuses another credential's requests on a session, its confirmation answers included", async () => {
    const served = await serveGateway({ auth: testAuthenticator });
    const { url } = served.listener;
    let asked!: (id: string | number) => void;
    const askedId = new Promise<string | number>((resolve) => (asked = resolve));
    let answer!: (result: ElicitResult) => void;
    const answered = new Promise<ElicitResult>((resolve) => (answer = resolve));
    const alice = new Client({ name: "alice", version: "1" }, { capabilities: { elicitation: {} } });
    alice.setRequestHandler(ElicitRequestSchema, (_request, extra) => {
      asked(extra.requestId);
      return answered;
    });
    const transport = new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { authorization: "Bearer alice" } },
    });
    try {
      await alice.connect(transport);
      await waitFor("the upstream server to connect", () => served.gateway.ready, 15_000);
      const call = alice.callTool({ name: "dyn__wipe_data", arguments: {} });
      const requestId = await askedId;
      const session = transport.sessionId!;
      const bob = {
        ...POST_HEADERS,
        authorization: "Bearer bob",
        "mcp-session-id": session,
        "mcp-protocol-version": "2025-06-18",
      };
      // Bob answers alice's confirmation, with her session id and the elicitation's request id.
      const accept = await rawRequest(url, {
        headers: bob,
        body: { jsonrpc: "2.0", id: requestId, result: { action: "accept", content: {} } },
      });
      expect(accept.status).toBe(404);
      expect(accept.body).toContain("Session not found");
      // The same answer as for a session that does not exist: the id is not confirmed.
      const unknown = await rawRequest(url, { headers: { ...bob, "mcp-session-id": "no-such-session" }, body: {} });
      expect(JSON.parse(unknown.body)).toEqual(JSON.parse(accept.body));
      expect((await rawRequest(url, { method: "GET", headers: bob })).status).toBe(404);
      expect((await rawRequest(url, { method: "DELETE", headers: bob })).status).toBe(404);
      answer({ action: "decline" });
      const result = await call;
      expect(result.isError).toBe(true);
      expect(resultText(result)).toContain("declined");
      await expect(alice.listTools()).resolves.toBeDefined();
      expect(served.events).toContainEqual(
        expect.objectContaining({
          type: "denied",
          session,
          reason: "session opened by another credential",
          caller: expect.objectContaining({ id: "bob" }),
        }),
      );
    } finally {
      await alice.close();
      await served.close();
    }
  });

  it("reports failed authentications with the reason and address, never the token", async () => {
    const served = await serveGateway({ auth: testAuthenticator });
    try {
      const refused = await rawRequest(served.listener.url, {
        headers: { ...POST_HEADERS, authorization: "Bearer Sekret-123" },
        body: initialize(),
      });
      expect(refused.status).toBe(401);
      expect(refused.headers["www-authenticate"]).toContain("Bearer");
      expect(served.events).toEqual([{ type: "auth-failed", reason: "unknown token", remoteAddress: "127.0.0.1" }]);
      expect(JSON.stringify(served.events)).not.toContain("Sekret");
    } finally {
      await served.close();
    }
  });
});
