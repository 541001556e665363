import {
  copyFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HnswVectorIndex as VectorIndex } from "./hnsw-vector-index.js";

const DIMENSIONS = 16;
const KEY = "0123456789abcdef";
const EMBEDDER = "test-embedder@1";

/** Reproducible, well-spread vectors: each name gets its own direction. */
function vectorOf(name: string): Float32Array {
  let seed = 0;
  for (const char of name) seed = (seed * 31 + char.charCodeAt(0)) >>> 0;
  const vector = new Float32Array(DIMENSIONS);
  for (let d = 0; d < DIMENSIONS; d++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    vector[d] = seed / 2 ** 32 - 0.5;
  }
  return vector;
}

async function indexOf(names: readonly string[]): Promise<VectorIndex> {
  const index = await VectorIndex.create(DIMENSIONS);
  for (const name of names) index.upsert(name, `hash of ${name}`, vectorOf(name));
  return index;
}

const tools = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `tool_${from + i}`);

/** Every name is the nearest neighbour of its own vector, and a full search lists each name once. */
function expectAllFindable(index: VectorIndex, names: readonly string[]): void {
  for (const name of names)
    expect(
      index.search(vectorOf(name), 1).map((hit) => hit.name),
      name,
    ).toEqual([name]);
  const all = index.search(vectorOf(names[0]!), names.length).map((hit) => hit.name);
  expect([...all].sort()).toEqual([...names].sort());
}

/** The index a load found, or undefined when it found none or a damaged one. */
async function loadIndex(dir: string, embedder = EMBEDDER, dimensions = DIMENSIONS): Promise<VectorIndex | undefined> {
  const loaded = await VectorIndex.load(dir, KEY, embedder, dimensions);
  return "index" in loaded ? loaded.index : undefined;
}

/** Why a load refused the saved index. */
async function damageOf(dir: string): Promise<string | undefined> {
  const loaded = await VectorIndex.load(dir, KEY, EMBEDDER, DIMENSIONS);
  return "damaged" in loaded ? loaded.damaged : undefined;
}

const manifestPath = (dir: string) => join(dir, `${KEY}.json`);
const manifestOf = (dir: string) =>
  JSON.parse(readFileSync(manifestPath(dir), "utf8")) as { graph: string; dimensions: number };
const graphFiles = (dir: string) => readdirSync(dir).filter((name) => name.endsWith(".hnsw"));

