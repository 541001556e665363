import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as V1Transport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseGatewayConfig } from "../../src/gateway/config/gateway-config.js";
import { Gateway } from "../../src/gateway/gateway.js";
import { testAuthenticator } from "../../src/gateway/http/http-test-kit.fixture.js";
import { listenHttp, type HttpListener } from "../../src/gateway/http/http-listener.js";
import { CLI_ARGS, ROOT, scratchDir, waitForUpstreams, writeConfig } from "../support/gateway-process.js";
import { DYNAMIC_SERVER, waitFor } from "../support/mcp-servers.js";
import { v2StdioServer } from "../support/mcp-v2-servers.js";

/**
 * Upstream resources, prompts, completions and resource subscriptions through `toolsift serve`:
 * real SDK v2 clients pinned to 2026-07-28 or in the 2025 era and SDK v1 clients, over Streamable
 * HTTP (a gateway in this process, with policies) and over stdio (a real `toolsift serve`
 * process), in front of real fixture servers (dyn can be subscribed to; secret cannot).
 */

const MODERN = "2026-07-28";

function dynamicServer(env: Record<string, string>) {
  return { command: process.execPath, args: [DYNAMIC_SERVER], stderr: "ignore", env: { FIXTURE_CONTENT: "1", ...env } };
}

let gateway: Gateway;
let listener: HttpListener;
const lines: string[] = [];
const dir = scratchDir();
/** What dyn was asked: a line "subscribe <uri>" or "unsubscribe <uri>" each. */
const asked = () => {
  const file = join(dir, "dyn.subscriptions");
  return existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean) : [];
};

beforeAll(async () => {
  const config = parseGatewayConfig(
    {
      mcpServers: {
        dyn: dynamicServer({ FIXTURE_SUBSCRIBE_FILE: join(dir, "dyn.subscriptions") }),
        secret: dynamicServer({}),
        // An SDK v2 server of the 2026-07-28 era only, whose memo://counter can be subscribed to.
        v2: v2StdioServer("modern"),
      },
      toolsift: { policies: [{ callers: ["bob"], deny: ["secret__*"] }] },
    },
    join(dir, "mcp.json"),
    {},
  );
  gateway = await Gateway.start({ config, log: (line) => lines.push(line) });
  listener = await listenHttp(gateway, { port: 0, host: "127.0.0.1", log: () => undefined, auth: testAuthenticator });
  for (const server of ["dyn", "secret", "v2"])
    await waitFor(`MCP server "${server}" to connect`, () =>
      lines.some((line) => line.includes(`MCP server "${server}" connected`)),
    );
}, 60_000);
afterAll(async () => {
  await listener?.close();
  await gateway?.close();
});

/** A v2 client of the gateway over HTTP as `who`, pinned to 2026-07-28 or left in the 2025 era. */
async function httpClient(who: string, era: "modern" | "legacy" = "modern"): Promise<Client> {
  const client = new Client(
    { name: `http-${era}`, version: "1" },
    era === "modern" ? { versionNegotiation: { mode: { pin: MODERN } } } : {},
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(listener.url), {
      requestInit: { headers: { authorization: `Bearer ${who}` } },
    }),
  );
  return client;
}

/** A v2 client of a `toolsift serve` process over stdio, pinned to 2026-07-28 or left in the 2025 era. */
async function stdioClient(file: string, servers: string[], era: "modern" | "legacy" = "modern") {
  let stderr = "";
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...CLI_ARGS, "serve", "--config", file],
    env: { ...process.env } as Record<string, string>,
    cwd: ROOT,
    stderr: "pipe",
  });
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const client = new Client(
    { name: `stdio-${era}`, version: "1" },
    era === "modern" ? { versionNegotiation: { mode: { pin: MODERN } } } : {},
  );
  await client.connect(transport);
  await waitForUpstreams({ stderr: () => stderr }, servers);
  return client;
}

/** Of a list of URIs or names, the dynamic fixtures' (sorted). */
function ofFixtures(names: string[]): string[] {
  return names.filter((name) => /^(toolsift:\/\/)?(dyn|secret)(\/|__)/.test(name)).sort();
}

