import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resultText } from "../../../test/support/gateway-process.js";
import { caller, startInProcessGateway, type InProcessGateway } from "../../../test/support/in-process-gateway.js";
import { waitFor } from "../../../test/support/mcp-servers.js";
import type { Caller } from "../auth/caller.js";

const alice = caller("alice");
const bob = caller("bob", { via: "oauth", groups: ["builders"] });

async function names(client: Client): Promise<string[]> {
  return (await client.listTools()).tools.map((tool) => tool.name).sort();
}

async function found(client: Client, query: string): Promise<string> {
  return resultText(await client.callTool({ name: "search_tools", arguments: { query } }));
}

describe("each caller's own policy, through real clients of one gateway", () => {
  let gw: InProcessGateway;
  let asAlice: Client;
  let asBob: Client;

  beforeAll(async () => {
    gw = await startInProcessGateway(
      {
        allow: ["dyn__echo"],
        policies: [
          { callers: ["alice"], allow: ["dyn__wipe_data", "other__get_pid"], allowDestructive: ["dyn__wipe_data"] },
          { groups: ["builders"], allow: ["dyn__add_tool", "dyn__added_*"], deny: ["dyn__echo"] },
        ],
      },
      { servers: { dyn: {}, other: {} }, mode: "stubs" },
    );
    asAlice = await gw.connect(alice);
    asBob = await gw.connect(bob);
  }, 30_000);
  afterAll(async () => {
    await gw?.close();
  });

  it("lists each caller the tools of its own policy, and names only the servers it may use", async () => {
    expect(await names(asAlice)).toEqual([
      "call_tool",
      "dyn__echo",
      "dyn__wipe_data",
      "other__get_pid",
      "search_tools",
    ]);
    expect(await names(asBob)).toEqual(["call_tool", "dyn__add_tool", "search_tools"]);
    expect(asAlice.getInstructions()).toContain("(dyn, other)");
    expect(asBob.getInstructions()).toContain("(dyn)");
  });

  it("finds for each caller only its own tools", async () => {
    expect(await found(asAlice, "delete every stored record")).toContain("dyn__wipe_data");
    expect(await found(asBob, "delete every stored record")).not.toContain("dyn__wipe_data");
    expect(await found(asBob, "register a new tool")).toContain("dyn__add_tool");
    expect(await found(asAlice, "register a new tool")).not.toContain("dyn__add_tool");
  });

  it("refuses each caller the other's tools, and nothing runs upstream", async () => {
    const refused = await asBob.callTool({ name: "dyn__wipe_data", arguments: {} });
    expect(refused.isError).toBe(true);
    expect(gw.wipes("dyn")).toBe(0);
    expect(gw.events).toContainEqual(
      expect.objectContaining({ type: "denied", caller: bob, tool: "dyn__wipe_data", reason: "policy" }),
    );
    expect(gw.events).toContainEqual(
      expect.objectContaining({ type: "call", caller: bob, tool: "dyn__wipe_data", outcome: "refused" }),
    );
    // Alice's policy lets it run without asking: the refusal above was bob's policy, not the tool.
    expect(resultText(await asAlice.callTool({ name: "dyn__wipe_data", arguments: {} }))).toBe("wiped");
    expect(gw.wipes("dyn")).toBe(1);

    // Alice may not add a tool; had it run, bob (whose policy allows dyn__added_*) could call it.
    expect((await asAlice.callTool({ name: "dyn__add_tool", arguments: { name: "added_by_alice" } })).isError).toBe(
      true,
    );
    expect(resultText(await asBob.callTool({ name: "dyn__add_tool", arguments: { name: "added_by_bob" } }))).toBe(
      "added added_by_bob",
    );
    await waitFor("bob's tool to be listed", async () => (await names(asBob)).includes("dyn__added_by_bob"));
    expect(resultText(await asBob.callTool({ name: "dyn__added_by_bob", arguments: {} }))).toBe("called added_by_bob");
    expect(await names(asBob)).not.toContain("dyn__added_by_alice");
    // Bob's policy denies echo, which the top-level allow gives everyone else: deny wins.
    expect((await asBob.callTool({ name: "dyn__echo", arguments: { text: "hi" } })).isError).toBe(true);
    const throughCallTool = { name: "call_tool", arguments: { name: "dyn__echo", arguments: { text: "hi" } } };
    expect((await asBob.callTool(throughCallTool)).isError).toBe(true);
    expect(resultText(await asAlice.callTool({ name: "dyn__echo", arguments: { text: "hi" } }))).toBe("echo: hi");
  });

  it("fails closed for a connection whose caller is not a Caller: nothing listed, found or run", async () => {
    const stranger = await gw.connect({ id: 42 } as unknown as Caller);
    expect(await names(stranger)).toEqual(["call_tool", "search_tools"]);
    expect(await found(stranger, "echo the given text back")).not.toContain("dyn__echo");
    expect((await stranger.callTool({ name: "dyn__echo", arguments: { text: "hi" } })).isError).toBe(true);
    const throughCallTool = { name: "call_tool", arguments: { name: "dyn__echo", arguments: { text: "hi" } } };
    expect((await stranger.callTool(throughCallTool)).isError).toBe(true);
    expect(stranger.getInstructions()).toContain("fronts 0 MCP servers");
  });
});
