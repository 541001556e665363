import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { HIGH_SCALE_TOOLS, highScaleEmbedder } from "../../../test/support/high-scale-embedder.js";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { countingEmbedder } from "../../testing/index.js";
import { ModelError } from "../../errors.js";
import { Bm25Ranker } from "../bm25/index.js";
import type { Embedder } from "../embedding/embedder.js";
import { EmbeddingRanker } from "../embedding/embedding-ranker.js";
import { rankDocumentOf } from "../rank-document.js";
import type { Ranker } from "../ranker.js";
import { HybridRanker, type HybridRankerOptions } from "./hybrid-ranker.js";

const doc = (name: string, description: string) => rankDocumentOf({ name, description });
const names = (hits: { name: string }[]) => hits.map((hit) => hit.name);

const CATALOGUE = [
  doc("jira__create_issue", "Create a new issue in a Jira project with a summary and a type."),
  doc("jira__get_issue", "Fetch one Jira issue by key."),
  doc("slack__post_message", "Post a message to a Slack channel."),
  doc("calendar__create_event", "Schedule an event on the calendar and invite attendees."),
  doc("weather__get_forecast", "Get the weather forecast for a city."),
];

describe("HybridRanker", () => {
  let embedder: Embedder;
  beforeAll(async () => {
    embedder = await countingEmbedder();
  });

  it.each(["weighted", "rrf"] as const)("(%s) finds a paraphrase BM25 alone misses", async (fusion) => {
    const bm25 = new Bm25Ranker();
    bm25.update(CATALOGUE);
    const query = "will it rain tomorrow in paris";
    expect(names(bm25.search(query, { limit: 5 }))).toEqual([]);
    const hybrid = new HybridRanker({ fusion, semantic: { embedder, cacheDir: false } });
    await hybrid.update(CATALOGUE);
    expect(names(await hybrid.search(query, { limit: 3 }))[0]).toBe("weather__get_forecast");
  });

  it("answers a query about what the catalogue lacks with weak matches, or with nothing when told to abstain", async () => {
    const hybrid = new HybridRanker({ semantic: { embedder, cacheDir: false } });
    await hybrid.update(CATALOGUE);
    const weak = await hybrid.search("a recipe for banana bread", { limit: 5 });
    expect(weak.length).toBeGreaterThan(0);
    expect(weak.every((hit) => hit.confidence === "weak")).toBe(true);
    expect((await hybrid.search("create jira issue", { limit: 1 }))[0]).toMatchObject({
      name: "jira__create_issue",
      confidence: "strong",
    });
    const abstaining = new HybridRanker({ semantic: { embedder, cacheDir: false }, abstention: true });
    await abstaining.update(CATALOGUE);
    expect(await abstaining.search("a recipe for banana bread", { limit: 5 })).toEqual([]);
  });

  it("weights the lexical side by how much of the query it knows", async () => {
    const hybrid = new HybridRanker({ semantic: { embedder, cacheDir: false } });
    await hybrid.update(CATALOGUE);
    // Fully covered: pure lexical order, even where the semantic side disagrees.
    const lexical = new Bm25Ranker();
    lexical.update(CATALOGUE);
    const covered = "create jira issue";
    expect(lexical.coverage(covered)).toBe(1);
    const [top, second] = lexical.search(covered, { limit: 2 });
    expect(await hybrid.search(covered, { limit: 2 })).toEqual([
      { name: top!.name, score: 1, confidence: "strong" },
      { name: second!.name, score: expect.closeTo(second!.score / top!.score, 10), confidence: "strong" },
    ]);
  });

  it("lets the semantic side in when the lexical side knows only part of the query", async () => {
    const lexical = new Bm25Ranker();
    lexical.update(CATALOGUE);
    const query = "post about rain tomorrow in paris";
    const coverage = lexical.coverage(query);
    expect(coverage).toBeGreaterThan(0);
    expect(coverage).toBeLessThan(1);
    expect(names(lexical.search(query, { limit: 5 }))).not.toContain("weather__get_forecast");
    const hybrid = new HybridRanker({ semantic: { embedder, cacheDir: false } });
    await hybrid.update(CATALOGUE);
    expect(names(await hybrid.search(query, { limit: 5 }))).toContain("weather__get_forecast");
  });

  it("with abstention, answers nothing when the lexical side abstains and no semantic match reaches minSimilarityWithoutLexical", async () => {
    // A lexical side that knows half the query but answers nothing, as BM25 does when it abstains.
    const abstaining: Ranker = { name: "abstaining", update: () => undefined, search: () => [], coverage: () => 0.5 };
    const semanticAt = (score: number): Ranker => ({
      name: "fixed",
      update: () => undefined,
      search: () => [{ name: "weather__get_forecast", score }],
    });
    const hybridWith = async (score: number, options: HybridRankerOptions = {}) => {
      const hybrid = new HybridRanker({
        lexical: abstaining,
        semantic: semanticAt(score),
        abstention: true,
        ...options,
      });
      await hybrid.update(CATALOGUE);
      return names(await hybrid.search("is it going to rain", { limit: 3 }));
    };
    expect(await hybridWith(0.39)).toEqual([]);
    expect(await hybridWith(0.41)).toEqual(["weather__get_forecast"]);
    expect(
      await hybridWith(0.39, {
        abstention: { maxCoverage: 0.2, minSimilarity: 0.5, minSimilarityWithoutLexical: 0.3 },
      }),
    ).toEqual(["weather__get_forecast"]);
    // By default it answers, weakly: the nearest meaning is the best guess there is.
    const answering = new HybridRanker({ lexical: abstaining, semantic: semanticAt(0.39) });
    await answering.update(CATALOGUE);
    expect(await answering.search("is it going to rain", { limit: 3 })).toEqual([
      { name: "weather__get_forecast", score: expect.any(Number), confidence: "weak" },
    ]);
  });

  it("lets a close meaning beat a lexical best match BM25 calls weak, a coincidence of a common word", async () => {
    const catalogue = [
      doc("db__list_tables", "List the tables of the database."),
      doc("db__describe_table", "Describe the columns of a table."),
      doc("db__run_query", "Run a SQL query against a table of the database."),
      doc("dining__reserve", "Make a reservation at an eatery for a party."),
      doc("slack__post_message", "Post a message to a Slack channel."),
      doc("jira__create_issue", "Create a new issue in a Jira project."),
      doc("weather__get_forecast", "Get the weather forecast for a city."),
      doc("calendar__create_event", "Schedule an event on the calendar."),
    ];
    const query = "book a table at an italian restaurant";
    const lexical = new Bm25Ranker({ exactNames: false, multiPart: false, siblings: false });
    lexical.update(catalogue);
    const [coincidence] = lexical.search(query, { limit: 5 });
    expect(coincidence).toMatchObject({ name: "db__list_tables", confidence: "weak" });
    // The model's view: the eatery is close, the tables only a little above unrelated text.
    const semantic: Ranker = {
      name: "fixed",
      update: () => undefined,
      search: () => [
        { name: "dining__reserve", score: 0.8 },
        { name: "db__list_tables", score: 0.35 },
      ],
    };
    const hybrid = new HybridRanker({ semantic, exactNames: false, multiPart: false, siblings: false });
    await hybrid.update(catalogue);
    // Scaled so its best is 1, the coincidence outweighed the close meaning; measured against
    // BM25's strong score, it counts only as much as its evidence.
    expect(coincidence!.score).toBeLessThan(lexical.strongScore());
    expect(names(await hybrid.search(query, { limit: 2 }))).toEqual(["dining__reserve", "db__list_tables"]);
    // A strong lexical match keeps its lead over the same close meaning.
    const named = "list the database tables for a restaurant";
    expect(lexical.search(named, { limit: 1 })[0]).toMatchObject({ name: "db__list_tables", confidence: "strong" });
    expect(names(await hybrid.search(named, { limit: 1 }))).toEqual(["db__list_tables"]);
  });

  it("adds the best match's sibling over the fused ranking, unless siblings is off", async () => {
    const catalogue = [
      doc("get_tags_by_contact_for_churchapp", "The tags of one contact."),
      doc("get_all_contacts_for_churchapp", "Every contact, with names and emails."),
      doc("list_tags_for_blogtool", "List every tag of a blog."),
      doc("tag_cloud_for_newsapi", "The tags of the day's news."),
      doc("send_mail_for_mailer", "Send an email."),
    ];
    const query = "which tags does each contact have, and which tags does the blog use";
    const answers: string[][] = [];
    for (const siblings of [true, false]) {
      const hybrid = new HybridRanker({ siblings, semantic: { embedder, cacheDir: false } });
      await hybrid.update(catalogue);
      answers.push(names(await hybrid.search(query, { limit: 2 })));
    }
    expect(answers[0]).toEqual(["get_tags_by_contact_for_churchapp", "get_all_contacts_for_churchapp"]);
    expect(answers[1]![0]).toBe("get_tags_by_contact_for_churchapp");
    expect(answers[1]).not.toContain("get_all_contacts_for_churchapp");
  });

  it("keeps an exact lexical hit on top", async () => {
    const hybrid = new HybridRanker({ semantic: { embedder, cacheDir: false } });
    await hybrid.update(CATALOGUE);
    expect(names(await hybrid.search("get jira issue", { limit: 3 }))[0]).toBe("jira__get_issue");
  });

  it("falls back to BM25 with a warning when the model is missing, if told to", async () => {
    const warnings: string[] = [];
    const hybrid = new HybridRanker({
      semantic: new EmbeddingRanker({ embedder: { model: "/missing/model" }, cacheDir: false }),
      fallbackToLexical: true,
      onWarning: (code, message) => warnings.push(`${code}: ${message}`),
    });
    await hybrid.update(CATALOGUE);
    expect(names(await hybrid.search("weather forecast", { limit: 1 }))).toEqual(["weather__get_forecast"]);
    expect(warnings).toEqual([expect.stringMatching(/^ranker_fallback: .*\/missing\/model/)]);
    // Nothing to embed learned queries with any more: learning compares their words only.
    expect(await hybrid.embedder()).toBeUndefined();
  });

  it("reports its ranker_fallback to listeners beside onWarning, so a tool search given it can report it too", async () => {
    const heard: string[] = [];
    const hybrid = new HybridRanker({
      semantic: new EmbeddingRanker({ embedder: { model: "/missing/model" }, cacheDir: false }),
      fallbackToLexical: true,
    });
    const unlisten = hybrid.listen((code, message) => heard.push(`${code}: ${message}`));
    // A listener that throws is skipped: a warning never breaks the ranking.
    hybrid.listen(() => {
      throw new Error("observer bug");
    });
    await hybrid.update(CATALOGUE);
    expect(heard).toEqual([
      expect.stringMatching(/^ranker_fallback: The semantic ranker failed .*\/missing\/model.*bm25 alone/),
    ]);
    unlisten();
    await new HybridRanker({
      semantic: new EmbeddingRanker({ embedder: { model: "/missing/model" }, cacheDir: false }),
      fallbackToLexical: true,
    }).update(CATALOGUE);
    expect(heard).toHaveLength(1);
  });

  it("passes its sides' warnings to its listeners: its own embedding ranker's, and a side's of yours through its listen", async () => {
    const scratch = mkdtempSync(join(tmpdir(), "toolsift-hybrid-"));
    try {
      // A file where the cache folder should be: the cache cannot be written.
      const blocked = join(scratch, "file");
      writeFileSync(blocked, "");
      const own: string[] = [];
      const heard: string[] = [];
      const hybrid = new HybridRanker({
        semantic: { embedder, cacheDir: join(blocked, "cache") },
        onWarning: (code) => own.push(code),
      });
      hybrid.listen((code) => heard.push(code));
      await hybrid.update(CATALOGUE);
      expect(own).toEqual(["cache_write_failed"]);
      expect(heard).toEqual(["cache_write_failed"]);

      const side = new EmbeddingRanker({ embedder, cacheDir: join(blocked, "cache") });
      const wrapping = new HybridRanker({ semantic: side });
      const fromSide: string[] = [];
      wrapping.listen((code) => fromSide.push(code));
      await wrapping.update(CATALOGUE);
      expect(fromSide).toEqual(["cache_write_failed"]);
      // Closed, the hybrid stops listening to the side it was given.
      await wrapping.close();
      await side.update([...CATALOGUE, doc("extra__tool", "One more tool to embed.")]);
      expect(fromSide).toEqual(["cache_write_failed"]);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it("hands out its semantic side's embedder, for comparing learned queries in the same space", async () => {
    const hybrid = new HybridRanker({ semantic: { embedder, cacheDir: false } });
    await hybrid.update(CATALOGUE);
    expect(await hybrid.embedder()).toBe(embedder);
    expect(await new HybridRanker({ semantic: new Bm25Ranker() }).embedder()).toBeUndefined();
  });

  it("fails with the model error when not told to fall back", async () => {
    const hybrid = new HybridRanker({
      semantic: new EmbeddingRanker({ embedder: { model: "/missing/model" }, cacheDir: false }),
    });
    await expect(hybrid.update(CATALOGUE)).rejects.toThrow(ModelError);
  });
});

describe("HybridRanker's semantic floor", () => {
  // Each tool on its own axis (similarity 0 between tools); a query about rain sits at 0.25 of
  // the forecast's axis: a model whose similarities run low, as many do.
  const DIMENSIONS = 16;
  const lowScale: Embedder = {
    id: "low-scale-test-model",
    dimensions: DIMENSIONS,
    async embed(texts) {
      return texts.map((text) => {
        const vector = new Float32Array(DIMENSIONS);
        const marker = /marker(\d+)/.exec(text);
        if (marker) vector[Number(marker[1])] = 1;
        else if (text.includes("rain")) {
          vector[1] = 0.25;
          vector[DIMENSIONS - 1] = Math.sqrt(1 - 0.25 ** 2);
        }
        return vector;
      });
    },
  };
  const catalogue = [
    doc("mail__read_outlook", "Read mail from Outlook. marker0"),
    doc("weather__forecast", "Forecast for a city. marker1"),
    ...Array.from({ length: 10 }, (_, i) => doc(`misc__thing_${i + 2}`, `Does thing ${i + 2}. marker${i + 2}`)),
  ];
  const query = "outlook on rain tomorrow";

  it("is read from the catalogue, so a model whose similarities run low keeps its say", async () => {
    const hybrid = new HybridRanker({ semantic: { embedder: lowScale, cacheDir: false } });
    await hybrid.update(catalogue);
    expect(names(await hybrid.search(query, { limit: 5 }))).toEqual(["mail__read_outlook", "weather__forecast"]);
  });

  it("stays where semanticFloor puts it", async () => {
    const hybrid = new HybridRanker({ semantic: { embedder: lowScale, cacheDir: false }, semanticFloor: 0.3 });
    await hybrid.update(catalogue);
    expect(names(await hybrid.search(query, { limit: 5 }))).toEqual(["mail__read_outlook"]);
  });
});

describe("HybridRanker's strong similarity", () => {
  const TOOLS = HIGH_SCALE_TOOLS;
  const highScale = highScaleEmbedder("high-scale-test-model");
  const catalogue = Array.from({ length: TOOLS }, (_, i) =>
    doc(`misc__thing_${i + 1}`, `Does thing ${i + 1}. marker${i + 1}`),
  );

  it("is read from the catalogue, so a model whose similarities run high does not call noise strong", async () => {
    const hybrid = new HybridRanker({ semantic: { embedder: highScale, cacheDir: false } });
    await hybrid.update(catalogue);
    const hits = await hybrid.search("zebra crossing", { limit: 5 });
    expect(hits[0]).toMatchObject({ name: "misc__thing_48" });
    expect(hits.every((hit) => hit.confidence === "weak")).toBe(true);
  });
});
