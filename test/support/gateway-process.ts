import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  ElicitRequestSchema,
  ToolListChangedNotificationSchema,
  type ElicitRequest,
  type ElicitResult,
} from "@modelcontextprotocol/sdk/types.js";
import { waitFor } from "./mcp-servers.js";

/** The CLI's entry, run through tsx so tests need no build. */
export const CLI = fileURLToPath(new URL("../../src/cli/main.ts", import.meta.url));
export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** Node arguments that run the CLI from source. */
export const CLI_ARGS = ["--import", "tsx", CLI] as const;

/** Writes a config object to a fresh temporary folder and returns the file's path. */
export function writeConfig(config: unknown, name = "mcp.json"): string {
  const file = join(mkdtempSync(join(tmpdir(), "toolsift-gateway-")), name);
  writeFileSync(file, typeof config === "string" ? config : JSON.stringify(config, null, 2));
  return file;
}

/** A fresh temporary folder. */
export function scratchDir(): string {
  return mkdtempSync(join(tmpdir(), "toolsift-scratch-"));
}

export interface GatewayClientOptions {
  /** Extra arguments after `serve --config <file>` (e.g. `--stubs`). */
  args?: string[];
  /** Over stdio (the default) or Streamable HTTP (`serve --http 0`). */
  transport?: "stdio" | "http";
  /**
   * Whether the client fetches the tool list when told it changed, as editors do (the default),
   * or only when the test asks, as a client that keeps one list does.
   */
  fetchesOnListChanged?: boolean;
  /** Declare the elicitation capability and answer with this; without it, the client cannot be asked. */
  elicit?: (request: ElicitRequest["params"], signal: AbortSignal) => ElicitResult | Promise<ElicitResult>;
  /**
   * Over HTTP, the bearer token to send. By default the client sends the token the gateway made
   * for itself (read from the file it names on stderr); with `--no-auth` in `args`, none.
   */
  token?: string;
  /**
   * Extra environment for the gateway process. Over HTTP, `XDG_CACHE_HOME` is a fresh folder
   * unless given here, so the gateway's own token never lands in (or comes from) the user's cache.
   */
  env?: Record<string, string>;
}

/** A real MCP SDK client connected to a real `toolsift serve` process. */
export interface GatewayClient {
  client: Client;
  /** How many `notifications/tools/list_changed` arrived so far. */
  listChanges(): number;
  /** Waits for more list_changed notifications than `seen`. */
  waitForListChange(seen: number, timeoutMs?: number): Promise<void>;
  /** What the gateway wrote to stderr so far. */
  stderr(): string;
  /** Errors the client transport reported (a stdout that is not protocol, say). */
  errors: Error[];
  /** The gateway's process id. */
  pid: number;
  /** For HTTP, the endpoint. */
  url: string | undefined;
  /** For HTTP, the bearer token the client sends (undefined with `--no-auth`). */
  token: string | undefined;
  close(): Promise<void>;
}

/**
 * Starts `toolsift serve --config <file>` from source and connects an MCP SDK client to it, over
 * stdio or Streamable HTTP.
 */
export async function connectGateway(configFile: string, options: GatewayClientOptions = {}): Promise<GatewayClient> {
  const { client, listChanges, waitForListChange, errors } = newClient(options);
  let stderr = "";
  let pid: number;
  let url: string | undefined;
  let token: string | undefined;
  let child: ChildProcess | undefined;
  let stderrOf: (() => string) | undefined;

  if ((options.transport ?? "stdio") === "stdio") {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [...CLI_ARGS, "serve", "--config", configFile, ...(options.args ?? [])],
      env: { ...process.env } as Record<string, string>,
      cwd: ROOT,
      stderr: "pipe",
    });
    transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    await client.connect(transport);
    pid = transport.pid!;
  } else {
    const started = await startHttpGateway(configFile, options);
    child = started.child;
    url = started.url;
    token = options.token ?? ownToken(started.stderr());
    stderrOf = started.stderr;
    await client.connect(httpTransport(url, token));
    pid = child.pid!;
  }
  return {
    client,
    listChanges,
    waitForListChange,
    stderr: () => stderrOf?.() ?? stderr,
    errors,
    pid,
    url,
    token,
    async close() {
      await client.close();
      if (child && child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child!.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
    },
  };
}

