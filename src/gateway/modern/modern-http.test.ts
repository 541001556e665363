import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as V1Transport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessGateway } from "../../../test/support/in-process-gateway.js";
import { waitFor } from "../../../test/support/mcp-servers.js";
import { listenHttp } from "../http/http-listener.js";
import {
  POST_HEADERS,
  rawRequest,
  serveGateway,
  testAuthenticator,
  type ServedGateway,
} from "../http/http-test-kit.fixture.js";

/** The 2026-07-28 era over HTTP, next to the 2025 era on the same endpoint: real SDK v2 and v1 clients. */

const MODERN = "2026-07-28";

function envelope(extra: Record<string, unknown> = {}) {
  return {
    "io.modelcontextprotocol/protocolVersion": MODERN,
    "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1" },
    "io.modelcontextprotocol/clientCapabilities": {},
    ...extra,
  };
}

/** A raw stateless request, as a 2026-07-28 client sends it. */
function modernRequest(url: string, method: string, params: Record<string, unknown> = {}, token = "alice") {
  return rawRequest(url, {
    headers: {
      ...POST_HEADERS,
      "mcp-protocol-version": MODERN,
      "mcp-method": method,
      ...(typeof params.name === "string" ? { "mcp-name": params.name } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: { jsonrpc: "2.0", id: 1, method, params: { ...params, _meta: envelope() } },
  });
}

/** The JSON-RPC answer of a raw response (a JSON body, or the last message of an event stream). */
function answerOf(body: string): { result?: Record<string, unknown>; error?: { code: number; message: string } } {
  const data = body.startsWith("{")
    ? body
    : body
        .split("\n")
        .filter((line) => line.startsWith("data: "))
        .pop()!
        .slice(6);
  return JSON.parse(data) as { result?: Record<string, unknown>; error?: { code: number; message: string } };
}

function textOf(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  return content.map((block) => block.text ?? "").join("\n");
}

async function modernClient(url: string, token: string, confirm?: "accept" | "decline") {
  const client = new Client(
    { name: "modern", version: "1" },
    { capabilities: confirm ? { elicitation: { form: {} } } : {}, versionNegotiation: { mode: { pin: MODERN } } },
  );
  const asked: string[] = [];
  if (confirm)
    client.setRequestHandler("elicitation/create", async (request) => {
      asked.push(request.params.message);
      return { action: confirm, content: {} };
    });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
  );
  return { client, asked };
}

describe("toolsift's HTTP listener, 2026-07-28 clients", () => {
  let served: ServedGateway;
  beforeAll(async () => {
    served = await serveGateway({ auth: testAuthenticator });
    await waitFor("the dyn server to connect", () => served.gateway.ready, 20_000);
  });
  afterAll(async () => served?.close());

  it("answers a pinned SDK v2 client: discover, the stateless list, search with schemas, a call through call_tool", async () => {
    const { client } = await modernClient(served.listener.url, "alice");
    try {
      expect(client.getProtocolEra()).toBe("modern");
      expect(client.getInstructions()).toContain("call the one that fits through call_tool");
      const { tools } = await client.listTools();
      // call_tool is always listed: a client offers its model only listed tools, and search adds none.
      expect(tools.map((tool) => tool.name)).toEqual(["search_tools", "call_tool"]);
      expect(tools[0]!.description).not.toMatch(/tool list/);
      const search = await client.callTool({ name: "search_tools", arguments: { query: "echo a message back" } });
      const answer = JSON.parse(textOf(search)) as { matches: { name: string; inputSchema?: unknown }[]; note: string };
      const echo = answer.matches.find((match) => match.name === "dyn__echo");
      expect(echo?.inputSchema).toMatchObject({ type: "object", properties: { text: { type: "string" } } });
      expect(answer.note).toContain("Call the one that fits with call_tool");
      // Only the best match carries its schema: the others' comes back with a call that does not fit.
      expect(answer.matches[0]?.inputSchema).toBeDefined();
      expect(answer.matches.slice(1).filter((match) => match.inputSchema !== undefined)).toEqual([]);
      // Stateless: nothing was loaded into a list, and the same caller gets the same list.
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["search_tools", "call_tool"]);
      // As a model calls it, through the listed call_tool, and by name for a client that allows it.
      const through = await client.callTool({
        name: "call_tool",
        arguments: { name: "dyn__echo", arguments: { text: "hi" } },
      });
      expect(through.isError).toBeFalsy();
      expect(textOf(through)).toContain("hi");
      const called = await client.callTool({ name: "dyn__echo", arguments: { text: "hi" } });
      expect(textOf(called)).toContain("hi");
      // call_tool's own input is checked, and the real tool's too.
      const nameless = await client.callTool({ name: "call_tool", arguments: { arguments: { text: "hi" } } });
      expect(nameless.isError).toBe(true);
      expect(textOf(nameless)).toContain('needs "name"');
      const badThrough = await client.callTool({ name: "call_tool", arguments: { name: "dyn__echo", arguments: {} } });
      expect(badThrough.isError).toBe(true);
      // The schema a match was not given comes back with the call that did not fit it.
      expect(textOf(badThrough)).toContain("Its input schema is");
      // Validated against its real schema, as a session's call is.
      const invalid = await client.callTool({ name: "dyn__echo", arguments: {} });
      expect(invalid.isError).toBe(true);
      expect(textOf(invalid)).toContain("text");
    } finally {
      await client.close();
    }
  });

  it("never tells a stateless client that a search put tools in its tool list", async () => {
    const { client } = await modernClient(served.listener.url, "alice");
    try {
      for (const query of ["echo a message back", "wipe every record", "return the process id"]) {
        const text = textOf(await client.callTool({ name: "search_tools", arguments: { query } }));
        expect(text).not.toMatch(/now in your tool list|added to your tool list/i);
      }
    } finally {
      await client.close();
    }
  });

  it("tells SDK v2 and v1 clients alike to search in the tools' script when a request's finds nothing", async () => {
    const { client } = await modernClient(served.listener.url, "alice");
    const v1 = new V1Client({ name: "v1", version: "1" });
    await v1.connect(
      new V1Transport(new URL(served.listener.url), { requestInit: { headers: { authorization: "Bearer bob" } } }),
    );
    try {
      for (const each of [client, v1]) {
        const search = await each.callTool({ name: "search_tools", arguments: { query: "把这条消息原样发回来" } });
        const answer = JSON.parse(textOf(search)) as { matches: unknown[]; language?: string };
        expect(answer.matches).toEqual([]);
        expect(answer.language).toMatch(/^This query is written in Chinese characters, .* Latin script\./);
        const english = await each.callTool({ name: "search_tools", arguments: { query: "echo this message back" } });
        expect(JSON.parse(textOf(english))).not.toHaveProperty("language");
      }
    } finally {
      await client.close();
      await v1.close();
    }
  });

  it("lists 2026-07-28 in a raw stateless server/discover", async () => {
    const response = await modernRequest(served.listener.url, "server/discover");
    expect(response.status).toBe(200);
    const { result } = answerOf(response.body);
    expect(result?.supportedVersions).toContain(MODERN);
    expect(response.headers["mcp-session-id"]).toBeUndefined();
  });

  it("gives a raw stateless tools/list its ttlMs and a private cacheScope", async () => {
    const response = await modernRequest(served.listener.url, "tools/list");
    const { result } = answerOf(response.body);
    expect(result).toMatchObject({
      ttlMs: 60_000,
      cacheScope: "private",
      tools: [{ name: "search_tools" }, { name: "call_tool" }],
    });
    expect(result?.tools).toHaveLength(2);
  });

  it("still requires a credential on the modern path", async () => {
    const response = await modernRequest(served.listener.url, "tools/list", {}, "");
    expect(response.status).toBe(401);
    expect(response.headers["www-authenticate"]).toContain("Bearer");
  });

  it("confirms a destructive call with an input_required round: accepted, it runs; declined, it does not", async () => {
    const accepting = await modernClient(served.listener.url, "alice", "accept");
    try {
      const result = await accepting.client.callTool({ name: "dyn__wipe_data", arguments: {} });
      expect(accepting.asked).toHaveLength(1);
      expect(accepting.asked[0]).toContain("wipe_data");
      expect(result.isError).not.toBe(true);
      expect(textOf(result)).toBe("wiped");
    } finally {
      await accepting.client.close();
    }
    const declining = await modernClient(served.listener.url, "alice", "decline");
    try {
      const result = await declining.client.callTool({ name: "dyn__wipe_data", arguments: {} });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain("declined");
      expect(textOf(result)).not.toContain("wiped");
    } finally {
      await declining.client.close();
    }
    const silent = await modernClient(served.listener.url, "alice");
    try {
      const result = await silent.client.callTool({ name: "dyn__wipe_data", arguments: {} });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain("cannot ask");
    } finally {
      await silent.client.close();
    }
  });

  it("publishes an upstream tool change to an open subscriptions/listen stream", async () => {
    const { client } = await modernClient(served.listener.url, "alice");
    let changes = 0;
    client.setNotificationHandler("notifications/tools/list_changed", () => {
      changes++;
    });
    const subscription = await client.listen({ toolsListChanged: true });
    try {
      // The fixture server adds a tool and announces its own list_changed: the gateway passes it on.
      await client.callTool({ name: "dyn__add_tool", arguments: { name: "fresh_tool" } });
      await waitFor("a tools/list_changed on the listen stream", () => changes > 0, 10_000);
    } finally {
      await subscription.close();
      await client.close();
    }
  });

  it("keeps 2025-era sessions on the same endpoint: a v1 client and a v2 client left in the 2025 era", async () => {
    const v1 = new V1Client({ name: "v1", version: "1" });
    await v1.connect(
      new V1Transport(new URL(served.listener.url), { requestInit: { headers: { authorization: "Bearer bob" } } }),
    );
    const legacy = new Client({ name: "v2-legacy", version: "1" });
    await legacy.connect(
      new StreamableHTTPClientTransport(new URL(served.listener.url), {
        requestInit: { headers: { authorization: "Bearer bob" } },
      }),
    );
    try {
      expect(legacy.getProtocolEra()).toBe("legacy");
      for (const client of [v1, legacy]) {
        const search = await client.callTool({ name: "search_tools", arguments: { query: "echo a message back" } });
        expect(textOf(search)).toContain("now in your tool list");
        expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("dyn__echo");
        expect(textOf(await client.callTool({ name: "dyn__echo", arguments: { text: "old" } }))).toContain("old");
      }
    } finally {
      await v1.close();
      await legacy.close();
    }
  });
});

