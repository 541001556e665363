import { STUB_HINT } from "../../src/session/index.js";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  connectGateway,
  resultText,
  scratchDir,
  waitForUpstreams,
  writeConfig,
  type GatewayClient,
} from "../support/gateway-process.js";
import { DYNAMIC_SERVER, everythingServerEntry, waitFor } from "../support/mcp-servers.js";

/**
 * `toolsift serve` as MCP clients see it: a real MCP SDK client over stdio to the real CLI
 * process, in front of server-everything and toolsift's dynamic fixture server (a destructive
 * tool, tools added at run time, a crash, a hang).
 */

/** A config fronting server-everything ("everything") and the fixture ("dyn"), with small timeouts. */
function gatewayConfig(toolsift: Record<string, unknown> = {}) {
  const scratch = scratchDir();
  const wipes = join(scratch, "wipes.log");
  const file = writeConfig({
    mcpServers: {
      everything: { command: process.execPath, args: [everythingServerEntry(), "stdio"], stderr: "ignore" },
      dyn: { command: process.execPath, args: [DYNAMIC_SERVER], env: { FIXTURE_WIPE_FILE: wipes }, stderr: "ignore" },
    },
    toolsift: { callTimeoutMs: 1500, reconnect: { initialDelayMs: 100, maxDelayMs: 400 }, ...toolsift },
  });
  return {
    file,
    wipes: () => (existsSync(wipes) ? readFileSync(wipes, "utf8").split("\n").filter(Boolean).length : 0),
  };
}

async function listedNames(gateway: Pick<GatewayClient, "client">): Promise<string[]> {
  return (await gateway.client.listTools()).tools.map((tool) => tool.name);
}

async function search(gateway: Pick<GatewayClient, "client">, query: string): Promise<string[]> {
  const result = await gateway.client.callTool({ name: "search_tools", arguments: { query } });
  expect(result.isError).toBeFalsy();
  return (JSON.parse(resultText(result)) as { matches: { name: string }[] }).matches.map((match) => match.name);
}

