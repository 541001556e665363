import { randomBytes } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { loadHnswlib, type HierarchicalNsw } from "./load-hnswlib.js";
import type { VectorIndex, VectorIndexOptions, VectorMatch } from "./vector-index.js";

interface Entry {
  label: number;
  /** Identifies the text the vector was made from: an unchanged hash means nothing to re-embed. */
  textHash: string;
}

const FORMAT = 2;

interface Manifest {
  format: typeof FORMAT;
  embedderId: string;
  dimensions: number;
  /** File name, in the same folder, of the graph this manifest belongs to. */
  graph: string;
  entries: [name: string, label: number, textHash: string][];
}

// hnswlib's file header: six size_t, two 32-bit ints, three size_t, a double, a size_t.
const HEADER_BYTES = 96;
// Files of another writer that crashed between writing a graph and committing it: removed once
// this old, so a graph still being written by a live process is never touched.
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/**
 * A cosine HNSW index (hnswlib) keyed by tool name, updated in place: a removed tool is
 * marked deleted and its slot reused by the next insertion, so a changing catalogue never
 * forces a rebuild.
 *
 * A label is a graph slot for good: reusing a label overwrites that same slot, and a new
 * label is always above every label the graph has ever held, live or deleted.
 */
export class HnswVectorIndex implements VectorIndex {
  readonly kind = "hnsw";
  private readonly entries = new Map<string, Entry>();
  private readonly names = new Map<number, string>();
  private readonly freeLabels: number[] = [];
  private nextLabel = 0;

  private constructor(
    private readonly index: HierarchicalNsw,
    readonly dimensions: number,
    private readonly efSearch: number,
  ) {}

  /** @throws DependencyError when hnswlib-node is not installed. */
  static async create(dimensions: number, options: VectorIndexOptions = {}): Promise<HnswVectorIndex> {
    const HierarchicalNSW = await loadHnswlib();
    const index = new HierarchicalNSW("cosine", dimensions);
    // A fixed seed makes the graph, and so the results, reproducible run to run. Replacing
    // deleted elements stays off: hnswlib would then pick the slot itself, which breaks the
    // label = slot identity the free list relies on; re-adding a deleted label reuses its slot.
    index.initIndex({ maxElements: 1024, m: options.m ?? 16, efConstruction: options.efConstruction ?? 100, randomSeed: 42, allowReplaceDeleted: false });
    return new HnswVectorIndex(index, dimensions, options.efSearch ?? 64);
  }

  get size(): number {
    return this.entries.size;
  }

  textHashOf(name: string): string | undefined {
    return this.entries.get(name)?.textHash;
  }

  /** The names in the index. */
  keys(): string[] {
    return [...this.entries.keys()];
  }

  upsert(name: string, textHash: string, vector: Float32Array): void {
    const existing = this.entries.get(name);
    // hnswlib updates a label already in the graph (live or deleted) in its own slot.
    const label = existing?.label ?? this.freeLabels.pop() ?? this.newLabel();
    this.index.addPoint(Array.from(vector), label);
    this.entries.set(name, { label, textHash });
    this.names.set(label, name);
  }

  remove(name: string): void {
    const entry = this.entries.get(name);
    if (!entry) return;
    this.index.markDelete(entry.label);
    this.entries.delete(name);
    this.names.delete(entry.label);
    this.freeLabels.push(entry.label);
  }

  /** Nearest tools by cosine similarity (1 = same direction), best first. */
  search(vector: Float32Array, k: number, filter?: (name: string) => boolean): VectorMatch[] {
    const count = Math.min(k, this.entries.size);
    if (count <= 0) return [];
    this.index.setEf(Math.max(this.efSearch, count));
    const labelFilter = filter
      ? (label: number) => {
          const name = this.names.get(label);
          return name !== undefined && filter(name);
        }
      : undefined;
    const { neighbors, distances } = this.index.searchKnn(Array.from(vector), count, labelFilter);
    return neighbors
      .map((label, i) => ({ name: this.names.get(label)!, similarity: 1 - distances[i]! }))
      .sort((a, b) => b.similarity - a.similarity);
  }

