import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import hnswlib from "hnswlib-node";

const { HierarchicalNSW } = hnswlib;

/** HNSW graph parameters. */
export interface VectorIndexOptions {
  /** Links per node. @defaultValue 16 */
  m?: number;
  /** Candidate list size while inserting. @defaultValue 100 */
  efConstruction?: number;
  /** Candidate list size while searching (raised to k when smaller). @defaultValue 64 */
  efSearch?: number;
}

interface Entry {
  label: number;
  /** Identifies the text the vector was made from: an unchanged hash means nothing to re-embed. */
  textHash: string;
}

interface Manifest {
  format: 1;
  embedderId: string;
  dimensions: number;
  entries: [name: string, label: number, textHash: string][];
}

/**
 * A cosine HNSW index (hnswlib) keyed by tool name, updated in place: a removed tool is
 * marked deleted and its slot reused by the next insertion, so a changing catalogue never
 * forces a rebuild.
 */
export class VectorIndex {
  private readonly entries = new Map<string, Entry>();
  private readonly names = new Map<number, string>();
  private readonly freeLabels: number[] = [];
  private nextLabel = 0;

  private constructor(
    private readonly index: InstanceType<typeof HierarchicalNSW>,
    readonly dimensions: number,
    private readonly efSearch: number,
  ) {}

  static create(dimensions: number, options: VectorIndexOptions = {}): VectorIndex {
    const index = new HierarchicalNSW("cosine", dimensions);
    // A fixed seed makes the graph, and so the results, reproducible run to run.
    index.initIndex({ maxElements: 1024, m: options.m ?? 16, efConstruction: options.efConstruction ?? 100, randomSeed: 42, allowReplaceDeleted: true });
    return new VectorIndex(index, dimensions, options.efSearch ?? 64);
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
    if (existing) this.remove(name);
    const reused = this.freeLabels.pop();
    const label = reused ?? this.nextLabel++;
    if (reused === undefined && label >= this.index.getMaxElements()) this.index.resizeIndex(this.index.getMaxElements() * 2);
    this.index.addPoint(Array.from(vector), label, reused !== undefined);
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
  search(vector: Float32Array, k: number, filter?: (name: string) => boolean): { name: string; similarity: number }[] {
    const count = Math.min(k, this.entries.size);
    if (count <= 0) return [];
    this.index.setEf(Math.max(this.efSearch, count));
    const labelFilter = filter ? (label: number) => filter(this.names.get(label)!) : undefined;
    const { neighbors, distances } = this.index.searchKnn(Array.from(vector), count, labelFilter);
    return neighbors
      .map((label, i) => ({ name: this.names.get(label)!, similarity: 1 - distances[i]! }))
      .sort((a, b) => b.similarity - a.similarity);
  }

  /** Writes the graph and its name map under `directory`, atomically (temp file, then rename). */
  async save(directory: string, key: string, embedderId: string): Promise<void> {
    await mkdir(directory, { recursive: true });
    const manifest: Manifest = {
      format: 1,
      embedderId,
      dimensions: this.dimensions,
      entries: [...this.entries].map(([name, entry]) => [name, entry.label, entry.textHash]),
    };
    const graph = join(directory, `${key}.hnsw`);
    await this.index.writeIndex(`${graph}.tmp`);
    await writeFile(join(directory, `${key}.json.tmp`), JSON.stringify(manifest));
    await rename(`${graph}.tmp`, graph);
    await rename(join(directory, `${key}.json.tmp`), join(directory, `${key}.json`));
  }

  /** Reads an index saved by {@link save}; `undefined` when there is none or it does not fit. */
  static async load(directory: string, key: string, embedderId: string, options: VectorIndexOptions = {}): Promise<VectorIndex | undefined> {
    let manifest: Manifest;
    try {
      manifest = JSON.parse(await readFile(join(directory, `${key}.json`), "utf8")) as Manifest;
    } catch {
      return undefined;
    }
    if (manifest.format !== 1 || manifest.embedderId !== embedderId) return undefined;
    const index = new HierarchicalNSW("cosine", manifest.dimensions);
    try {
      await index.readIndex(join(directory, `${key}.hnsw`), true);
    } catch {
      return undefined;
    }
    const loaded = new VectorIndex(index, manifest.dimensions, options.efSearch ?? 64);
    const used = new Set<number>();
    for (const [name, label, textHash] of manifest.entries) {
      loaded.entries.set(name, { label, textHash });
      loaded.names.set(label, name);
      used.add(label);
    }
    loaded.nextLabel = Math.max(-1, ...used) + 1;
    for (const label of index.getIdsList()) {
      if (!used.has(label)) {
        // A label in the graph but not in the manifest: deleted before the save.
        try {
          index.markDelete(label);
        } catch {
          // Already marked deleted.
        }
        loaded.freeLabels.push(label);
      }
    }
    return loaded;
  }
}
