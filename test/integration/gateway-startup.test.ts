import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { Client as ClientV2 } from "@modelcontextprotocol/client";
import { StdioClientTransport as StdioClientTransportV2 } from "@modelcontextprotocol/client/stdio";
import { afterEach, describe, expect, it } from "vitest";
import {
  CLI_ARGS,
  ROOT,
  connectGateway,
  resultText,
  scratchDir,
  writeConfig,
  type GatewayClient,
} from "../support/gateway-process.js";
import { DYNAMIC_SERVER, waitFor } from "../support/mcp-servers.js";

/**
 * `toolsift serve` starting in front of upstream servers that are slow, that never answer, or
 * that fail: a real MCP SDK client over stdio to the real CLI, and real server processes.
 */

/** The slow server's start delay: far longer than the gateway's own start, so "before it is up" means something. */
const SLOW_START_MS = 9000;
const SECRET = "sk-live-TOPSECRET";

const gateways: GatewayClient[] = [];
afterEach(async () => {
  for (const gateway of gateways.splice(0)) await gateway.close();
});

interface SearchBody {
  matches: { name: string }[];
  hint?: string;
  unavailable?: { server: string; state: string; error?: string }[];
}

async function search(gateway: GatewayClient, query: string): Promise<SearchBody> {
  const result = await gateway.client.callTool({ name: "search_tools", arguments: { query } });
  expect(result.isError).toBeFalsy();
  return JSON.parse(resultText(result)) as SearchBody;
}

