import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLI_ARGS, ROOT, scratchDir, writeConfig } from "../support/gateway-process.js";
import { DYNAMIC_SERVER, isAlive, waitFor } from "../support/mcp-servers.js";

/**
 * `toolsift serve` over stdio when its client hangs up and then, as the MCP SDK's client does two
 * seconds after closing stdin, sends SIGTERM while the gateway is still ending its servers.
 */
describe("toolsift serve's shutdown", () => {
  it("ends its upstream servers when a SIGTERM comes while it is closing them, leaving no orphan", async () => {
    const pidFile = join(scratchDir(), "server.pid");
    // A server that outlives the end of its stdin (only a signal ends it) keeps the gateway in
    // its 2 s of grace, so the SIGTERM below lands while the gateway is closing.
    const config = writeConfig({
      mcpServers: {
        held: {
          command: process.execPath,
          args: [DYNAMIC_SERVER],
          env: { FIXTURE_HOLD_OPEN: "1", FIXTURE_PID_FILE: pidFile },
          stderr: "ignore",
        },
      },
    });
    const gateway = spawn(process.execPath, [...CLI_ARGS, "serve", "--config", config], {
      cwd: ROOT,
      stdio: ["pipe", "ignore", "pipe"],
    });
    let stderr = "";
    gateway.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      gateway.once("exit", (code, signal) => resolve({ code, signal })),
    );
    let server: number | undefined;
    try {
      gateway.stdin.write(
        `${JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } },
        })}\n`,
      );
      await waitFor('"held" to connect', () => stderr.includes('MCP server "held" connected'), 60_000);
      await waitFor("the server's pid", () => existsSync(pidFile));
      server = Number(readFileSync(pidFile, "utf8"));
      gateway.stdin.end();
      await waitFor("the gateway to stop", () => stderr.includes("stop: the client closed stdin"));
      gateway.kill("SIGTERM");
      // Not killed by the signal: it left through its exit hook (143), or had finished closing (0).
      const exit = await exited;
      expect(exit.signal).toBeNull();
      expect([0, 143]).toContain(exit.code);
      const pid = server;
      await waitFor(`server ${pid} to end`, () => !isAlive(pid), 5_000);
    } finally {
      if (server !== undefined && isAlive(server)) process.kill(server, "SIGKILL");
      if (gateway.exitCode === null && gateway.signalCode === null) gateway.kill("SIGKILL");
    }
  });
});
