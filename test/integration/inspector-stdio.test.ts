import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MODERN_PROTOCOL_VERSION } from "../../src/gateway/modern/modern-server.js";
import { DYNAMIC_SERVER, wipeCount } from "../support/mcp-servers.js";
import {
  INSPECTOR_EXIT,
  inspectorSandbox,
  runInspector,
  textOf,
  toolsiftServe,
  type InspectorRun,
} from "../support/mcp-inspector.js";

/**
 * The MCP Inspector's CLI starts `toolsift serve` as its stdio command, runs one method and
 * exits: each run is a client that asks at once, while the upstream server (a real process, slow
 * to start on purpose) is still connecting.
 */

/** Longer than the gateway takes from starting the server to serving stdio, so every first request meets it still starting. */
const START_DELAY_MS = 5000;

const sandbox = inspectorSandbox();
const wipes = join(sandbox.dir, "wipes");
const config = sandbox.write(
  "mcp.json",
  JSON.stringify({
    mcpServers: {
      dyn: {
        command: process.execPath,
        args: [DYNAMIC_SERVER],
        env: { FIXTURE_CONTENT: "1", FIXTURE_START_DELAY_MS: String(START_DELAY_MS), FIXTURE_WIPE_FILE: wipes },
        stderr: "ignore",
      },
    },
    // A first list or search waits this long at most for the server still starting.
    toolsift: { refreshWaitMs: 60_000 },
  }),
);

afterAll(() => {
  // The Inspector kept its catalog, OAuth state and secrets where the sandbox's variables say, not under HOME.
  expect(sandbox.homeEntries()).toEqual([]);
  sandbox.remove();
});

function inspect(options: string[], ...serveArgs: string[]): Promise<InspectorRun> {
  return runInspector(sandbox, toolsiftServe(config, ...serveArgs), options);
}

/** The run met the start-up window: the gateway served stdio before its upstream server connected. */
function expectServedBeforeUpstream(run: InspectorRun): void {
  const serving = run.stderr.indexOf("toolsift: serving MCP over stdio");
  const connected = run.stderr.indexOf('MCP server "dyn" connected');
  expect(serving).toBeGreaterThanOrEqual(0);
  if (connected >= 0) expect(serving).toBeLessThan(connected);
}

/** The tools a `tools/list` run printed. */
function listed(run: InspectorRun): { name: string; annotations?: Record<string, unknown> }[] {
  const result = run.output?.result as
    | { tools?: { name: string; annotations?: Record<string, unknown> }[] }
    | undefined;
  return result?.tools ?? [];
}