describe("2026-07-28 clients over HTTP get the upstream servers' content", () => {
  it("lists and reads resources and templates, under the gateway's URIs, with the 2025 era's scoping", async () => {
    const alice = await httpClient("alice");
    const bob = await httpClient("bob");
    try {
      expect(alice.getProtocolEra()).toBe("modern");
      expect(alice.getServerCapabilities()).toMatchObject({
        resources: { listChanged: true },
        prompts: { listChanged: true },
        completions: {},
      });
      expect(ofFixtures((await alice.listResources()).resources.map((resource) => resource.uri))).toEqual([
        "toolsift://dyn/file:///shared/readme.md",
        "toolsift://dyn/memo://greeting",
        "toolsift://secret/file:///shared/readme.md",
        "toolsift://secret/memo://greeting",
      ]);
      expect((await alice.readResource({ uri: "toolsift://dyn/memo://greeting" })).contents).toEqual([
        { uri: "toolsift://dyn/memo://greeting", mimeType: "text/plain", text: "hello" },
      ]);
      const { resourceTemplates } = await alice.listResourceTemplates();
      expect(ofFixtures(resourceTemplates.map((template) => template.uriTemplate))).toEqual([
        "toolsift://dyn/memo://notes/{id}",
        "toolsift://secret/memo://notes/{id}",
      ]);
      expect((await alice.readResource({ uri: "toolsift://dyn/memo://notes/7" })).contents[0]).toMatchObject({
        text: "note 7",
      });
      // Bob's policy hides secret: not listed, and reading it is answered as a URI nobody has,
      // with 2026-07-28's code for that (Invalid Params, where the 2025 era had -32002).
      expect(ofFixtures((await bob.listResources()).resources.map((resource) => resource.uri))).toEqual([
        "toolsift://dyn/file:///shared/readme.md",
        "toolsift://dyn/memo://greeting",
      ]);
      await expect(bob.readResource({ uri: "toolsift://secret/memo://greeting" })).rejects.toMatchObject({
        code: -32602,
        message: expect.stringContaining("Resource not found"),
      });
      await expect(alice.readResource({ uri: "memo://greeting" })).rejects.toMatchObject({ code: -32602 });
    } finally {
      await Promise.allSettled([alice.close(), bob.close()]);
    }
  });

  it("lists and gets prompts named server__prompt, and routes completions to the prompt's server", async () => {
    const alice = await httpClient("alice");
    const bob = await httpClient("bob");
    try {
      expect(ofFixtures((await alice.listPrompts()).prompts.map((prompt) => prompt.name))).toEqual([
        "dyn__greet",
        "secret__greet",
      ]);
      expect(ofFixtures((await bob.listPrompts()).prompts.map((prompt) => prompt.name))).toEqual(["dyn__greet"]);
      const prompt = await alice.getPrompt({ name: "dyn__greet", arguments: { who: "Ada" } });
      expect(prompt.messages).toEqual([
        { role: "user", content: { type: "text", text: "Say hello to Ada." } },
        {
          role: "user",
          content: { type: "resource", resource: { uri: "toolsift://dyn/memo://greeting", text: "hello" } },
        },
      ]);
      await expect(bob.getPrompt({ name: "secret__greet", arguments: { who: "x" } })).rejects.toThrow(/Unknown prompt/);
      // The fixture declares no completions: the gateway says so rather than asking it.
      await expect(
        alice.complete({ ref: { type: "ref/prompt", name: "dyn__greet" }, argument: { name: "who", value: "A" } }),
      ).rejects.toThrow(/does not offer completions/);
      await expect(
        bob.complete({ ref: { type: "ref/prompt", name: "secret__greet" }, argument: { name: "who", value: "A" } }),
      ).rejects.toThrow(/Unknown prompt/);
    } finally {
      await Promise.allSettled([alice.close(), bob.close()]);
    }
  });
});

describe("2026-07-28 clients over stdio get the upstream servers' content", () => {
  it("lists and reads resources, lists and gets prompts", async () => {
    const file = writeConfig({ mcpServers: { dyn: dynamicServer({}) } });
    const client = await stdioClient(file, ["dyn"]);
    try {
      expect(client.getProtocolEra()).toBe("modern");
      expect(ofFixtures((await client.listResources()).resources.map((resource) => resource.uri))).toEqual([
        "toolsift://dyn/file:///shared/readme.md",
        "toolsift://dyn/memo://greeting",
      ]);
      expect((await client.readResource({ uri: "toolsift://dyn/file:///shared/readme.md" })).contents[0]).toMatchObject(
        { text: "# readme" },
      );
      expect((await client.listPrompts()).prompts.map((prompt) => prompt.name)).toEqual(["dyn__greet"]);
      expect((await client.getPrompt({ name: "dyn__greet", arguments: { who: "Bo" } })).messages[0]).toEqual({
        role: "user",
        content: { type: "text", text: "Say hello to Bo." },
      });
    } finally {
      await client.close();
    }
  });
});

