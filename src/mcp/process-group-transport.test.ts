import { describe, expect, it } from "vitest";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { isAlive, waitFor } from "../../test/support/mcp-servers.js";
import { ProcessGroupTransport, type ProcessGroupTransportOptions } from "./process-group-transport.js";

/** A transport around `node -e script`, recording what it reads. */
function transportFor(script: string, options: Partial<ProcessGroupTransportOptions> = {}) {
  const messages: JSONRPCMessage[] = [];
  const garbage: string[] = [];
  let closed = 0;
  const transport = new ProcessGroupTransport({
    command: process.execPath,
    args: ["-e", script],
    env: { PATH: process.env.PATH ?? "" },
    cwd: undefined,
    parse: (line) => {
      const value: unknown = JSON.parse(line);
      if (typeof value !== "object" || value === null || (value as { jsonrpc?: unknown }).jsonrpc !== "2.0")
        throw new Error("not JSON-RPC");
      return value as JSONRPCMessage;
    },
    onStderr: () => {},
    onGarbage: (line) => garbage.push(line),
    ...options,
  });
  transport.onmessage = (message) => messages.push(message);
  transport.onclose = () => closed++;
  return { transport, messages, garbage, closed: () => closed };
}

const note = (n: number) => JSON.stringify({ jsonrpc: "2.0", method: `note-${n}` });

describe("ProcessGroupTransport", () => {
  it("reads messages split across writes, drops oversized and non-JSON-RPC lines, and goes on reading", async () => {
    const script = `
      const w = (s) => process.stdout.write(s);
      w(${JSON.stringify(note(1).slice(0, 10))});
      setTimeout(() => {
        w(${JSON.stringify(`${note(1).slice(10)}\n`)});
        w("x".repeat(5000) + "\\n");
        w("plain log line\\r\\n");
        w(${JSON.stringify(`${note(2)}\n`)});
      }, 50);
      setTimeout(() => {}, 10000);`;
    const { transport, messages, garbage } = transportFor(script, { maxLineBytes: 1000, graceMs: 200 });
    await transport.start();
    try {
      await waitFor("two messages", () => messages.length === 2);
      expect(messages).toEqual([JSON.parse(note(1)), JSON.parse(note(2))]);
      expect(garbage).toEqual(["(a line of more than 1000 bytes)", "plain log line"]);
    } finally {
      await transport.close();
    }
  });

  it("escalates to SIGKILL for a process group that ignores the end of stdin and SIGTERM", async () => {
    const script = `
      process.on("SIGTERM", () => {});
      process.stdin.resume();
      process.stdin.on("end", () => {});
      setInterval(() => {}, 1000);
      process.stdout.write(${JSON.stringify(`${note(0)}\n`)});`;
    const { transport, messages, closed } = transportFor(script, { graceMs: 200 });
    await transport.start();
    const pid = transport.pid!;
    await waitFor("the ready note", () => messages.length === 1);
    await transport.close();
    await waitFor(`process ${pid} to end`, () => !isAlive(pid), 10_000);
    expect(closed()).toBe(1);
    await transport.close();
    expect(closed()).toBe(1);
    await expect(transport.send({ jsonrpc: "2.0", method: "late" })).rejects.toThrow("Not connected");
  });

  it("reports the end of a server that exits on its own, once", async () => {
    const { transport, closed } = transportFor("process.exit(0)");
    await transport.start();
    await waitFor("onclose", () => closed() === 1);
    await transport.close();
    expect(closed()).toBe(1);
  });

  it("rejects start() for a command that does not exist", async () => {
    const transport = new ProcessGroupTransport({
      command: `/nonexistent/toolsift-${process.pid}`,
      args: [],
      env: {},
      cwd: undefined,
      parse: () => {
        throw new Error("unused");
      },
      onStderr: () => {},
      onGarbage: () => {},
    });
    await expect(transport.start()).rejects.toMatchObject({ code: "ENOENT" });
  });
});
