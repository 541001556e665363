// Over 300 lines: building, saving, checking and healing the saved index are one contract with hnswlib-node.
import { createHash, randomBytes } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { checkHnswGraph, liveHnswLabels } from "./check-hnsw-graph.js";
import { loadHnswlib, type HierarchicalNsw } from "./load-hnswlib.js";
import type { VectorIndex, VectorIndexOptions, VectorMatch } from "./vector-index.js";

interface Entry {
  label: number;
  /** Identifies the text the vector was made from: an unchanged hash means nothing to re-embed. */
  textHash: string;
}

const FORMAT = 3;

interface Manifest {
  format: typeof FORMAT;
  embedderId: string;
  dimensions: number;
  /** File name, in the same folder, of the graph this manifest belongs to. */
  graph: string;
  /** SHA-256 of the graph file: a damaged graph is never handed to hnswlib. */
  graphSha256: string;
  entries: [name: string, label: number, textHash: string][];
  /** SHA-256 of the fields above: a damaged manifest (swapped labels, say) is not trusted. */
  checksum: string;
}

/** What {@link HnswVectorIndex.load} found: an index, nothing saved yet, or a damaged save. */
export type LoadedHnswIndex = { index: HnswVectorIndex } | { absent: true } | { damaged: string };
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
    index.initIndex({
      maxElements: 1024,
      m: options.m ?? 16,
      efConstruction: options.efConstruction ?? 100,
      randomSeed: 42,
      allowReplaceDeleted: false,
    });
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
   *
   * @throws when the graph cannot be written whole (a full disk): nothing is committed then.
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
      // hnswlib does not report a short write; read the file back and check it whole.
      const written = await readFile(graphPath);
      const problem = checkHnswGraph(written, this.dimensions);
      if (problem) throw new Error(`the graph written to ${graphPath} is damaged (${problem}); is the disk full?`);
      const fields: Omit<Manifest, "checksum"> = {
        format: FORMAT,
        embedderId,
        dimensions: this.dimensions,
        graph,
        graphSha256: sha256(written),
        entries: [...this.entries].map(([name, entry]): [string, number, string] => [
          name,
          entry.label,
          entry.textHash,
        ]),
      };
      const manifest: Manifest = { ...fields, checksum: sha256(JSON.stringify(fields)) };
      await writeSynced(manifestTemp, JSON.stringify(manifest));
      previous = await committedGraph(manifestPath);
      await rename(manifestTemp, manifestPath);
    } catch (error) {
      await Promise.all([rm(graphPath, { force: true }), rm(manifestTemp, { force: true })]).catch(() => undefined);
      throw error;
    }
    if (previous !== undefined && previous !== graph)
      await rm(join(directory, previous), { force: true }).catch(() => undefined);
    await removeAbandoned(directory, key, graph);
  }

  /**
   * Reads an index saved by {@link save}, after checking everything about it that native code
   * would otherwise trust: the manifest's checksum, the graph file's checksum, every field and
   * link of the graph, and that its live labels are exactly the manifest's. With `vectorOf`,
   * each tool's stored vector must also point where the vector cache says its text does.
   *
   * @returns `absent` when nothing was saved for this model, `damaged` with the reason when the
   *   files do not hold up (the caller rebuilds, and says so).
   */
  static async load(
    directory: string,
    key: string,
    embedderId: string,
    dimensions: number,
    options: VectorIndexOptions & { vectorOf?: (textHash: string) => Float32Array | undefined } = {},
  ): Promise<LoadedHnswIndex> {
    let text: string;
    try {
      text = await readFile(join(directory, `${key}.json`), "utf8");
    } catch {
      return { absent: true };
    }
    let manifest: Manifest | string;
    try {
      manifest = parseManifest(JSON.parse(text), key);
    } catch {
      manifest = "its manifest is not JSON";
    }
    if (typeof manifest === "string") return { damaged: manifest };
    // Another model, or another vector length: not damage, just not ours to load.
    if (manifest.embedderId !== embedderId || manifest.dimensions !== dimensions) return { absent: true };
    const graphPath = join(directory, manifest.graph);
    let bytes: Buffer;
    try {
      bytes = await readFile(graphPath);
    } catch {
      return { damaged: `its graph file ${manifest.graph} is missing` };
    }
    if (sha256(bytes) !== manifest.graphSha256) return { damaged: "its graph file does not match its checksum" };
    const problem = checkHnswGraph(bytes, dimensions);
    if (problem) return { damaged: `its graph is malformed: ${problem}` };
    const live = liveHnswLabels(bytes);
    if (live.size !== manifest.entries.length || manifest.entries.some(([, label]) => !live.has(label))) {
      return { damaged: "its graph and manifest disagree on which tools are in it" };
    }

    const HierarchicalNSW = await loadHnswlib();
    const index = new HierarchicalNSW("cosine", dimensions);
    try {
      await index.readIndex(graphPath, false);
    } catch (error) {
      return {
        damaged: `hnswlib could not read its graph (${error instanceof Error ? error.message : String(error)})`,
      };
    }
    const loaded = new HnswVectorIndex(index, dimensions, options.efSearch ?? 64);
    for (const [name, label, textHash] of manifest.entries) {
      if (options.vectorOf && !pointsAlike(index.getPoint(label), options.vectorOf(textHash))) {
        return { damaged: `the stored vector of ${name} is not the one its text has (swapped or altered labels)` };
      }
      loaded.entries.set(name, { label, textHash });
      loaded.names.set(label, name);
    }
    // hnswlib keeps deleted labels in its id list, so this is every label the graph has held.
    const ids = index.getIdsList();
    for (const label of ids) if (!loaded.names.has(label)) loaded.freeLabels.push(label);
    loaded.nextLabel = ids.reduce((max, label) => Math.max(max, label + 1), 0);
    return { index: loaded };
  }

  private newLabel(): number {
    if (this.index.getCurrentCount() >= this.index.getMaxElements())
      this.index.resizeIndex(this.index.getMaxElements() * 2);
    return this.nextLabel++;
  }
}

