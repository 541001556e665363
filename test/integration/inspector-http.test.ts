import { randomBytes } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODERN_PROTOCOL_VERSION } from "../../src/gateway/modern/modern-server.js";
import { startHttpGateway, type HttpGatewayProcess } from "../support/gateway-process.js";
import {
  INSPECTOR_EXIT,
  inspectorSandbox,
  overHttp,
  runInspector,
  textOf,
  type InspectorRun,
} from "../support/mcp-inspector.js";
import { DYNAMIC_SERVER, waitFor, wipeCount } from "../support/mcp-servers.js";
import { startTcpRelay, type TcpRelay } from "../support/tcp-relay.js";

/**
 * The MCP Inspector's CLI against one `toolsift serve --http` for the whole file, with the bearer
 * token passed by `--header`. The upstream server (a real process) starts only when the test
 * opens its gate: the first runs' requests are seen reaching the gateway (through a relay)
 * while it is still held, and then it starts.
 */

const TOKEN = `tsk_${randomBytes(32).toString("base64url")}`;

const sandbox = inspectorSandbox();
const wipes = join(sandbox.dir, "wipes");
const gate = join(sandbox.dir, "start-upstream");
let gateway: HttpGatewayProcess;
let relay: TcpRelay;
/** What the Inspector sent the gateway so far (small: a few JSON-RPC requests per run). */
let sent = "";

beforeAll(async () => {
  const config = sandbox.write(
    "mcp.json",
    JSON.stringify({
      mcpServers: {
        dyn: {
          command: process.execPath,
          args: [DYNAMIC_SERVER],
          env: { FIXTURE_CONTENT: "1", FIXTURE_START_GATE: gate, FIXTURE_WIPE_FILE: wipes },
          stderr: "ignore",
        },
      },
      toolsift: { refreshWaitMs: 60_000, auth: { tokens: [{ name: "inspector", env: "INSPECTOR_TEST_TOKEN" }] } },
    }),
  );
  gateway = await startHttpGateway(config, {
    args: ["--stubs"],
    env: { XDG_CACHE_HOME: join(sandbox.dir, "cache"), INSPECTOR_TEST_TOKEN: TOKEN },
  });
  const { port } = new URL(gateway.url);
  relay = await startTcpRelay("127.0.0.1", Number(port), (chunk) => (sent += chunk.toString("utf8")));
}, 120_000);

afterAll(async () => {
  await relay?.close();
  const child = gateway?.child;
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
  expect(sandbox.homeEntries()).toEqual([]);
  sandbox.remove();
});

/** Lets the upstream server start (once). */
function openGate(): void {
  if (!existsSync(gate)) writeFileSync(gate, "");
}

/** How many requests of `method` the Inspector sent so far. */
function requestsOf(method: string): number {
  return sent.split(`"method":"${method}"`).length - 1;
}

function inspect(options: string[]): Promise<InspectorRun> {
  return inspectAs(TOKEN, options);
}

/** With `token` for a bearer token, or none at all. */
function inspectAs(token: string | undefined, options: string[]): Promise<InspectorRun> {
  const url = new URL(gateway.url);
  url.port = String(relay.port);
  return runInspector(sandbox, overHttp(url.href, token), options);
}

const call = (tool: string, input: object, ...more: string[]) => [
  "--method",
  "tools/call",
  "--tool-name",
  tool,
  "--tool-args-json",
  JSON.stringify(input),
  ...more,
];

