import { mkdtempSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ToolDefinition, ToolHost } from "../catalogue/index.js";
import {
  ENRICHMENT_FORMAT,
  ENRICHMENT_LIMITS,
  EnrichmentError,
  enrichmentHashOf,
  type EnrichmentFile,
  type ToolEnrichment,
} from "../enrichment/index.js";
import type { ToolSearchEvent } from "../events.js";
import { HybridRanker } from "../ranking/index.js";
import { countingEmbedder, type CountingEmbedder } from "../testing/index.js";
import { createToolSearch, type ToolSearch } from "./tool-search.js";

const SCHEMA = { type: "object" as const, properties: { summary: { type: "string" } } };
const tool = (name: string, description: string): ToolDefinition => ({ name, description, inputSchema: SCHEMA });

/** A tool whose own words ("issue creator") share nothing with how people ask for it. */
const CREATOR = tool("jira__issue_creator", "Issue creator.");
const TOOLS = [
  CREATOR,
  tool("jira__search", "Search Jira issues with JQL."),
  tool("slack__post_message", "Post a message to a Slack channel."),
  tool("calendar__create_event", "Schedule an event on the calendar."),
];
const QUERY = "open a ticket about the broken login";

const entryFor = (definition: ToolDefinition, extra: Partial<ToolEnrichment> = {}): ToolEnrichment => ({
  hash: enrichmentHashOf(definition as { name: string; description: string; inputSchema: unknown }),
  requests: ["open a ticket for the login bug", "file a bug report about the broken export"],
  synonyms: ["ticket"],
  ...extra,
});
const fileOf = (tools: Record<string, ToolEnrichment>): EnrichmentFile => ({
  format: ENRICHMENT_FORMAT,
  model: "scripted",
  createdAt: "2026-12-01T12:00:00.000Z",
  tools,
});
const ENRICHMENT = fileOf({ [CREATOR.name]: entryFor(CREATOR) });

const open: ToolSearch[] = [];
const created = async (options: Parameters<typeof createToolSearch>[0]) => {
  const toolSearch = await createToolSearch(options);
  open.push(toolSearch);
  return toolSearch;
};
const top = async (toolSearch: ToolSearch, query = QUERY) => (await toolSearch.search(query, { limit: 3 }))[0];
/**
 * The tool found strong, if any. Without the enrichment, the model's nearest guess may still be
 * the creator (the bundled model puts it within a hair of its neighbours), but only weakly.
 */
const strongTop = async (toolSearch: ToolSearch, query = QUERY) => {
  const hit = await top(toolSearch, query);
  return hit?.confidence === "strong" ? hit.name : undefined;
};
afterEach(async () => void (await Promise.all(open.splice(0).map((toolSearch) => toolSearch.close()))));

