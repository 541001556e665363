import { describe, expect, it } from "vitest";
import { ENRICHMENT_FORMAT, enrichmentHashOf, type EnrichmentFile } from "../public/enrichment.js";
import { createToolSearch } from "../index.js";

const schema = { type: "object" as const, properties: {} };
const TOOLS = [
  { name: "issue_creator", description: "Issue creator.", inputSchema: schema },
  { name: "send_message", description: "Send a chat message to a channel.", inputSchema: schema },
];
const file = (requests: string[]): EnrichmentFile => ({
  format: ENRICHMENT_FORMAT,
  model: "m",
  createdAt: "2026-12-01T00:00:00.000Z",
  tools: { issue_creator: { hash: enrichmentHashOf(TOOLS[0]!), requests, synonyms: [] } },
});

describe("ToolSearch.useEnrichment", () => {
  it("re-indexes with the new enrichment for every session, and keeps the old one when the new one is refused", async () => {
    const toolSearch = await createToolSearch({ tools: TOOLS, ranker: "bm25", enrichment: file(["invite someone"]) });
    const session = toolSearch.session("s1");
    // "glitch", as no tool says it: "defect" would be read as the tool name's "issue".
    const top = async () => (await toolSearch.search("the checkout crashes, log a glitch"))[0]?.name;
    expect(await top()).not.toBe("issue_creator");
    await toolSearch.useEnrichment(file(["the checkout crashes, log a glitch please"]));
    expect(await top()).toBe("issue_creator");
    expect((await toolSearch.enrichmentStatus()).enriched).toEqual(["issue_creator"]);
    await expect(toolSearch.useEnrichment({ format: "nope" } as unknown as EnrichmentFile)).rejects.toThrow();
    expect(await top()).toBe("issue_creator");
    // The session opened before the swap goes on.
    expect((await session.tools()).length).toBeGreaterThan(0);
    await toolSearch.useEnrichment(undefined);
    expect(await top()).not.toBe("issue_creator");
    await toolSearch.close();
  });
});