describe("the MCP Inspector's CLI against toolsift serve --http", () => {
  // First in the file: these runs meet the gateway while its server is still held.
  it("answers the first one-shot runs in full while the upstream server is still starting", async () => {
    const runs = Promise.all([
      inspect(call("dyn__echo", { text: "over http" })),
      inspect(call("search_tools", { query: "echo the given text back" })),
      inspect(["--method", "resources/list"]),
      inspect(["--method", "prompts/list"]),
    ]);
    // A tools/call run lists the tools first: both have asked, and wait.
    await waitFor(
      "the Inspector's first requests to reach the gateway",
      () => requestsOf("tools/list") >= 2 && requestsOf("resources/list") >= 1 && requestsOf("prompts/list") >= 1,
      150_000,
    );
    expect(gateway.stderr()).not.toContain('MCP server "dyn" connected');
    openGate();
    const [echo, search, resources, prompts] = await runs;
    for (const run of [echo, search, resources, prompts]) expect(run.code, run.stderr).toBe(INSPECTOR_EXIT.ok);
    expect(textOf(echo)).toBe("echo: over http");
    expect((JSON.parse(textOf(search)) as { matches: { name: string }[] }).matches[0]?.name).toBe("dyn__echo");
    expect(resources.output?.result).toMatchObject({
      resources: expect.arrayContaining([expect.objectContaining({ name: "dyn__greeting" })]),
    });
    expect(prompts.output?.result).toMatchObject({ prompts: [expect.objectContaining({ name: "dyn__greet" })] });
  }, 200_000);

  it("negotiates a 2025 revision by default and 2026-07-28 with --protocol-era modern, where call_tool reaches any tool", async () => {
    openGate();
    const [legacy, modern, viaCallTool] = await Promise.all([
      inspect(["--method", "initialize"]),
      inspect(["--method", "initialize", "--protocol-era", "modern"]),
      inspect(call("call_tool", { name: "dyn__echo", arguments: { text: "modern" } }, "--protocol-era", "modern")),
    ]);
    for (const run of [legacy, modern, viaCallTool]) expect(run.code, run.stderr).toBe(INSPECTOR_EXIT.ok);
    expect(legacy.output?.result).toMatchObject({
      protocolVersion: expect.stringMatching(/^2025-\d\d-\d\d$/),
      serverInfo: { name: "toolsift" },
    });
    expect(modern.output?.result).toMatchObject({ protocolVersion: MODERN_PROTOCOL_VERSION });
    expect(textOf(viaCallTool)).toBe("echo: modern");
  }, 200_000);

  it("reads a resource and gets a prompt through their namespaced names", async () => {
    openGate();
    const [read, prompt] = await Promise.all([
      inspect(["--method", "resources/read", "--uri", "toolsift://dyn/memo://greeting"]),
      inspect(["--method", "prompts/get", "--prompt-name", "dyn__greet", "--prompt-args", "who=Ada"]),
    ]);
    for (const run of [read, prompt]) expect(run.code, run.stderr).toBe(INSPECTOR_EXIT.ok);
    expect(read.output?.result).toEqual({
      contents: [{ uri: "toolsift://dyn/memo://greeting", mimeType: "text/plain", text: "hello" }],
    });
    expect(prompt.output?.result).toMatchObject({
      messages: [{ role: "user", content: { type: "text", text: "Say hello to Ada." } }, expect.anything()],
    });
  }, 200_000);

  it("gets the Inspector's --tool-arg digits, which it sends as a number, to a string parameter as text", async () => {
    openGate();
    const run = await inspect(["--method", "tools/call", "--tool-name", "dyn__echo", "--tool-arg", "text=12345"]);
    expect(run.code, run.stderr).toBe(INSPECTOR_EXIT.ok);
    expect(textOf(run)).toBe("echo: 12345");
  }, 200_000);

  it("refuses a destructive tool with a clear message in both eras, and runs nothing", async () => {
    openGate();
    const [legacy, modern] = await Promise.all([
      inspect(call("dyn__wipe_data", {})),
      inspect(call("call_tool", { name: "dyn__wipe_data" }, "--protocol-era", "modern")),
    ]);
    for (const run of [legacy, modern]) {
      expect(run.code).toBe(INSPECTOR_EXIT.toolError);
      expect(run.error?.code).toBe("tool_is_error");
      expect(textOf(run)).toMatch(/runs only when the user confirms it\. This client cannot ask/);
    }
    expect(wipeCount(wipes)).toBe(0);
  }, 200_000);

  it("is refused without the token, or with a wrong one, as auth_required, and never echoes a token", async () => {
    openGate();
    const wrong = `tsk_${randomBytes(32).toString("base64url")}`;
    const [none, forged] = await Promise.all([
      inspectAs(undefined, ["--method", "tools/list", "--stored-auth-only"]),
      inspectAs(wrong, ["--method", "tools/list", "--stored-auth-only"]),
    ]);
    for (const run of [none, forged]) {
      expect(run.code).toBe(INSPECTOR_EXIT.authRequired);
      expect(run.error?.code).toBe("auth_required");
      expect(run.error?.message).toMatch(/Unauthorized: (no credential|unknown token)/);
      expect(run.output).toBeUndefined();
      expect(run.stdout + run.stderr).not.toContain(TOKEN);
    }
    expect(forged.stderr).not.toContain(wrong);
    expect(gateway.stderr()).not.toContain(wrong);
  }, 200_000);
});