describe("toolsift serve connects its servers in the background", () => {
  it("answers initialize before a slow server is up, names it and the failed servers in searches, and lists its tools once it connects", async () => {
    const scratch = scratchDir();
    const started = join(scratch, "slow-started");
    const file = writeConfig({
      mcpServers: {
        fast: { command: process.execPath, args: [DYNAMIC_SERVER], stderr: "ignore" },
        slow: {
          command: process.execPath,
          args: [DYNAMIC_SERVER],
          env: { FIXTURE_START_DELAY_MS: String(SLOW_START_MS), FIXTURE_STARTED_FILE: started },
          stderr: "ignore",
        },
        // Exits at once with an error; its args and env hold a token that must never reach the model.
        crashing: {
          command: process.execPath,
          args: [DYNAMIC_SERVER, `--token=${SECRET}`],
          env: { FIXTURE_DOWN_FILE: scratch, API_TOKEN: SECRET },
          stderr: "ignore",
        },
        missing: { command: join(scratch, "no-such-mcp-server"), args: [`--token=${SECRET}`] },
        // Every tool of this one is denied: clients never hear of it.
        hidden: { command: join(scratch, "no-such-hidden-server") },
      },
      toolsift: { deny: ["hidden__*"], refreshWaitMs: 3000, reconnect: { initialDelayMs: 60_000, maxDelayMs: 60_000 } },
    });

    const gateway = await connectGateway(file, { args: ["--stubs"] });
    gateways.push(gateway);
    // connectGateway resolves once initialize is answered: the slow server has not even read its stdin yet.
    expect(existsSync(started)).toBe(false);
    expect(gateway.client.getInstructions()).toMatch(/fronts 4 MCP servers \(fast, slow, crashing, missing\)/);

    // What is ready is listed; then the search waits a little for the servers still connecting.
    const listed = (await gateway.client.listTools()).tools.map((tool) => tool.name);
    expect(listed[0]).toBe("search_tools");
    expect(listed).not.toContain("slow__echo");
    const during = await search(gateway, "echo the given text back");
    expect(existsSync(started)).toBe(false);
    expect(during.matches.map((match) => match.name)).toContain("fast__echo");
    expect(during.unavailable).toEqual([
      { server: "slow", state: "connecting" },
      { server: "crashing", state: "down", error: "exited with code 1" },
      { server: "missing", state: "down", error: "command not found" },
    ]);
    expect(during.hint).toMatch(/still connecting or down \(see unavailable\)/);
    const empty = await search(gateway, "ⴰⴱⴳ ᚠᚢᚦ");
    expect(empty.matches).toEqual([]);
    expect(empty.hint).toMatch(/some servers are still connecting .* Search again in a few seconds/);
    for (const body of [during, empty]) expect(JSON.stringify(body)).not.toMatch(/TOPSECRET|hidden/);
    // A call says why a server's tool is missing, but not for the hidden server.
    const early = await gateway.client.callTool({ name: "missing__anything", arguments: {} });
    expect(resultText(early)).toMatch(/the server "missing" is down \(command not found\)/);
    const hiddenCall = await gateway.client.callTool({ name: "hidden__anything", arguments: {} });
    expect(resultText(hiddenCall)).toBe(
      'There is no tool named "hidden__anything" available here. Use search_tools to find the right tool by what it does.',
    );

    // The slow server connects: the client is told its list changed, and the new list has its tools.
    const seen = gateway.listChanges();
    await waitFor("the slow server to start", () => existsSync(started), SLOW_START_MS * 3);
    await gateway.waitForListChange(seen, SLOW_START_MS * 2);
    await waitFor("slow's tools to be listed", async () =>
      (await gateway.client.listTools()).tools.some((tool) => tool.name === "slow__echo"),
    );
    const after = await search(gateway, "echo the given text back");
    expect(after.matches.map((match) => match.name)).toContain("slow__echo");
    expect(after.unavailable?.map((source) => source.server)).toEqual(["crashing", "missing"]);
    expect(gateway.errors).toEqual([]);
  }, 90_000);

  it("answers initialize at once in front of a server that never answers it, and a search names that server as connecting", async () => {
    // Without the background start, initialize would wait for this server's initialize to time out.
    const requestTimeoutMs = 20_000;
    const file = writeConfig({
      mcpServers: {
        fast: { command: process.execPath, args: [DYNAMIC_SERVER], stderr: "ignore" },
        stuck: {
          command: process.execPath,
          args: [DYNAMIC_SERVER],
          env: { FIXTURE_START_DELAY_MS: "600000" },
          stderr: "ignore",
        },
      },
      toolsift: { requestTimeoutMs },
    });
    const since = Date.now();
    const gateway = await connectGateway(file);
    gateways.push(gateway);
    const initializeMs = Date.now() - since;
    expect(initializeMs).toBeLessThan(requestTimeoutMs / 2);
    const body = await search(gateway, "echo the given text back");
    expect(body.matches.map((match) => match.name)).toContain("fast__echo");
    expect(body.unavailable).toEqual([{ server: "stuck", state: "connecting" }]);
  }, 60_000);

  it("exits 0 at once when the client hangs up while a server is still connecting", async () => {
    const requestTimeoutMs = 30_000;
    const file = writeConfig({
      mcpServers: {
        stuck: {
          command: process.execPath,
          args: [DYNAMIC_SERVER],
          env: { FIXTURE_START_DELAY_MS: "600000" },
          stderr: "ignore",
        },
      },
      toolsift: { requestTimeoutMs },
    });
    const child = spawn(process.execPath, [...CLI_ARGS, "serve", "--config", file], {
      cwd: ROOT,
      stdio: ["pipe", "pipe", "pipe"],
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    const initialize = {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "hang-up", version: "1" },
    };
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: initialize })}\n`);
    await waitFor("the initialize answer", () => stdout.includes('"id":1'), requestTimeoutMs / 2);
    const since = Date.now();
    child.stdin.end();
    expect(await exited).toBe(0);
    expect(Date.now() - since).toBeLessThan(requestTimeoutMs / 3);
  }, 60_000);
});

describe("toolsift serve answers a 2026-07-28 probe while it starts", () => {
  /** serve over stdio in front of one server whose start takes `delayMs`, a keep tool's, waited for. */
  const serveBehindLateKeepTool = (delayMs: number) => {
    const file = writeConfig({
      mcpServers: {
        late: {
          command: process.execPath,
          args: [DYNAMIC_SERVER],
          env: { FIXTURE_START_DELAY_MS: String(delayMs) },
          stderr: "ignore",
        },
      },
      toolsift: { keepTools: ["late__echo"], refreshWaitMs: 60_000 },
    });
    const child = spawn(process.execPath, [...CLI_ARGS, "serve", "--config", file], {
      cwd: ROOT,
      stdio: ["pipe", "pipe", "pipe"],
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    const output = { stdout: "", stderr: "" };
    child.stdout.on("data", (chunk: Buffer) => (output.stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (output.stderr += chunk.toString("utf8")));
    return { child, exited, output };
  };

  it("answers server/discover before a keep tool's server is up, as it would after, and serves the modern era from then on", async () => {
    // The start waits for keep tools' servers (here until this one is up); a client's probe must not.
    const { child, exited, output } = serveBehindLateKeepTool(5000);
    const envelope = {
      "io.modelcontextprotocol/protocolVersion": "2026-07-28",
      "io.modelcontextprotocol/clientInfo": { name: "probe", version: "1" },
      "io.modelcontextprotocol/clientCapabilities": {},
    };
    const send = (id: number, method: string) =>
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params: { _meta: envelope } })}\n`);
    const answer = async (id: number) => {
      await waitFor(`the answer to request ${id}`, () => output.stdout.includes(`"id":${id}}`), 30_000);
      const line = output.stdout.split("\n").find((text) => text.includes(`"id":${id}}`))!;
      return JSON.parse(line) as {
        result: {
          supportedVersions: string[];
          instructions: string;
          capabilities: { resources: object };
          tools?: { name: string }[];
        };
      };
    };
    try {
      send(1, "server/discover");
      const early = await answer(1);
      // Answered while the gateway was still starting: before it serves, and before the server is up.
      expect(output.stderr).not.toContain("serving MCP over stdio");
      expect(output.stderr).not.toMatch(/MCP server "late" connected/);
      expect(early.result.supportedVersions).toContain("2026-07-28");
      expect(early.result.instructions).toMatch(/^toolsift fronts 1 MCP server \(late\);.* through call_tool/);

      send(2, "tools/list");
      const listed = await answer(2);
      expect(output.stderr).toMatch(/MCP server "late" connected/);
      expect(listed.result.tools!.map((tool) => tool.name)).toEqual(["search_tools", "call_tool", "late__echo"]);
      // The gateway's own answer, once started, says what the early one said. Only `subscribe`
      // may differ: declared while a server is starting, it is dropped once this one is known
      // not to offer it, as a session opened then would see.
      send(3, "server/discover");
      const { capabilities: late, ...rest } = (await answer(3)).result;
      const { capabilities: before, ...earlyRest } = early.result;
      expect(rest).toEqual(earlyRest);
      expect({ ...late, resources: { ...late.resources, subscribe: true } }).toEqual(before);
    } finally {
      child.stdin.end();
    }
    expect(await exited).toBe(0);
  }, 90_000);

  it("stops when the client hangs up while the gateway is still starting", async () => {
    const { child, exited, output } = serveBehindLateKeepTool(4000);
    child.stdin.end();
    expect(await exited).toBe(0);
    expect(output.stderr).toContain("stop: the client closed stdin");
  }, 60_000);
});

