import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resultText } from "../../../test/support/gateway-process.js";
import { caller, startInProcessGateway, type InProcessGateway } from "../../../test/support/in-process-gateway.js";
import type { Authenticator, Caller } from "../auth/caller.js";
import { listenHttp, type HttpListener } from "../http/http-listener.js";

/** Two bearer tokens, two callers: the seam a real authenticator (tokens, OAuth) fills. */
const CALLERS: Record<string, Caller> = {
  "alice-token": caller("alice"),
  "bob-token": caller("bob", { via: "oauth", groups: ["readers"] }),
};
const auth: Authenticator = {
  async authenticate(headers) {
    const found = CALLERS[String(headers.authorization ?? "").replace(/^Bearer /, "")];
    return found ? { ok: true, caller: found } : { ok: false, reason: "unknown token" };
  },
  challenge: () => 'Bearer realm="test"',
};

describe("each caller's own policy over Streamable HTTP, the caller proved by its credential", () => {
  let gw: InProcessGateway;
  let listener: HttpListener;
  const clients: Client[] = [];

  async function connect(token: string): Promise<Client> {
    const client = new Client({ name: token, version: "1" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(listener.url), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    gw = await startInProcessGateway(
      {
        allow: [],
        policies: [
          { callers: ["alice"], allow: ["dyn__*"], allowDestructive: ["dyn__wipe_data"] },
          { groups: ["readers"], allow: ["dyn__echo", "dyn__get_pid"] },
        ],
      },
      { mode: "stubs" },
    );
    listener = await listenHttp(gw.gateway, { port: 0, host: "127.0.0.1", log: () => undefined, auth });
  }, 30_000);
  afterAll(async () => {
    await Promise.allSettled(clients.map((client) => client.close()));
    await listener?.close();
    await gw?.close();
  });

  it("lists, finds and runs for each token only what its caller's policy allows", async () => {
    const alice = await connect("alice-token");
    const bob = await connect("bob-token");
    const aliceTools = (await alice.listTools()).tools.map((tool) => tool.name);
    const bobTools = (await bob.listTools()).tools.map((tool) => tool.name).sort();
    expect(aliceTools).toContain("dyn__wipe_data");
    expect(bobTools).toEqual(["call_tool", "dyn__echo", "dyn__get_pid", "search_tools"]);
    const search = { name: "search_tools", arguments: { query: "delete every stored record" } };
    expect(resultText(await bob.callTool(search))).not.toContain("dyn__wipe_data");

    expect((await bob.callTool({ name: "dyn__wipe_data", arguments: {} })).isError).toBe(true);
    expect(gw.wipes("dyn")).toBe(0);
    expect(resultText(await alice.callTool({ name: "dyn__wipe_data", arguments: {} }))).toBe("wiped");
    expect(gw.wipes("dyn")).toBe(1);
    expect(gw.events).toContainEqual(
      expect.objectContaining({ type: "denied", caller: CALLERS["bob-token"], reason: "policy" }),
    );
  });
});
