import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { describe, expect, it } from "vitest";
import { parseGatewayConfig } from "../../src/gateway/config/gateway-config.js";
import { Gateway } from "../../src/gateway/gateway.js";
import type { Caller } from "../../src/gateway/auth/caller.js";
import { LESSONS_FILE } from "../../src/learning/index.js";
import { resultText } from "../support/gateway-process.js";
import { DYNAMIC_SERVER } from "../support/mcp-servers.js";

/**
 * `toolsift.learning` in a real Gateway in front of the real fixture server, with real MCP SDK
 * clients over in-memory transports, and the lessons file in a temporary cache folder.
 */

const QUERY = "process text";
/** bm25 ranks dyn__echo first for QUERY and dyn__get_pid second: a lesson for get_pid must lift it. */
const TAUGHT = "dyn__get_pid";
const UNTAUGHT_TOP = "dyn__echo";

const caller = (id: string, tenant?: string): Caller => ({ id, via: "token", groups: [], scopes: [], tenant });
const ALICE = caller("alice", "acme");
const BOB = caller("bob", "acme");

function startGateway(cacheDir: string, learning: unknown, log: string[] = []) {
  const config = parseGatewayConfig(
    {
      mcpServers: { dyn: { command: process.execPath, args: [DYNAMIC_SERVER], stderr: "ignore" } },
      toolsift: { cacheDir, learning },
    },
    join(cacheDir, "mcp.json"),
    {},
  );
  return Gateway.start({ config, log: (line) => log.push(line) });
}

async function connect(gateway: Gateway, who: Caller): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await gateway.connect(serverSide, { caller: who });
  const client = new Client({ name: `client-of-${who.id}`, version: "1.0.0" });
  await client.connect(clientSide);
  return client;
}

async function search(client: Client, query = QUERY): Promise<string[]> {
  const result = await client.callTool({ name: "search_tools", arguments: { query } });
  return (JSON.parse(resultText(result)) as { matches: { name: string }[] }).matches.map((match) => match.name);
}

/** One session of `who`: searches QUERY, then uses the second match successfully, which teaches it. */
async function teach(gateway: Gateway, who: Caller): Promise<void> {
  const client = await connect(gateway, who);
  try {
    expect(await search(client)).toContain(TAUGHT);
    const result = await client.callTool({ name: TAUGHT, arguments: {} });
    expect(result.isError).toBeFalsy();
  } finally {
    await client.close();
  }
}

/** What a fresh session of `who` ranks first for QUERY. */
async function topFor(gateway: Gateway, who: Caller): Promise<string | undefined> {
  const client = await connect(gateway, who);
  try {
    return (await search(client))[0];
  } finally {
    await client.close();
  }
}

/**
 * A gateway with `learning` in a fresh cache folder, after two sessions of Alice taught TAUGHT
 * (one session's lessons alone never steer another session: corroboration), then `check`.
 */
async function afterAliceTaught(
  learning: unknown,
  check: (taught: { gateway: Gateway; log: string[] }) => Promise<void>,
): Promise<{ cacheDir: string }> {
  const cacheDir = mkdtempSync(join(tmpdir(), "toolsift-learning-"));
  const log: string[] = [];
  const gateway = await startGateway(cacheDir, learning, log);
  try {
    await teach(gateway, ALICE);
    await teach(gateway, ALICE);
    await check({ gateway, log });
  } finally {
    await gateway.close();
  }
  return { cacheDir };
}

describe("toolsift.learning in the gateway", () => {
  it('with scope "identity", one caller\'s lessons lift a tool for that caller only, and outlive the gateway', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), "toolsift-learning-"));
    const first = await startGateway(cacheDir, { store: "file", scope: "identity" });
    try {
      expect(await topFor(first, ALICE)).toBe(UNTAUGHT_TOP);
      // Two sessions: one session's lessons alone never steer another session (corroboration).
      await teach(first, ALICE);
      await teach(first, ALICE);
      expect(await topFor(first, ALICE)).toBe(TAUGHT);
      expect(await topFor(first, BOB)).toBe(UNTAUGHT_TOP);
    } finally {
      await first.close();
    }
    const file = join(cacheDir, LESSONS_FILE);
    expect(existsSync(file)).toBe(true);
    const stored = readFileSync(file, "utf8");
    expect(stored).toContain('"s":"identity:token:alice"');
    expect(stored).toContain(QUERY);
    expect(stored).not.toContain("bob");

    const second = await startGateway(cacheDir, true);
    try {
      expect(await topFor(second, ALICE)).toBe(TAUGHT);
      expect(await topFor(second, BOB)).toBe(UNTAUGHT_TOP);
    } finally {
      await second.close();
    }
  }, 60_000);

  it('with scope "shared" (the control), the same lessons lift the tool for every caller', async () => {
    await afterAliceTaught({ store: "file", scope: "shared" }, async ({ gateway }) => {
      expect(await topFor(gateway, BOB)).toBe(TAUGHT);
    });
  }, 60_000);

  it('with scope "tenant", callers of one tenant learn together; a caller without a tenant learns alone, and is told so', async () => {
    await afterAliceTaught({ store: "file", scope: "tenant" }, async ({ gateway, log }) => {
      expect(await topFor(gateway, BOB)).toBe(TAUGHT);
      expect(await topFor(gateway, caller("carol"))).toBe(UNTAUGHT_TOP);
      expect(log.filter((line) => line.includes('caller "carol" has no tenant'))).toHaveLength(1);
    });
  }, 60_000);

  it("is off by default: no lessons file is written", async () => {
    const { cacheDir } = await afterAliceTaught(undefined, async ({ gateway }) => {
      expect(await topFor(gateway, ALICE)).toBe(UNTAUGHT_TOP);
    });
    expect(existsSync(join(cacheDir, LESSONS_FILE))).toBe(false);
  }, 60_000);

  it("with a PostgreSQL store that cannot be reached, searches still answer, and its password is never logged", async () => {
    const password = "pg-Secret-Pa55";
    const config = parseGatewayConfig(
      {
        mcpServers: { dyn: { command: process.execPath, args: [DYNAMIC_SERVER], stderr: "ignore" } },
        // Port 1 on loopback: refused at once.
        toolsift: { learning: { store: "postgres://toolsift:${PG_PASSWORD}@127.0.0.1:1/toolsift", scope: "identity" } },
      },
      "mcp.json",
      { PG_PASSWORD: password },
    );
    const log: string[] = [];
    const gateway = await Gateway.start({ config, log: (line) => log.push(line) });
    try {
      await teach(gateway, ALICE);
      expect(await topFor(gateway, ALICE)).toBeDefined();
    } finally {
      await gateway.close();
    }
    expect(log.some((line) => /learning|lesson|store|PostgreSQL/i.test(line))).toBe(true);
    expect(log.join("\n")).not.toContain(password);
  }, 60_000);
});
