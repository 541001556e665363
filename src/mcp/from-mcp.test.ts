import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ToolContext, ToolDefinition } from "../catalogue/tool-definition.js";
import { isToolOutput, type ToolOutput } from "../catalogue/tool-output.js";
import { OptionsError, ToolsiftError } from "../errors.js";
import {
  DYNAMIC_SERVER,
  everythingServerEntry,
  isAlive,
  startEverythingHttp,
  type HttpServer,
  runTool as run,
  textOf,
  toolNamed as tool,
  waitFor,
} from "../../test/support/mcp-servers.js";
import { type FromMcpOptions, fromMcp, mcpToolName, type McpServerConfig, type McpToolHost } from "./index.js";

const FIXTURE = DYNAMIC_SERVER;
const EVERYTHING = everythingServerEntry();
const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const context: ToolContext = { sessionId: undefined, stage: "execute" };

function fixtureConfig(pidFile?: string): McpServerConfig {
  return { command: process.execPath, args: [FIXTURE], ...(pidFile ? { env: { FIXTURE_PID_FILE: pidFile } } : {}) };
}

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), "toolsift-mcp-"));
}

describe("fromMcp over stdio with server-everything", () => {
  let host: McpToolHost;

  beforeAll(async () => {
    host = await fromMcp({ everything: { command: process.execPath, args: [EVERYTHING, "stdio"], stderr: "ignore" } });
  });
  afterAll(() => host?.close());

  it("lists the server's tools under server__tool names with the server set", async () => {
    const tools = await host.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(["everything__echo", "everything__get-sum"]));
    for (const definition of tools) {
      expect(definition.name).toMatch(TOOL_NAME);
      expect(definition.name.startsWith("everything__")).toBe(true);
      expect(definition.server).toBe("everything");
      expect(definition.description.trim()).not.toBe("");
    }
    const echo = tool(tools, "everything__echo");
    expect(echo.inputSchema).toMatchObject({ type: "object", properties: { message: { type: "string" } } });
    expect(echo.tags).toContain("Echo Tool");
    expect(host.servers).toEqual(["everything"]);
    expect(host.sourceOf("everything__echo")).toEqual({
      server: "everything",
      tool: "echo",
      // What a gateway lists beside the definition, as the server listed it.
      presentation: {
        title: "Echo Tool",
        annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      },
    });
  });

  it("marks no tool destructive, since all of them say destructiveHint: false", async () => {
    const tools = await host.listTools();
    expect(tools.filter((t) => t.destructive)).toEqual([]);
  });

  it("runs echo and returns its text", async () => {
    const output = await run(host, "everything__echo", { message: "hello toolsift" });
    expect(output.isError).toBe(false);
    expect(textOf(output)).toBe("Echo: hello toolsift");
  });

  it("returns image content as a base64 image block", async () => {
    const output = await run(host, "everything__get-tiny-image");
    expect(output.isError).toBe(false);
    const image = output.content.find((block) => block.type === "image");
    expect(image).toMatchObject({ type: "image", source: { type: "base64", media_type: "image/png" } });
    expect((image as { source: { data: string } }).source.data.startsWith("iVBOR")).toBe(true);
  });

  it("turns a call with bad arguments into an error result instead of throwing", async () => {
    const output = await run(host, "everything__get-sum", { a: "one" });
    expect(output.isError).toBe(true);
    expect(textOf(output)).toContain('Tool "get-sum" of MCP server "everything" failed');
  });
});

