import { createMCPClient } from "@ai-sdk/mcp";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  connectGateway,
  resultText,
  waitForUpstreams,
  writeConfig,
  type GatewayClient,
  type GatewayClientOptions,
} from "../support/gateway-process.js";
import { DYNAMIC_SERVER } from "../support/mcp-servers.js";

/**
 * 2025-era clients that never fetch their tool list again. Agent frameworks take one snapshot of
 * a server's tools per run (the AI SDK's `tools()`, LangChain's MCP adapters, an agent with a
 * cached tool list), so a tool that search adds to the list never reaches their model. `call_tool`
 * is listed from the start for them, and once a client shows it did not fetch the list after a
 * `list_changed`, its search answers stop promising a place in the list.
 */

const config = () =>
  writeConfig({ mcpServers: { dyn: { command: process.execPath, args: [DYNAMIC_SERVER], stderr: "ignore" } } });

/**
 * A gateway of its own for the tests of one describe, in front of the dyn server, started before
 * them and closed after: the returned object reads the running gateway's fields.
 */
function gatewayPerDescribe(options: GatewayClientOptions): GatewayClient {
  let gateway: GatewayClient | undefined;
  beforeAll(async () => {
    gateway = await connectGateway(config(), options);
    await waitForUpstreams(gateway, ["dyn"]);
  });
  afterAll(async () => gateway?.close());
  return new Proxy({} as GatewayClient, { get: (_target, key) => Reflect.get(gateway!, key) });
}

const FALLBACK = "If your tool list does not show them, call one with call_tool";
/** Past the gateway's wait before it reads an unfetched list as one the client does not fetch. */
const PAST_UNFETCHED_MS = 1_200;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The AI SDK's MCP client over HTTP, its `tools()` snapshot taken, and a runner of its tools. */
async function snapshotClient(gateway: GatewayClient) {
  const client = await createMCPClient({
    protocolVersionDiscovery: false,
    transport: { type: "http", url: gateway.url!, headers: { authorization: `Bearer ${gateway.token}` } },
    // Its notifications (list_changed) are reported here as unsupported; it never fetches the list again.
    onUncaughtError: () => undefined,
  });
  const tools = await client.tools();
  const run = async (name: string, input: unknown) =>
    resultText(await tools[name]!.execute!(input, { toolCallId: name, messages: [], context: {} }));
  return { client, tools, run };
}