describe("the MCP Inspector's CLI against toolsift serve over stdio", () => {
  it("negotiates a 2025 revision by default, and 2026-07-28 with --protocol-era modern or auto", async () => {
    const [legacy, modern, auto] = await Promise.all([
      inspect(["--method", "initialize"]),
      inspect(["--method", "initialize", "--protocol-era", "modern"]),
      inspect(["--method", "initialize", "--protocol-era", "auto"]),
    ]);
    for (const run of [legacy, modern, auto]) expect(run.code, run.stderr).toBe(INSPECTOR_EXIT.ok);
    const initialized = (run: InspectorRun) =>
      run.output?.result as {
        protocolVersion: string;
        serverInfo: { name: string };
        capabilities: object;
        instructions: string;
      };
    expect(initialized(legacy).protocolVersion).toMatch(/^2025-\d\d-\d\d$/);
    expect(initialized(legacy).serverInfo.name).toBe("toolsift");
    expect(Object.keys(initialized(legacy).capabilities).sort()).toEqual(
      ["completions", "logging", "prompts", "resources", "tools"].sort(),
    );
    expect(initialized(legacy).instructions).toMatch(/fronts 1 MCP server \(dyn\).*call search_tools/);
    for (const run of [modern, auto]) {
      expect(initialized(run).protocolVersion).toBe(MODERN_PROTOCOL_VERSION);
      // The same kinds as a 2025 session: an upstream tool goes through call_tool, content is served as is.
      expect(Object.keys(initialized(run).capabilities).sort()).toEqual(
        ["completions", "logging", "prompts", "resources", "tools"].sort(),
      );
      expect(initialized(run).capabilities).toMatchObject({ tools: { listChanged: true } });
      expect(initialized(run).instructions).toMatch(/through call_tool/);
    }
  }, 200_000);

  it("lists search_tools first and, with --stubs, the starting server's tools on the first call in both eras, portable under --strict", async () => {
    const [run, modern] = await Promise.all([
      inspect(["--method", "tools/list", "--strict"], "--stubs"),
      inspect(["--method", "tools/list", "--protocol-era", "modern"], "--stubs"),
    ]);
    for (const each of [run, modern]) {
      expect(each.code, each.stderr).toBe(INSPECTOR_EXIT.ok);
      expectServedBeforeUpstream(each);
    }
    const tools = listed(run);
    expect(tools[0]).toMatchObject({
      name: "search_tools",
      annotations: { title: "Search tools", readOnlyHint: true, openWorldHint: false },
    });
    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(["dyn__echo", "dyn__wipe_data", "dyn__add_resource"]),
    );
    expect(tools.find((tool) => tool.name === "dyn__wipe_data")?.annotations).toMatchObject({ destructiveHint: true });
    const modernNames = listed(modern).map((tool) => tool.name);
    expect(modernNames).toEqual(expect.arrayContaining(["search_tools", "dyn__echo"]));
    // call_tool after search_tools in both eras, so a client that keeps its first list reaches any tool.
    for (const names of [tools.map((tool) => tool.name), modernNames])
      expect(names.slice(0, 2)).toEqual(["search_tools", "call_tool"]);
  }, 200_000);

  it("finds the starting server's tools with search_tools on the first call", async () => {
    const run = await inspect([
      "--method",
      "tools/call",
      "--tool-name",
      "search_tools",
      "--tool-args-json",
      JSON.stringify({ query: "echo the given text back" }),
    ]);
    expect(run.code, run.stderr).toBe(INSPECTOR_EXIT.ok);
    expectServedBeforeUpstream(run);
    const body = JSON.parse(textOf(run)) as { matches: { name: string }[]; unavailable?: unknown };
    expect(body.matches[0]?.name).toBe("dyn__echo");
    expect(body.unavailable).toBeUndefined();
  }, 200_000);

  it("calls the starting server's tool by name on the first call, listed with --stubs", async () => {
    const run = await inspect(
      ["--method", "tools/call", "--tool-name", "dyn__echo", "--tool-args-json", JSON.stringify({ text: "one-shot" })],
      "--stubs",
    );
    expect(run.code, run.stderr).toBe(INSPECTOR_EXIT.ok);
    expectServedBeforeUpstream(run);
    expect(textOf(run)).toBe("echo: one-shot");
  }, 200_000);

  it("calls an unlisted tool through call_tool in the 2026-07-28 era; in a 2025 era the Inspector calls only listed tools", async () => {
    const [modern, legacy] = await Promise.all([
      inspect([
        "--method",
        "tools/call",
        "--tool-name",
        "call_tool",
        "--tool-args-json",
        JSON.stringify({ name: "dyn__echo", arguments: { text: "via call_tool" } }),
        "--protocol-era",
        "modern",
      ]),
      inspect([
        "--method",
        "tools/call",
        "--tool-name",
        "dyn__echo",
        "--tool-args-json",
        JSON.stringify({ text: "x" }),
      ]),
    ]);
    expect(modern.code, modern.stderr).toBe(INSPECTOR_EXIT.ok);
    expect(textOf(modern)).toBe("echo: via call_tool");
    // Its own check, before any tools/call: toolsift lists search_tools alone, and would have run it.
    expect(legacy.code).toBe(INSPECTOR_EXIT.toolError);
    expect(legacy.error).toEqual({ code: "tool_not_found", message: "Tool 'dyn__echo' not found on server." });
  }, 200_000);

  it.each([
    ["a 2025 revision", []],
    ["2026-07-28", ["--protocol-era", "modern"]],
  ])(
    "lists the starting server's resources and prompts on the first call, in %s",
    async (_era, era) => {
      const [resources, prompts] = await Promise.all([
        inspect(["--method", "resources/list", ...era]),
        inspect(["--method", "prompts/list", ...era]),
      ]);
      for (const run of [resources, prompts]) {
        expect(run.code, run.stderr).toBe(INSPECTOR_EXIT.ok);
        expectServedBeforeUpstream(run);
      }
      expect(resources.output?.result).toMatchObject({
        resources: expect.arrayContaining([
          { name: "dyn__greeting", uri: "toolsift://dyn/memo://greeting", mimeType: "text/plain" },
        ]),
      });
      expect(prompts.output?.result).toMatchObject({
        prompts: [{ name: "dyn__greet", description: "Greet someone.", arguments: [{ name: "who", required: true }] }],
      });
    },
    200_000,
  );

  it("refuses a destructive tool with a clear message in both eras: the Inspector's CLI cannot confirm one", async () => {
    const [legacy, modern] = await Promise.all([
      inspect(["--method", "tools/call", "--tool-name", "dyn__wipe_data"], "--stubs"),
      inspect([
        "--method",
        "tools/call",
        "--tool-name",
        "call_tool",
        "--tool-args-json",
        JSON.stringify({ name: "dyn__wipe_data" }),
        "--protocol-era",
        "modern",
      ]),
    ]);
    for (const run of [legacy, modern]) {
      expect(run.code).toBe(INSPECTOR_EXIT.toolError);
      expect(run.error?.code).toBe("tool_is_error");
      expect(run.output?.result).toMatchObject({ isError: true });
      expect(textOf(run)).toMatch(
        /^dyn__wipe_data may change or delete data, so it runs only when the user confirms it\. This client cannot ask \(it does not support MCP elicitation\).*add "dyn__wipe_data" to allowDestructive/,
      );
    }
    expect(wipeCount(wipes)).toBe(0);
  }, 200_000);
});