describe("fromMcp with a server whose tools change", () => {
  let host: McpToolHost;
  const errors: ToolsiftError[] = [];

  beforeAll(async () => {
    host = await fromMcp({ dyn: fixtureConfig() }, { onError: (error) => errors.push(error) });
  });
  afterAll(() => host?.close());

  it("follows nextCursor through every page of tools/list", async () => {
    const names = (await host.listTools()).map((t) => t.name);
    // The fixture serves three tools a page: echo is on the first, crash on the sixth.
    expect(names).toContain("dyn__echo");
    expect(names).toContain("dyn__crash");
    expect(new Set(names).size).toBe(names.length);
  });

  it("returns the same array while nothing changed, even after a no-op list_changed", async () => {
    const first = await host.listTools();
    expect(await host.listTools()).toBe(first);
    expect(textOf(await run(host, "dyn__touch_list"))).toBe("touched");
    await host.refresh("dyn");
    expect(await host.listTools()).toBe(first);
  });

  it("picks up a tool added at run time after notifications/tools/list_changed", async () => {
    const before = await host.listTools();
    expect(before.some((t) => t.name === "dyn__added_later")).toBe(false);
    expect(textOf(await run(host, "dyn__add_tool", { name: "added_later" }))).toBe("added added_later");
    await waitFor("dyn__added_later in listTools()", async () =>
      (await host.listTools()).some((t) => t.name === "dyn__added_later"),
    );
    const after = await host.listTools();
    expect(after).not.toBe(before);
    expect(after.length).toBe(before.length + 1);
    expect(await host.listTools()).toBe(after);
    expect(textOf(await run(host, "dyn__added_later"))).toBe("called added_later");
  });

  it("marks a tool destructive only on an explicit destructiveHint without readOnlyHint", async () => {
    const tools = await host.listTools();
    expect(tool(tools, "dyn__wipe_data").destructive).toBe(true);
    expect(tool(tools, "dyn__peek_data").destructive).toBe(false);
    expect(tool(tools, "dyn__echo").destructive).toBe(false);
  });

  it("rewrites names the Anthropic API rejects and still calls the original tool", async () => {
    const tools = await host.listTools();
    for (const original of ["report.v2/status:json", `summarise_${"very_".repeat(12)}long_report`]) {
      const name = mcpToolName("dyn", original);
      expect(name).toMatch(TOOL_NAME);
      expect(name.startsWith("dyn__")).toBe(true);
      const definition = tool(tools, name);
      expect(definition.tags).toContain(original);
      expect(host.sourceOf(name)).toEqual({ server: "dyn", tool: original });
      expect(textOf(await run(host, name))).toBe(`called ${original}`);
    }
    expect(tools.every((t) => TOOL_NAME.test(t.name))).toBe(true);
  });

  it("falls back to the title, then to a generated sentence, for a missing description", async () => {
    const tools = await host.listTools();
    expect(tool(tools, "dyn__titled_only").description).toBe("Titled Only Tool");
    const bare = tool(tools, "dyn__bare").description;
    expect(bare).toContain("bare");
    expect(bare).toContain("dyn");
  });

  it("leaves out tools that can only run as tasks", async () => {
    expect((await host.listTools()).some((t) => t.name.includes("needs_task"))).toBe(false);
    expect(host.sourceOf("dyn__needs_task")).toBeUndefined();
  });

  it("returns an MCP isError result as an error output naming server and tool", async () => {
    const output = await run(host, "dyn__fail");
    expect(output.isError).toBe(true);
    expect(textOf(output)).toBe('Tool "fail" of MCP server "dyn" failed:\ndisk full');
  });

  it("returns a JSON-RPC error as an error output instead of throwing", async () => {
    const output = await run(host, "dyn__explode");
    expect(output.isError).toBe(true);
    expect(textOf(output)).toContain('Tool "explode" of MCP server "dyn" failed');
    expect(textOf(output)).toContain("boom from the fixture");
  });

  it("maps every MCP content type to blocks a tool_result can carry", async () => {
    const output = await run(host, "dyn__mixed_content");
    expect(output.isError).toBe(false);
    const shape = output.content.map((block) =>
      block.type === "image" ? `image:${(block as { source: { media_type: string } }).source.media_type}` : block.type,
    );
    // The empty text block is dropped; SVG, audio, links and non-image blobs become text.
    expect(shape).toEqual(["text", "image:image/png", "text", "text", "text", "text", "image:image/png", "text"]);
    const texts = output.content.flatMap((block) =>
      block.type === "text" && typeof block.text === "string" ? [block.text] : [],
    );
    expect(texts[0]).toBe("first");
    expect(texts[1]).toContain("image/svg+xml");
    expect(texts[2]).toContain("audio/wav");
    expect(texts[3]).toContain("file:///tmp/report.csv");
    expect(texts[3]).toContain("The monthly report");
    expect(texts[4]).toContain("memo://note");
    expect(texts[4]).toContain("remember the milk");
    expect(texts[5]).toContain("memo://archive");
    expect(texts[5]).toContain("application/zip");
  });

  it("shows structuredContent as JSON when there is no content", async () => {
    const output = await run(host, "dyn__structured_only");
    expect(output.isError).toBe(false);
    expect(JSON.parse(textOf(output))).toEqual({ answer: 42, unit: "widgets" });
  });

  it("reported no background errors", () => {
    expect(errors).toEqual([]);
  });
});