describe("toolsift serve over stdio, listing search_tools and the tools found", () => {
  let gateway: GatewayClient;
  let config: ReturnType<typeof gatewayConfig>;

  beforeAll(async () => {
    config = gatewayConfig({
      keepTools: ["dyn__echo"],
      maxHydratedTools: 3,
      deny: ["dyn__get_pid", "everything__get-env"],
    });
    gateway = await connectGateway(config.file);
    await waitForUpstreams(gateway, ["everything", "dyn"]);
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it("lists only search_tools, call_tool and the keep tools, however many tools the servers hold", async () => {
    expect(await listedNames(gateway)).toEqual(["search_tools", "call_tool", "dyn__echo"]);
    // 12, and the 3 it offers a client with roots, elicitation and sampling, which serve declares.
    expect(gateway.stderr()).toMatch(/MCP server "everything" connected: 15 tools/);
    expect(gateway.stderr()).toMatch(/MCP server "dyn" connected: 17 tools/);
    const [searchTool] = (await gateway.client.listTools()).tools;
    expect(searchTool!.annotations).toMatchObject({ readOnlyHint: true });
  });

  it("lists the matches of a search, says so with list_changed, and runs a found tool with its input checked", async () => {
    const seen = gateway.listChanges();
    const matches = await search(gateway, "sum of two numbers");
    expect(matches[0]).toBe("everything__get-sum");
    await gateway.waitForListChange(seen);
    const listed = (await gateway.client.listTools()).tools;
    const sum = listed.find((tool) => tool.name === "everything__get-sum");
    expect(sum?.inputSchema.properties).toHaveProperty("a");
    // search_tools, call_tool, the keep tool and the match: each to be sent to the model whole.
    expect(listed.filter((tool) => tool._meta?.["anthropic/alwaysLoad"] === true).map((tool) => tool.name)).toEqual(
      listed.map((tool) => tool.name),
    );
    expect(listed.map((tool) => tool.name)).toEqual(expect.arrayContaining(["search_tools", "call_tool", "dyn__echo"]));
    // "23" is coerced against the real schema before the call goes upstream.
    const result = await gateway.client.callTool({ name: "everything__get-sum", arguments: { a: 19, b: "23" } });
    expect(resultText(result)).toBe("The sum of 19 and 23 is 42.");
  });

  it("lists a found tool as its server did, title, hints and output schema, which the client checks results against", async () => {
    const seen = gateway.listChanges();
    expect(await search(gateway, "structured content with an output schema")).toContain(
      "everything__get-structured-content",
    );
    await gateway.waitForListChange(seen);
    const listed = (await gateway.client.listTools()).tools.find(
      (tool) => tool.name === "everything__get-structured-content",
    );
    expect(listed?.title).toBe("Get Structured Content Tool");
    expect(listed?.annotations).toEqual({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    // As the server listed it, without its $schema, as input schemas are sent.
    expect(listed?.outputSchema).toEqual({
      type: "object",
      properties: {
        temperature: { type: "number", description: "Temperature in celsius" },
        conditions: { type: "string", description: "Weather conditions description" },
        humidity: { type: "number", description: "Humidity percentage" },
      },
      required: ["temperature", "conditions", "humidity"],
      additionalProperties: false,
    });
    // The SDK client checks structuredContent against the listed outputSchema, and would throw on a mismatch.
    const result = await gateway.client.callTool({
      name: "everything__get-structured-content",
      arguments: { location: "Chicago" },
    });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ temperature: expect.any(Number), conditions: expect.any(String) });
  });

  it("stays bounded: at most maxHydratedTools found tools are listed, the least recently used leaving first", async () => {
    for (const query of [
      "echo a message back",
      "a tiny image",
      "compress a file with gzip",
      "toggle simulated logging",
    ]) {
      const seen = gateway.listChanges();
      const [best] = await search(gateway, query);
      const names = await listedNames(gateway);
      expect(names.length).toBeLessThanOrEqual(3 + 3);
      expect(names.slice(0, 3)).toEqual(["search_tools", "call_tool", "dyn__echo"]);
      expect(names).toContain(best);
      expect(gateway.listChanges()).toBeGreaterThan(seen);
    }
  });

  it("runs a tool that is not listed when called by name, checking its input against the real schema first", async () => {
    expect(await listedNames(gateway)).not.toContain("everything__echo");
    const invalid = await gateway.client.callTool({ name: "everything__echo", arguments: { text: "hi" } });
    expect(invalid.isError).toBe(true);
    expect(resultText(invalid)).toMatch(
      /Invalid input for everything__echo; it was not run\.\n.*\/message: is required/,
    );
    const valid = await gateway.client.callTool({ name: "everything__echo", arguments: { message: "hi" } });
    expect(valid.isError).toBeFalsy();
    expect(resultText(valid)).toBe("Echo: hi");
  });

  it("deny: a denied tool is not found, not listed and not run even by its exact name", async () => {
    const matches = await search(gateway, "return the process id of this server");
    expect(matches).not.toContain("dyn__get_pid");
    const called = await gateway.client.callTool({ name: "dyn__get_pid", arguments: {} });
    expect(called.isError).toBe(true);
    expect(resultText(called)).toMatch(/There is no tool named "dyn__get_pid"/);
    expect(await search(gateway, "environment variables")).not.toContain("everything__get-env");
  });

  it("refuses a destructive tool when the client cannot confirm and allowDestructive does not name it", async () => {
    const result = await gateway.client.callTool({ name: "dyn__wipe_data", arguments: {} });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toMatch(
      /dyn__wipe_data may change or delete data.*does not support MCP elicitation.*allowDestructive in .*mcp\.json does not name it/,
    );
    expect(config.wipes()).toBe(0);
    await waitFor("the refusal on stderr", () => /refused destructive dyn__wipe_data/.test(gateway.stderr()));
  });

  it("finds a tool an upstream server adds at run time", async () => {
    const added = await gateway.client.callTool({ name: "dyn__add_tool", arguments: { name: "late_arrival" } });
    expect(resultText(added)).toBe("added late_arrival");
    await waitFor("the new tool to be announced", () =>
      /MCP server "dyn" tools changed: 1 added/.test(gateway.stderr()),
    );
    expect(await search(gateway, "late arrival")).toContain("dyn__late_arrival");
    expect(resultText(await gateway.client.callTool({ name: "dyn__late_arrival", arguments: {} }))).toBe(
      "called late_arrival",
    );
  });

  it("gives up on a hung upstream call at callTimeoutMs, and the session goes on", async () => {
    const hung = await gateway.client.callTool({ name: "dyn__hang", arguments: {} });
    expect(hung.isError).toBe(true);
    expect(resultText(hung)).toMatch(/no answer within 1500 ms \(callTimeoutMs\)/);
    expect(resultText(await gateway.client.callTool({ name: "dyn__echo", arguments: { text: "still here" } }))).toBe(
      "echo: still here",
    );
  });

  it("loses only the crashed server's tools, tells the client, and brings them back when it reconnects", async () => {
    let seen = gateway.listChanges();
    const crashed = await gateway.client.callTool({ name: "dyn__crash", arguments: {} });
    expect(crashed.isError).toBe(true);
    await gateway.waitForListChange(seen);
    // A change the previous test's calls announced can arrive first, under load: what counts is
    // that the list the client fetches loses the tools.
    await waitFor(
      "the crashed server's tools to leave the list",
      async () => !(await listedNames(gateway)).includes("dyn__echo"),
    );
    // The other server's tools work throughout.
    expect(resultText(await gateway.client.callTool({ name: "everything__get-sum", arguments: { a: 1, b: 2 } }))).toBe(
      "The sum of 1 and 2 is 3.",
    );
    seen = gateway.listChanges();
    await waitFor("dyn to reconnect", () => (gateway.stderr().match(/MCP server "dyn" connected/g) ?? []).length === 2);
    await gateway.waitForListChange(seen);
    await waitFor("the reconnected server's tools to be listed", async () =>
      (await listedNames(gateway)).includes("dyn__echo"),
    );
    expect(resultText(await gateway.client.callTool({ name: "dyn__echo", arguments: { text: "back" } }))).toBe(
      "echo: back",
    );
    // One stderr line per upstream event; stdout carried nothing but protocol.
    expect(gateway.stderr().match(/MCP server "dyn" went away/g)).toHaveLength(1);
    expect(gateway.errors).toEqual([]);
  });
});

describe("toolsift serve --stubs", () => {
  it("lists every tool, most as a stub, and passes an upstream tool change on as list_changed", async () => {
    const gateway = await connectGateway(gatewayConfig().file, { args: ["--stubs"] });
    try {
      await waitForUpstreams(gateway, ["everything", "dyn"]);
      const tools = (await gateway.client.listTools()).tools;
      expect(tools.slice(0, 2).map((tool) => tool.name)).toEqual(["search_tools", "call_tool"]);
      expect(tools.length).toBe(2 + 15 + 17);
      const stub = tools.find((tool) => tool.name === "everything__get-sum")!;
      expect(stub.description).toBe(`Returns the sum of two numbers ${STUB_HINT}`);
      expect(stub.inputSchema).toEqual({ type: "object" });
      // A stub is left to the client's own deferring; search_tools and call_tool are not.
      expect(stub._meta).toBeUndefined();
      expect(tools.slice(0, 2).map((tool) => tool._meta?.["anthropic/alwaysLoad"])).toEqual([true, true]);
      expect(tools.find((tool) => tool.name === "dyn__wipe_data")!.annotations).toMatchObject({
        destructiveHint: true,
      });

      const seen = gateway.listChanges();
      await gateway.client.callTool({ name: "dyn__add_tool", arguments: { name: "fresh_tool" } });
      await gateway.waitForListChange(seen);
      const after = (await gateway.client.listTools()).tools.map((tool) => tool.name);
      expect(after).toContain("dyn__fresh_tool");
      // The called tool is listed in full now.
      expect(
        (await gateway.client.listTools()).tools.find((tool) => tool.name === "dyn__add_tool")!.inputSchema.properties,
      ).toHaveProperty("name");
    } finally {
      await gateway.close();
    }
  });
});

describe("toolsift serve: destructive tools", () => {
  it("asks the user through elicitation: an accepted call runs, a declined one does not", async () => {
    const config = gatewayConfig();
    const answers = ["accept", "decline"] as const;
    const asked: string[] = [];
    const gateway = await connectGateway(config.file, {
      elicit: (params) => {
        asked.push(params.message);
        return { action: answers[asked.length - 1] ?? "cancel" };
      },
    });
    try {
      await waitForUpstreams(gateway, ["dyn"]);
      const accepted = await gateway.client.callTool({ name: "dyn__wipe_data", arguments: {} });
      expect(resultText(accepted)).toBe("wiped");
      expect(asked[0]).toMatch(/^Run dyn__wipe_data \(MCP server "dyn"\)\? It is marked destructive/);
      expect(config.wipes()).toBe(1);

      const declined = await gateway.client.callTool({ name: "dyn__wipe_data", arguments: {} });
      expect(declined.isError).toBe(true);
      expect(resultText(declined)).toMatch(/The user declined to run dyn__wipe_data, so it did not run/);
      expect(config.wipes()).toBe(1);
      expect(asked).toHaveLength(2);
      // A tool that is not destructive never asks.
      await gateway.client.callTool({ name: "dyn__echo", arguments: { text: "x" } });
      expect(asked).toHaveLength(2);
    } finally {
      await gateway.close();
    }
  });

  it("withdraws the question when the client cancels the call, and the tool does not run", async () => {
    const config = gatewayConfig();
    let withdrawn = false;
    let asked = 0;
    const gateway = await connectGateway(config.file, {
      // The first question is answered: the SDK's client ignores a cancellation of request id 0
      // (it tests the id for truthiness), so the one withdrawn must not be the first.
      elicit: (_params, signal) =>
        ++asked === 1
          ? { action: "accept" }
          : new Promise(() => {
              signal.addEventListener("abort", () => (withdrawn = true));
            }),
    });
    try {
      await waitForUpstreams(gateway, ["dyn"]);
      expect(resultText(await gateway.client.callTool({ name: "dyn__wipe_data", arguments: {} }))).toBe("wiped");
      const cancel = new AbortController();
      const call = gateway.client.callTool({ name: "dyn__wipe_data", arguments: {} }, undefined, {
        signal: cancel.signal,
      });
      await waitFor("the question", () => asked === 2);
      cancel.abort();
      await expect(call).rejects.toThrow();
      await waitFor("the question to be withdrawn", () => withdrawn);
      expect(config.wipes()).toBe(1);
    } finally {
      await gateway.close();
    }
  });

  it("runs a destructive tool that allowDestructive names, for a client that cannot be asked", async () => {
    const config = gatewayConfig({ allowDestructive: ["dyn__wipe_*"] });
    const gateway = await connectGateway(config.file);
    try {
      await waitForUpstreams(gateway, ["dyn"]);
      const result = await gateway.client.callTool({ name: "dyn__wipe_data", arguments: {} });
      expect(result.isError).toBeFalsy();
      expect(resultText(result)).toBe("wiped");
      expect(config.wipes()).toBe(1);
      await waitFor("the approval on stderr", () =>
        /ran destructive dyn__wipe_data: allowed by toolsift\.allowDestructive/.test(gateway.stderr()),
      );
    } finally {
      await gateway.close();
    }
  });
});
