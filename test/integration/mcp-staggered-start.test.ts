import { existsSync, readdirSync, readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { fromMcp, type McpServerConfig } from "../../src/public/mcp.js";
import { DYNAMIC_SERVER, waitFor } from "../support/mcp-servers.js";

/**
 * `fromMcp` with `waitForServers: false` (what `serve` does) starts one server's process per turn
 * of the event loop. Starting a process blocks the loop, and a gateway that started thirty-three
 * servers' processes in one go answered its own client's `initialize` five seconds late.
 */

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** This process's children, from every thread's entry in /proc (vitest may run the file in a worker thread). */
function childCount(): number {
  let count = 0;
  for (const task of readdirSync("/proc/self/task")) {
    const children = readFileSync(`/proc/self/task/${task}/children`, "utf8").trim();
    if (children !== "") count += children.split(/\s+/).length;
  }
  return count;
}

const server = (): McpServerConfig => ({ command: process.execPath, args: [DYNAMIC_SERVER], stderr: "ignore" });
const SERVERS = 4;

describe.skipIf(!existsSync("/proc/self/task"))("MCP servers started in the background", () => {
  it("start one per turn of the event loop, so the process answers its own I/O between them, and all start", async () => {
    const before = childCount();
    const host = await fromMcp(Object.fromEntries(Array.from({ length: SERVERS }, (_, i) => [`s${i}`, server()])), {
      waitForServers: false,
      onEvent: () => {},
    });
    cleanups.push(() => host.close());
    // The next turn of the loop: I/O that was waiting (a client's first message) is read now.
    const atNextTurn = await new Promise<number>((resolve) => setImmediate(() => resolve(childCount() - before)));
    expect(atNextTurn).toBeLessThan(SERVERS);
    await waitFor("every server's process", () => childCount() - before === SERVERS);
    await waitFor("every server's tools", async () => {
      const names = (await host.listTools()).map((tool) => tool.name);
      return Array.from({ length: SERVERS }, (_, i) => `s${i}__echo`).every((name) => names.includes(name));
    });
  });
});
