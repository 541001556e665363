import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseMissRecord, type MissRecord } from "../../src/public/learning.js";
import { connectGateway, resultText, waitForUpstreams, writeConfig } from "../support/gateway-process.js";
import { DYNAMIC_SERVER, waitFor } from "../support/mcp-servers.js";
import { parseMetrics, sampleValue } from "../support/prometheus-text.js";
import { runToolsift } from "../support/run-toolsift.js";

const dyn = { command: process.execPath, args: [DYNAMIC_SERVER] };
/** Words no tool of the dynamic server uses: the search finds nothing, or (by meaning) only weak matches. */
const PRIVATE_QUERY = "zxqv wobbleflorp the quarterly gizmo";

describe("toolsift serve with misses, then toolsift misses", () => {
  it("records a client's misses, counts them on /metrics, and lists them without the request text", async () => {
    const file = writeConfig({ mcpServers: { dyn }, toolsift: { misses: true, cacheDir: "./cache" } });
    const cacheDir = join(dirname(file), "cache");
    const gateway = await connectGateway(file, { args: ["--metrics-port", "0"] });
    try {
      await waitFor("the metrics URL", () => /serving metrics at (\S+)/.test(gateway.stderr()), 30_000);
      const url = /serving metrics at (\S+)/.exec(gateway.stderr())![1]!;
      await waitForUpstreams(gateway, ["dyn"]);
      await gateway.client.callTool({ name: "search_tools", arguments: { query: PRIVATE_QUERY } });
      await gateway.client.callTool({ name: "dyn__shout_it", arguments: {} });
      await gateway.client.callTool({ name: "search_tools", arguments: { query: "echo the given text back" } });
      expect(resultText(await gateway.client.callTool({ name: "dyn__echo", arguments: { text: "hi" } }))).toBe(
        "echo: hi",
      );
      // The successful call settles both misses: the tool used next is known. The search is empty,
      // or, where the semantic fallback's model guesses, weak or found late (the later search found
      // the tool used).
      let last = "";
      await waitFor("the misses on /metrics", async () => {
        last = await (await fetch(url)).text();
        const parsed = parseMetrics(last);
        return (
          sampleValue(parsed, "toolsift_misses_total", { kind: "empty" }) +
            sampleValue(parsed, "toolsift_misses_total", { kind: "weak" }) +
            sampleValue(parsed, "toolsift_misses_total", { kind: "found-late" }) ===
            1 && sampleValue(parsed, "toolsift_misses_total", { kind: "unknown-tool" }) === 1
        );
      }).catch((error: unknown) => {
        throw new Error(
          `${String(error)}\n${last
            .split("\n")
            .filter((line) => line.includes("toolsift_"))
            .join("\n")}\n${gateway.stderr()}`,
        );
      });
    } finally {
      await gateway.close();
    }

    const listed = await runToolsift(["misses", "--config", file, "--json"]);
    expect(listed.code, listed.stderr).toBe(0);
    const json = JSON.parse(listed.stdout) as { version: number; misses: MissRecord[] };
    expect(json.version).toBe(1);
    expect(json.misses.every((miss) => parseMissRecord(miss) !== undefined)).toBe(true);
    expect(
      json.misses
        .map(({ kind, answer, server, request }) => ({ kind, answer, server, text: request.text }))
        .sort((a, b) => Number(a.kind === "unknown-tool") - Number(b.kind === "unknown-tool")),
    ).toEqual([
      { kind: expect.stringMatching(/^(empty|weak|found-late)$/), answer: "dyn__echo", server: "dyn", text: undefined },
      { kind: "unknown-tool", answer: "dyn__echo", server: "dyn", text: undefined },
    ]);
    const empty = json.misses.find((miss) => miss.kind !== "unknown-tool")!;
    expect(empty.request.length).toBe(PRIVATE_QUERY.length);

    const table = await runToolsift(["misses", "--config", file]);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/#[0-9a-f]{12}… \(36 chars\)\s+(empty|weak|found-late) 1\s+dyn__echo 1/);

    // Nothing the client asked reached the disk: only the hash and the length.
    const bytes = readdirSync(cacheDir)
      .filter((name) => name.startsWith("misses-"))
      .map((name) => readFileSync(join(cacheDir, name), "latin1"))
      .join("\n");
    expect(bytes).toContain(empty.request.hash);
    expect(bytes).not.toContain("wobbleflorp");
    expect(bytes).not.toContain("shout_it");
  }, 120_000);
});