let dir: string;
beforeAll(() => void (dir = mkdtempSync(join(tmpdir(), "toolsift-enrichment-"))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const written = (name: string, content: string) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

describe("createToolSearch({ enrichment })", () => {
  it("finds a tool through its enrichment's requests, strong, from a file or an object", async () => {
    const plain = await created({ tools: TOOLS, ranker: "bm25" });
    expect(await strongTop(plain)).not.toBe(CREATOR.name);
    const path = written("enrichment.json", JSON.stringify(ENRICHMENT));
    for (const enrichment of [path, ENRICHMENT, { from: path }, { from: ENRICHMENT }]) {
      const toolSearch = await created({ tools: TOOLS, ranker: "bm25", enrichment });
      expect(await top(toolSearch)).toMatchObject({ name: CREATOR.name, confidence: "strong" });
    }
  });

  it("drops the enrichment of a tool changed since (its hash differs) unless keepStale, and says which are stale", async () => {
    const changed = fileOf({ [CREATOR.name]: entryFor(tool(CREATOR.name, "Creates issues (old text).")) });
    const events: ToolSearchEvent[] = [];
    const strict = await created({
      tools: TOOLS,
      ranker: "bm25",
      enrichment: changed,
      onEvent: (event) => void events.push(event),
    });
    expect(await strongTop(strict)).not.toBe(CREATOR.name);
    await top(strict, "schedule an event");
    // Once per catalogue, however many searches.
    expect(events.filter((event) => event.type === "warning")).toEqual([
      expect.objectContaining({
        code: "enrichment_stale",
        message: expect.stringMatching(/^1 tool has changed since .* \(jira__issue_creator\).*toolsift enrich/),
      }),
    ]);
    expect(await strict.enrichmentStatus()).toEqual({
      enriched: [],
      stale: [CREATOR.name],
      missing: TOOLS.slice(1).map((definition) => definition.name),
    });
    const lenient = await created({ tools: TOOLS, ranker: "bm25", enrichment: { from: changed, keepStale: true } });
    expect((await top(lenient))?.name).toBe(CREATOR.name);
    expect((await lenient.enrichmentStatus()).stale).toEqual([CREATOR.name]);
  });

  it("ignores entries for tools the catalogue lacks, and lists every tool missing without an enrichment", async () => {
    const ghost = tool("ghost__haunt", "Haunts.");
    const toolSearch = await created({
      tools: TOOLS,
      ranker: "bm25",
      enrichment: fileOf({ ...ENRICHMENT.tools, [ghost.name]: entryFor(ghost), __proto__: entryFor(ghost) }),
    });
    expect(await toolSearch.enrichmentStatus()).toEqual({
      enriched: [CREATOR.name],
      stale: [],
      missing: TOOLS.slice(1).map((definition) => definition.name),
    });
    const none = await created({ tools: TOOLS, ranker: "bm25" });
    expect((await none.enrichmentStatus()).missing).toHaveLength(TOOLS.length);
  });

  it("reports what the file's parser cut as enrichment_cut warnings", async () => {
    const events: ToolSearchEvent[] = [];
    const long = "x".repeat(ENRICHMENT_LIMITS.maxTextChars + 1);
    await created({
      tools: TOOLS,
      ranker: "bm25",
      enrichment: fileOf({ [CREATOR.name]: entryFor(CREATOR, { requests: ["open a ticket", long] }) }),
      onEvent: (event) => void events.push(event),
    });
    const warnings = events.filter((event) => event.type === "warning");
    expect(warnings).toEqual([
      expect.objectContaining({
        code: "enrichment_cut",
        message: expect.stringContaining("requests: 1 entry left out"),
      }),
    ]);
  });

  it("applies the enrichment again as a host's catalogue changes", async () => {
    let listed = [...TOOLS];
    const host: ToolHost = { listTools: async () => listed };
    const later = tool("zoom__start_call", "Starts a call.");
    const enrichment = fileOf({
      ...ENRICHMENT.tools,
      [later.name]: entryFor(later, { requests: ["ring the whole team on video"], synonyms: [] }),
    });
    const toolSearch = await created({ tools: host, ranker: "bm25", enrichment });
    expect((await top(toolSearch))?.name).toBe(CREATOR.name);
    // A tool joins, and the enriched one is redefined: its entry is now stale.
    listed = [tool(CREATOR.name, "Creates Jira issues."), ...TOOLS.slice(1), later];
    expect((await top(toolSearch, "ring the team on video"))?.name).toBe(later.name);
    expect(await strongTop(toolSearch)).not.toBe(CREATOR.name);
    expect(await toolSearch.enrichmentStatus()).toMatchObject({ enriched: [later.name], stale: [CREATOR.name] });
  });

  describe("a hybrid ranker (bundled model)", () => {
    let embedder: CountingEmbedder;
    beforeAll(async () => void (embedder = await countingEmbedder()));

    it("embeds the examples of enriched tools only, and ranks by them", async () => {
      const ranker = new HybridRanker({ semantic: { embedder, cacheDir: false } });
      embedder.embedded.length = 0;
      const toolSearch = await created({ tools: TOOLS, ranker, enrichment: ENRICHMENT });
      expect(embedder.embedded).toEqual(
        expect.arrayContaining([...ENRICHMENT.tools[CREATOR.name]!.requests, "ticket"]),
      );
      expect(embedder.embedded).toHaveLength(TOOLS.length + 3);
      expect(await top(toolSearch, "file a ticket for a bug")).toMatchObject({
        name: CREATOR.name,
        confidence: "strong",
      });
      await ranker.close();
    });
  });

  describe("refuses an enrichment it cannot use, naming the file and the fix", () => {
    const refusal = async (enrichment: unknown) => {
      const error = await createToolSearch({ tools: TOOLS, enrichment: enrichment as never }).catch((caught) => caught);
      expect(error).toBeInstanceOf(EnrichmentError);
      return error as EnrichmentError;
    };

    it("a missing file", async () => {
      const path = join(dir, "nowhere.json");
      const error = await refusal(path);
      expect(error.code).toBe("enrichment_not_found");
      expect(error.message).toContain(`${path} does not exist`);
      expect(error.message).toContain("toolsift enrich");
    });

    it("a file over the size limit, before reading it", async () => {
      const path = join(dir, "huge.json");
      writeFileSync(path, "");
      truncateSync(path, ENRICHMENT_LIMITS.maxFileBytes + 1);
      const error = await refusal({ from: path, keepStale: true });
      expect(error.code).toBe("enrichment_too_large");
      expect(error.message).toContain(path);
      expect(error.message).toContain("64 MB");
    });

    it("a file that is not JSON", async () => {
      const path = written("broken.json", '{"format": ');
      const error = await refusal(path);
      expect(error.code).toBe("invalid_enrichment");
      expect(error.message).toMatch(new RegExp(`${path.replace(/[.\\\\/]/g, "\\$&")} is not valid JSON`));
    });

    it("a file of another format", async () => {
      const path = written("other.json", JSON.stringify({ ...ENRICHMENT, format: "toolsift.enrichment/9" }));
      const error = await refusal(path);
      expect(error.message).toContain(path);
      expect(error.message).toContain('has format "toolsift.enrichment/9"');
    });

    it("an option of the wrong shape", async () => {
      expect((await refusal(42)).message).toContain("options.enrichment must be a path");
      expect((await refusal({ from: ENRICHMENT, keepstale: true })).message).toContain('unknown key "keepstale"');
      expect((await refusal({ from: ENRICHMENT, keepStale: "yes" })).message).toContain(
        "keepStale must be true or false",
      );
      expect((await refusal({ ...ENRICHMENT, tools: [] })).message).toContain("options.enrichment");
    });
  });
});
