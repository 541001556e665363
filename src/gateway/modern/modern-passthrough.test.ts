import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport, type Transport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CLI_ARGS,
  ROOT,
  resultText,
  scratchDir,
  startHttpGateway,
  waitForUpstreams,
  writeConfig,
} from "../../../test/support/gateway-process.js";
import { DYNAMIC_SERVER, everythingServerEntry, waitFor } from "../../../test/support/mcp-servers.js";

/**
 * What a 2026-07-28 (stateless) client uses besides the call itself passes through the gateway:
 * upstream progress, cancellation and log messages, each on the request's own stream. Real SDK v2
 * clients pinned to 2026-07-28, over Streamable HTTP and over stdio, of a real `toolsift serve`
 * process in front of real MCP server processes (server-everything and the dynamic fixture).
 */

const MODERN = "2026-07-28";
const LONG_RUNNING = "everything__trigger-long-running-operation";

interface Served {
  client: Client;
  /** The dynamic fixture's FIXTURE_CANCEL_FILE: "started" when hang starts, "cancelled" when cancelled upstream. */
  cancelFile: string;
  /** Over HTTP, the gateway's MCP endpoint. */
  url?: string;
  close(): Promise<void>;
}

/** A `toolsift serve` process over stdio or HTTP, and a v2 client of it pinned to 2026-07-28. */
async function serve(over: "stdio" | "http"): Promise<Served> {
  const cancelFile = join(scratchDir(), "cancel.log");
  writeFileSync(cancelFile, "");
  const file = writeConfig({
    mcpServers: {
      dyn: {
        command: process.execPath,
        args: [DYNAMIC_SERVER],
        stderr: "ignore",
        env: { FIXTURE_CANCEL_FILE: cancelFile, FIXTURE_LOGS: "1" },
      },
      everything: { command: process.execPath, args: [everythingServerEntry(), "stdio"], stderr: "ignore" },
    },
  });
  const client = new Client(
    { name: `passthrough-${over}`, version: "1" },
    { versionNegotiation: { mode: { pin: MODERN } } },
  );
  let stderr = "";
  let readStderr = () => stderr;
  let transport: Transport;
  let stop = async () => {};
  let url: string | undefined;
  if (over === "stdio") {
    const stdio = new StdioClientTransport({
      command: process.execPath,
      args: [...CLI_ARGS, "serve", "--config", file],
      env: { ...process.env } as Record<string, string>,
      cwd: ROOT,
      stderr: "pipe",
    });
    stdio.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    transport = stdio;
  } else {
    const gateway = await startHttpGateway(file, { args: ["--no-auth"] });
    url = gateway.url;
    transport = new StreamableHTTPClientTransport(new URL(url));
    stop = async () => {
      const exited = new Promise((resolve) => gateway.child.once("exit", resolve));
      gateway.child.kill("SIGTERM");
      await exited;
    };
    readStderr = gateway.stderr;
  }
  await client.connect(transport);
  await waitForUpstreams({ stderr: readStderr }, ["dyn", "everything"]);
  return {
    client,
    cancelFile,
    ...(url === undefined ? {} : { url }),
    async close() {
      await client.close();
      await stop();
    },
  };
}

function cancelLines(file: string): string[] {
  return readFileSync(file, "utf8").split("\n").filter(Boolean);
}

