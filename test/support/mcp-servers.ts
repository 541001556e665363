import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ToolContext, ToolDefinition } from "../../src/catalogue/tool-definition.js";
import { isToolOutput, type ToolOutput } from "../../src/catalogue/tool-output.js";
import type { McpToolHost } from "../../src/mcp/index.js";

/** The stdio entry script of @modelcontextprotocol/server-everything, from its package's bin. */
export function everythingServerEntry(): string {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve("@modelcontextprotocol/server-everything/package.json");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { bin?: string | Record<string, string> };
  const bin = typeof manifest.bin === "string" ? manifest.bin : Object.values(manifest.bin ?? {})[0];
  if (!bin) throw new Error("server-everything declares no bin");
  return join(dirname(manifestPath), bin);
}

/** toolsift's own test server, whose tool list changes at run time. */
export const DYNAMIC_SERVER = fileURLToPath(new URL("../fixtures/dynamic-mcp-server.mjs", import.meta.url));

/** How many times the dynamic server's `wipe_data` really ran, from its `FIXTURE_WIPE_FILE`. */
export function wipeCount(file: string): number {
  return existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean).length : 0;
}

/** Preloaded into server-everything so its HTTP mode binds 127.0.0.1 and prints the port. */
const LOOPBACK_PRELOAD = fileURLToPath(new URL("../fixtures/listen-on-loopback.mjs", import.meta.url));

/** server-everything over Streamable HTTP on 127.0.0.1, in a process of its own. */
export interface HttpServer {
  port: number;
  url: string;
  /** Ends the server process and waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * Starts server-everything's Streamable HTTP mode on a loopback port: a free one by default, or
 * `port` to bring a stopped server back where its clients expect it.
 */
export async function startEverythingHttp(port = 0): Promise<HttpServer> {
  const server = spawn(process.execPath, ["--import", LOOPBACK_PRELOAD, everythingServerEntry(), "streamableHttp"], {
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const bound = await new Promise<number>((resolve, reject) => {
    let stderr = "";
    server.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
      const match = /toolsift-fixture-listening (\S+) (\d+)/.exec(stderr);
      if (match?.[1] === "127.0.0.1") resolve(Number(match[2]));
      else if (match) reject(new Error(`server bound ${match[1]}, not loopback`));
    });
    server.once("exit", (code) => reject(new Error(`server-everything exited with ${code}: ${stderr}`)));
  });
  return {
    port: bound,
    url: `http://127.0.0.1:${bound}/mcp`,
    async stop() {
      if (server.exitCode !== null || server.signalCode !== null) return;
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    },
  };
}

/** A server that breaks the protocol's rules on purpose: malformed tools, huge strings, garbage on stdout. */
export const HOSTILE_SERVER = fileURLToPath(new URL("../fixtures/hostile-mcp-server.mjs", import.meta.url));

const context: ToolContext = { sessionId: undefined, stage: "execute" };

/** The definition named `name`, or a failure listing what there is. */
export function toolNamed(tools: readonly ToolDefinition[], name: string): ToolDefinition {
  const found = tools.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no tool ${name} among ${tools.map((t) => t.name).join(", ")}`);
  return found;
}

/** Runs a host's tool as a session would, by its catalogue name. */
export async function runTool(
  host: McpToolHost,
  name: string,
  input: Record<string, unknown> = {},
): Promise<ToolOutput> {
  const output: unknown = await toolNamed(await host.listTools(), name).execute?.(input, context);
  if (!isToolOutput(output)) throw new Error(`${name} did not return a ToolOutput`);
  return output;
}

/** The text blocks of a tool output, joined by newlines. */
export function textOf(output: ToolOutput): string {
  return output.content
    .flatMap((block) => (block.type === "text" && typeof block.text === "string" ? [block.text] : []))
    .join("\n");
}

/** Whether a process exists (one that belongs to someone else counts). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Whether a process still runs: it exists and is not a zombie. A zombie has ended and only waits
 * to be reaped, which for an orphan is up to PID 1 (here, one that may never do it). Linux only
 * tells zombies apart; elsewhere this is {@link isAlive}.
 */
export function isRunning(pid: number): boolean {
  if (!isAlive(pid)) return false;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0];
    return state !== "Z" && state !== "X";
  } catch {
    return process.platform !== "linux";
  }
}

/** Polls until `check` holds; fails with `what` after `timeoutMs`. */
export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