describe("a server that is slow to re-list after list_changed", () => {
  const named = (tools: readonly ToolDefinition[], name: string) => tools.some((t) => t.name === name);

  it("is waited for up to refreshWaitMs, so a read right after list_changed sees the new tool", async () => {
    const host = await fromMcp({ dyn: fixtureConfig() });
    try {
      // Slow, but well within the default 2,000 ms wait.
      await run(host, "dyn__slow_list_once", { ms: 300 });
      expect(textOf(await run(host, "dyn__add_tool", { name: "soon_there" }))).toBe("added soon_there");
      expect(named(await host.listTools(), "dyn__soon_there")).toBe(true);
    } finally {
      await host.close();
    }
  });

  it("past refreshWaitMs serves its last good list, without holding up the other servers, then the new list", async () => {
    const host = await fromMcp({ slow: fixtureConfig(), quick: fixtureConfig() }, { refreshWaitMs: 100 });
    try {
      const before = await host.listTools();
      expect(textOf(await run(host, "slow__slow_list_once", { ms: 2_000 }))).toBe("next tools/list waits 2000 ms");
      // The list_changed it sends starts a re-list that takes 2 s to answer.
      expect(textOf(await run(host, "slow__add_tool", { name: "late_arrival" }))).toBe("added late_arrival");
      // Waiting for that re-list would return the new list; the bound returns the old one, unchanged.
      expect(await host.listTools()).toBe(before);
      expect(textOf(await run(host, "quick__echo", { text: "not held up" }))).toBe("echo: not held up");
      expect(textOf(await run(host, "slow__echo", { text: "old tools still run" }))).toBe("echo: old tools still run");
      await waitFor("slow__late_arrival in listTools()", async () =>
        named(await host.listTools(), "slow__late_arrival"),
      );
      expect((await host.listTools()).length).toBe(before.length + 1);
    } finally {
      await host.close();
    }
  });
});

describe("McpToolHost.close()", () => {
  it("ends the server process, is idempotent and leaves an empty, inert host", async () => {
    const dir = tempDir();
    try {
      const pidFile = join(dir, "pid");
      const host = await fromMcp({ dyn: fixtureConfig(pidFile) });
      const pid = Number(textOf(await run(host, "dyn__get_pid")));
      expect(pid).toBe(Number(readFileSync(pidFile, "utf8")));
      expect(isAlive(pid)).toBe(true);
      const echo = tool(await host.listTools(), "dyn__echo");

      await host.close();
      await waitFor(`process ${pid} to end`, () => !isAlive(pid));
      await expect(host.close()).resolves.toBeUndefined();
      expect(await host.listTools()).toEqual([]);
      const late: unknown = await echo.execute?.({ text: "late" }, context);
      expect(isToolOutput(late) && late.isError).toBe(true);
      expect(textOf(late as ToolOutput)).toContain("closed");
      await expect(host.refresh()).resolves.toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("leaves a Client passed in open and usable", async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [FIXTURE] });
    const client = new Client({ name: "toolsift-test", version: "1.0.0" });
    await client.connect(transport);
    try {
      const host = await fromMcp({ mine: client });
      expect(textOf(await run(host, "mine__echo", { text: "through the host" }))).toBe("echo: through the host");
      const pid = transport.pid;
      await host.close();
      expect(pid !== null && isAlive(pid)).toBe(true);
      const direct = await client.callTool({ name: "echo", arguments: { text: "still here" } });
      expect(direct.content).toEqual([{ type: "text", text: "echo: still here" }]);
    } finally {
      await client.close();
    }
  });
});

describe("a server that goes away", () => {
  it("with reconnect off, turns the lost connection into error results and reports it through onError", async () => {
    const errors: ToolsiftError[] = [];
    const host = await fromMcp({ dyn: fixtureConfig() }, { reconnect: false, onError: (error) => errors.push(error) });
    try {
      const pid = Number(textOf(await run(host, "dyn__get_pid")));
      const echo = tool(await host.listTools(), "dyn__echo");
      const crashed = await run(host, "dyn__crash");
      expect(crashed.isError).toBe(true);
      expect(textOf(crashed)).toContain('Tool "crash" of MCP server "dyn" failed');
      await waitFor(`process ${pid} to end`, () => !isAlive(pid));
      await waitFor("the disconnect report", () => errors.length > 0);
      expect(errors.map((error) => error.code)).toEqual(["mcp_disconnected"]);
      expect(errors[0]?.message).toContain('"dyn"');
      expect(errors[0]?.message).toContain("exited with code 3");
      expect(await host.listTools()).toEqual([]);
      const after: unknown = await echo.execute?.({ text: "anyone?" }, context);
      expect(isToolOutput(after) && after.isError).toBe(true);
      expect(textOf(after as ToolOutput)).toContain("not connected");
    } finally {
      await host.close();
    }
  });
});

