import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countingEmbedder, type CountingEmbedder } from "../../testing/index.js";
import { HybridRanker } from "../hybrid/index.js";
import { rankDocumentOf } from "../rank-document.js";
import { EmbeddingRanker } from "./embedding-ranker.js";
import { embeddingTextOf } from "./embedding-text.js";

const doc = (name: string, description: string, examples?: string[]) =>
  rankDocumentOf({ name, description, ...(examples ? { examples } : {}) });
const names = (hits: { name: string }[]) => hits.map((hit) => hit.name);

const REQUESTS = ["will it rain in paris tomorrow", "do I need an umbrella this afternoon"];
/** A tool whose own text says nothing of the weather: only its examples do. */
const TERSE = doc("wx__fetch", "Returns data for a place.", REQUESTS);
const CATALOGUE = [
  TERSE,
  doc("slack__post_message", "Post a message to a Slack channel."),
  doc("calendar__create_event", "Schedule an event on the calendar and invite attendees."),
  doc("postgres__run_query", "Run a SQL query against the database and return rows."),
];

const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, value, i) => sum + value * b[i]!, 0);

describe("EmbeddingRanker with examples (bundled model)", () => {
  let embedder: CountingEmbedder;
  let cacheDir: string;

  beforeAll(async () => {
    embedder = await countingEmbedder();
    cacheDir = mkdtempSync(join(tmpdir(), "toolsift-examples-"));
  });
  afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

  it("scores a tool halfway between its own text's similarity and its nearest example's", async () => {
    const ranker = new EmbeddingRanker({ embedder, cacheDir: false });
    await ranker.update(CATALOGUE);
    const query = "is it going to rain in paris";
    const [hit] = await ranker.search(query, { limit: 1 });
    const [queryVector, own, ...examples] = await embedder.embed([query, embeddingTextOf(TERSE), ...REQUESTS]);
    const ownSimilarity = dot(queryVector!, own!);
    const nearest = Math.max(ownSimilarity, ...examples.map((vector) => dot(queryVector!, vector)));
    const expected = (ownSimilarity + nearest) / 2;
    expect(hit!.name).toBe("wx__fetch");
    // Within the index's int8 rounding (5·10⁻⁴).
    expect(hit!.score).toBeCloseTo(expected, 3);
    expect(hit!.score).toBeGreaterThan(dot(queryVector!, own!));
    expect(hit!.confidence).toBe("strong");

    // Without its examples the tool scores its own text's similarity only.
    const plain = new EmbeddingRanker({ embedder, cacheDir: false });
    await plain.update(CATALOGUE.map((document) => ({ ...document, examples: undefined, fingerprint: "x" })));
    const bare = (await plain.search(query, { limit: 4 })).find((match) => match.name === "wx__fetch");
    expect(bare?.score ?? 0).toBeCloseTo(ownSimilarity, 3);
    expect(bare?.score ?? 0).toBeLessThan(hit!.score);
  });

  it("keeps the filter: a tool hidden from a search is not found through its examples", async () => {
    const ranker = new EmbeddingRanker({ embedder, cacheDir: false });
    await ranker.update(CATALOGUE);
    const hits = await ranker.search("will it rain in paris tomorrow", {
      limit: 3,
      filter: (name) => name !== "wx__fetch",
    });
    expect(names(hits)).not.toContain("wx__fetch");
  });

  it("embeds only the examples that changed, and forgets those of a tool that lost them", async () => {
    const ranker = new EmbeddingRanker({ embedder, cacheDir: false });
    await ranker.update(CATALOGUE);
    embedder.embedded.length = 0;
    await ranker.update(CATALOGUE);
    expect(embedder.embedded).toEqual([]);
    const changed = doc("wx__fetch", "Returns data for a place.", [REQUESTS[0]!, "forecast for the weekend in oslo"]);
    await ranker.update([changed, ...CATALOGUE.slice(1)]);
    expect(embedder.embedded).toEqual(["forecast for the weekend in oslo"]);
    await ranker.update([doc("wx__fetch", "Returns data for a place."), ...CATALOGUE.slice(1)]);
    const [hit] = await ranker.search("will it rain in paris tomorrow", { limit: 4 });
    // Its exact request, now gone, would score 1.
    expect(hit!.score).toBeLessThan(0.99);
  });

  it("caches example vectors on disk: a restart embeds nothing", async () => {
    await new EmbeddingRanker({ embedder, cacheDir }).update(CATALOGUE);
    embedder.embedded.length = 0;
    await new EmbeddingRanker({ embedder, cacheDir }).update(CATALOGUE);
    expect(embedder.embedded).toEqual([]);
  });

  it("lets the hybrid ranker find a tool through its examples, as a strong match", async () => {
    const ranker = new HybridRanker({ semantic: { embedder, cacheDir: false } });
    await ranker.update(CATALOGUE);
    const [hit] = await ranker.search("do I need an umbrella this afternoon", { limit: 3 });
    expect(hit).toMatchObject({ name: "wx__fetch", confidence: "strong" });
    await ranker.close();
  });
});
