import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caller, startInProcessGateway, type InProcessGateway } from "../../../test/support/in-process-gateway.js";
import { waitFor } from "../../../test/support/mcp-servers.js";
import type { Authenticator, Caller } from "../auth/caller.js";
import { listenHttp, type HttpListener } from "../http/http-listener.js";

/** Two tokens, two callers with their own policies: what each may see scopes what its stream hears. */
const CALLERS: Record<string, Caller> = {
  "alice-token": caller("alice"),
  "bob-token": caller("bob", { groups: ["readers"] }),
};
const auth: Authenticator = {
  async authenticate(headers) {
    const found = CALLERS[String(headers.authorization ?? "").replace(/^Bearer /, "")];
    return found ? { ok: true, caller: found } : { ok: false, reason: "unknown token" };
  },
  challenge: () => 'Bearer realm="test"',
};

describe("2026-07-28 subscriptions/listen streams, each caller's own", () => {
  let gw: InProcessGateway;
  let listener: HttpListener;

  beforeAll(async () => {
    gw = await startInProcessGateway({
      allow: [],
      policies: [
        { callers: ["alice"], allow: ["dyn__*"] },
        { groups: ["readers"], allow: ["dyn__echo", "dyn__for_bob_*"] },
      ],
    });
    listener = await listenHttp(gw.gateway, { port: 0, host: "127.0.0.1", log: () => undefined, auth });
  }, 30_000);
  afterAll(async () => {
    await listener?.close();
    await gw?.close();
  });

  /** A pinned SDK v2 client of `token` with an open listen stream, and the list changes it heard. */
  async function listening(token: string) {
    const client = new Client({ name: token, version: "1" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(listener.url), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    const heard = { changes: 0 };
    client.setNotificationHandler("notifications/tools/list_changed", () => {
      heard.changes++;
    });
    const subscription = await client.listen({ toolsListChanged: true });
    return {
      client,
      heard,
      close: async () => {
        await subscription.close();
        await client.close();
      },
    };
  }

  it("tells a caller of a change to a tool it may see, and not of one it may not", async () => {
    const [alice, bob] = [await listening("alice-token"), await listening("bob-token")];
    try {
      // A tool only alice may see: her stream hears of it, bob's does not.
      await alice.client.callTool({ name: "dyn__add_tool", arguments: { name: "alice_only" } });
      await waitFor("alice's list_changed", () => alice.heard.changes === 1, 10_000);
      // A tool both may see, after it: bob hears of this one, and of this one only.
      await alice.client.callTool({ name: "dyn__add_tool", arguments: { name: "for_bob_1" } });
      await waitFor("both list_changed", () => alice.heard.changes === 2 && bob.heard.changes === 1, 10_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect([alice.heard.changes, bob.heard.changes]).toEqual([2, 1]);
    } finally {
      await Promise.all([alice.close(), bob.close()]);
    }
  }, 40_000);
});