describe.each(["http", "stdio"] as const)("a 2026-07-28 client over %s", (over) => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(over);
    expect(served.client.getProtocolEra()).toBe("modern");
  }, 90_000);
  afterAll(() => served?.close());

  it("gets upstream progress under its own token, which keeps a long call alive", async () => {
    // Warmed up first, so the timed call measures the steps, not a first call on a loaded machine.
    await served.client.callTool({ name: LONG_RUNNING, arguments: { duration: 0.1, steps: 1 } });
    const seen: { progress: number; total?: number }[] = [];
    const result = await served.client.callTool(
      { name: LONG_RUNNING, arguments: { duration: 5, steps: 10 } },
      // Shorter than the whole operation, five steps long: only progress keeps the request alive.
      { timeout: 2_500, resetTimeoutOnProgress: true, onprogress: (progress) => seen.push(progress) },
    );
    expect(result.isError).toBeFalsy();
    expect(resultText(result)).toContain("Long running operation completed");
    const steps = seen.map((progress) => progress.progress);
    expect(steps.length).toBeGreaterThanOrEqual(3);
    expect(steps).toEqual([...new Set(steps)].sort((a, b) => a - b));
    expect(seen[0]).toMatchObject({ progress: 1, total: 10 });
  });

  it("gets progress through call_tool too, bounded as a session's is", async () => {
    const seen: number[] = [];
    // 40 steps in 0.4 s: a step every 10 ms, ten times the rate the gateway passes on.
    const result = await served.client.callTool(
      { name: "call_tool", arguments: { name: LONG_RUNNING, arguments: { duration: 0.4, steps: 40 } } },
      { onprogress: (progress) => seen.push(progress.progress) },
    );
    expect(result.isError).toBeFalsy();
    expect(seen.length).toBeGreaterThanOrEqual(1);
    // At most one per 100 ms (and the last held one): far fewer than the 40 sent.
    expect(seen.length).toBeLessThanOrEqual(10);
  });

  it("cancels the upstream call when the client cancels its request", async () => {
    const before = cancelLines(served.cancelFile).length;
    const cancel = new AbortController();
    const hung = served.client.callTool({ name: "dyn__hang", arguments: {} }, { signal: cancel.signal });
    hung.catch(() => undefined);
    await waitFor("the hang to start upstream", () => cancelLines(served.cancelFile).length > before);
    cancel.abort();
    await expect(hung).rejects.toThrow();
    await waitFor("the cancellation to reach upstream", () =>
      cancelLines(served.cancelFile).slice(before).includes("cancelled"),
    );
  });

  // What the spec names as an HTTP client's cancellation, on the wire: the stream closed, no notice sent.
  it.skipIf(over !== "http")("cancels the upstream call when the request's response stream closes", async () => {
    const before = cancelLines(served.cancelFile).length;
    const hangUp = new AbortController();
    const envelope = {
      "io.modelcontextprotocol/protocolVersion": MODERN,
      "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1" },
      "io.modelcontextprotocol/clientCapabilities": {},
    };
    const response = fetch(served.url!, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": MODERN,
        "mcp-method": "tools/call",
        "mcp-name": "dyn__hang",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "dyn__hang", arguments: {}, _meta: envelope },
      }),
      signal: hangUp.signal,
    });
    response.catch(() => undefined);
    await waitFor("the hang to start upstream", () => cancelLines(served.cancelFile).length > before);
    hangUp.abort();
    await waitFor("the cancellation to reach upstream", () =>
      cancelLines(served.cancelFile).slice(before).includes("cancelled"),
    );
  });

  it("gets the called server's log messages at or above the level its request names, labelled with the server", async () => {
    const heard: { level: string; logger?: string; data: unknown }[] = [];
    served.client.setNotificationHandler("notifications/message", (notification) => {
      heard.push(notification.params);
    });
    const result = await served.client.callTool({
      name: "dyn__log_levels",
      arguments: {},
      _meta: { "io.modelcontextprotocol/logLevel": "error" },
    });
    expect(resultText(result)).toBe("logged");
    expect(heard.map((message) => message.level)).toEqual(["error", "critical", "alert", "emergency"]);
    expect(heard[0]).toMatchObject({ logger: "dyn/fixture", data: "error message" });
  });

  it("gets no log messages on a request that names no level", async () => {
    const heard: unknown[] = [];
    served.client.setNotificationHandler("notifications/message", (notification) => {
      heard.push(notification.params);
    });
    const through = await served.client.callTool({ name: "call_tool", arguments: { name: "dyn__log_levels" } });
    expect(resultText(through)).toBe("logged");
    expect(heard).toEqual([]);
  });
});