describe("toolsift serve answers what a client asks before its servers are up", () => {
  /** Long enough that a call made at once arrives well before the server is up. */
  const DELAY_MS = 2500;

  it("answers a v1 client that connects and at once calls tools by name, of a ready server and of one still starting", async () => {
    const file = writeConfig({
      mcpServers: {
        fast: { command: process.execPath, args: [DYNAMIC_SERVER], stderr: "ignore" },
        slow: {
          command: process.execPath,
          args: [DYNAMIC_SERVER],
          env: { FIXTURE_START_DELAY_MS: String(DELAY_MS) },
          stderr: "ignore",
        },
      },
    });
    // As a one-shot client (the MCP Inspector's CLI) does: initialize, then tools/call straight away.
    const gateway = await connectGateway(file);
    gateways.push(gateway);
    const [fast, slow] = await Promise.all([
      gateway.client.callTool({ name: "fast__echo", arguments: { text: "one" } }),
      gateway.client.callTool({ name: "slow__echo", arguments: { text: "two" } }),
    ]);
    expect(resultText(fast)).toBe("echo: one");
    expect(resultText(slow)).toBe("echo: two");
    // Once every server is up, a name none of them lists is answered as before, at once.
    const since = Date.now();
    const unknown = await gateway.client.callTool({ name: "fast__no_such_tool", arguments: {} });
    expect(resultText(unknown)).toMatch(/There is no tool named "fast__no_such_tool"/);
    expect(Date.now() - since).toBeLessThan(1500);
  }, 60_000);

  it("answers a v2 client that connects and at once calls a tool of a server still starting", async () => {
    const file = writeConfig({
      mcpServers: {
        slow: {
          command: process.execPath,
          args: [DYNAMIC_SERVER],
          env: { FIXTURE_START_DELAY_MS: String(DELAY_MS) },
          stderr: "ignore",
        },
      },
    });
    const client = new ClientV2({ name: "one-shot-v2", version: "1.0.0" });
    await client.connect(
      new StdioClientTransportV2({
        command: process.execPath,
        args: [...CLI_ARGS, "serve", "--config", file],
        env: { ...process.env } as Record<string, string>,
        cwd: ROOT,
        stderr: "ignore",
      }),
    );
    try {
      const result = await client.callTool({ name: "slow__echo", arguments: { text: "v2" } });
      expect(resultText(result)).toBe("echo: v2");
    } finally {
      await client.close();
    }
  }, 60_000);

  it("lists a starting server's resources and prompts to a client that asks at once", async () => {
    const file = writeConfig({
      mcpServers: {
        slow: {
          command: process.execPath,
          args: [DYNAMIC_SERVER],
          env: { FIXTURE_START_DELAY_MS: String(DELAY_MS), FIXTURE_CONTENT: "1" },
          stderr: "ignore",
        },
      },
    });
    const gateway = await connectGateway(file);
    gateways.push(gateway);
    const [resources, prompts] = await Promise.all([gateway.client.listResources(), gateway.client.listPrompts()]);
    expect(resources.resources.map((resource) => resource.name)).toContain("slow__greeting");
    expect(prompts.prompts.map((prompt) => prompt.name)).toContain("slow__greet");
  }, 60_000);

  it("lists a starting server's tools to a client that asks at once: as stubs, and in full under the threshold", async () => {
    // A one-shot client (the MCP Inspector's CLI) lists the tools once and calls only a tool it
    // found there: a first list of search_tools alone leaves it nothing to call.
    const slow = {
      command: process.execPath,
      args: [DYNAMIC_SERVER],
      env: { FIXTURE_START_DELAY_MS: String(DELAY_MS) },
      stderr: "ignore",
    };
    // Side by side, so each lists at once after its own initialize.
    const [stubs, whole] = await Promise.all([
      connectGateway(writeConfig({ mcpServers: { slow }, toolsift: { refreshWaitMs: 30_000 } }), { args: ["--stubs"] }),
      connectGateway(
        writeConfig({
          mcpServers: { slow },
          toolsift: { refreshWaitMs: 30_000, toolSearchThresholdTokens: 1_000_000 },
        }),
      ),
    ]);
    gateways.push(stubs, whole);
    const [asStubs, inFull] = await Promise.all([stubs.client.listTools(), whole.client.listTools()]);
    expect(asStubs.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(["search_tools", "slow__echo"]));
    const echo = inFull.tools.find((tool) => tool.name === "slow__echo");
    expect(echo?.inputSchema.required).toEqual(["text"]);
  }, 60_000);

  it("answers a first tools/list of the search listing at once, while a server is still starting", async () => {
    // Codex gives an optional MCP server about a second after a turn starts to answer initialize
    // and tools/list, then leaves it out of that turn: waiting here would change nothing listed.
    const started = join(scratchDir(), "slow-started");
    const slow = {
      command: process.execPath,
      args: [DYNAMIC_SERVER],
      env: { FIXTURE_START_DELAY_MS: "9000", FIXTURE_STARTED_FILE: started },
      stderr: "ignore",
    };
    const gateway = await connectGateway(writeConfig({ mcpServers: { slow }, toolsift: { refreshWaitMs: 30_000 } }));
    gateways.push(gateway);
    const listed = (await gateway.client.listTools()).tools.map((tool) => tool.name);
    expect(existsSync(started)).toBe(false);
    expect(listed).toEqual(["search_tools", "call_tool"]);
  }, 60_000);

  it("holds a first tools/list for a server that never answers no longer than refreshWaitMs, and a later one not at all", async () => {
    const refreshWaitMs = 3000;
    const file = writeConfig({
      mcpServers: {
        fast: { command: process.execPath, args: [DYNAMIC_SERVER], stderr: "ignore" },
        stuck: {
          command: process.execPath,
          args: [DYNAMIC_SERVER],
          env: { FIXTURE_START_DELAY_MS: "600000" },
          stderr: "ignore",
        },
      },
      toolsift: { refreshWaitMs },
    });
    const gateway = await connectGateway(file, { args: ["--stubs"] });
    gateways.push(gateway);
    const first = Date.now();
    const listed = (await gateway.client.listTools()).tools.map((tool) => tool.name);
    expect(Date.now() - first).toBeLessThan(refreshWaitMs + 5000);
    expect(listed).toContain("fast__echo");
    expect(listed).not.toContain("stuck__echo");
    const second = Date.now();
    await gateway.client.listTools();
    expect(Date.now() - second).toBeLessThan(2000);
  }, 60_000);

  it("waits for a server that never answers in the first lists only, and lists the others' resources", async () => {
    const file = writeConfig({
      mcpServers: {
        fast: { command: process.execPath, args: [DYNAMIC_SERVER], env: { FIXTURE_CONTENT: "1" }, stderr: "ignore" },
        stuck: {
          command: process.execPath,
          args: [DYNAMIC_SERVER],
          env: { FIXTURE_START_DELAY_MS: "600000", FIXTURE_CONTENT: "1" },
          stderr: "ignore",
        },
      },
    });
    const gateway = await connectGateway(file);
    gateways.push(gateway);
    const first = Date.now();
    const resources = await gateway.client.listResources();
    // The first list waits for the hung server, 10 s at most, then answers with the others'.
    expect(Date.now() - first).toBeLessThan(15_000);
    expect(resources.resources.map((resource) => resource.name)).toContain("fast__greeting");
    const second = Date.now();
    const prompts = await gateway.client.listPrompts();
    expect(Date.now() - second).toBeLessThan(2000);
    expect(prompts.prompts.map((prompt) => prompt.name)).toEqual(["fast__greet"]);
  }, 60_000);

  it("answers initialize at once when a keep tool's server never answers, and a call to it waits no longer than the connect timeout", async () => {
    // Before, initialize waited for the hung server's connect attempt to time out: all of
    // requestTimeoutMs. Long enough that the gateway's own start on a loaded machine (tsx, the
    // ranker, SDK v2's import) stays well inside the bound below.
    const requestTimeoutMs = 30_000;
    const file = writeConfig({
      mcpServers: {
        fast: { command: process.execPath, args: [DYNAMIC_SERVER], stderr: "ignore" },
        stuck: {
          command: process.execPath,
          args: [DYNAMIC_SERVER],
          env: { FIXTURE_START_DELAY_MS: "600000" },
          stderr: "ignore",
        },
        late: {
          command: process.execPath,
          args: [DYNAMIC_SERVER],
          env: { FIXTURE_START_DELAY_MS: String(DELAY_MS) },
          stderr: "ignore",
        },
      },
      toolsift: { requestTimeoutMs, refreshWaitMs: 500, keepTools: ["fast__echo", "stuck__echo", "late__get_pid"] },
    });
    const since = Date.now();
    const gateway = await connectGateway(file);
    gateways.push(gateway);
    // Most of this is the gateway's own start (tsx, the ranker) on a busy machine.
    expect(Date.now() - since).toBeLessThan(requestTimeoutMs * 0.75);
    const called = Date.now();
    const stuck = await gateway.client.callTool({ name: "stuck__echo", arguments: { text: "x" } });
    expect(stuck.isError).toBe(true);
    expect(resultText(stuck)).toMatch(/stuck/);
    // It waited for the attempt under way, which the timeouts end: not forever. SDK v2 first asks
    // server/discover, then falls back to the 2025 handshake, each within the request timeout.
    expect(Date.now() - called).toBeLessThan(2 * requestTimeoutMs + 5000);
    const fast = await gateway.client.callTool({ name: "fast__echo", arguments: { text: "y" } });
    expect(resultText(fast)).toBe("echo: y");
    // The keep tool of the server that came up after initialize is listed as a keep tool: in full, and first.
    await waitFor("the late server's keep tool to be listed", async () =>
      (await gateway.client.listTools()).tools.some((tool) => tool.name === "late__get_pid"),
    );
    const listed = (await gateway.client.listTools()).tools.map((tool) => tool.name);
    expect(listed.slice(0, 4).sort()).toEqual(["call_tool", "fast__echo", "late__get_pid", "search_tools"]);
  }, 150_000);
});
