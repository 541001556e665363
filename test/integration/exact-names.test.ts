import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nameQueries } from "../../bench/relevance/name-queries.js";
import { exampleCatalogue } from "../../examples/catalogue/index.js";
import { createToolSearch, RANKER_NAMES, type ToolSearch } from "../../src/index.js";

const names = exampleCatalogue.map((tool) => tool.name);
const { queries } = nameQueries(names);

describe.each(RANKER_NAMES)("exact names through the %s ranker, on the example catalogue", (ranker) => {
  let toolSearch: ToolSearch;
  let guarded: ToolSearch;
  const denied = new Set(exampleCatalogue.filter((tool) => tool.destructive).map((tool) => tool.name));

  beforeAll(async () => {
    toolSearch = await createToolSearch({ tools: exampleCatalogue, ranker });
    guarded = await createToolSearch({ tools: exampleCatalogue, ranker, permit: (tool) => !denied.has(tool.name) });
  });
  afterAll(async () => {
    await toolSearch.close();
    await guarded.close();
  });

  it("puts every tool first for its name, its words, its camelCase and its local words", async () => {
    // Every form of all 97 names that no other tool shares: 4 per tool less the shared local parts.
    expect(queries.length).toBeGreaterThan(names.length * 3);
    const misses: string[] = [];
    for (const { query, tool } of queries) {
      const [top] = await toolSearch.search(query, { limit: 5 });
      if (top?.name !== tool) misses.push(`${query} → ${top?.name ?? "nothing"}`);
    }
    expect(misses).toEqual([]);
  });

  it("fixes the two names the issue found ranked second", async () => {
    expect((await toolSearch.search("slack__post_message", { limit: 3 }))[0]?.name).toBe("slack__post_message");
    expect((await toolSearch.search("calendar list events", { limit: 3 }))[0]?.name).toBe("calendar__list_events");
  });

  it("finds a name written inside a longer request", async () => {
    const [top] = await toolSearch.search("use slack__post_message to tell the incidents channel", { limit: 3 });
    expect(top?.name).toBe("slack__post_message");
  });

  it("never surfaces a denied tool, even by its exact name, and still ranks the permitted ones", async () => {
    expect(denied.size).toBeGreaterThan(3);
    for (const name of denied) {
      const forms = queries.filter((query) => query.tool === name).map((query) => query.query);
      for (const query of forms) {
        const found = (await guarded.search(query, { limit: 10 })).map((match) => match.name);
        expect(found, query).not.toContain(name);
        expect(
          found.every((match) => !denied.has(match)),
          query,
        ).toBe(true);
      }
    }
    const permitted = queries.filter((query) => !denied.has(query.tool));
    for (const { query, tool } of permitted)
      expect((await guarded.search(query, { limit: 1 }))[0]?.name, query).toBe(tool);
  });
});