describe("fromMcp over Streamable HTTP with server-everything", () => {
  let server: HttpServer;
  let port: number;

  beforeAll(async () => {
    server = await startEverythingHttp();
    port = server.port;
  });
  afterAll(() => server?.stop());

  it("lists and calls tools through a { url } config", async () => {
    const host = await fromMcp({ web: { url: `http://127.0.0.1:${port}/mcp` } });
    try {
      const tools = await host.listTools();
      expect(tools.map((t) => t.name)).toContain("web__echo");
      expect(tools.every((t) => t.server === "web")).toBe(true);
      const output = await run(host, "web__echo", { message: "over http" });
      expect(output).toMatchObject({ isError: false });
      expect(textOf(output)).toBe("Echo: over http");
    } finally {
      await host.close();
      await host.close();
    }
  });

  it("takes the url as a URL object, or anything with an href", async () => {
    const host = await fromMcp({
      web: { url: new URL(`http://127.0.0.1:${port}/mcp`) },
      alike: { url: { href: `http://127.0.0.1:${port}/mcp` } },
    });
    try {
      const names = (await host.listTools()).map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(["web__echo", "alike__echo"]));
    } finally {
      await host.close();
    }
  });
});

describe("fromMcp input checks and connection failures", () => {
  it.each(["bad name", "a__b", "_lead", "trail_", "", "x".repeat(33), "dot.ted"])(
    "rejects the server name %j",
    async (name) => {
      const attempt = fromMcp({ [name]: { command: "unused" } });
      await expect(attempt).rejects.toBeInstanceOf(OptionsError);
      await expect(attempt).rejects.toMatchObject({
        code: "invalid_server_name",
        message: expect.stringContaining(JSON.stringify(name)),
      });
    },
  );

  it.each([
    ["an empty object", {}, "neither command nor url"],
    ["null", null, "null"],
    ["a string", "node server.js", '"node server.js"'],
    ["both shapes", { command: "x", url: "http://127.0.0.1:1/mcp" }, "both command and url"],
    ["a typo", { comand: "x" }, "neither command nor url"],
    ["an unknown key", { command: "x", argv: ["y"] }, '"argv"'],
    ["an empty command", { command: "" }, ".command"],
    ["args that are not strings", { command: "x", args: [1] }, ".args"],
    ["env that is not strings", { command: "x", env: { A: 1 } }, ".env"],
    ["a relative url", { url: "/mcp" }, ".url"],
    ["a non-http url", { url: "ftp://127.0.0.1/mcp" }, "ftp:"],
    ["legacy SSE", { type: "sse", url: "http://127.0.0.1:1/sse" }, "SSE"],
  ])("rejects %s as a config, naming the key", async (_label, config, detail) => {
    const attempt = fromMcp({ files: config as unknown as McpServerConfig });
    await expect(attempt).rejects.toBeInstanceOf(OptionsError);
    await expect(attempt).rejects.toMatchObject({
      code: "invalid_server_config",
      message: expect.stringContaining('servers["files"]'),
    });
    await expect(attempt).rejects.toMatchObject({ message: expect.stringContaining(detail) });
  });

  it("rejects bad options", async () => {
    await expect(fromMcp({}, { requestTimeoutMs: -5 })).rejects.toMatchObject({ code: "invalid_options" });
    for (const refreshWaitMs of [-1, Number.NaN, Number.POSITIVE_INFINITY]) {
      await expect(fromMcp({}, { refreshWaitMs })).rejects.toMatchObject({
        code: "invalid_options",
        message: expect.stringContaining("refreshWaitMs"),
      });
    }
    await expect(fromMcp([] as unknown as Record<string, McpServerConfig>)).rejects.toBeInstanceOf(OptionsError);
  });

  it("refuses an option it does not know, naming the one meant, before any server starts", async () => {
    await expect(fromMcp({}, { onEror: () => undefined } as FromMcpOptions)).rejects.toMatchObject({
      code: "invalid_options",
      message: expect.stringMatching(
        /^fromMcp: unknown option "onEror"\. Did you mean "onError"\? The options are clientInfo, /,
      ),
    });
  });

  it.each([
    ["reconnect: true", { reconnect: true }, "options.reconnect must be false or"],
    ["an unknown reconnect key", { reconnect: { initialDelay: 5 } }, '"initialDelay"'],
    ["a zero initial delay", { reconnect: { initialDelayMs: 0 } }, "reconnect.initialDelayMs"],
    ["a delay no timer holds", { reconnect: { maxDelayMs: 2 ** 31 } }, "reconnect.maxDelayMs"],
    [
      "a cap below the first delay",
      { reconnect: { initialDelayMs: 1_000, maxDelayMs: 10 } },
      "less than initialDelayMs",
    ],
    ["an onEvent that is not a function", { onEvent: "log" }, "options.onEvent"],
    ["an onStderr that is not a function", { onStderr: true }, "options.onStderr"],
  ])("rejects %s", async (_label, options, detail) => {
    const attempt = fromMcp({}, options as never);
    await expect(attempt).rejects.toBeInstanceOf(OptionsError);
    await expect(attempt).rejects.toMatchObject({ code: "invalid_options", message: expect.stringContaining(detail) });
  });

  it("passes each stderr line to onStderr as printed, and by default writes it labelled and escaped", async () => {
    const dir = tempDir();
    try {
      const script = join(dir, "loud.mjs");
      writeFileSync(script, 'process.stderr.write("one\\r\\n\\u001b[31mtwo\\n");\nprocess.exitCode = 1;\n');
      const server = { command: process.execPath, args: [script] };
      const lines: [string, string][] = [];
      const quiet = { reconnect: false as const, onEvent: () => {} };
      await expect(
        fromMcp({ loud: server }, { ...quiet, onStderr: (name, line) => lines.push([name, line]) }),
      ).rejects.toBeInstanceOf(ToolsiftError);
      // A server that exits before answering is started a second time, for the 2025 handshake (it
      // may be one that exits on the 2026-07-28 probe): each start's lines come through, in order.
      const pair: [string, string][] = [
        ["loud", "one"],
        ["loud", "\u001b[31mtwo"],
      ];
      expect(lines.length).toBeGreaterThan(0);
      expect(lines).toEqual(Array.from({ length: lines.length / 2 }, () => pair).flat());
      const written: string[] = [];
      const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
        written.push(String(chunk));
        return true;
      });
      try {
        await expect(fromMcp({ loud: server }, quiet)).rejects.toBeInstanceOf(ToolsiftError);
      } finally {
        spy.mockRestore();
      }
      const labelled = written.filter((text) => text.startsWith("[loud]"));
      expect(labelled.length).toBeGreaterThan(0);
      expect(labelled).toEqual(
        Array.from({ length: labelled.length / 2 }, () => ["[loud] one\n", "[loud] \\u001b[31mtwo\n"]).flat(),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("checks every entry before starting any server", async () => {
    const dir = tempDir();
    try {
      const pidFile = join(dir, "pid");
      await expect(
        fromMcp({ good: fixtureConfig(pidFile), bad: { url: 42 } as unknown as McpServerConfig }),
      ).rejects.toBeInstanceOf(OptionsError);
      expect(existsSync(pidFile)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("starts without a server that fails to start, reporting it with its stderr, and close() ends the rest", async () => {
    const dir = tempDir();
    try {
      const pidFile = join(dir, "pid");
      const errors: ToolsiftError[] = [];
      const host = await fromMcp(
        {
          good: fixtureConfig(pidFile),
          broken: {
            command: process.execPath,
            args: ["-e", "console.error('missing API key for broken'); process.exit(2)"],
            stderr: "ignore",
          },
        },
        { onError: (error) => errors.push(error) },
      );
      expect(textOf(await run(host, "good__echo", { text: "up" }))).toBe("echo: up");
      expect((await host.listTools()).some((t) => t.name.startsWith("broken__"))).toBe(false);
      expect(errors[0]).toBeInstanceOf(ToolsiftError);
      expect(errors[0]).toMatchObject({
        code: "mcp_connect_failed",
        message: expect.stringMatching(/MCP server "broken"[\s\S]*missing API key for broken/),
      });
      const pid = Number(readFileSync(pidFile, "utf8"));
      await host.close();
      await waitFor(`process ${pid} of the good server to end`, () => !isAlive(pid));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("names a server whose command does not exist", async () => {
    const attempt = fromMcp({ ghost: { command: join(tmpdir(), `toolsift-no-such-mcp-server-${process.pid}`) } });
    await expect(attempt).rejects.toMatchObject({
      code: "mcp_connect_failed",
      message: expect.stringMatching(/"ghost"[\s\S]*ENOENT/),
    });
  });

  it("names an HTTP server that refuses the connection", async () => {
    const port = await closedPort();
    const attempt = fromMcp({ remote: { url: `http://127.0.0.1:${port}/mcp` } });
    await expect(attempt).rejects.toMatchObject({
      code: "mcp_connect_failed",
      message: expect.stringContaining('"remote"'),
    });
  });

  it("accepts no servers, and refresh() rejects a server it does not have", async () => {
    const host = await fromMcp({});
    expect(await host.listTools()).toEqual([]);
    await expect(host.refresh("nope")).rejects.toMatchObject({ code: "unknown_server" });
    await host.close();
  });
});

/** A loopback port nothing listens on: bound, read, released. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}
