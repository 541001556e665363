import { randomBytes } from "node:crypto";
import { mkdir, open, readFile, rename, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { crc32 } from "node:zlib";

const HASH_BYTES = 16;
const CHECK_BYTES = 4;
/** `TSVC`, then the format version and the vector length, so a file of another shape is never misread. */
const MAGIC = 0x43565354;
const VERSION = 1;
const HEADER_BYTES = 12;

/** The caches open on each file in this process, so a rewrite keeps what any of them holds. */
const openCaches = new Map<string, Set<WeakRef<VectorCache>>>();

/**
 * Vectors by text hash, kept in memory and appended to one file per embedder, so a tool
 * whose text was ever embedded with this model is never embedded again, across restarts.
 *
 * Records are fixed-size: text hash, float32s, and a CRC-32 of both. A record that fails its
 * check (a flipped byte, a torn write, garbage) is dropped on open, so its text is embedded
 * again rather than ranked with a wrong vector, and the file is rewritten without it.
 *
 * Texts the catalogue no longer has are forgotten ({@link VectorCache.retain}), and the file is
 * rewritten once their records outnumber the live ones: a catalogue whose descriptions change
 * would otherwise grow the file, and every start's read of it, without end. Live means live for
 * any cache of the file this process holds, so rankers of several catalogues in one process do
 * not drop each other's vectors.
 */
export class VectorCache {
  private readonly vectors = new Map<string, Float32Array>();
  /** Whole records in the file, live or not, as far as this process knows. */
  private fileRecords = 0;

  private constructor(
    private readonly file: string | undefined,
    private readonly dimensions: number,
  ) {}

  private get recordBytes(): number {
    return HASH_BYTES + this.dimensions * 4 + CHECK_BYTES;
  }

  /**
   * A cache backed by `<directory>/<key>.vec`, or memory only when `directory` is undefined.
   * `onDamage` hears what was wrong with a damaged file (it is then repaired).
   */
  static async open(
    directory: string | undefined,
    key: string,
    dimensions: number,
    onDamage?: (problem: string) => void,
  ): Promise<VectorCache> {
    const cache = new VectorCache(directory ? join(directory, `${key}.vec`) : undefined, dimensions);
    if (!directory || !cache.file) return cache;
    const sharing = openCaches.get(cache.file) ?? new Set();
    openCaches.set(cache.file, sharing.add(new WeakRef(cache)));
    // toolsift 0.1 kept unchecked records in <key>.vectors; they are not trusted, only removed.
    await rm(join(directory, `${key}.vectors`), { force: true }).catch(() => undefined);
    let bytes: Buffer;
    try {
      bytes = await readFile(cache.file);
    } catch {
      return cache;
    }
    const problem = cache.read(bytes);
    if (problem) {
      onDamage?.(`${cache.file}: ${problem}; ${cache.vectors.size} good vectors kept, the rest will be embedded again`);
      // Rewritten whole, so later appends land on a clean record grid. If that fails, the
      // next open finds the same damage and tries again.
      await cache.rewrite().catch(() => undefined);
    }
    return cache;
  }

  get(textHash: string): Float32Array | undefined {
    return this.vectors.get(textHash);
  }

  /**
   * Forgets every vector whose text hash is not in `live`, and rewrites the file with the live
   * ones when the others' records outnumber them. Another process that still needs a dropped
   * text embeds it again: a cost, never a wrong vector.
   */
  async retain(live: ReadonlySet<string>): Promise<void> {
    for (const hash of this.vectors.keys()) if (!live.has(hash)) this.vectors.delete(hash);
    if (!this.file) return;
    const held = this.heldInProcess(this.file);
    if (this.fileRecords > 2 * held.size) await this.rewrite(held);
  }

  /** Every vector the open caches of `file` hold; caches collected since are let go. */
  private heldInProcess(file: string): Map<string, Float32Array> {
    const held = new Map<string, Float32Array>();
    const sharing = openCaches.get(file) ?? new Set();
    for (const ref of sharing) {
      const cache = ref.deref();
      if (!cache) sharing.delete(ref);
      else for (const [hash, vector] of cache.vectors) held.set(hash, vector);
    }
    return held;
  }

  /** Adds vectors in memory and appends them to the file. */
  async add(entries: readonly [textHash: string, vector: Float32Array][]): Promise<void> {
    const fresh = entries.filter(([hash]) => !this.vectors.has(hash));
    for (const [hash, vector] of fresh) this.vectors.set(hash, vector);
    if (!this.file || fresh.length === 0) return;
    await mkdir(dirname(this.file), { recursive: true });
    const file = await open(this.file, "a+");
    try {
      const { size } = await file.stat();
      // A new file gets its header; one torn since it was opened (this process or another) is
      // cut back to whole records, so the new ones stay aligned.
      const torn = size < HEADER_BYTES ? size : (size - HEADER_BYTES) % this.recordBytes;
      if (torn > 0) await file.truncate(size - torn);
      const records = this.encode(fresh);
      await file.writeFile(size - torn === 0 ? Buffer.concat([this.header(), records]) : records);
      this.fileRecords = (size - torn === 0 ? 0 : (size - torn - HEADER_BYTES) / this.recordBytes) + fresh.length;
    } finally {
      await file.close();
    }
  }

  /** Loads every good record; returns what was wrong with the rest, if anything. */
  private read(bytes: Buffer): string | undefined {
    if (
      bytes.length < HEADER_BYTES ||
      bytes.readUInt32LE(0) !== MAGIC ||
      bytes.readUInt32LE(4) !== VERSION ||
      bytes.readUInt32LE(8) !== this.dimensions
    ) {
      return bytes.length === 0 ? undefined : "its header is not a toolsift vector cache of this model";
    }
    const record = this.recordBytes;
    let bad = 0;
    const end = bytes.length - ((bytes.length - HEADER_BYTES) % record);
    for (let offset = HEADER_BYTES; offset < end; offset += record) {
      const checked = bytes.subarray(offset, offset + record - CHECK_BYTES);
      if (crc32(checked) !== bytes.readUInt32LE(offset + record - CHECK_BYTES)) {
        bad++;
        continue;
      }
      const vector = new Float32Array(this.dimensions);
      Buffer.from(vector.buffer).set(checked.subarray(HASH_BYTES));
      this.vectors.set(checked.subarray(0, HASH_BYTES).toString("hex"), vector);
    }
    this.fileRecords = (end - HEADER_BYTES) / record;
    const torn = bytes.length - end;
    if (bad === 0 && torn === 0) return undefined;
    return [bad > 0 ? `${bad} records failed their checksum` : "", torn > 0 ? `${torn} bytes of a torn record` : ""]
      .filter(Boolean)
      .join(" and ");
  }

  private async rewrite(entries: ReadonlyMap<string, Float32Array> = this.vectors): Promise<void> {
    const file = this.file!;
    const temp = `${file}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
    try {
      const handle = await open(temp, "w");
      try {
        await handle.writeFile(Buffer.concat([this.header(), this.encode([...entries])]));
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, file);
      this.fileRecords = entries.size;
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  private header(): Buffer {
    const header = Buffer.alloc(HEADER_BYTES);
    header.writeUInt32LE(MAGIC, 0);
    header.writeUInt32LE(VERSION, 4);
    header.writeUInt32LE(this.dimensions, 8);
    return header;
  }

  private encode(entries: readonly [string, Float32Array][]): Buffer {
    const record = this.recordBytes;
    const buffer = Buffer.alloc(record * entries.length);
    entries.forEach(([hash, vector], i) => {
      const at = i * record;
      buffer.write(hash, at, HASH_BYTES, "hex");
      Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).copy(buffer, at + HASH_BYTES);
      buffer.writeUInt32LE(crc32(buffer.subarray(at, at + record - CHECK_BYTES)), at + record - CHECK_BYTES);
    });
    return buffer;
  }
}
