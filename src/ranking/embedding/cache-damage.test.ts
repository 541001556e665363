import { createHash } from "node:crypto";
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { countingEmbedder } from "../../testing/index.js";
import type { RankedTool } from "../ranker.js";
import { rankDocumentOf } from "../rank-document.js";
import type { Embedder } from "./embedder.js";
import { EmbeddingRanker } from "./embedding-ranker.js";

/**
 * A damaged cache directory must never crash the process, never be loaded, and never change
 * an answer: the ranker reports it, rebuilds from what still checks out, and the next start is
 * clean. Each case below damages a saved cache one way and restarts on it.
 */

const VERBS = ["create", "list", "delete", "update", "search", "send", "archive", "export"];
const NOUNS = ["issue", "message", "invoice", "calendar event", "file", "customer", "pull request", "alert"];
const CATALOGUE = VERBS.flatMap((verb, v) =>
  NOUNS.slice(0, 5).map((noun, n) =>
    rankDocumentOf({
      name: `s${(v + n) % 4}__${verb}_${noun.replace(" ", "_")}`,
      description: `${verb} a ${noun} for the team.`,
    }),
  ),
);
const QUERIES = [
  "file a bug report",
  "email the customer",
  "remove an old document",
  "what is on my schedule",
  "find unpaid bills",
];

type Damage = (dir: string) => void;

const onlyFile = (dir: string, suffix: string) => join(dir, readdirSync(dir).find((name) => name.endsWith(suffix))!);
const edit = (path: string, change: (bytes: Buffer) => Buffer) => writeFileSync(path, change(readFileSync(path)));
const flip =
  (at: (bytes: Buffer) => number): ((bytes: Buffer) => Buffer) =>
  (bytes) => {
    bytes[at(bytes)]! ^= 0x40;
    return bytes;
  };
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest("hex");

/** Re-seals manifest and graph checksums after an edit: damage that only the structural checks can see. */
function reseal(dir: string): void {
  const manifestPath = onlyFile(dir, ".json");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, unknown>;
  manifest.graphSha256 = sha256(readFileSync(join(dir, manifest.graph as string)));
  const { format, embedderId, dimensions, graph, graphSha256, entries } = manifest;
  manifest.checksum = sha256(JSON.stringify({ format, embedderId, dimensions, graph, graphSha256, entries }));
  writeFileSync(manifestPath, JSON.stringify(manifest));
}

/** Edits the graph file and re-seals it. */
const craftGraph =
  (change: (view: DataView, bytes: Buffer) => void): Damage =>
  (dir) => {
    edit(onlyFile(dir, ".hnsw"), (bytes) => {
      change(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), bytes);
      return bytes;
    });
    reseal(dir);
  };
const u64 = (view: DataView, at: number) => Number(view.getBigUint64(at, true));
const firstUpperLinkSize = (view: DataView) => 96 + u64(view, 16) * u64(view, 24);

const HNSW_DAMAGE: [string, Damage][] = [
  [
    "a flipped byte in the graph",
    (dir) =>
      edit(
        onlyFile(dir, ".hnsw"),
        flip((bytes) => bytes.length >> 1),
      ),
  ],
  ["a graph cut in half", (dir) => edit(onlyFile(dir, ".hnsw"), (bytes) => bytes.subarray(0, bytes.length >> 1))],
  ["garbage after the graph", (dir) => appendFileSync(onlyFile(dir, ".hnsw"), Buffer.alloc(37, 7))],
  ["a missing graph", (dir) => rmSync(onlyFile(dir, ".hnsw"))],
  ["an empty graph", (dir) => writeFileSync(onlyFile(dir, ".hnsw"), "")],
  ["a manifest that is not JSON", (dir) => writeFileSync(onlyFile(dir, ".json"), "{ not json")],
  ["a manifest cut short", (dir) => edit(onlyFile(dir, ".json"), (bytes) => bytes.subarray(0, bytes.length - 20))],
  [
    "a manifest with two labels swapped",
    (dir) =>
      edit(onlyFile(dir, ".json"), (bytes) => {
        const manifest = JSON.parse(bytes.toString()) as { entries: [string, number, string][] };
        const [a, b] = manifest.entries;
        [a![1], b![1]] = [b![1], a![1]];
        return Buffer.from(JSON.stringify(manifest));
      }),
  ],
  [
    "a manifest pointing outside its folder",
    (dir) =>
      edit(onlyFile(dir, ".json"), (bytes) =>
        Buffer.from(JSON.stringify({ ...(JSON.parse(bytes.toString()) as object), graph: "../../etc/passwd" })),
      ),
  ],
  // Resealed: the checksums agree, so only the field-by-field checks stand between these and hnswlib.
  ["an entry point outside the graph (resealed)", craftGraph((view) => view.setUint32(52, u64(view, 16) + 5, true))],
  ["a top level far too high (resealed)", craftGraph((view) => view.setInt32(48, 1_000, true))],
  ["a link outside the graph (resealed)", craftGraph((view) => view.setUint32(100, 0xfffffff0, true))],
  ["a link list longer than allowed (resealed)", craftGraph((view) => view.setUint16(96, 0xffff, true))],
  ["M inconsistent with the layout (resealed)", craftGraph((view) => view.setBigUint64(72, 1n, true))],
  [
    "more elements than capacity (resealed)",
    craftGraph((view) => view.setBigUint64(16, view.getBigUint64(8, true) + 1n, true)),
  ],
  [
    "an upper-level link size that is torn (resealed)",
    craftGraph((view) => view.setUint32(firstUpperLinkSize(view), 3, true)),
  ],
  [
    "two elements with one label (resealed)",
    craftGraph((view) => {
      const [size, labelOffset] = [u64(view, 24), u64(view, 32)];
      view.setBigUint64(96 + size + labelOffset, view.getBigUint64(96 + labelOffset, true), true);
    }),
  ],
  [
    "a vector whose bytes changed (resealed)",
    craftGraph((view) => {
      const dataOffset = u64(view, 40);
      view.setFloat32(96 + dataOffset, -view.getFloat32(96 + dataOffset, true) * 50, true);
    }),
  ],
  [
    "two labels swapped in the manifest (resealed)",
    (dir) => {
      edit(onlyFile(dir, ".json"), (bytes) => {
        const manifest = JSON.parse(bytes.toString()) as { entries: [string, number, string][] };
        const [a, b] = manifest.entries;
        [a![1], b![1]] = [b![1], a![1]];
        return Buffer.from(JSON.stringify(manifest));
      });
      reseal(dir);
    },
  ],
];

