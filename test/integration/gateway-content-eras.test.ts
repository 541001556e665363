import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseGatewayConfig } from "../../src/gateway/config/gateway-config.js";
import { Gateway } from "../../src/gateway/gateway.js";
import { testAuthenticator } from "../../src/gateway/http/http-test-kit.fixture.js";
import { listenHttp, type HttpListener } from "../../src/gateway/http/http-listener.js";
import { CLI_ARGS, ROOT, scratchDir, waitForUpstreams, writeConfig } from "../support/gateway-process.js";
import { DYNAMIC_SERVER, waitFor } from "../support/mcp-servers.js";

/**
 * Upstream resources, prompts and completions through `toolsift serve` in the 2026-07-28 era:
 * real SDK v2 clients pinned to it, over Streamable HTTP (a gateway in this process, with
 * policies) and over stdio (a real `toolsift serve` process), in front of real fixture servers.
 */

const MODERN = "2026-07-28";

function dynamicServer(env: Record<string, string>) {
  return { command: process.execPath, args: [DYNAMIC_SERVER], stderr: "ignore", env: { FIXTURE_CONTENT: "1", ...env } };
}

let gateway: Gateway;
let listener: HttpListener;
const lines: string[] = [];

beforeAll(async () => {
  const dir = scratchDir();
  const config = parseGatewayConfig(
    {
      mcpServers: {
        dyn: dynamicServer({ FIXTURE_SUBSCRIBE_FILE: join(dir, "dyn.subscriptions") }),
        secret: dynamicServer({}),
      },
      toolsift: { policies: [{ callers: ["bob"], deny: ["secret__*"] }] },
    },
    join(dir, "mcp.json"),
    {},
  );
  gateway = await Gateway.start({ config, log: (line) => lines.push(line) });
  listener = await listenHttp(gateway, { port: 0, host: "127.0.0.1", log: () => undefined, auth: testAuthenticator });
  for (const server of ["dyn", "secret"])
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