describe("toolsift's HTTP listener, 2026-07-28 subscriptions/listen streams", () => {
  let served: ServedGateway;
  beforeAll(async () => {
    served = await serveGateway({ auth: testAuthenticator, maxSessionsPerCaller: 1 });
  });
  afterAll(async () => served?.close());

  it("bounds the streams one credential holds open, as it bounds its sessions", async () => {
    const first = await modernClient(served.listener.url, "alice");
    const second = await modernClient(served.listener.url, "alice");
    const other = await modernClient(served.listener.url, "bob");
    try {
      const open = await first.client.listen({ toolsListChanged: true });
      await expect(second.client.listen({ toolsListChanged: true })).rejects.toThrow(/503|listen streams open/);
      const bobs = await other.client.listen({ toolsListChanged: true });
      await bobs.close();
      await open.close();
      // Closed, its place is free again.
      await waitFor("alice's stream to close", async () => {
        try {
          await (await second.client.listen({ toolsListChanged: true })).close();
          return true;
        } catch {
          return false;
        }
      });
    } finally {
      await Promise.all([first, second, other].map(({ client }) => client.close()));
    }
  });
});

describe("toolsift's HTTP listener, 2026-07-28 clients of a --stubs gateway", () => {
  it("lists search_tools, the keep tools and every other tool as a stub, the same for each request", async () => {
    const started = await startInProcessGateway({ keepTools: ["dyn__get_pid"] }, { mode: "stubs" });
    const listener = await listenHttp(started.gateway, {
      port: 0,
      host: "127.0.0.1",
      log: () => undefined,
      auth: false,
    });
    try {
      const listed = async () => {
        const { result } = answerOf((await modernRequest(listener.url, "tools/list", {}, "")).body);
        return result?.tools as { name: string; description: string }[];
      };
      const tools = await listed();
      expect(tools.slice(0, 3).map((tool) => tool.name)).toEqual(["search_tools", "call_tool", "dyn__get_pid"]);
      expect(tools.map((tool) => tool.name)).toContain("dyn__wipe_data");
      expect(tools.length).toBeGreaterThan(5);
      expect(tools.find((tool) => tool.name === "dyn__echo")).toMatchObject({
        description: expect.stringMatching(/…$/),
        inputSchema: { type: "object" },
      });
      expect(await listed()).toEqual(tools);
    } finally {
      await listener.close();
      await started.close();
    }
  });
});
