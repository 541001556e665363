import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resultText } from "../../../test/support/gateway-process.js";
import { caller, startInProcessGateway, type InProcessGateway } from "../../../test/support/in-process-gateway.js";
import { waitFor } from "../../../test/support/mcp-servers.js";
import { mcpToolName } from "../../public/mcp.js";

const LONG_NAME = `summarise_${"very_".repeat(12)}long_report`;
const RENAMED = mcpToolName("dyn", "report.v2/status:json");

describe("deny entries that would match nothing: original MCP names, letter case, warnings", () => {
  let gw: InProcessGateway;

  beforeAll(async () => {
    gw = await startInProcessGateway(
      {
        deny: [
          // The natural spelling of a renamed tool, the original of a shortened one, another letter case.
          "dyn__report_v2_status_json",
          `dyn__${LONG_NAME}`,
          "DYN__Echo",
          "dyn__drop_table",
        ],
        allow: ["dyn__*", "late__*", "late__nothing_like_this"],
      },
      { servers: { dyn: {}, late: { FIXTURE_START_DELAY_MS: "1500" } }, mode: "stubs", wait: ["dyn"] },
    );
  }, 30_000);
  afterAll(async () => {
    await gw?.close();
  });

  it("denies a renamed tool by its original name and any letter case: not listed, not callable", async () => {
    expect(RENAMED).toMatch(/^dyn__report_v2_status_json_[0-9a-f]{8}$/);
    const client = await gw.connect(caller("alice"));
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain("dyn__get_pid");
    // The late server's echo is allowed: a first tools/list now waits for it, as a search does.
    expect(names.filter((name) => /^dyn__.*(report|summarise|echo)/.test(name))).toEqual([]);
    for (const name of [RENAMED, mcpToolName("dyn", LONG_NAME), "dyn__echo"]) {
      const result = await client.callTool({ name, arguments: { text: "x" } });
      expect(result.isError, name).toBe(true);
      expect(resultText(result)).not.toMatch(/called|echo: x/);
    }
  });

  it("warns at start-up of each entry that matches no tool, and not of those that match", async () => {
    await waitFor("the start-up check", () => gw.lines.some((line) => line.includes("dyn__drop_table")));
    const warnings = gw.lines.filter((line) => line.includes("matches no tool"));
    expect(warnings).toContain(
      'toolsift.deny[3] "dyn__drop_table" matches no tool of "dyn" as listed now, so it denies nothing. Check the spelling (toolsift inspect lists every tool).',
    );
    expect(warnings.join("\n")).not.toMatch(/deny\[[012]\]|allow\[0\]/);
  });

  it("judges entries of a server once it has listed, on the re-list that brings it", async () => {
    const connected = () => gw.lines.findIndex((line) => line.includes('MCP server "late" connected'));
    const warned = () =>
      gw.lines.findIndex((line) =>
        line.includes('toolsift.allow[2] "late__nothing_like_this" matches no tool of "late"'),
      );
    await waitFor("the late server's entries to be judged", () => warned() >= 0);
    // Not while it was still connecting: it might have held a match.
    expect(connected()).toBeGreaterThanOrEqual(0);
    expect(warned()).toBeGreaterThan(connected());
    expect(gw.lines.filter((line) => line.includes("allow[1]"))).toEqual([]);
    expect(gw.lines.filter((line) => line.includes("dyn__drop_table"))).toHaveLength(1);
  });
});
