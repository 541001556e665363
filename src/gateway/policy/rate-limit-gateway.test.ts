import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resultText } from "../../../test/support/gateway-process.js";
import { caller, startInProcessGateway, type InProcessGateway } from "../../../test/support/in-process-gateway.js";
import { RATE_LIMITED_CODE } from "./rate-limit.js";

const alice = caller("alice");
const bob = caller("bob");

describe("rate limits per caller, through real clients", () => {
  let gw: InProcessGateway;

  beforeAll(async () => {
    gw = await startInProcessGateway({
      allowDestructive: ["dyn__wipe_data"],
      rateLimits: { callsPerMinute: 2, searchesPerMinute: 1 },
    });
  }, 30_000);
  afterAll(async () => {
    await gw?.close();
  });

  it("answers a call past the limit with a JSON-RPC error saying when to retry, and the tool does not run", async () => {
    const asAlice = await gw.connect(alice);
    for (let i = 0; i < 2; i++) expect(resultText(await asAlice.callTool({ name: "dyn__wipe_data" }))).toBe("wiped");
    const error = await asAlice.callTool({ name: "dyn__wipe_data" }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(McpError);
    const { code, message, data } = error as McpError;
    expect(code).toBe(RATE_LIMITED_CODE);
    expect(message).toMatch(/at most 2 tool calls a minute per caller\. Retry after \d+ s/);
    const retryAfterMs = (data as { retryAfterMs: number }).retryAfterMs;
    expect(retryAfterMs).toBeGreaterThan(0);
    expect(retryAfterMs).toBeLessThanOrEqual(30_000);
    expect(gw.wipes("dyn")).toBe(2);
    expect(gw.events).toContainEqual(
      expect.objectContaining({ type: "denied", caller: alice, tool: "dyn__wipe_data", reason: "rate-limit" }),
    );
    // Another connection of the same caller shares the allowance; another caller has its own.
    await expect((await gw.connect(alice)).callTool({ name: "dyn__echo", arguments: { text: "x" } })).rejects.toThrow(
      /Rate limit reached/,
    );
    const asBob = await gw.connect(bob);
    expect(resultText(await asBob.callTool({ name: "dyn__echo", arguments: { text: "x" } }))).toBe("echo: x");
  });

  it("limits searches on their own", async () => {
    const asBob = await gw.connect(bob);
    const query = { name: "search_tools", arguments: { query: "echo text" } };
    expect(resultText(await asBob.callTool(query))).toContain("dyn__echo");
    await expect(asBob.callTool(query)).rejects.toMatchObject({
      code: RATE_LIMITED_CODE,
      message: expect.stringContaining("at most 1 searches a minute"),
    });
  });
});
