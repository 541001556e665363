import { describe, expect, it } from "vitest";
import { exampleCatalogue } from "../../examples/catalogue/index.js";
import { parseTool } from "../../src/catalogue/index.js";
import { Bm25Ranker } from "../../src/ranking/index.js";
import type { RankerEntry } from "../rankers.js";
import { measureExactNames, measureRelevance, type RelevanceCatalogue } from "./measure-relevance.js";
import { relevanceVariants } from "./relevance-variants.js";

const entry = (id: string, create: RankerEntry["create"]): RankerEntry => ({
  id,
  label: id,
  kind: "toolsift",
  source: "test",
  create,
});
const bm25 = entry("bm25", () => new Bm25Ranker());

const example: RelevanceCatalogue = {
  id: "example-catalogue",
  documents: exampleCatalogue.map((tool) => parseTool(tool, "example").document),
  queries: [
    {
      query: "find free time with Ana on Thursday and then send her an email",
      expected: ["calendar__find_free_time", "gmail__send_email"],
    },
    {
      query: "create a jira issue for the checkout crash and then post a message in the incidents channel",
      expected: ["jira__create_issue", "slack__post_message"],
    },
    { query: "list my calendar events", expected: ["calendar__list_events"] },
    { query: "book a table at an Italian restaurant", expected: [] },
    { query: "order a large pepperoni pizza to my flat", expected: [] },
  ],
};

describe("measureExactNames", () => {
  it("counts the name queries whose tool comes first, and keeps a few misses", async () => {
    const current = await measureExactNames(bm25, example);
    expect(current).toMatchObject({ ranker: "bm25", dataset: "example-catalogue", hitRate: 1, misses: [] });
    expect(current.queries).toBeGreaterThan(300);
    const plain = await measureExactNames(
      entry("plain", () => new Bm25Ranker({ exactNames: false })),
      example,
    );
    expect(plain.hits).toBeLessThan(plain.queries);
    expect(plain.misses).toContain("slack__post_message → slack__schedule_message");
  });

  it("samples at most maxQueries name queries, and reports a ranker that throws", async () => {
    expect((await measureExactNames(bm25, example, 10)).queries).toBe(10);
    const broken = await measureExactNames(
      entry("broken", () => Promise.reject(new Error("no model"))),
      example,
    );
    expect(broken).toMatchObject({ hits: 0, error: "Error: no model" });
  });
});

describe("measureRelevance", () => {
  it("measures the ranker against its plain self: multi-part gain, abstention and what it costs", async () => {
    const run = await measureRelevance(bm25, relevanceVariants("bm25")!, example);
    expect(run).toMatchObject({ ranker: "bm25", answerable: 3, multiTool: 2, unanswerable: 2 });
    expect(run.multiRecallAt5).toBe(1);
    expect(run.multiRecallAt5WithoutParts).toBeLessThan(1);
    // Abstention is opt-in: as registered, bm25 lists weak matches for the unanswerable queries.
    expect(run.abstention).toBe(0);
    expect(run.plainAbstention).toBe(0);
    expect(run.abstentionWithoutIt).toBe(0);
    expect(run.recallAt5WithoutAbstention).toBe(run.recallAt5);
    expect(run.recallAt5).toBeGreaterThan(run.plainRecallAt5);
  });

  it("samples answerable queries but runs every unanswerable one", async () => {
    const run = await measureRelevance(bm25, relevanceVariants("bm25")!, example, 1);
    expect(run).toMatchObject({ answerable: 1, unanswerable: 2 });
  });

  it("reports a variant that throws as the run's error", async () => {
    const variants = { ...relevanceVariants("bm25")!, plain: () => Promise.reject(new Error("plain failed")) };
    expect(await measureRelevance(bm25, variants, example)).toMatchObject({
      error: "Error: plain failed",
      multiRecallAt5: null,
    });
  });

  it("has variants for toolsift's default rankers only", () => {
    expect(relevanceVariants("bm25")?.withoutAbstention).toBeDefined();
    expect(relevanceVariants("hybrid-adaptive")?.withoutAbstention).toBeDefined();
    expect(relevanceVariants("embedding")?.withoutAbstention).toBeUndefined();
    expect(relevanceVariants("peer-minisearch")).toBeUndefined();
  });
});
