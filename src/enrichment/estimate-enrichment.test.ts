import { describe, expect, it } from "vitest";
import { sampleTools } from "../testing/index.js";
import { enrichmentHashOf } from "./enrichment-hash.js";
import { SYSTEM_PROMPT } from "./enrichment-prompt.js";
import { estimateEnrichment, OUTPUT_TOKENS_PER_REQUEST, OUTPUT_TOKENS_PER_TOOL } from "./estimate-enrichment.js";

describe("estimateEnrichment", () => {
  it("counts one call per tool, input from the prompts' length / 3.5, output from the requests asked", () => {
    const tools = sampleTools();
    const estimate = estimateEnrichment({ tools, requestsPerTool: 4 });
    expect(estimate.calls).toBe(tools.length);
    expect(estimate.reused).toBe(0);
    expect(estimate.outputTokens).toBe(tools.length * (4 * OUTPUT_TOKENS_PER_REQUEST + OUTPUT_TOKENS_PER_TOOL));
    // At least the system prompt and each tool's description, once per call.
    const floor = tools.reduce((sum, tool) => sum + SYSTEM_PROMPT.length + tool.description.length, 0) / 3.5;
    expect(estimate.inputTokens).toBeGreaterThan(floor);
    expect(estimate.inputTokens).toBeLessThan(floor * 20);
  });

  it("refuses an option it does not know, naming the one meant", () => {
    expect(() =>
      estimateEnrichment({ tools: sampleTools(), requestPerTool: 4 } as Parameters<typeof estimateEnrichment>[0]),
    ).toThrow(/^estimateEnrichment: unknown option "requestPerTool"\. Did you mean "requestsPerTool"\?/);
  });

  it("leaves out tools the previous file covers", () => {
    const tools = sampleTools();
    const previous = {
      format: "toolsift.enrichment/1" as const,
      model: "m",
      createdAt: "now",
      tools: {
        [tools[0]!.name]: {
          hash: enrichmentHashOf({ ...tools[0]!, inputSchema: tools[0]!.inputSchema }),
          requests: [],
          synonyms: [],
        },
      },
    };
    const estimate = estimateEnrichment({ tools, previous });
    expect(estimate).toMatchObject({ calls: tools.length - 1, reused: 1 });
    expect(estimateEnrichment({ tools: [] })).toEqual({
      calls: 0,
      reused: 0,
      inputTokens: 0,
      outputTokens: 0,
      skipped: [],
    });
  });
});
