import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectGateway, resultText, scratchDir, writeConfig, type GatewayClient } from "../support/gateway-process.js";
import { DYNAMIC_SERVER, waitFor } from "../support/mcp-servers.js";
import { runToolsift } from "../support/run-toolsift.js";

/**
 * Audit finding "Expanded secrets are printed": what `${API_TOKEN}` brings in never reaches
 * stderr (connect errors on every reconnect), `inspect` (text and `--json`), `search`, a config
 * error, or what a client is told. Every run is the real CLI process.
 */

/** A quote (JSON-escaped in messages), a slash and a plus (URL-encoded in some). */
const SECRET = 'sk_live_7Hq"x/y+z=Q';
/** Its first five characters, or three from further in: a message cut short must not leave them either. */
const LEAK = /sk_li|7Hq/;
const ENV = { ...process.env, API_TOKEN: SECRET };

function toolsift(args: string[]) {
  return runToolsift(args, { env: ENV });
}

/**
 * Servers whose failures print their args and URL: one that never starts, one whose start line
 * is cut (at 300 characters) in the middle of the secret, and one over HTTP with the secret in its path.
 */
function failingServers(scratch: string) {
  const missing = join(scratch, "missing-server.js");
  const before = `${process.execPath} ${missing}  --token `;
  const pad = "p".repeat(299 - 6 - before.length);
  return {
    broken: { command: process.execPath, args: [missing, "--token", "${API_TOKEN}"], stderr: "ignore" },
    cut: { command: process.execPath, args: [missing, pad, "--token", "${API_TOKEN}"], stderr: "ignore" },
    web: { url: "http://127.0.0.1:9/${API_TOKEN}/mcp" },
  };
}

function expectNoSecret(...texts: string[]): void {
  for (const text of texts) {
    expect(text).not.toContain(SECRET);
    expect(text).not.toMatch(LEAK);
  }
}

describe("toolsift serve never prints an expanded secret", () => {
  let gateway: GatewayClient;
  const savedToken = process.env.API_TOKEN;

  beforeAll(async () => {
    const scratch = scratchDir();
    // Starts the fixture server the first time, fails every restart: the reconnect errors print its args.
    const once = join(scratch, "once.mjs");
    writeFileSync(
      once,
      `import { existsSync, writeFileSync } from "node:fs";\n` +
        `const marker = ${JSON.stringify(join(scratch, "started"))};\n` +
        `if (existsSync(marker)) { console.error("refusing to start twice"); process.exit(3); }\n` +
        `writeFileSync(marker, "");\nawait import(${JSON.stringify(DYNAMIC_SERVER)});\n`,
    );
    const file = writeConfig({
      mcpServers: {
        dyn: { command: process.execPath, args: [once, "--token", "${API_TOKEN}"], stderr: "ignore" },
        ...failingServers(scratch),
      },
      toolsift: { reconnect: { initialDelayMs: 50, maxDelayMs: 100 } },
    });
    process.env.API_TOKEN = SECRET;
    gateway = await connectGateway(file);
  });
  afterAll(async () => {
    if (savedToken === undefined) delete process.env.API_TOKEN;
    else process.env.API_TOKEN = savedToken;
    await gateway?.close();
  });

  it("in connect errors on every reconnect, and in what clients are told", async () => {
    await waitFor("dyn to connect", () => gateway.stderr().includes('MCP server "dyn" connected'), 30_000);
    const matches = resultText(
      await gateway.client.callTool({ name: "search_tools", arguments: { query: "echo text" } }),
    );
    expect(matches).toContain("dyn__echo");
    // The server exits; each restart fails, and each failure is logged with the command line.
    const crash = await gateway.client.callTool({ name: "dyn__crash", arguments: {} });
    await waitFor("three failed restarts of dyn", () => gateway.stderr().split('MCP server "dyn"').length > 4, 30_000);
    const echo = await gateway.client.callTool({ name: "dyn__echo", arguments: { text: "hi" } });
    const search = await gateway.client.callTool({ name: "search_tools", arguments: { query: "echo text" } });
    const stderr = gateway.stderr();
    expectNoSecret(resultText(crash), resultText(echo), resultText(search), matches);
    expectNoSecret(stderr);
    expect(stderr).toMatch(/--token \$\{API_TOKEN\}/);
    expect(stderr).toContain("/${API_TOKEN}/mcp");
  }, 60_000);
});

describe("toolsift inspect and search never print an expanded secret", () => {
  let file: string;
  beforeAll(() => {
    const scratch = scratchDir();
    file = writeConfig({
      mcpServers: {
        dyn: { command: process.execPath, args: [DYNAMIC_SERVER, "--token", "${API_TOKEN}"], stderr: "ignore" },
        ...failingServers(scratch),
      },
    });
  });

  it("inspect, as text and --json (whose JSON stays valid)", async () => {
    const [text, json] = await Promise.all([
      toolsift(["inspect", "--config", file]),
      toolsift(["inspect", "--config", file, "--json"]),
    ]);
    expectNoSecret(text.stdout, text.stderr, json.stdout, json.stderr);
    expect(text.code).toBe(0);
    expect(json.code).toBe(0);
    expect(text.stdout).toMatch(/broken \(0 tools, \w+: .*--token \$\{API_TOKEN\}/);
    const report = JSON.parse(json.stdout) as { servers: { server: string; error?: string }[] };
    expect(report.servers.find((server) => server.server === "cut")?.error).toMatch(/ \$\{API_TOKEN\}…/);
  }, 90_000);

  it("search, as text and --json", async () => {
    const [text, json] = await Promise.all([
      toolsift(["search", "--config", file, "echo the text"]),
      toolsift(["search", "--config", file, "--json", "echo the text"]),
    ]);
    expectNoSecret(text.stdout, text.stderr, json.stdout, json.stderr);
    expect(text).toMatchObject({ code: 0, stdout: expect.stringContaining("dyn__echo") });
    expect(text.stderr).toMatch(/--token \$\{API_TOKEN\}/);
    expect(json.code).toBe(0);
  }, 90_000);

  it("a malformed URL's config error shows ${API_TOKEN}, not its value", async () => {
    const bad = writeConfig({ mcpServers: { docs: { url: "http://docs example/mcp?token=${API_TOKEN}" } } });
    const run = await toolsift(["inspect", "--config", bad]);
    expectNoSecret(run.stdout, run.stderr);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/mcpServers\.docs\.url must be an absolute URL .*token=\$\{API_TOKEN\}/);
  }, 60_000);
});