  /**
   * Writes the graph and its manifest under `directory`. The graph goes to a file of its own,
   * named in the manifest; renaming the manifest into place is the one commit step, so a
   * crash at any point leaves either the old pair or the new one, and processes sharing the
   * folder never write to the same file. The graph the old manifest named is then deleted.
   */
  async save(directory: string, key: string, embedderId: string): Promise<void> {
    await mkdir(directory, { recursive: true });
    const token = `${process.pid}-${randomBytes(6).toString("hex")}`;
    const graph = `${key}.${token}.hnsw`;
    const graphPath = join(directory, graph);
    const manifestPath = join(directory, `${key}.json`);
    const manifestTemp = `${manifestPath}.${token}.tmp`;
    let previous: string | undefined;
    try {
      // No manifest names this file yet, so writing it in place is as safe as a temp file.
      await this.index.writeIndex(graphPath);
      await syncFile(graphPath);
      const manifest: Manifest = {
        format: FORMAT,
        embedderId,
        dimensions: this.dimensions,
        graph,
        entries: [...this.entries].map(([name, entry]) => [name, entry.label, entry.textHash]),
      };
      await writeSynced(manifestTemp, JSON.stringify(manifest));
      previous = await committedGraph(manifestPath);
      await rename(manifestTemp, manifestPath);
    } catch (error) {
      await Promise.all([rm(graphPath, { force: true }), rm(manifestTemp, { force: true })]).catch(() => undefined);
      throw error;
    }
    if (previous !== undefined && previous !== graph) await rm(join(directory, previous), { force: true }).catch(() => undefined);
    await removeAbandoned(directory, key, graph);
  }

  /**
   * Reads an index saved by {@link save}. `undefined` when there is none, or when the
   * manifest and graph do not belong together (wrong model or dimension, missing or torn
   * graph, a label the manifest names that the graph lacks): the caller rebuilds.
   */
  static async load(
    directory: string,
    key: string,
    embedderId: string,
    dimensions: number,
    options: VectorIndexOptions = {},
  ): Promise<HnswVectorIndex | undefined> {
    let manifest: Manifest | undefined;
    try {
      manifest = parseManifest(JSON.parse(await readFile(join(directory, `${key}.json`), "utf8")), key);
    } catch {
      return undefined;
    }
    if (!manifest || manifest.embedderId !== embedderId || manifest.dimensions !== dimensions) return undefined;
    const graphPath = join(directory, manifest.graph);
    if (!(await graphFits(graphPath, manifest))) return undefined;

    const HierarchicalNSW = await loadHnswlib();
    const index = new HierarchicalNSW("cosine", dimensions);
    try {
      await index.readIndex(graphPath, false);
    } catch {
      return undefined;
    }
    const loaded = new HnswVectorIndex(index, dimensions, options.efSearch ?? 64);
    for (const [name, label, textHash] of manifest.entries) {
      loaded.entries.set(name, { label, textHash });
      loaded.names.set(label, name);
    }
    // hnswlib keeps deleted labels in its id list, so this is every label the graph has held.
    const ids = index.getIdsList();
    const inGraph = new Set(ids);
    for (const label of loaded.names.keys()) {
      if (!inGraph.has(label) || !isLive(index, label)) return undefined;
    }
    for (const label of ids) {
      if (loaded.names.has(label)) continue;
      // Not in the manifest, so it must have been deleted before the save.
      if (isLive(index, label)) return undefined;
      loaded.freeLabels.push(label);
    }
    loaded.nextLabel = ids.reduce((max, label) => Math.max(max, label + 1), 0);
    return loaded;
  }

  private newLabel(): number {
    if (this.index.getCurrentCount() >= this.index.getMaxElements()) this.index.resizeIndex(this.index.getMaxElements() * 2);
    return this.nextLabel++;
  }
}

