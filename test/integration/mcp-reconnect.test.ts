import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createToolSearch } from "../../src/index.js";
import { fromMcp, type McpHostEvent, type McpServerConfig, type McpToolHost } from "../../src/public/mcp.js";
import {
  DYNAMIC_SERVER,
  runTool,
  startEverythingHttp,
  textOf,
  toolNamed,
  waitFor,
  type HttpServer,
} from "../support/mcp-servers.js";

/** Small back-offs keep these tests fast; the behaviour is the same as with the defaults. */
const QUICK = { initialDelayMs: 20, maxDelayMs: 200 };

const node = (env?: Record<string, string>): McpServerConfig => ({
  command: process.execPath,
  args: [DYNAMIC_SERVER],
  stderr: "ignore",
  ...(env ? { env } : {}),
});

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "toolsift-mcp-reconnect-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function namesOf(host: McpToolHost, server: string): Promise<string[]> {
  return (await host.listTools()).map((t) => t.name).filter((name) => name.startsWith(`${server}__`));
}

function of<T extends McpHostEvent["type"]>(
  events: readonly McpHostEvent[],
  type: T,
  server: string,
): Extract<McpHostEvent, { type: T }>[] {
  return events.filter(
    (event): event is Extract<McpHostEvent, { type: T }> => event.type === type && event.server === server,
  );
}

describe("a stdio server that crashes mid-session", () => {
  it("drops out while it is down, is retried with back-off, and comes back with its tools", async () => {
    const down = join(tempDir(), "down");
    const events: McpHostEvent[] = [];
    const host = await fromMcp(
      { flaky: node({ FIXTURE_DOWN_FILE: down }), steady: node() },
      { reconnect: QUICK, onEvent: (event) => events.push(event) },
    );
    cleanups.push(() => host.close());
    const before = await namesOf(host, "flaky");
    expect(before).toContain("flaky__echo");
    const staleEcho = toolNamed(await host.listTools(), "flaky__echo");
    const firstPid = textOf(await runTool(host, "flaky__get_pid"));

    // Keep it from coming back, then crash it.
    writeFileSync(down, "");
    expect((await runTool(host, "flaky__crash")).isError).toBe(true);
    await waitFor("flaky's tools to drop out", async () => (await namesOf(host, "flaky")).length === 0);
    expect(host.sourceOf("flaky__echo")).toBeUndefined();
    const [disconnected] = of(events, "disconnected", "flaky");
    expect(disconnected?.error.code).toBe("mcp_disconnected");
    expect(disconnected?.retryInMs).toBeLessThanOrEqual(QUICK.maxDelayMs);
    expect(of(events, "tools-changed", "flaky")[0]?.removed).toEqual(expect.arrayContaining(before));

    // While down: retried, each failure reported with its stderr, and the other server unaffected.
    await waitFor("two failed reconnects", () => of(events, "connect-failed", "flaky").length >= 2);
    const failed = of(events, "connect-failed", "flaky");
    expect(failed.map((event) => event.attempt)).toEqual(failed.map((_, index) => index + 1));
    for (const event of failed) {
      expect(event.error.message).toContain("fixture is down");
      expect(event.retryInMs).toBeLessThanOrEqual(QUICK.maxDelayMs);
    }
    expect(host.status().find((status) => status.server === "flaky")).toMatchObject({
      state: "reconnecting",
      tools: 0,
    });
    expect(textOf(await runTool(host, "steady__echo", { text: "unaffected" }))).toBe("echo: unaffected");
    // refresh() tries a server that is down at once, and says why it is still down.
    await expect(host.refresh("flaky")).rejects.toMatchObject({
      code: "mcp_connect_failed",
      message: expect.stringContaining("fixture is down"),
    });
    const meanwhile = await staleEcho.execute?.({ text: "anyone?" }, { sessionId: undefined, stage: "execute" });
    expect(meanwhile).toMatchObject({ isError: true });
    expect(textOf(meanwhile as never)).toMatch(/"flaky".*not connected.*reconnect/);

    // Let it come back.
    rmSync(down);
    await waitFor("flaky's tools to return", async () => (await namesOf(host, "flaky")).length === before.length);
    expect(await namesOf(host, "flaky")).toEqual(before);
    expect(textOf(await runTool(host, "flaky__echo", { text: "back" }))).toBe("echo: back");
    expect(textOf(await runTool(host, "flaky__get_pid"))).not.toBe(firstPid);
    const connected = of(events, "connected", "flaky");
    expect(connected.at(-1)?.attempt).toBeGreaterThan(1);
    expect(of(events, "tools-changed", "flaky").at(-1)?.added).toEqual(expect.arrayContaining(before));
    expect(host.status().find((status) => status.server === "flaky")).toMatchObject({
      state: "connected",
      tools: before.length,
    });

    // A gateway writes one line per event: each is one bounded line.
    for (const event of events) {
      expect(event.message).not.toMatch(/[\r\n]/);
      expect(event.message.length).toBeLessThanOrEqual(500);
      expect(event.message).toContain(`"${event.server}"`);
    }
    expect(of(events, "disconnected", "steady")).toEqual([]);
  });

  it("leaves and rejoins a tool search's catalogue", async () => {
    const down = join(tempDir(), "down");
    const host = await fromMcp(
      { flaky: node({ FIXTURE_DOWN_FILE: down }), steady: node() },
      { reconnect: QUICK, onEvent: () => {} },
    );
    cleanups.push(() => host.close());
    const toolSearch = await createToolSearch({ tools: host, tuning: { toolSearchThresholdTokens: 0 } });
    cleanups.push(() => toolSearch.close());
    const session = toolSearch.session();
    const query = { query: "echo the given text back" };
    const found = async () => {
      const outcome = await session.searchTools(query);
      return outcome.ok ? outcome.matches.map((match) => match.name) : [];
    };
    expect(await found()).toEqual(expect.arrayContaining(["flaky__echo", "steady__echo"]));

    writeFileSync(down, "");
    await runTool(host, "flaky__crash");
    await waitFor("flaky__echo to leave search", async () => !(await found()).includes("flaky__echo"));
    expect(await found()).toContain("steady__echo");
    const call = await session.execute({ id: "t1", name: "flaky__echo", input: { text: "x" } });
    expect(call.is_error).toBe(true);

    rmSync(down);
    await waitFor("flaky__echo to return to search", async () => (await found()).includes("flaky__echo"));
    const back = await session.execute({ id: "t2", name: "flaky__echo", input: { text: "again" } });
    expect(back).toMatchObject({ content: [{ type: "text", text: "echo: again" }] });
  });

  it("with reconnect: false, stays down: its tools drop out and calls say it is gone", async () => {
    const events: McpHostEvent[] = [];
    const host = await fromMcp(
      { once: node(), steady: node() },
      { reconnect: false, onEvent: (event) => events.push(event) },
    );
    cleanups.push(() => host.close());
    const staleEcho = toolNamed(await host.listTools(), "once__echo");
    await runTool(host, "once__crash");
    await waitFor("once's tools to drop out", async () => (await namesOf(host, "once")).length === 0);
    expect(of(events, "disconnected", "once")[0]?.retryInMs).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(of(events, "connect-failed", "once")).toEqual([]);
    expect(of(events, "connected", "once").length).toBe(1);
    expect(host.status().find((status) => status.server === "once")?.state).toBe("disconnected");
    const late = await staleEcho.execute?.({ text: "x" }, { sessionId: undefined, stage: "execute" });
    expect(textOf(late as never)).toMatch(/not connected/);
    expect((await namesOf(host, "steady")).length).toBeGreaterThan(0);
  });
});