/** A `toolsift serve --http 0` process from source, listening: its URL and what it wrote so far. */
export interface HttpGatewayProcess {
  child: ChildProcess;
  url: string;
  stderr(): string;
}

/**
 * Starts `toolsift serve --config <file> --http 0` and waits until it listens. No client is
 * connected: the caller connects its own (through a load balancer, say).
 */
export async function startHttpGateway(
  configFile: string,
  options: Pick<GatewayClientOptions, "args" | "env"> = {},
): Promise<HttpGatewayProcess> {
  let stderr = "";
  const child = spawn(
    process.execPath,
    [...CLI_ARGS, "serve", "--config", configFile, "--http", "0", ...(options.args ?? [])],
    {
      cwd: ROOT,
      env: { ...process.env, XDG_CACHE_HOME: scratchDir(), ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout!.on("data", (chunk: Buffer) => (stderr += `[stdout] ${chunk.toString("utf8")}`));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  await waitFor(
    "the gateway to listen",
    () => /Streamable HTTP at (\S+)/.test(stderr) || child.exitCode !== null,
    // Several replicas start from source at once: on a loaded machine that takes long.
    90_000,
  );
  const match = /Streamable HTTP at (\S+)/.exec(stderr);
  if (!match) throw new Error(`the gateway did not start:\n${stderr}`);
  return { child, url: match[1]!, stderr: () => stderr };
}

/** Another client of a gateway already serving Streamable HTTP at `url`: an MCP session of its own. */
export async function connectHttpClient(
  url: string,
  options: Pick<GatewayClientOptions, "elicit" | "token"> = {},
): Promise<Omit<GatewayClient, "stderr" | "pid" | "url" | "token">> {
  const parts = newClient(options);
  await parts.client.connect(httpTransport(url, options.token));
  return { ...parts, close: () => parts.client.close() };
}

/** A Streamable HTTP client transport that sends `token` as a bearer token on every request. */
export function httpTransport(url: string, token: string | undefined): StreamableHTTPClientTransport {
  return new StreamableHTTPClientTransport(
    new URL(url),
    token === undefined ? {} : { requestInit: { headers: { authorization: `Bearer ${token}` } } },
  );
}

/** The token a gateway made for itself: read from the file its stderr names (the token itself is never printed). */
function ownToken(stderr: string): string | undefined {
  const file = /with the token in (\S+) \(/.exec(stderr)?.[1];
  return file === undefined ? undefined : readFileSync(file, "utf8").trim();
}

function newClient(options: Pick<GatewayClientOptions, "elicit" | "fetchesOnListChanged">) {
  const client = new Client(
    { name: "gateway-test", version: "1.0.0" },
    { capabilities: options.elicit ? { elicitation: {} } : {} },
  );
  let changes = 0;
  // As real clients do (VS Code, Claude Desktop): a list_changed makes them fetch the list again.
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    changes++;
    if (options.fetchesOnListChanged !== false) client.listTools().catch(() => undefined);
  });
  if (options.elicit) {
    const answer = options.elicit;
    client.setRequestHandler(ElicitRequestSchema, (request, extra) => answer(request.params, extra.signal));
  }
  const errors: Error[] = [];
  client.onerror = (error) => errors.push(error);
  return {
    client,
    errors,
    listChanges: () => changes,
    async waitForListChange(seen: number, timeoutMs = 10_000) {
      await waitFor(`a tools/list_changed after ${seen}`, () => changes > seen, timeoutMs);
    },
  };
}

/**
 * Waits until the gateway has logged each of `servers` as connected: `serve` answers initialize
 * at once and connects its upstream servers after.
 */
export async function waitForUpstreams(
  gateway: Pick<GatewayClient, "stderr">,
  servers: readonly string[],
  timeoutMs = 30_000,
): Promise<void> {
  for (const server of servers) {
    await waitFor(
      `MCP server "${server}" to connect`,
      () => gateway.stderr().includes(`MCP server "${server}" connected`),
      timeoutMs,
    );
  }
}

/** The text of a tools/call result's text blocks, joined. */
export function resultText(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  return content.flatMap((block) => (block.type === "text" && block.text !== undefined ? [block.text] : [])).join("\n");
}
