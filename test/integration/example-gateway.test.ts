import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CLI_ARGS, ROOT, connectGateway, resultText } from "../support/gateway-process.js";

/** examples/mcp-config.json, as the README runs it: server-everything through npx, behind toolsift. */
const EXAMPLE = fileURLToPath(new URL("../../examples/mcp-config.json", import.meta.url));

describe("the example gateway config", () => {
  it("serves server-everything: search_tools and the keep tool listed, a found tool called, get-env denied", async () => {
    const gateway = await connectGateway(EXAMPLE);
    try {
      expect((await gateway.client.listTools()).tools.map((tool) => tool.name)).toEqual([
        "search_tools",
        "call_tool",
        "everything__echo",
      ]);
      const found = await gateway.client.callTool({ name: "search_tools", arguments: { query: "add two numbers" } });
      expect(resultText(found)).toContain("everything__get-sum");
      expect(
        resultText(await gateway.client.callTool({ name: "everything__get-sum", arguments: { a: 19, b: 23 } })),
      ).toBe("The sum of 19 and 23 is 42.");
      const env = await gateway.client.callTool({ name: "everything__get-env", arguments: {} });
      expect(env.isError).toBe(true);
    } finally {
      await gateway.close();
    }
  });

  it("inspects the same file", async () => {
    const report = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        [...CLI_ARGS, "inspect", "--config", EXAMPLE, "--json"],
        { cwd: ROOT, timeout: 60_000 },
        (error, stdout) => (error ? reject(error) : resolve(stdout)),
      ),
    );
    const parsed = JSON.parse(report) as {
      totals: { tools: number };
      hidden: string[];
      projection: { costs: { strategy: string; toolTokens: number }[] };
    };
    // inspect tells servers the client capabilities serve does (roots, elicitation, sampling), so
    // server-everything lists the three tools that need them, as it does to serve.
    expect(parsed.totals.tools).toBe(14);
    expect(parsed.hidden).toEqual(["everything__get-env"]);
    const cost = (name: string) => parsed.projection.costs.find((entry) => entry.strategy === name)!.toolTokens;
    expect(cost("serve")).toBeLessThan(cost("full"));
  });
});
