import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exampleCatalogue } from "../../examples/catalogue/index.js";
import { Bm25Ranker, createToolSearch, HybridRanker, type ToolSearch } from "../../src/index.js";
import { splitIdentifier, STOP_WORDS } from "../../src/ranking/text/index.js";

/** The demo's unanswerable query: the README promises it an empty list. */
const DEMO_QUERY = "book a table at an Italian restaurant";

describe("abstention on the example catalogue", () => {
  let bm25: ToolSearch;
  let always: ToolSearch;
  beforeAll(async () => {
    bm25 = await createToolSearch({ tools: exampleCatalogue });
    always = await createToolSearch({ tools: exampleCatalogue, ranker: new Bm25Ranker({ abstention: false }) });
  });
  afterAll(async () => {
    await bm25.close();
    await always.close();
  });

  it("answers the demo's unanswerable query with nothing, by default and through the hybrid", async () => {
    // Without abstention three Postgres tools come back, one of them destructive.
    expect((await always.search(DEMO_QUERY)).map((match) => match.name)).toContain("postgres__drop_table");
    expect(await bm25.search(DEMO_QUERY)).toEqual([]);
    const hybrid = await createToolSearch({ tools: exampleCatalogue, ranker: new HybridRanker({ semantic: { cacheDir: false } }) });
    expect(await hybrid.search(DEMO_QUERY)).toEqual([]);
    await hybrid.close();
  });

  it.each([
    ["order a large pepperoni pizza to my flat"],
    ["what's the score of the Lakers game tonight"],
    ["write me a haiku about autumn leaves"],
  ])("answers %j with nothing", async (query) => {
    expect(await bm25.search(query)).toEqual([]);
  });

  it("still answers the demo's other queries", async () => {
    for (const query of ["open a ticket about the checkout crash", "post a message in the incidents channel", "what meetings do I have tomorrow", "run a SQL query on the orders table"]) {
      expect((await bm25.search(query)).length, query).toBeGreaterThan(0);
    }
  });

  it("never abstains on a query whose content words all occur in one tool's name, and returns that tool", async () => {
    let checked = 0;
    for (const tool of exampleCatalogue) {
      const words = [...new Set(splitIdentifier(tool.name))].filter((word) => !STOP_WORDS.has(word));
      // Every single word and every pair, in the name's order and reversed, among stop words.
      const queries = [...words.map((word) => [word]), ...words.flatMap((a, i) => words.slice(i + 1).map((b) => [a, b]))].flatMap((subset) => [
        `please ${subset.join(" the ")}`,
        [...subset].reverse().join(" of "),
      ]);
      for (const query of queries) {
        const found = (await bm25.search(query, { limit: 50 })).map((match) => match.name);
        expect(found, `${query} (${tool.name})`).toContain(tool.name);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1_000);
  });
});
