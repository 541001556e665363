import { mkdir, open, readFile, truncate } from "node:fs/promises";
import { dirname, join } from "node:path";

const HASH_BYTES = 16;

/**
 * Vectors by text hash, kept in memory and appended to one file per embedder, so a tool
 * whose text was ever embedded with this model is never embedded again, across restarts.
 * Records are fixed-size (hash, then float32s). A torn last write is cut off before the next
 * append, so the records after it stay aligned.
 */
export class VectorCache {
  private readonly vectors = new Map<string, Float32Array>();

  private constructor(
    private readonly file: string | undefined,
    private readonly dimensions: number,
  ) {}

  private get recordBytes(): number {
    return HASH_BYTES + this.dimensions * 4;
  }

  /** A cache backed by `<directory>/<key>.vectors`, or memory only when `directory` is undefined. */
  static async open(directory: string | undefined, key: string, dimensions: number): Promise<VectorCache> {
    const cache = new VectorCache(directory ? join(directory, `${key}.vectors`) : undefined, dimensions);
    if (!cache.file) return cache;
    let bytes: Buffer;
    try {
      bytes = await readFile(cache.file);
    } catch {
      return cache;
    }
    const recordBytes = cache.recordBytes;
    const whole = bytes.length - (bytes.length % recordBytes);
    for (let offset = 0; offset < whole; offset += recordBytes) {
      const hash = bytes.subarray(offset, offset + HASH_BYTES).toString("hex");
      const vector = new Float32Array(dimensions);
      Buffer.from(vector.buffer).set(bytes.subarray(offset + HASH_BYTES, offset + recordBytes));
      cache.vectors.set(hash, vector);
    }
    if (whole < bytes.length) {
      // Left as is, the partial record would shift every later append off the record grid.
      // A cache that cannot be repaired here is repaired by the next `add`.
      await truncate(cache.file, whole).catch(() => undefined);
    }
    return cache;
  }

  get(textHash: string): Float32Array | undefined {
    return this.vectors.get(textHash);
  }

  /** Adds vectors in memory and appends them to the file. */
  async add(entries: readonly [textHash: string, vector: Float32Array][]): Promise<void> {
    const fresh = entries.filter(([hash]) => !this.vectors.has(hash));
    for (const [hash, vector] of fresh) this.vectors.set(hash, vector);
    if (!this.file || fresh.length === 0) return;
    const record = this.recordBytes;
    const buffer = Buffer.alloc(record * fresh.length);
    fresh.forEach(([hash, vector], i) => {
      buffer.write(hash, i * record, HASH_BYTES, "hex");
      Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).copy(buffer, i * record + HASH_BYTES);
    });
    await mkdir(dirname(this.file), { recursive: true });
    const file = await open(this.file, "a");
    try {
      // A write torn since the file was opened (this process or another) is cut off first.
      const { size } = await file.stat();
      if (size % record !== 0) await file.truncate(size - (size % record));
      await file.writeFile(buffer);
    } finally {
      await file.close();
    }
  }
}
