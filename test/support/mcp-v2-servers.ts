import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { McpServerConfig } from "../../src/mcp/index.js";

/** toolsift's SDK v2 test server (see the fixture's header for what it offers). */
export const V2_SERVER = fileURLToPath(new URL("../fixtures/v2-mcp-server.mjs", import.meta.url));

/** Which eras a v2 test server serves: only the 2026-07-28 one, or both. */
export type V2Era = "modern" | "dual";

/** The config of a v2 test server over stdio. */
export function v2StdioServer(era: V2Era): McpServerConfig {
  return { command: process.execPath, args: [V2_SERVER, era, "stdio"], stderr: "ignore" };
}

/** A v2 test server over Streamable HTTP on 127.0.0.1, in a process of its own. */
export interface V2HttpServer {
  url: string;
  /** Ends the server process and waits for it to exit. */
  stop(): Promise<void>;
}

/** Starts a v2 test server's Streamable HTTP mode on a free loopback port. */
export async function startV2Http(era: V2Era): Promise<V2HttpServer> {
  const child = spawn(process.execPath, [V2_SERVER, era, "http"], { stdio: ["ignore", "ignore", "pipe"] });
  const port = await new Promise<number>((resolve, reject) => {
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString("utf8")).slice(-4000);
      const match = /toolsift-fixture-listening 127\.0\.0\.1 (\d+)/.exec(stderr);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`the v2 test server exited with ${code}: ${stderr}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