/** Whether a stored (unit) vector points where the cached vector does; no cached vector: nothing to compare. */
function pointsAlike(stored: number[], cached: Float32Array | undefined): boolean {
  if (!cached) return true;
  let dot = 0;
  let norm = 0;
  for (let d = 0; d < cached.length; d++) {
    dot += stored[d]! * cached[d]!;
    norm += cached[d]! * cached[d]!;
  }
  return norm === 0 || dot / Math.sqrt(norm) > 0.9999;
}

function sha256(data: Uint8Array | string): string {
  return createHash("sha256").update(data).digest("hex");
}

/** The manifest, or what is wrong with it. */
function parseManifest(value: unknown, key: string): Manifest | string {
  if (typeof value !== "object" || value === null) return "its manifest is not an object";
  const { format, embedderId, dimensions, graph, graphSha256, entries, checksum } = value as Record<string, unknown>;
  if (format !== FORMAT) return `its manifest has format ${String(format)}, not ${FORMAT}`;
  if (
    typeof embedderId !== "string" ||
    !isCount(dimensions) ||
    typeof graphSha256 !== "string" ||
    typeof checksum !== "string"
  ) {
    return "its manifest lacks a field";
  }
  // Only a file of this key in the same folder: the manifest never points elsewhere.
  if (typeof graph !== "string" || !graph.startsWith(`${key}.`) || !graph.endsWith(".hnsw") || /[\\/]/.test(graph)) {
    return "its manifest names a graph file outside its folder";
  }
  if (!Array.isArray(entries)) return "its manifest has no entries";
  if (sha256(JSON.stringify({ format, embedderId, dimensions, graph, graphSha256, entries })) !== checksum) {
    return "its manifest does not match its checksum";
  }
  const names = new Set<string>();
  const labels = new Set<number>();
  for (const entry of entries as unknown[]) {
    if (!Array.isArray(entry) || entry.length !== 3) return "its manifest has a malformed entry";
    const [name, label, textHash] = entry as unknown[];
    if (typeof name !== "string" || !isCount(label) || typeof textHash !== "string")
      return "its manifest has a malformed entry";
    if (names.has(name) || labels.has(label)) return "its manifest lists a tool or label twice";
    names.add(name);
    labels.add(label);
  }
  return value as Manifest;
}

function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
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