describe("a 2025-era client with one snapshot of the tools (the AI SDK's tools())", () => {
  const gateway = gatewayPerDescribe({ transport: "http" });

  it("reaches a match through call_tool, and is answered as a client that does not fetch its list", async () => {
    const { client, tools, run } = await snapshotClient(gateway);
    try {
      expect(client.initializeResult.protocolVersion).toBe("2025-11-25");
      expect(Object.keys(tools)).toEqual(["search_tools", "call_tool"]);

      // Within a second of its first listing nothing tells yet whether it fetches its list: the
      // usual answer, and the way round it.
      const first = await run("search_tools", { query: "echo a message back" });
      expect(first).toContain("dyn__echo");
      expect(first).toContain("now in your tool list");
      expect(first).toContain(FALLBACK);
      expect(first).not.toContain('"inputSchema"');
      expect(await run("call_tool", { name: "dyn__echo", arguments: { text: "from the snapshot" } })).toContain(
        "echo: from the snapshot",
      );

      // It was told the list changed and did not fetch it: no more promises of a place in it.
      await sleep(PAST_UNFETCHED_MS);
      const second = await run("search_tools", { query: "echo a message back" });
      expect(second).toContain("dyn__echo");
      expect(second).not.toMatch(/now in your tool list/);
      expect(second).toContain('"inputSchema"');
      expect((JSON.parse(second) as { note: string }).note).toMatch(/^Call the one that fits with call_tool, \{"name"/);
    } finally {
      await client.close();
    }
  });

  it("gives a snapshot client the best match's schema for call_tool, and never a place in its list", async () => {
    const { client, run } = await snapshotClient(gateway);
    try {
      // The first listing was followed by a list_changed, which this client does not act on.
      await sleep(PAST_UNFETCHED_MS);
      const first = await run("search_tools", { query: "echo a message back" });
      expect(first).toContain("dyn__echo");
      expect(first).not.toMatch(/now in your tool list/);
      expect(first).toContain('"inputSchema"');
      expect(await run("call_tool", { name: "dyn__echo", arguments: { text: "first time" } })).toContain(
        "echo: first time",
      );
    } finally {
      await client.close();
    }
  });

  it("loads the matches into the list of a client that fetched it again when told", async () => {
    // The kit's client, a session of its own on this gateway, fetches its list on every
    // list_changed, the first listing's included.
    await gateway.client.listTools();
    await sleep(PAST_UNFETCHED_MS);
    const first = resultText(
      await gateway.client.callTool({ name: "search_tools", arguments: { query: "echo a message back" } }),
    );
    expect(first).toContain("now in your tool list");
    expect(first).not.toContain('"inputSchema"');
    expect((await gateway.client.listTools()).tools.map((tool) => tool.name)).toContain("dyn__echo");
  });
});

describe("a 2025-era client that fetches its list when it chooses (the official SDK's)", () => {
  // It fetches the list only when the test does.
  const gateway = gatewayPerDescribe({ fetchesOnListChanged: false });

  const searchFor = async (query: string) =>
    resultText(await gateway.client.callTool({ name: "search_tools", arguments: { query } }));
  const listed = async () => (await gateway.client.listTools()).tools.map((tool) => tool.name);

  it("is answered by what it did last: a list it did not fetch, then a list it fetched", async () => {
    expect(await listed()).toEqual(["search_tools", "call_tool"]);
    const first = await searchFor("echo a message back");
    expect(first).toContain("now in your tool list");
    expect(first).toContain(FALLBACK);

    // It did not fetch the list it was told of: the next search promises no place in it.
    await sleep(PAST_UNFETCHED_MS);
    const unfetched = await searchFor("read the process id");
    expect(unfetched).toContain("dyn__get_pid");
    expect(unfetched).not.toMatch(/now in your tool list/);
    expect(unfetched).toContain('"inputSchema"');

    // Once it fetches a changed list, matches join the list again, with the way round for a
    // client that builds its next request from the list it had.
    expect(await listed()).toContain("dyn__echo");
    await sleep(PAST_UNFETCHED_MS);
    const fetched = await searchFor("read the process id");
    expect(fetched).toContain("now in your tool list");
    expect(fetched).toContain(FALLBACK);
    expect(fetched).not.toContain('"inputSchema"');
    expect(await listed()).toContain("dyn__get_pid");
  });

  it("runs a listed or unlisted tool through call_tool, and refuses a call_tool without a name", async () => {
    const through = await gateway.client.callTool({
      name: "call_tool",
      arguments: { name: "dyn__echo", arguments: { text: "either way" } },
    });
    expect(resultText(through)).toContain("echo: either way");
    const refused = await gateway.client.callTool({ name: "call_tool", arguments: { arguments: {} } });
    expect(refused.isError).toBe(true);
    expect(resultText(refused)).toContain('call_tool needs "name"');
  });
});

describe.each(["stdio", "http"] as const)(
  "a 2025-era client that fetches its list on every list_changed, over %s",
  (transport) => {
    const gateway = gatewayPerDescribe({ transport, fetchesOnListChanged: false });

    it("reads a search's answer only once it holds the list the search's list_changed announced", async () => {
      // Gemini CLI and Claude Code fetch at once, but build their next request when the answer comes:
      // an answer that overtook the list they fetched sent the model "now in your tool list" without it.
      const read: string[] = [];
      gateway.client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
        gateway.client
          .listTools()
          .then(({ tools }) => read.push(`list with echo: ${tools.some((tool) => tool.name === "dyn__echo")}`))
          .catch(() => undefined);
      });
      await gateway.client.listTools();
      await sleep(PAST_UNFETCHED_MS);
      read.length = 0;
      const answer = resultText(
        await gateway.client.callTool({ name: "search_tools", arguments: { query: "echo a message back" } }),
      );
      read.push("answer");
      expect(answer).toContain("now in your tool list");
      expect(read).toEqual(["list with echo: true", "answer"]);
    });
  },
);

describe("a 2025-era client that has not fetched its list on news (a one-shot client)", () => {
  const gateway = gatewayPerDescribe({ fetchesOnListChanged: false });

  it("gets the answer of a call that loads a tool without waiting for a fetch it never made", async () => {
    // The MCP Inspector's CLI calls one tool by name and exits: holding its answer for a fetch
    // would cost it the whole wait, a second, on every call.
    await gateway.client.listTools();
    const since = Date.now();
    const answer = await gateway.client.callTool({ name: "dyn__echo", arguments: { text: "at once" } });
    expect(Date.now() - since).toBeLessThan(1_000);
    expect(resultText(answer)).toContain("echo: at once");
    expect((await gateway.client.listTools()).tools.map((tool) => tool.name)).toContain("dyn__echo");
  });
});

describe("a 2025-era client that lists its tools only between its model's steps", () => {
  const gateway = gatewayPerDescribe({ fetchesOnListChanged: false });

  it("waits in vain at most once for a fetch it makes only after reading the answer", async () => {
    // Some agent frameworks list the tools before each model request, never on news: they fetch
    // after reading an answer, so a held answer can only wait the whole second for them.
    const step = async (name: string) => {
      const since = Date.now();
      await gateway.client.callTool({ name, arguments: {} });
      const took = Date.now() - since;
      await gateway.client.listTools();
      return took;
    };
    await gateway.client.listTools();
    // Its list after this call's list_changed looks like a fetch on news: the next call is held.
    expect(await step("dyn__bare")).toBeLessThan(1_000);
    expect(await step("dyn__get_pid")).toBeGreaterThanOrEqual(1_000);
    expect(await step("dyn__titled_only")).toBeLessThan(1_000);
    expect(await step("dyn__peek_data")).toBeLessThan(1_000);
  });
});
