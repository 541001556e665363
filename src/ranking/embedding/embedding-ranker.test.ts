import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PreTrainedModel } from "@huggingface/transformers";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { countingEmbedder } from "../../testing/index.js";
import { ModelError } from "../../errors.js";
import { runWithoutPackages } from "../../../test/support/run-without-packages.js";
import type { RankedTool } from "../ranker.js";
import { rankDocumentOf } from "../rank-document.js";
import type { Embedder } from "./embedder.js";
import { EmbeddingRanker } from "./embedding-ranker.js";
import { loadEmbedder } from "./load-embedder.js";

const doc = (name: string, description: string) => rankDocumentOf({ name, description });
const names = (hits: { name: string }[]) => hits.map((hit) => hit.name);

const CATALOGUE = [
  doc("jira__create_issue", "Create a new issue in a Jira project with a summary and a type."),
  doc("slack__post_message", "Post a message to a Slack channel."),
  doc("calendar__create_event", "Schedule an event on the calendar and invite attendees."),
  doc("postgres__run_query", "Run a SQL query against the database and return rows."),
  doc("weather__get_forecast", "Get the weather forecast for a city."),
];

describe("EmbeddingRanker (bundled model)", () => {
  let embedder: Embedder & { embedded: string[] };
  let cacheDir: string;

  beforeAll(async () => {
    embedder = await countingEmbedder();
    cacheDir = mkdtempSync(join(tmpdir(), "toolsift-embedding-"));
  });
  afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

  it("finds tools described in other words than the query", async () => {
    const ranker = new EmbeddingRanker({ embedder, cacheDir: false });
    await ranker.update(CATALOGUE);
    expect(names(await ranker.search("will it rain tomorrow in paris", { limit: 1 }))).toEqual([
      "weather__get_forecast",
    ]);
    expect(names(await ranker.search("set up a meeting with the team", { limit: 1 }))).toEqual([
      "calendar__create_event",
    ]);
  });

  it("answers a query about nothing in the catalogue with its nearest tools, all weak, and a query with no known word with nothing", async () => {
    const ranker = new EmbeddingRanker({ embedder, cacheDir: false });
    await ranker.update(CATALOGUE);
    expect(await ranker.search("ⴰⴱⴳ ᚠᚢᚦ", { limit: 5 })).toEqual([]);
    const unrelated = await ranker.search("a recipe for banana bread", { limit: 5 });
    expect(unrelated.length).toBeGreaterThan(0);
    expect(unrelated.every((hit) => hit.confidence === "weak" && hit.score < 0.35)).toBe(true);
    const related = await ranker.search("weather forecast for a city", { limit: 5 });
    expect(related[0]).toMatchObject({ name: "weather__get_forecast", confidence: "strong" });
    // Only strong matches while there is one: a weak tail would be filler.
    expect(related.every((hit) => hit.confidence === "strong")).toBe(true);
  });

  it("answers nothing instead of weak matches with abstention: true", async () => {
    const ranker = new EmbeddingRanker({ embedder, cacheDir: false, abstention: true });
    await ranker.update(CATALOGUE);
    expect(await ranker.search("a recipe for banana bread", { limit: 5 })).toEqual([]);
    expect(names(await ranker.search("weather forecast for a city", { limit: 5 }))[0]).toBe("weather__get_forecast");
  });

  it("embeds only new or changed tools, and drops removed ones", async () => {
    const ranker = new EmbeddingRanker({ embedder, cacheDir: false });
    await ranker.update(CATALOGUE);
    const before = embedder.embedded.length;
    const changed = [
      ...CATALOGUE.slice(1),
      doc("jira__create_issue", "File a bug report in the tracker."),
      doc("zoom__start_call", "Start a video call."),
    ];
    await ranker.update(changed.filter((document) => document.name !== "weather__get_forecast"));
    expect(embedder.embedded.slice(before).map((text) => text.split(":")[0])).toEqual([
      "jira create issue",
      "zoom start call",
    ]);
    expect(names(await ranker.search("weather forecast for a city", { limit: 5 }))).not.toContain(
      "weather__get_forecast",
    );
  });

  it("respects the filter and the limit", async () => {
    const ranker = new EmbeddingRanker({ embedder, cacheDir: false });
    await ranker.update(CATALOGUE);
    const hits = await ranker.search("create something new", { limit: 2, filter: (name) => !name.startsWith("jira") });
    expect(hits.length).toBeLessThanOrEqual(2);
    expect(names(hits)).not.toContain("jira__create_issue");
  });

  it("persists vectors and index: a restart with the same catalogue embeds nothing", async () => {
    const first = new EmbeddingRanker({ embedder, cacheDir });
    await first.update(CATALOGUE);
    const expected = await first.search("set up a meeting", { limit: 3 });
    expect(expected.length).toBeGreaterThan(0);
    let before = embedder.embedded.length;
    const second = new EmbeddingRanker({ embedder, cacheDir });
    await second.update(CATALOGUE);
    expect(embedder.embedded.length).toBe(before);
    expect(await second.search("set up a meeting", { limit: 3 })).toEqual(expected);
    // Only the new tool is embedded; a third start finds both old and new on disk.
    before = embedder.embedded.length;
    await second.update([...CATALOGUE, doc("zoom__start_call", "Start a video call.")]);
    expect(embedder.embedded.slice(before)).toEqual(["zoom start call: Start a video call."]);
    before = embedder.embedded.length;
    const third = new EmbeddingRanker({ embedder, cacheDir });
    await third.update([...CATALOGUE, doc("zoom__start_call", "Start a video call.")]);
    expect(embedder.embedded.length).toBe(before);
  });

  it("rebuilds a persisted HNSW index whose graph is gone from the cached vectors, embedding nothing", async () => {
    const dir = mkdtempSync(join(tmpdir(), "toolsift-embedding-rebuild-"));
    const hnsw = { kind: "hnsw" } as const;
    try {
      const first = new EmbeddingRanker({ embedder, cacheDir: dir, index: hnsw });
      await first.update(CATALOGUE);
      const expected = await first.search("will it rain tomorrow", { limit: 2 });
      const manifest = readdirSync(dir).find((name) => name.endsWith(".json"))!;
      const { graph } = JSON.parse(readFileSync(join(dir, manifest), "utf8")) as { graph: string };
      rmSync(join(dir, graph));

      let before = embedder.embedded.length;
      const second = new EmbeddingRanker({ embedder, cacheDir: dir, index: hnsw });
      await second.update(CATALOGUE);
      expect(embedder.embedded.length).toBe(before);
      expect(await second.search("will it rain tomorrow", { limit: 2 })).toEqual(expected);
      // The rebuilt index was saved: its graph is the one file left, and a third start loads it.
      expect(readdirSync(dir).filter((name) => name.endsWith(".hnsw"))).toHaveLength(1);
      before = embedder.embedded.length;
      const third = new EmbeddingRanker({ embedder, cacheDir: dir, index: hnsw });
      await third.update(CATALOGUE);
      expect(embedder.embedded.length).toBe(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("leaves an embedder passed in open on close", async () => {
    const own = await loadEmbedder();
    try {
      const ranker = new EmbeddingRanker({ embedder: own, cacheDir: false });
      await ranker.update(CATALOGUE);
      await ranker.close();
      const [vector] = await own.embed(["still usable"]);
      expect(vector).toHaveLength(own.dimensions);
    } finally {
      await own.close?.();
    }
  });

  it("releases on close the model it loaded itself", async () => {
    // Spied, not replaced: the real dispose still runs and releases the ONNX session.
    const dispose = vi.spyOn(PreTrainedModel.prototype, "dispose");
    try {
      const ranker = new EmbeddingRanker({ embedder: { runtime: "onnxruntime" }, cacheDir: false });
      await ranker.update(CATALOGUE);
      expect(dispose).not.toHaveBeenCalled();
      await ranker.close();
      expect(dispose).toHaveBeenCalledTimes(1);
    } finally {
      dispose.mockRestore();
    }
  });

  it("fails with a ModelError naming the path when the model folder is missing", async () => {
    const ranker = new EmbeddingRanker({ embedder: { model: "/nonexistent/model-dir" }, cacheDir: false });
    await expect(ranker.update(CATALOGUE)).rejects.toThrow(ModelError);
    await expect(ranker.update(CATALOGUE)).rejects.toThrow("/nonexistent/model-dir");
  });
});

describe("EmbeddingRanker index kinds", () => {
  let embedder: Embedder & { embedded: string[] };

  beforeAll(async () => {
    embedder = await countingEmbedder();
  });

  const queries = [
    "will it rain tomorrow in paris",
    "set up a meeting with the team",
    "file a bug",
    "send a note to the channel",
  ];
  const resultsOf = async (ranker: EmbeddingRanker) =>
    Promise.all(queries.map((query) => ranker.search(query, { limit: 3 })));
  // HNSW compares float32 vectors, exact search int8 ones: the same tools, scores within rounding.
  const same = (a: RankedTool[][], b: RankedTool[][]) =>
    a.forEach((hits, i) => {
      expect(names(hits)).toEqual(names(b[i]!));
      hits.forEach((hit, j) => expect(hit.score).toBeCloseTo(b[i]![j]!.score, 2));
    });

  it("ranks the same with the exact index and HNSW on a small catalogue", async () => {
    const exact = new EmbeddingRanker({ embedder, cacheDir: false, index: { kind: "exact" } });
    const hnsw = new EmbeddingRanker({ embedder, cacheDir: false, index: { kind: "hnsw" } });
    await exact.update(CATALOGUE);
    await hnsw.update(CATALOGUE);
    same(await resultsOf(exact), await resultsOf(hnsw));
  });

  it("auto moves to HNSW above hnswAbove and back below it, embedding nothing again", async () => {
    const dir = mkdtempSync(join(tmpdir(), "toolsift-embedding-auto-"));
    try {
      const reference = new EmbeddingRanker({ embedder, cacheDir: false, index: { kind: "exact" } });
      await reference.update(CATALOGUE);
      const auto = new EmbeddingRanker({ embedder, cacheDir: dir, index: { kind: "auto", hnswAbove: 3 } });
      await auto.update(CATALOGUE.slice(0, 3));
      // Three tools: exact, which persists no graph.
      expect(readdirSync(dir).filter((name) => name.endsWith(".hnsw"))).toEqual([]);
      let before = embedder.embedded.length;
      await auto.update(CATALOGUE);
      // Only the two new tools are embedded: the three others move over from the cache.
      expect(embedder.embedded.length).toBe(before + 2);
      expect(readdirSync(dir).filter((name) => name.endsWith(".hnsw"))).toHaveLength(1);
      same(await resultsOf(auto), await resultsOf(reference));
      before = embedder.embedded.length;
      await auto.update(CATALOGUE.slice(0, 3));
      expect(embedder.embedded.length).toBe(before);
      await reference.update(CATALOGUE.slice(0, 3));
      same(await resultsOf(auto), await resultsOf(reference));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("auto stays exact at any size unless hnswAbove is set (HNSW drops exact neighbours on real catalogues)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "toolsift-embedding-auto-size-"));
    // Past 20,000, where auto used to switch; a 4-dimension embedder keeps it quick.
    const size = 20_001;
    const cheap: Embedder = {
      id: "test/four-dimensions",
      dimensions: 4,
      embed: async (texts) =>
        texts.map((text) => {
          const n = Number(/\d+/.exec(text)?.[0] ?? 0);
          const vector = Float32Array.of(Math.cos(n), Math.sin(n), Math.cos(n / 7), Math.sin(n / 7));
          return vector.map((value) => value / Math.SQRT2);
        }),
    };
    try {
      const documents = Array.from({ length: size }, (_, i) =>
        rankDocumentOf({ name: `tool_${i}`, description: `Tool number ${i}.`, inputSchema: { type: "object" } }),
      );
      const auto = new EmbeddingRanker({ embedder: cheap, cacheDir: dir });
      await auto.update(documents);
      expect(readdirSync(dir).filter((name) => name.endsWith(".hnsw"))).toEqual([]);
      expect(names(await auto.search("tool 12345", { limit: 1 }))).toEqual(["tool_12345"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("without hnswlib-node: exact and auto work (auto warns once), hnsw says what to install", async () => {
    const run = await runWithoutPackages(
      ["hnswlib-node"],
      `const { EmbeddingRanker, rankDocumentOf } = await import("./src/ranking/index.ts");
       const docs = ${JSON.stringify(CATALOGUE.map(({ name, description }) => ({ name, description })))}.map(rankDocumentOf);
       const warnings = [];
       const auto = new EmbeddingRanker({ cacheDir: false, index: { hnswAbove: 2 }, onWarning: (code) => warnings.push(code) });
       await auto.update(docs);
       await auto.update(docs);
       console.log((await auto.search("will it rain tomorrow", { limit: 1 }))[0].name, warnings.join(","));
       try { await new EmbeddingRanker({ cacheDir: false, index: { kind: "hnsw" } }).update(docs); console.log("built"); }
       catch (error) { console.log(error.name, error.packageName); console.log(error.message); }`,
    );
    expect(run.stderr).toBe("");
    const [auto, kind, message] = run.stdout.trim().split("\n");
    expect(auto).toBe("weather__get_forecast index_fallback");
    expect(kind).toBe("DependencyError hnswlib-node");
    expect(message).toContain("npm install hnswlib-node");
  });
});
