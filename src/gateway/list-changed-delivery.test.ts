import { appendFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scratchDir } from "../../test/support/gateway-process.js";
import { DYNAMIC_SERVER, waitFor } from "../../test/support/mcp-servers.js";
import { parseGatewayConfig } from "./config/gateway-config.js";
import { Gateway } from "./gateway.js";
import { listenHttp, type HttpListener } from "./http/http-listener.js";

/**
 * One gateway process, no session store: a `tools/list_changed` the client never got (its
 * request was cancelled, so the SDK dropped what was sent on that request's stream) must not be
 * counted as sent, or no later change is ever announced to that client.
 */
describe("list_changed on a cancelled tools/call", () => {
  const cancelFile = join(scratchDir(), "cancel.log");
  let gateway: Gateway;
  let listener: HttpListener;

  beforeAll(async () => {
    appendFileSync(cancelFile, "");
    const config = parseGatewayConfig(
      {
        mcpServers: {
          dyn: {
            command: process.execPath,
            args: [DYNAMIC_SERVER],
            env: { FIXTURE_CANCEL_FILE: cancelFile },
            stderr: "ignore",
          },
        },
      },
      "mcp.json",
      {},
    );
    gateway = await Gateway.start({ config, mode: "stubs", log: () => undefined });
    listener = await listenHttp(gateway, { port: 0, host: "127.0.0.1", log: () => undefined, auth: false });
    await waitFor("dyn to connect", () => gateway.ready, 20_000);
  });

  afterAll(async () => {
    await listener?.close();
    await gateway?.close();
  });

  it("is sent on the client's next call: the announcement the cancelled call lost is not marked sent", async () => {
    const client = new Client({ name: "cancels", version: "1" });
    let changes = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changes++);
    await client.connect(new StreamableHTTPClientTransport(new URL(listener.url)));
    try {
      await client.listTools();
      // Calling a stub hydrates it (its full definition is listed from now on), then the call hangs.
      const cancel = new AbortController();
      const hung = client.callTool({ name: "dyn__hang", arguments: {} }, undefined, { signal: cancel.signal });
      await waitFor("the hang to start upstream", () => readFileSync(cancelFile, "utf8").includes("started"));
      cancel.abort();
      await expect(hung).rejects.toThrow();
      await waitFor("the cancel to reach upstream", () => readFileSync(cancelFile, "utf8").includes("cancelled"));
      // Whatever the cancelled call's handler did meanwhile has ended: its answer was dropped.
      await new Promise((resolve) => setTimeout(resolve, 200));
      // The next hydration (dyn__echo) changes the list again: the client must hear of it.
      const seen = changes;
      await client.callTool({ name: "dyn__echo", arguments: { text: "after" } });
      expect(changes).toBeGreaterThan(seen);
      // And of every later one.
      await client.listTools();
      const again = changes;
      await client.callTool({ name: "dyn__get_pid", arguments: {} });
      expect(changes).toBeGreaterThan(again);
    } finally {
      await client.close();
    }
  }, 30_000);
});