describe("HnswVectorIndex", () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "toolsift-vector-index-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("round-trips names, text hashes and search results through save and load", async () => {
    const names = tools(0, 12);
    await (await indexOf(names)).save(dir, KEY, EMBEDDER);
    const loaded = await loadIndex(dir);
    expect(loaded).toBeDefined();
    expect(loaded!.keys().sort()).toEqual([...names].sort());
    expect(loaded!.textHashOf("tool_3")).toBe("hash of tool_3");
    expectAllFindable(loaded!, names);
  });

  it("never hands out a live label again after a reload, even when freed labels were the highest", async () => {
    const index = await indexOf(tools(0, 10));
    for (const name of tools(5, 10)) index.remove(name);
    await index.save(dir, KEY, EMBEDDER);
    const loaded = (await loadIndex(dir))!;
    const added = tools(10, 16);
    for (const name of added) loaded.upsert(name, `hash of ${name}`, vectorOf(name));
    expectAllFindable(loaded, [...tools(0, 5), ...added]);
  });

  it("can remove, after a reload, tools put in the slots of tools removed before it", async () => {
    const index = await indexOf(tools(0, 10));
    for (const name of ["tool_1", "tool_4", "tool_6", "tool_8"]) index.remove(name);
    await index.save(dir, KEY, EMBEDDER);
    const loaded = (await loadIndex(dir))!;
    const added = tools(10, 14);
    for (const name of added) loaded.upsert(name, `hash of ${name}`, vectorOf(name));
    for (const name of added) loaded.remove(name);
    const kept = ["tool_0", "tool_2", "tool_3", "tool_5", "tool_7", "tool_9"];
    expect(loaded.keys().sort()).toEqual(kept);
    expectAllFindable(loaded, kept);
  });

  it("updates a tool in place when its vector changes", async () => {
    const index = await indexOf(tools(0, 5));
    index.upsert("tool_2", "new hash", vectorOf("something else"));
    expect(index.size).toBe(5);
    expect(index.textHashOf("tool_2")).toBe("new hash");
    expect(index.search(vectorOf("something else"), 1)[0]?.name).toBe("tool_2");
  });

  it("keeps one graph file, the one the manifest names, after saving again", async () => {
    await (await indexOf(tools(0, 4))).save(dir, KEY, EMBEDDER);
    const first = manifestOf(dir).graph;
    await (await indexOf(tools(0, 6))).save(dir, KEY, EMBEDDER);
    const second = manifestOf(dir).graph;
    expect(second).not.toBe(first);
    expect(graphFiles(dir)).toEqual([second]);
    expect(readdirSync(dir).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("leaves a consistent pair when writers sharing the folder save at the same time", async () => {
    const states = [tools(0, 6), tools(3, 11), tools(20, 24)];
    for (let round = 0; round < 5; round++) {
      await Promise.all(states.map(async (names) => (await indexOf(names)).save(dir, KEY, EMBEDDER)));
      const loaded = await loadIndex(dir);
      expect(loaded).toBeDefined();
      const names = loaded!.keys().sort();
      expect(states.map((state) => [...state].sort())).toContainEqual(names);
      expectAllFindable(loaded!, names);
    }
  });

  it("reports a manifest whose graph file is missing as damaged", async () => {
    await (await indexOf(tools(0, 4))).save(dir, KEY, EMBEDDER);
    rmSync(join(dir, manifestOf(dir).graph));
    expect(await damageOf(dir)).toMatch(/missing/);
  });

  it("reports a graph in which a tool of the manifest is deleted as damaged", async () => {
    await (await indexOf(tools(0, 6))).save(dir, KEY, EMBEDDER);
    // The same tools with one deleted: same size and header, so only the label check tells them apart.
    const other = join(dir, "other");
    const stale = await indexOf(tools(0, 6));
    stale.remove("tool_2");
    await stale.save(other, KEY, EMBEDDER);
    const target = join(dir, manifestOf(dir).graph);
    const size = statSync(target).size;
    copyFileSync(join(other, manifestOf(other).graph), target);
    expect(statSync(target).size).toBe(size);
    expect(await damageOf(dir)).toMatch(/checksum/);
  });

  it("reports a graph holding a live tool the manifest does not know as damaged", async () => {
    const pruned = await indexOf(tools(0, 6));
    pruned.remove("tool_2");
    await pruned.save(dir, KEY, EMBEDDER);
    const other = join(dir, "other");
    await (await indexOf(tools(0, 6))).save(other, KEY, EMBEDDER);
    copyFileSync(join(other, manifestOf(other).graph), join(dir, manifestOf(dir).graph));
    expect(await damageOf(dir)).toMatch(/checksum/);
  });

  it("finds no index for another model or dimension, and reports a torn or foreign graph", async () => {
    await (await indexOf(tools(0, 4))).save(dir, KEY, EMBEDDER);
    expect(await loadIndex(dir, "other-embedder")).toBeUndefined();
    expect(await loadIndex(dir, EMBEDDER, DIMENSIONS * 2)).toBeUndefined();

    // A graph of 8-d vectors under a manifest that claims 16.
    const narrow = await VectorIndex.create(8);
    for (const name of tools(0, 4)) narrow.upsert(name, "h", vectorOf(name).subarray(0, 8));
    const other = join(dir, "narrow");
    await narrow.save(other, KEY, EMBEDDER);
    copyFileSync(join(other, manifestOf(other).graph), join(dir, manifestOf(dir).graph));
    expect(await damageOf(dir)).toMatch(/checksum/);

    // Torn graphs: cut inside the vectors, or only the last few bytes of the links.
    for (const keep of [200, -4]) {
      await (await indexOf(tools(0, 4))).save(dir, KEY, EMBEDDER);
      const graph = join(dir, manifestOf(dir).graph);
      writeFileSync(graph, readFileSync(graph).subarray(0, keep));
      expect(await damageOf(dir), `cut at ${keep}`).toMatch(/checksum/);
    }
  });

  it("removes files long abandoned by crashed writers, and only those", async () => {
    const abandoned = [`${KEY}.4242-aaaaaaaaaaaa.hnsw`, `${KEY}.json.4242-aaaaaaaaaaaa.tmp`, `${KEY}.hnsw`];
    const recent = `${KEY}.4343-bbbbbbbbbbbb.hnsw`;
    const unrelated = "fedcba9876543210.4242-aaaaaaaaaaaa.hnsw";
    const hoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const name of [...abandoned, recent, unrelated]) {
      writeFileSync(join(dir, name), "partial");
      if (name !== recent) utimesSync(join(dir, name), hoursAgo, hoursAgo);
    }
    await (await indexOf(tools(0, 4))).save(dir, KEY, EMBEDDER);
    const left = readdirSync(dir);
    for (const name of abandoned) expect(left).not.toContain(name);
    expect(left).toContain(recent);
    expect(left).toContain(unrelated);
    expect(await loadIndex(dir)).toBeDefined();
  });

  it("commits nothing when the graph is written short (a full disk), and keeps the previous save", async () => {
    await (await indexOf(tools(0, 4))).save(dir, KEY, EMBEDDER);
    const before = readFileSync(manifestPath(dir), "utf8");
    // hnswlib reports no error when its stream fails; simulate the file it leaves behind.
    const larger = await indexOf(tools(0, 8));
    const holder = larger as unknown as { index: { writeIndex(path: string): Promise<boolean> } };
    const native = holder.index;
    holder.index = new Proxy(native, {
      get: (target, property) =>
        property === "writeIndex"
          ? async (path: string) => {
              const done = await target.writeIndex(path);
              writeFileSync(path, readFileSync(path).subarray(0, 500));
              return done;
            }
          : (Reflect.get(target, property) as unknown),
    });
    await expect(larger.save(dir, KEY, EMBEDDER)).rejects.toThrow(/disk full/);
    expect(readFileSync(manifestPath(dir), "utf8")).toBe(before);
    expect(graphFiles(dir)).toEqual([manifestOf(dir).graph]);
    expectAllFindable((await loadIndex(dir))!, tools(0, 4));
  });
});