function isLive(index: HierarchicalNsw, label: number): boolean {
  try {
    // hnswlib refuses the point of a missing or deleted label.
    index.getPoint(label);
    return true;
  } catch {
    return false;
  }
}

function parseManifest(value: unknown, key: string): Manifest | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const manifest = value as Record<string, unknown>;
  const { format, embedderId, dimensions, graph, entries } = manifest;
  if (format !== FORMAT || typeof embedderId !== "string" || !isCount(dimensions)) return undefined;
  // Only a file of this key in the same folder: the manifest never points elsewhere.
  if (typeof graph !== "string" || !graph.startsWith(`${key}.`) || !graph.endsWith(".hnsw") || /[\\/]/.test(graph)) return undefined;
  if (!Array.isArray(entries)) return undefined;
  const names = new Set<string>();
  const labels = new Set<number>();
  for (const entry of entries as unknown[]) {
    if (!Array.isArray(entry) || entry.length !== 3) return undefined;
    const [name, label, textHash] = entry as unknown[];
    if (typeof name !== "string" || !isCount(label) || typeof textHash !== "string") return undefined;
    if (names.has(name) || labels.has(label)) return undefined;
    names.add(name);
    labels.add(label);
  }
  return manifest as unknown as Manifest;
}

function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

/**
 * Checks the graph file's header against the manifest before hnswlib reads it: hnswlib takes
 * the vector length from the caller, not the file, so a mismatch would be read as garbage.
 * (A torn file hnswlib rejects itself.)
 */
async function graphFits(path: string, manifest: Manifest): Promise<boolean> {
  let header: Buffer;
  let bytes: number;
  try {
    const file = await open(path, "r");
    try {
      bytes = (await file.stat()).size;
      header = Buffer.alloc(HEADER_BYTES);
      const { bytesRead } = await file.read(header, 0, HEADER_BYTES, 0);
      if (bytesRead < HEADER_BYTES) return false;
    } finally {
      await file.close();
    }
  } catch {
    return false;
  }
  const field = (index: number) => Number(header.readBigUInt64LE(index * 8));
  const maxElements = field(1);
  const count = field(2);
  const bytesPerElement = field(3);
  const labelOffset = field(4);
  const dataOffset = field(5);
  return (
    labelOffset - dataOffset === manifest.dimensions * 4 &&
    count >= manifest.entries.length &&
    count <= maxElements &&
    HEADER_BYTES + count * bytesPerElement <= bytes
  );
}

async function syncFile(path: string): Promise<void> {
  const file = await open(path, "r+");
  try {
    await file.sync();
  } finally {
    await file.close();
  }
}

async function writeSynced(path: string, text: string): Promise<void> {
  const file = await open(path, "w");
  try {
    await file.writeFile(text);
    await file.sync();
  } finally {
    await file.close();
  }
}

/** The graph file the committed manifest names, if it can be read. */
async function committedGraph(manifestPath: string): Promise<string | undefined> {
  try {
    const graph: unknown = (JSON.parse(await readFile(manifestPath, "utf8")) as Record<string, unknown>).graph;
    return typeof graph === "string" && !/[\\/]/.test(graph) ? graph : undefined;
  } catch {
    return undefined;
  }
}

/** Best effort: graphs and temp files of this key left by crashed writers, long abandoned. */
async function removeAbandoned(directory: string, key: string, keep: string): Promise<void> {
  try {
    const now = Date.now();
    for (const name of await readdir(directory)) {
      if (name === keep || !name.startsWith(`${key}.`) || !(name.endsWith(".hnsw") || name.endsWith(".tmp"))) continue;
      const path = join(directory, name);
      const info = await stat(path).catch(() => undefined);
      if (info && now - info.mtimeMs > ABANDONED_AFTER_MS) await rm(path, { force: true }).catch(() => undefined);
    }
  } catch {
    // The folder cannot be listed: nothing to tidy.
  }
}