/** An SDK v1 client of the gateway over HTTP as `who` (a 2025-era session), and the updates it heard. */
async function v1Client(who: string) {
  const client = new V1Client({ name: `v1-${who}`, version: "1" });
  const updates: string[] = [];
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (note) => void updates.push(note.params.uri));
  const transport = new V1Transport(new URL(listener.url), {
    requestInit: { headers: { authorization: `Bearer ${who}` } },
  });
  await client.connect(transport);
  /** Ends the session as a client that leaves does (DELETE), then the client. */
  const leave = async () => {
    await transport.terminateSession().catch(() => undefined);
    await client.close();
  };
  return { client, updates, leave };
}

/** Has dyn send notifications/resources/updated for `uri` (its own URI), through a tool call. */
async function touch(client: V1Client, uri: string) {
  const result = await client.callTool({ name: "dyn__touch_resource", arguments: { uri } });
  expect(result.isError).toBeFalsy();
}

describe("2025-era sessions' resource subscriptions", () => {
  const GREETING = "toolsift://dyn/memo://greeting";

  it("subscribe once upstream, reach only the sessions that subscribed, and unsubscribe when the last goes", async () => {
    const alice = await v1Client("alice");
    const carol = await v1Client("carol");
    const bob = await v1Client("bob");
    try {
      expect(alice.client.getServerCapabilities()?.resources).toMatchObject({ subscribe: true, listChanged: true });
      await alice.client.subscribeResource({ uri: GREETING });
      await carol.client.subscribeResource({ uri: GREETING });
      expect(asked().filter((line) => line === "subscribe memo://greeting")).toHaveLength(1);
      await touch(alice.client, "memo://greeting");
      await waitFor("both subscribers to hear of it", () => alice.updates.length === 1 && carol.updates.length === 1);
      expect(alice.updates).toEqual([GREETING]);
      // A URI nobody subscribed to reaches nobody; one that is, only its subscribers.
      await touch(bob.client, "file:///shared/readme.md");
      await touch(bob.client, "memo://greeting");
      await waitFor("the second update", () => alice.updates.length === 2 && carol.updates.length === 2);
      expect(bob.updates).toEqual([]);
      await alice.client.unsubscribeResource({ uri: GREETING });
      await touch(bob.client, "memo://greeting");
      await waitFor("carol to hear the third", () => carol.updates.length === 3);
      expect(alice.updates).toHaveLength(2);
      expect(asked()).not.toContain("unsubscribe memo://greeting");
      // The last subscriber's session ends: the upstream subscription ends with it.
      await carol.leave();
      await waitFor("dyn to be unsubscribed", () => asked().includes("unsubscribe memo://greeting"));
    } finally {
      await Promise.allSettled([alice.client.close(), carol.client.close(), bob.client.close()]);
    }
  });

  it("refuses a server the caller's policy hides, one without subscriptions, and past the session's bound", async () => {
    const bob = await v1Client("bob");
    const alice = await v1Client("alice");
    try {
      await expect(bob.client.subscribeResource({ uri: "toolsift://secret/memo://greeting" })).rejects.toMatchObject({
        code: -32002,
      });
      await expect(alice.client.subscribeResource({ uri: "toolsift://secret/memo://greeting" })).rejects.toThrow(
        /does not offer resource subscriptions/,
      );
      await expect(alice.client.subscribeResource({ uri: "memo://greeting" })).rejects.toMatchObject({
        code: -32002,
      });
      for (let note = 0; note < 100; note++)
        await alice.client.subscribeResource({ uri: `toolsift://dyn/memo://notes/${note}` });
      await expect(alice.client.subscribeResource({ uri: "toolsift://dyn/memo://notes/100" })).rejects.toThrow(
        /already holds 100 resource subscriptions/,
      );
      expect(asked()).not.toContain("subscribe memo://notes/100");
      await alice.leave();
      await waitFor("every note to be unsubscribed upstream", () =>
        Array.from({ length: 100 }, (_, note) => `unsubscribe memo://notes/${note}`).every((line) =>
          asked().includes(line),
        ),
      );
    } finally {
      await Promise.allSettled([alice.client.close(), bob.client.close()]);
    }
  });

  it("reach an SDK v2 client in the 2025 era over stdio", async () => {
    const file = writeConfig({
      mcpServers: { dyn: dynamicServer({ FIXTURE_SUBSCRIBE_FILE: join(scratchDir(), "subscriptions") }) },
    });
    const client = await stdioClient(file, ["dyn"], "legacy");
    const updates: string[] = [];
    client.setNotificationHandler("notifications/resources/updated", (note) => void updates.push(note.params.uri));
    try {
      expect(client.getProtocolEra()).toBe("legacy");
      expect(client.getServerCapabilities()?.resources).toMatchObject({ subscribe: true });
      await client.subscribeResource({ uri: GREETING });
      await client.callTool({ name: "dyn__touch_resource", arguments: { uri: "memo://greeting" } });
      await waitFor("the update", () => updates.length === 1);
      expect(updates).toEqual([GREETING]);
    } finally {
      await client.close();
    }
  });
});

