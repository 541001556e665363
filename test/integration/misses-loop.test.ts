import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { missesEnricher } from "../../src/enrichment/scripted-enricher.fixture.js";
import type { MissRecord } from "../../src/public/learning.js";
import { connectGateway, resultText, scratchDir, waitForUpstreams } from "../support/gateway-process.js";
import { serverPerTest } from "../support/messages-api-server.js";
import { MISSES_TOOLS, DEFECT_AREAS } from "../support/misses-workspace.js";
import { runToolsift } from "../support/run-toolsift.js";

/**
 * The whole loop with real processes: a gateway session misses, `toolsift misses` lists it,
 * `enrich --from-misses` asks the local scripted model, `eval --from-misses` gates and applies,
 * and the running gateway searches with the applied enrichment.
 */
const SERVER = fileURLToPath(new URL("../fixtures/catalogue-mcp-server.mjs", import.meta.url));
const serve = serverPerTest();
const ANSWER = "tracker__issue_creator";
const request = (area: string) => `the ${area} page crashes, report it as a glitch`;

describe("misses become fixes, end to end", () => {
  it("a missed request ranks its answer first once the loop has run", async () => {
    const dir = scratchDir();
    // One server; the tools' own prefixes folded into their names.
    const tools = MISSES_TOOLS.map((tool) => ({
      ...tool,
      name: tool.name.replace(/^tracker__/, "").replace("__", "_"),
    }));
    writeFileSync(join(dir, "catalogue.json"), JSON.stringify({ servers: { tracker: tools } }));
    const enrichment = join(dir, "toolsift.enrichment.json");
    writeFileSync(
      enrichment,
      JSON.stringify({
        format: "toolsift.enrichment/1",
        model: "none",
        createdAt: "2026-12-01T00:00:00.000Z",
        tools: {},
      }),
    );
    const config = join(dir, "mcp.json");
    writeFileSync(
      config,
      JSON.stringify({
        mcpServers: {
          tracker: {
            command: process.execPath,
            args: [SERVER, join(dir, "catalogue.json"), "tracker"],
            stderr: "ignore",
          },
        },
        toolsift: {
          misses: { store: "file", recordText: true },
          cacheDir: "./cache",
          enrichment: "./toolsift.enrichment.json",
        },
      }),
    );
    const gateway = await connectGateway(config);
    try {
      await waitForUpstreams(gateway, ["tracker"]);
      const top = async (query: string) =>
        (
          JSON.parse(resultText(await gateway.client.callTool({ name: "search_tools", arguments: { query } }))) as {
            matches: { name: string }[];
          }
        ).matches[0]?.name;
      for (const area of DEFECT_AREAS) {
        // A weak or empty answer, then the tool found another way and called.
        expect(await top(request(area))).not.toBe(ANSWER);
        expect(await top("creates an entity in the system")).toBe(ANSWER);
        expect(resultText(await gateway.client.callTool({ name: ANSWER, arguments: { text: area } }))).toBe(
          "tracker/issue_creator ran",
        );
      }

      let misses: MissRecord[] = [];
      for (
        let attempt = 0;
        attempt < 5 &&
        misses.filter((miss) => miss.answer === ANSWER && miss.request.text).length < DEFECT_AREAS.length;
        attempt++
      ) {
        const listed = await runToolsift(["misses", "--config", config, "--json"]);
        expect(listed.code, listed.stderr).toBe(0);
        misses = (JSON.parse(listed.stdout) as { misses: MissRecord[] }).misses;
      }
      const crashes = misses.filter((miss) => miss.answer === ANSWER && /crashes/.test(miss.request.text ?? ""));
      expect(crashes).toHaveLength(DEFECT_AREAS.length);
      const file = join(dir, "misses.json");
      writeFileSync(file, JSON.stringify({ version: 1, misses }));

      const model = await serve(missesEnricher());
      const candidate = join(dir, "candidate.json");
      const enrich = await runToolsift(
        [
          "enrich",
          "--config",
          config,
          "--from-misses",
          file,
          "--holdout",
          "0.5",
          "--provider",
          "anthropic",
          "--model",
          "claude-test",
          "--out",
          candidate,
        ],
        { env: { ...process.env, ANTHROPIC_API_KEY: "sk-ant-test-loop", ANTHROPIC_BASE_URL: model.url } },
      );
      expect(enrich.code, enrich.stderr).toBe(0);
      expect(enrich.stdout).toMatch(/Enriched 1 tool with claude-test/);

      const evaluated = await runToolsift([
        "eval",
        "--config",
        config,
        "--from-misses",
        file,
        "--holdout",
        "0.5",
        "--enrichment",
        candidate,
        "--apply-to",
        enrichment,
        "--fail-under",
        "0.9",
      ]);
      expect(evaluated.code, `${evaluated.stdout}\n${evaluated.stderr}`).toBe(0);
      expect(evaluated.stdout).toMatch(
        /Applied to .*toolsift\.enrichment\.json: recall@5 on the held-back misses rose from 0\.0% to 100\.0%/,
      );
      expect(readFileSync(enrichment, "utf8")).toBe(readFileSync(candidate, "utf8"));

      // The same gateway, the same session: the applied enrichment is searched with, no restart.
      const end = Date.now() + 20_000;
      while ((await top(request("checkout"))) !== ANSWER && Date.now() < end)
        await new Promise((resolve) => setTimeout(resolve, 250));
      expect(await top(request("checkout"))).toBe(ANSWER);
    } finally {
      await gateway.close();
    }
  }, 300_000);
});
