import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caller, startInProcessGateway, type InProcessGateway } from "../../../test/support/in-process-gateway.js";
import { listedToolTokens } from "./listing-budget.js";

/**
 * Listing budgets per caller, through a real Gateway over a real fixture server process, with
 * real MCP SDK clients: a token budget for everyone, and a policy's tool cap for one group.
 */
describe("listing budgets per caller", () => {
  let started: InProcessGateway;
  const TOKENS = 660;

  beforeAll(async () => {
    started = await startInProcessGateway({
      keepTools: ["dyn__echo"],
      maxHydratedTools: 50,
      maxListedTokens: TOKENS,
      policies: [{ groups: ["small"], maxListedTools: 4 }],
    });
  });
  afterAll(() => started?.close());

  const calls = ["dyn__get_pid", "dyn__peek_data", "dyn__bare", "dyn__titled_only", "dyn__mixed_content", "dyn__fail"];

  async function useAll(client: Client, check: (listed: { name: string }[], last: string) => void) {
    for (const name of calls) {
      await client.callTool({ name, arguments: {} });
      const { tools } = await client.listTools();
      check(tools, name);
    }
  }

  it("keeps everyone's list under the token budget, search_tools, call_tool and the keep tool always in it", async () => {
    const alice = await started.connect(caller("alice"));
    await useAll(alice, (listed, last) => {
      const tokens = listed.reduce((sum, tool) => sum + listedToolTokens(tool), 0);
      expect(tokens).toBeLessThanOrEqual(TOKENS);
      expect(listed.map((tool) => tool.name).slice(0, 3)).toEqual(["search_tools", "call_tool", "dyn__echo"]);
      expect(listed.map((tool) => tool.name)).toContain(last);
    });
    // The budget did bind: the six tools called are not all listed at the end.
    expect((await alice.listTools()).tools.length).toBeLessThan(3 + calls.length);
    const search = (await alice.listTools()).tools[0];
    expect(search?.description).toContain(`Your client shows at most about ${TOKENS} tokens of tool definitions`);
  });

  it("gives a caller whose policy caps tools that cap, with the global token budget still on", async () => {
    const bob = await started.connect(caller("bob", { groups: ["small"] }));
    await useAll(bob, (listed, last) => {
      expect(listed.map((tool) => tool.name)).toEqual(["search_tools", "call_tool", "dyn__echo", last]);
    });
    const search = (await bob.listTools()).tools[0];
    expect(search?.description).toContain(`at most 4 tools and about ${TOKENS} tokens`);
  });
});