describe("2026-07-28 clients' subscriptions/listen with resourceSubscriptions", () => {
  const GREETING = "toolsift://dyn/memo://greeting";
  const COUNTER = "toolsift://v2/memo://counter";

  /** What a v2 client heard of resource updates. */
  function updatesOf(client: Client): string[] {
    const updates: string[] = [];
    client.setNotificationHandler("notifications/resources/updated", (note) => void updates.push(note.params.uri));
    return updates;
  }

  it("acknowledges only the URIs the caller may see and the gateway subscribed to, and delivers those only", async () => {
    const alice = await httpClient("alice");
    const bob = await httpClient("bob");
    const heard = { alice: updatesOf(alice), bob: updatesOf(bob) };
    try {
      expect(alice.getServerCapabilities()?.resources).toMatchObject({ subscribe: true });
      const mine = await alice.listen({
        resourceSubscriptions: [GREETING, "toolsift://secret/memo://greeting", "memo://greeting", COUNTER],
      });
      // secret offers no subscriptions, and memo://greeting is no URI of the gateway.
      expect(mine.honoredFilter.resourceSubscriptions).toEqual([GREETING, COUNTER]);
      const bobs = await bob.listen({
        resourceSubscriptions: ["toolsift://dyn/file:///shared/readme.md", "toolsift://secret/memo://greeting"],
      });
      expect(bobs.honoredFilter.resourceSubscriptions).toEqual(["toolsift://dyn/file:///shared/readme.md"]);
      // dyn is a 2025-era server (resources/subscribe), v2 a 2026-07-28 one (a listen stream of the gateway's).
      await alice.callTool({ name: "dyn__touch_resource", arguments: { uri: "memo://greeting" } });
      await alice.callTool({ name: "v2__touch", arguments: {} });
      await waitFor("both updates", () => heard.alice.length === 2);
      expect(heard.alice.sort()).toEqual([GREETING, COUNTER].sort());
      expect(heard.bob).toEqual([]);
      await bob.callTool({ name: "dyn__touch_resource", arguments: { uri: "file:///shared/readme.md" } });
      await waitFor("bob's update", () => heard.bob.length === 1);
      expect(heard.bob).toEqual(["toolsift://dyn/file:///shared/readme.md"]);
      expect(heard.alice).toHaveLength(2);
      // Closing the stream ends the gateway's upstream subscriptions it alone held.
      await bobs.close();
      await waitFor("dyn to be unsubscribed from the readme", () =>
        asked().includes("unsubscribe file:///shared/readme.md"),
      );
      // Counted: the 2025-era tests above unsubscribed from the greeting too.
      const unsubscribed = () => asked().filter((line) => line === "unsubscribe memo://greeting").length;
      const before = unsubscribed();
      await mine.close();
      await waitFor("dyn to be unsubscribed from the greeting", () => unsubscribed() === before + 1);
    } finally {
      await Promise.allSettled([alice.close(), bob.close()]);
    }
  });

  it("reach a 2025-era session subscribed to a 2026-07-28 server's resource", async () => {
    const carol = await v1Client("carol");
    try {
      await carol.client.subscribeResource({ uri: COUNTER });
      await carol.client.callTool({ name: "v2__touch", arguments: {} });
      await waitFor("the update", () => carol.updates.length === 1);
      expect(carol.updates).toEqual([COUNTER]);
    } finally {
      await carol.leave();
    }
  });

  it("work over stdio", async () => {
    const subscriptions = join(scratchDir(), "subscriptions");
    const file = writeConfig({ mcpServers: { dyn: dynamicServer({ FIXTURE_SUBSCRIBE_FILE: subscriptions }) } });
    const client = await stdioClient(file, ["dyn"]);
    const updates = updatesOf(client);
    try {
      const stream = await client.listen({ resourceSubscriptions: [GREETING, "toolsift://nobody/memo://x"] });
      expect(stream.honoredFilter.resourceSubscriptions).toEqual([GREETING]);
      await client.callTool({ name: "dyn__touch_resource", arguments: { uri: "memo://greeting" } });
      await waitFor("the update", () => updates.length === 1);
      expect(updates).toEqual([GREETING]);
      await stream.close();
      await waitFor("dyn to be unsubscribed", () =>
        readFileSync(subscriptions, "utf8").includes("unsubscribe memo://greeting"),
      );
    } finally {
      await client.close();
    }
  });
});
