import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema, type ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { resultText } from "../../../test/support/gateway-process.js";
import { waitFor } from "../../../test/support/mcp-servers.js";
import { initialize, POST_HEADERS, rawRequest, serveGateway, testAuthenticator } from "./http-test-kit.fixture.js";

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