const VECTOR_DAMAGE: [string, Damage][] = [
  [
    "a flipped byte in a vector",
    (dir) =>
      edit(
        onlyFile(dir, ".vec"),
        flip(() => 12 + 16 + 8),
      ),
  ],
  [
    "a flipped byte in a text hash",
    (dir) =>
      edit(
        onlyFile(dir, ".vec"),
        flip(() => 12 + 3),
      ),
  ],
  ["a file cut mid-record", (dir) => edit(onlyFile(dir, ".vec"), (bytes) => bytes.subarray(0, bytes.length - 50))],
  ["a file of garbage", (dir) => writeFileSync(onlyFile(dir, ".vec"), Buffer.alloc(5_000, 0xab))],
  [
    "a header of another vector length",
    (dir) => edit(onlyFile(dir, ".vec"), (bytes) => (bytes.writeUInt32LE(99, 8), bytes)),
  ],
];

describe("a damaged embedding cache heals", () => {
  let embedder: Embedder & { embedded: string[] };
  let expected: RankedTool[][];
  let dir: string;

  const resultsOf = (ranker: EmbeddingRanker) =>
    Promise.all(QUERIES.map((query) => ranker.search(query, { limit: 5 })));
  /** HNSW compares float32 vectors, exact search int8 ones: same tools, scores within rounding (under 5·10⁻³). */
  const expectSameResults = (actual: RankedTool[][]) =>
    actual.forEach((hits, i) => {
      expect(hits.map((hit) => hit.name)).toEqual(expected[i]!.map((hit) => hit.name));
      hits.forEach((hit, j) => expect(hit.score).toBeCloseTo(expected[i]![j]!.score, 2));
    });
  const start = async (kind: "exact" | "hnsw", warnings: string[] = []) => {
    const ranker = new EmbeddingRanker({
      embedder,
      cacheDir: dir,
      index: { kind },
      onWarning: (code, message) => warnings.push(`${code}: ${message}`),
    });
    await ranker.update(CATALOGUE);
    return ranker;
  };

  beforeAll(async () => {
    embedder = await countingEmbedder();
    const fresh = new EmbeddingRanker({ embedder, cacheDir: false, index: { kind: "exact" } });
    await fresh.update(CATALOGUE);
    expected = await resultsOf(fresh);
  });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "toolsift-cache-damage-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it.each(HNSW_DAMAGE)("HNSW index: %s", async (_name, damage) => {
    await start("hnsw");
    damage(dir);
    const warnings: string[] = [];
    const restarted = await start("hnsw", warnings);
    expect(warnings.join("\n")).toMatch(/cache_repaired/);
    expectSameResults(await resultsOf(restarted));
    // Healed: the next start loads what the restart saved, with nothing to report or embed.
    const embeddedBefore = embedder.embedded.length;
    const clean: string[] = [];
    await start("hnsw", clean);
    expect(clean).toEqual([]);
    expect(embedder.embedded.length).toBe(embeddedBefore);
  });

  it.each(VECTOR_DAMAGE)("vector cache: %s", async (_name, damage) => {
    await start("exact");
    damage(dir);
    const warnings: string[] = [];
    const restarted = await start("exact", warnings);
    expect(warnings.join("\n")).toMatch(/cache_repaired/);
    expectSameResults(await resultsOf(restarted));
    const clean: string[] = [];
    await start("exact", clean);
    expect(clean).toEqual([]);
  });

  it("takes an empty vector file for an empty cache: everything is embedded again, nothing is wrong", async () => {
    await start("exact");
    writeFileSync(onlyFile(dir, ".vec"), "");
    const warnings: string[] = [];
    const before = embedder.embedded.length;
    expectSameResults(await resultsOf(await start("exact", warnings)));
    expect(warnings).toEqual([]);
    expect(embedder.embedded.length - before).toBe(CATALOGUE.length + QUERIES.length);
  });

  it("re-embeds only the tool whose cached vector was damaged", async () => {
    await start("exact");
    edit(
      onlyFile(dir, ".vec"),
      flip(() => 12 + 16 + 8),
    );
    const before = embedder.embedded.length;
    await start("exact");
    expect(embedder.embedded.length - before).toBe(1);
  });

  it("keeps a dropped tool's vector below the cache's bound, so a catalogue that grows back embeds nothing", async () => {
    const ranker = await start("exact");
    // Most tools leave (a server disconnects), then come back.
    await ranker.update(CATALOGUE.slice(0, 5));
    const before = embedder.embedded.length;
    await ranker.update(CATALOGUE);
    const restarted = await start("exact");
    expect(embedder.embedded.length).toBe(before);
    expectSameResults(await resultsOf(restarted));
  });
});
