import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromMcp, type McpServerConfig } from "../../src/public/mcp.js";
import {
  DYNAMIC_SERVER,
  runTool,
  startEverythingHttp,
  textOf,
  waitFor,
  type HttpServer,
} from "../support/mcp-servers.js";
import { startV2Http, v2StdioServer, type V2HttpServer } from "../support/mcp-v2-servers.js";

// One configuration reaches every kind of server: a 2026-07-28 (stateless) server that refuses
// the 2025 handshake, a 2025 server that knows only the handshake, and one that serves both.

const http: { modern?: V2HttpServer; dual?: V2HttpServer; legacy?: HttpServer } = {};
beforeAll(async () => {
  [http.modern, http.dual, http.legacy] = await Promise.all([
    startV2Http("modern"),
    startV2Http("dual"),
    startEverythingHttp(),
  ]);
});
afterAll(async () => {
  await Promise.all([http.modern?.stop(), http.dual?.stop(), http.legacy?.stop()]);
});

async function shout(config: McpServerConfig): Promise<string> {
  const host = await fromMcp({ up: config });
  try {
    return textOf(await runTool(host, "up__shout", { text: "hello" }));
  } finally {
    await host.close();
  }
}

describe("fromMcp over stdio", () => {
  it("lists and calls the tools of a modern-only server, in the modern era", async () => {
    expect(await shout(v2StdioServer("modern"))).toBe("HELLO (modern era)");
  });

  it("lists and calls the tools of a dual server", async () => {
    expect(await shout(v2StdioServer("dual"))).toBe("HELLO (modern era)");
  });

  it("reaches a handshake-only server that exits on anything before initialize, by starting it again", async () => {
    const strict = fileURLToPath(new URL("../fixtures/strict-legacy-mcp-server.mjs", import.meta.url));
    const host = await fromMcp({ up: { command: process.execPath, args: [strict], stderr: "ignore" } });
    try {
      expect(textOf(await runTool(host, "up__echo", { text: "hi" }))).toBe("echo: hi");
    } finally {
      await host.close();
    }
  });

  it("answers a modern-only server's input_required elicitation through the serverRequests handler", async () => {
    const asked: unknown[] = [];
    const host = await fromMcp(
      { up: v2StdioServer("modern") },
      {
        serverRequests: {
          elicitation: async ({ server, params }) => {
            asked.push({ server, message: params.message });
            return { action: "accept", content: { name: "Ada" } };
          },
        },
      },
    );
    try {
      expect(textOf(await runTool(host, "up__ask_name"))).toBe("hello, Ada");
      expect(asked).toEqual([{ server: "up", message: "Your name?" }]);
    } finally {
      await host.close();
    }
  });

  it("hears a modern-only server's tools/list_changed, on its subscriptions/listen stream", async () => {
    const host = await fromMcp({ up: v2StdioServer("modern") });
    try {
      expect(textOf(await runTool(host, "up__add_tool"))).toBe("added whisper");
      await waitFor("the new tool to be listed", async () =>
        (await host.listTools()).some((tool) => tool.name === "up__whisper"),
      );
    } finally {
      await host.close();
    }
  });

  it("lists and calls the tools of a handshake-only (2025) server", async () => {
    const host = await fromMcp({ up: { command: process.execPath, args: [DYNAMIC_SERVER], stderr: "ignore" } });
    try {
      expect(textOf(await runTool(host, "up__echo", { text: "hi" }))).toBe("echo: hi");
    } finally {
      await host.close();
    }
  });
});

describe("fromMcp given an SDK v2 Client the caller connected", () => {
  it("lists and calls the tools of the modern-only server it negotiated with", async () => {
    const { Client, StreamableHTTPClientTransport } = await import("@modelcontextprotocol/client");
    const client = new Client({ name: "toolsift-test", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } });
    await client.connect(new StreamableHTTPClientTransport(new URL(http.modern?.url ?? "")));
    try {
      expect(client.getProtocolEra()).toBe("modern");
      const host = await fromMcp({ mine: client });
      expect(textOf(await runTool(host, "mine__shout", { text: "hello" }))).toBe("HELLO (modern era)");
      await host.close();
    } finally {
      await client.close();
    }
  });
});

describe("fromMcp over Streamable HTTP", () => {
  it("lists and calls the tools of a modern-only server, in the modern era", async () => {
    expect(await shout({ url: http.modern?.url ?? "" })).toBe("HELLO (modern era)");
  });

  it("lists and calls the tools of a dual server", async () => {
    expect(await shout({ url: http.dual?.url ?? "" })).toBe("HELLO (modern era)");
  });

  it("lists and calls the tools of a handshake-only (2025) server", async () => {
    const host = await fromMcp({ up: { url: http.legacy?.url ?? "" } });
    try {
      expect(textOf(await runTool(host, "up__echo", { message: "hi" }))).toContain("hi");
    } finally {
      await host.close();
    }
  });
});
