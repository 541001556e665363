import { closeSync, openSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createMCPClient, ElicitationRequestSchema, type MCPClient } from "@ai-sdk/mcp";
import { Experimental_StdioMCPTransport } from "@ai-sdk/mcp/mcp-stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CLI_ARGS,
  ROOT,
  connectGateway,
  resultText,
  scratchDir,
  waitForUpstreams,
  writeConfig,
  type GatewayClient,
} from "../support/gateway-process.js";
import { DYNAMIC_SERVER, wipeCount } from "../support/mcp-servers.js";

/**
 * `toolsift serve` under the Vercel AI SDK's MCP client (`@ai-sdk/mcp`): a third-party client with
 * its own protocol code, not the official SDK's. It probes with `server/discover` first, waits one
 * second for the answer on stdio, then opens again with `initialize` on the same pipe.
 * The fallback itself is held by stdio-opening.test.ts and the early answer by
 * gateway-startup.test.ts, without a clock.
 */

const dyn = (env: Record<string, string> = {}) => ({
  command: process.execPath,
  args: [DYNAMIC_SERVER],
  stderr: "ignore",
  env,
});

/** Searches for the echo tool, as a model would; the search answer's text. */
async function searchEcho(client: MCPClient): Promise<string> {
  const search = resultText(
    await client.callTool({ name: "search_tools", arguments: { query: "echo a message back" } }),
  );
  expect(search).toContain("dyn__echo");
  return search;
}

describe("the AI SDK's MCP client over stdio", () => {
  it("works in the era its one-second probe settles on, while a keep tool's server is still starting", async () => {
    // serve answers server/discover while it starts (the keep tool's server takes 3 s here), in
    // about 0.7 s from the built package; run from source through tsx it takes longer than the
    // client's second. Which era the client settles on is its clock's call, so each must work:
    // the 2026-07-28 era when the answer came in time, else the spec's fallback to the handshake
    // on the same pipe (the answer to a probe the client gave up on is dropped).
    const config = writeConfig({
      mcpServers: { dyn: dyn({ FIXTURE_START_DELAY_MS: "3000" }) },
      toolsift: { keepTools: ["dyn__echo"] },
    });
    const log = join(scratchDir(), "stderr.log");
    const stderr = openSync(log, "w");
    const client = await createMCPClient({
      transport: new Experimental_StdioMCPTransport({
        command: process.execPath,
        args: [...CLI_ARGS, "serve", "--config", config],
        cwd: ROOT,
        env: { ...process.env } as Record<string, string>,
        stderr,
      }),
      // Its notifications (list_changed) are reported here as unsupported: harmless, and expected.
      onUncaughtError: () => undefined,
    });
    try {
      const era = client.initializeResult.protocolVersion;
      expect(["2026-07-28", "2025-11-25"]).toContain(era);
      if (era === "2025-11-25")
        expect(readFileSync(log, "utf8")).toContain("sent server/discover, then opened with initialize");
      await waitForUpstreams({ stderr: () => readFileSync(log, "utf8") }, ["dyn"]);
      await searchEcho(client);
      const called = await client.callTool(
        era === "2026-07-28"
          ? { name: "call_tool", arguments: { name: "dyn__echo", arguments: { text: "from the AI SDK" } } }
          : { name: "dyn__echo", arguments: { text: "from the AI SDK" } },
      );
      expect(resultText(called)).toContain("echo: from the AI SDK");
    } finally {
      await client.close();
      closeSync(stderr);
    }
  });
});

describe("the AI SDK's MCP client over Streamable HTTP", () => {
  let gateway: GatewayClient;
  const wipes = join(scratchDir(), "wipes");
  beforeAll(async () => {
    gateway = await connectGateway(writeConfig({ mcpServers: { dyn: dyn({ FIXTURE_WIPE_FILE: wipes }) } }), {
      transport: "http",
    });
    await waitForUpstreams(gateway, ["dyn"]);
  });
  afterAll(async () => gateway?.close());

  const connect = (protocolVersionDiscovery: boolean) =>
    createMCPClient({
      protocolVersionDiscovery,
      transport: { type: "http", url: gateway.url!, headers: { authorization: `Bearer ${gateway.token}` } },
      capabilities: { elicitation: {} },
      onUncaughtError: () => undefined,
    });

  it("asks its elicitation handler before a destructive call, in either era, and runs it only if accepted", async () => {
    for (const discovery of [true, false]) {
      const client = await connect(discovery);
      try {
        const wipe =
          client.initializeResult.protocolVersion === "2026-07-28"
            ? { name: "call_tool", arguments: { name: "dyn__wipe_data", arguments: {} } }
            : { name: "dyn__wipe_data", arguments: {} };
        const questions: string[] = [];
        let answer: "accept" | "decline" = "decline";
        client.onElicitationRequest(ElicitationRequestSchema, (request) => {
          questions.push(request.params.message);
          return { action: answer, content: {} };
        });
        const before = wipeCount(wipes);
        const declined = await client.callTool(wipe);
        expect(declined.isError).toBe(true);
        expect(wipeCount(wipes)).toBe(before);
        answer = "accept";
        expect(resultText(await client.callTool(wipe))).toContain("wiped");
        expect(wipeCount(wipes)).toBe(before + 1);
        expect(questions).toHaveLength(2);
        expect(questions[1]).toMatch(/Run dyn__wipe_data .* marked destructive/s);
      } finally {
        await client.close();
      }
    }
  });

  it("gets the 2026-07-28 era by discovery: matches come with their schemas, called through call_tool", async () => {
    const client = await connect(true);
    try {
      expect(client.initializeResult.protocolVersion).toBe("2026-07-28");
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["search_tools", "call_tool"]);
      const search = await searchEcho(client);
      expect(search).toContain('"inputSchema"');
      expect(search).not.toMatch(/now in your tool list/);
      const called = await client.callTool({
        name: "call_tool",
        arguments: { name: "dyn__echo", arguments: { text: "through call_tool" } },
      });
      expect(resultText(called)).toContain("echo: through call_tool");
    } finally {
      await client.close();
    }
  });

  it("gets a 2025-era session with discovery off: the match joins its tool list", async () => {
    const client = await connect(false);
    try {
      expect(client.initializeResult.protocolVersion).toBe("2025-11-25");
      expect(await searchEcho(client)).toContain("now in your tool list");
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("dyn__echo");
      const called = await client.callTool({ name: "dyn__echo", arguments: { text: "listed" } });
      expect(resultText(called)).toContain("echo: listed");
    } finally {
      await client.close();
    }
  });
});