describe("tools-changed", () => {
  it("announces a change a server lists after fromMcp, and nothing for the first listing", async () => {
    const events: McpHostEvent[] = [];
    const host = await fromMcp({ dyn: node() }, { onEvent: (event) => events.push(event) });
    cleanups.push(() => host.close());
    // The notice is the fixture's task-only tool, left out of the first listing.
    expect(events.map((event) => event.type)).toEqual(["notice", "connected"]);
    const listed = (await namesOf(host, "dyn")).length;
    expect(events[1]).toMatchObject({
      tools: listed,
      attempt: 1,
      message: `MCP server "dyn" connected: ${listed} tools`,
    });
    await runTool(host, "dyn__add_tool", { name: "fresh" });
    await waitFor("the tools-changed event", () => of(events, "tools-changed", "dyn").length === 1);
    expect(of(events, "tools-changed", "dyn")[0]).toMatchObject({
      added: ["dyn__fresh"],
      removed: [],
      tools: listed + 1,
    });
    // A list_changed that changed nothing announces nothing.
    await runTool(host, "dyn__touch_list");
    await host.refresh("dyn");
    expect(of(events, "tools-changed", "dyn")).toHaveLength(1);
  });
});

describe("a server that never starts", () => {
  it("does not keep the others from working; it is reported and retried until close()", async () => {
    const events: McpHostEvent[] = [];
    const ghost: McpServerConfig = { command: join(tmpdir(), `toolsift-no-such-mcp-server-${process.pid}`) };
    const host = await fromMcp({ ghost, dyn: node() }, { reconnect: QUICK, onEvent: (event) => events.push(event) });
    let closed = false;
    cleanups.push(() => closed || host.close());
    expect(await namesOf(host, "ghost")).toEqual([]);
    expect(textOf(await runTool(host, "dyn__echo", { text: "works" }))).toBe("echo: works");
    await waitFor("three failed attempts", () => of(events, "connect-failed", "ghost").length >= 3);
    expect(of(events, "connect-failed", "ghost")[0]?.error.message).toMatch(/"ghost"[\s\S]*ENOENT/);
    expect(host.status().map((status) => [status.server, status.state])).toEqual([
      ["ghost", "reconnecting"],
      ["dyn", "connected"],
    ]);
    await host.close();
    closed = true;
    const count = events.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(events.length).toBe(count);
    expect(host.status().every((status) => status.state === "closed")).toBe(true);
  });

  it("rejects fromMcp when no server could connect, naming each, and retries nothing afterwards", async () => {
    const events: McpHostEvent[] = [];
    const attempt = fromMcp(
      {
        ghost: { command: join(tmpdir(), `toolsift-no-such-mcp-server-${process.pid}`) },
        broken: {
          command: process.execPath,
          args: ["-e", "console.error('missing API key for broken'); process.exit(2)"],
          stderr: "ignore",
        },
      },
      { reconnect: QUICK, onEvent: (event) => events.push(event) },
    );
    await expect(attempt).rejects.toMatchObject({
      code: "mcp_connect_failed",
      message: expect.stringMatching(/"ghost"[\s\S]*"broken"[\s\S]*missing API key for broken/),
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(events.filter((event) => event.type === "connect-failed" && event.retryInMs !== undefined)).toEqual([]);
  });
});

describe("who hears about failures", () => {
  const ghost: McpServerConfig = { command: join(tmpdir(), `toolsift-no-such-mcp-server-${process.pid}`) };

  async function warningsWhile(run: () => Promise<void>): Promise<string[]> {
    const warnings: string[] = [];
    const listener = (warning: Error) => warnings.push(warning.message);
    process.on("warning", listener);
    try {
      await run();
      // process.emitWarning delivers on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      return warnings;
    } finally {
      process.off("warning", listener);
    }
  }

  it("without onEvent or onError, process warnings", async () => {
    const warnings = await warningsWhile(async () => {
      const host = await fromMcp({ ghost, dyn: node() }, { reconnect: false });
      await host.close();
    });
    expect(warnings.some((message) => message.includes('"ghost"'))).toBe(true);
  });

  it("with onEvent, that handler alone", async () => {
    const events: McpHostEvent[] = [];
    const warnings = await warningsWhile(async () => {
      const host = await fromMcp({ ghost, dyn: node() }, { reconnect: false, onEvent: (event) => events.push(event) });
      await host.close();
    });
    expect(warnings.filter((message) => message.includes('"ghost"'))).toEqual([]);
    expect(of(events, "connect-failed", "ghost")).toHaveLength(1);
  });

  it("a handler that throws does not break the host", async () => {
    const warnings = await warningsWhile(async () => {
      const host = await fromMcp(
        { ghost, dyn: node() },
        {
          reconnect: false,
          onEvent: () => {
            throw new Error("handler bug");
          },
        },
      );
      try {
        expect(textOf(await runTool(host, "dyn__echo", { text: "fine" }))).toBe("echo: fine");
      } finally {
        await host.close();
      }
    });
    expect(warnings.some((message) => message.includes("handler bug"))).toBe(true);
  });
});

describe("a Streamable HTTP server that goes away", () => {
  let server: HttpServer | undefined;
  afterEach(() => server?.stop());

  it("drops out when a request finds it gone, and comes back when it returns on the same port", async () => {
    server = await startEverythingHttp();
    const { port, url } = server;
    const events: McpHostEvent[] = [];
    const host = await fromMcp({ web: { url } }, { reconnect: QUICK, onEvent: (event) => events.push(event) });
    cleanups.push(() => host.close());
    const before = await namesOf(host, "web");
    expect(before).toContain("web__echo");

    await server.stop();
    const lost = await runTool(host, "web__echo", { message: "anyone?" });
    expect(lost.isError).toBe(true);
    await waitFor("web's tools to drop out", async () => (await namesOf(host, "web")).length === 0);
    expect(of(events, "disconnected", "web")).toHaveLength(1);
    await waitFor("a failed reconnect", () => of(events, "connect-failed", "web").length >= 1);

    server = await startEverythingHttp(port);
    await waitFor("web's tools to return", async () => (await namesOf(host, "web")).length === before.length, 20_000);
    expect(textOf(await runTool(host, "web__echo", { message: "back" }))).toBe("Echo: back");
  });
});
