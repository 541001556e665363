import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { scratchDir } from "../../test/support/gateway-process.js";
import { DYNAMIC_SERVER, runTool, waitFor } from "../../test/support/mcp-servers.js";
import { startV2Http, v2StdioServer, type V2HttpServer } from "../../test/support/mcp-v2-servers.js";
import { fromMcp } from "./from-mcp.js";
import type { McpServerConfig, McpToolHost } from "./index.js";

/** Resource subscriptions against real server processes: an SDK v2 server in each era, an SDK v1 server. */

const COUNTER = "memo://counter";
let host: McpToolHost | undefined;
let http: V2HttpServer | undefined;
afterEach(async () => {
  await host?.close();
  await http?.stop();
  host = http = undefined;
});

/** A host of one server `s`, and the updates it heard. */
async function hostOf(config: McpServerConfig) {
  const updates: string[] = [];
  host = await fromMcp({ s: config }, { onResourceUpdated: (server, uri) => updates.push(`${server} ${uri}`) });
  return { host, updates };
}

async function touchAndHear(host: McpToolHost, updates: string[], tool: string, input = {}) {
  const before = updates.length;
  await runTool(host, tool, input);
  await waitFor("the update to arrive", () => updates.length > before);
}

describe("a 2026-07-28 server's resource subscriptions", () => {
  it.each(["stdio", "http"] as const)(
    "are a subscriptions/listen stream per URI (%s), closed to unsubscribe",
    async (via) => {
      if (via === "http") http = await startV2Http("modern");
      const { host, updates } = await hostOf(http ? { url: http.url } : v2StdioServer("modern"));
      expect(host.offers("s").subscribe).toBe(true);
      await host.subscribeResource("s", COUNTER);
      await touchAndHear(host, updates, "s__touch");
      expect(updates).toEqual([`s ${COUNTER}`]);
      await host.unsubscribeResource("s", COUNTER);
      await runTool(host, "s__touch");
      // An update would have come with the call's answer's stream, or right after it.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(updates).toEqual([`s ${COUNTER}`]);
    },
  );
});

describe("a 2025-era server's resource subscriptions", () => {
  it("are resources/subscribe and resources/unsubscribe, and pass on updates of subscribed URIs only", async () => {
    const file = join(scratchDir(), "subscriptions");
    const { host, updates } = await hostOf({
      command: process.execPath,
      args: [DYNAMIC_SERVER],
      env: { FIXTURE_CONTENT: "1", FIXTURE_SUBSCRIBE_FILE: file },
      stderr: "ignore",
    });
    await host.subscribeResource("s", "memo://greeting");
    await host.subscribeResource("s", "memo://greeting");
    await runTool(host, "s__touch_resource", { uri: "memo://other" });
    await touchAndHear(host, updates, "s__touch_resource", { uri: "memo://greeting" });
    expect(updates).toEqual(["s memo://greeting"]);
    await host.unsubscribeResource("s", "memo://greeting");
    expect(readFileSync(file, "utf8")).toBe("subscribe memo://greeting\nunsubscribe memo://greeting\n");
  });

  it("are refused, with nothing sent, by a server that does not declare resources.subscribe", async () => {
    const file = join(scratchDir(), "subscriptions");
    const { host } = await hostOf({
      command: process.execPath,
      args: [DYNAMIC_SERVER],
      env: { FIXTURE_CONTENT: "1" },
      stderr: "ignore",
    });
    expect(host.offers("s").subscribe).toBe(false);
    await expect(host.subscribeResource("s", "x".repeat(100_000))).rejects.toMatchObject({ code: "mcp_invalid_uri" });
    await expect(host.subscribeResource("s", "memo://greeting")).rejects.toMatchObject({ code: "mcp_no_capability" });
    expect(existsSync(file)).toBe(false);
  });
});
