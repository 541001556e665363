import { randomBytes } from "node:crypto";
import { type FileHandle, mkdir, open, rename, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { crc32 } from "node:zlib";

const HASH_BYTES = 16;
const CHECK_BYTES = 4;
/** `TSVC`, then the format version and the vector length, so a file of another shape is never misread. */
const MAGIC = 0x43565354;
const VERSION = 1;
const HEADER_BYTES = 12;

/**
 * The most bytes of records a cache keeps, in its file and in memory. Below it nothing is dropped,
 * so catalogues sharing a folder keep each other's vectors; past it (a server that rotates its
 * descriptions, or months of changes) the cache keeps only the texts its catalogues have now. A
 * bound on hostile or runaway growth like the lessons and misses files' read limits, not a tuned
 * level: 64 MiB is about 31,000 vectors of the bundled model, thirty 1,000-tool catalogues.
 */
export const MAX_CACHE_BYTES = 64 * 1024 * 1024;

/** The caches open on each file in this process, so a rewrite keeps what any of their catalogues has. */
const openCaches = new Map<string, Set<WeakRef<VectorCache>>>();

/**
 * Vectors by text hash, kept in memory and appended to one file per embedder, so a tool
 * whose text was ever embedded with this model is never embedded again, across restarts.
 *
 * Records are fixed-size: text hash, float32s, and a CRC-32 of both. A record that fails its
 * check (a flipped byte, a torn write, garbage) is dropped on open, so its text is embedded
 * again rather than ranked with a wrong vector, and the file is rewritten without it.
 *
 * The records kept are bounded ({@link MAX_CACHE_BYTES}): past the bound, texts no catalogue of
 * this process has now are forgotten and the file rewritten ({@link VectorCache.retain}), and a
 * larger file is read from its newest records only.
 */
export class VectorCache {
  private readonly vectors = new Map<string, Float32Array>();
  /** Whole records in the file, live or not, as far as this process knows. */
  private fileRecords = 0;
  /** The text hashes this cache's catalogue has now, as its last {@link retain} said. */
  private live: ReadonlySet<string> = new Set();

  private constructor(
    private readonly file: string | undefined,
    private readonly dimensions: number,
    private readonly maxBytes: number,
  ) {}

  private get recordBytes(): number {
    return HASH_BYTES + this.dimensions * 4 + CHECK_BYTES;
  }

  /**
   * A cache backed by `<directory>/<key>.vec`, or memory only when `directory` is undefined.
   * `onDamage` hears what was wrong with a damaged or oversized file (it is then repaired).
   */
  static async open(
    directory: string | undefined,
    key: string,
    dimensions: number,
    onDamage?: (problem: string) => void,
    options: { maxBytes?: number } = {},
  ): Promise<VectorCache> {
    const file = directory ? join(directory, `${key}.vec`) : undefined;
    const cache = new VectorCache(file, dimensions, options.maxBytes ?? MAX_CACHE_BYTES);
    if (!directory || !cache.file) return cache;
    const sharing = openCaches.get(cache.file) ?? new Set();
    openCaches.set(cache.file, sharing.add(new WeakRef(cache)));
    // toolsift 0.1 kept unchecked records in <key>.vectors; they are not trusted, only removed.
    await rm(join(directory, `${key}.vectors`), { force: true }).catch(() => undefined);
    let bytes: Buffer;
    let skipped: number;
    try {
      ({ bytes, skipped } = await cache.readNewest());
    } catch {
      return cache;
    }
    const problem = [
      skipped > 0 ? `${skipped} oldest records past the ${cache.maxBytes}-byte bound left out` : "",
      cache.read(bytes) ?? "",
    ]
      .filter(Boolean)
      .join("; ");
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
   * Says which text hashes the catalogue has now. Past {@link MAX_CACHE_BYTES}, the vectors no
   * catalogue of this process has (this cache's or another open one's of the same file) are
   * forgotten and the file is rewritten with the rest. Another process that still needs a
   * dropped text embeds it again: a cost, never a wrong vector.
   */
  async retain(live: ReadonlySet<string>): Promise<void> {
    this.live = live;
    if (this.recordBytes * Math.max(this.fileRecords, this.vectors.size) <= this.maxBytes) return;
    const kept = this.file
      ? this.liveInProcess(this.file)
      : new Map([...this.vectors].filter(([hash]) => live.has(hash)));
    for (const hash of this.vectors.keys()) if (!kept.has(hash)) this.vectors.delete(hash);
    if (this.file) await this.rewrite(kept);
  }

  /** The vectors of the texts the open caches of `file` have live; caches collected since are let go. */
  private liveInProcess(file: string): Map<string, Float32Array> {
    const caches: VectorCache[] = [];
    const sharing = openCaches.get(file) ?? new Set();
    for (const ref of sharing) {
      const cache = ref.deref();
      if (cache) caches.push(cache);
      else sharing.delete(ref);
    }
    const kept = new Map<string, Float32Array>();
    for (const cache of caches)
      for (const hash of cache.live) {
        const vector = caches.find((holder) => holder.vectors.has(hash))?.vectors.get(hash);
        if (vector) kept.set(hash, vector);
      }
    return kept;
  }

  /**
   * The file's header and at most {@link maxBytes} of its newest whole records (a torn tail
   * included, for {@link read} to report), and how many older records were left out.
   */
  private async readNewest(): Promise<{ bytes: Buffer; skipped: number }> {
    const handle = await open(this.file!, "r");
    try {
      const { size } = await handle.stat();
      const record = this.recordBytes;
      const records = Math.floor(Math.max(0, size - HEADER_BYTES) / record);
      const skipped = Math.max(0, records - Math.floor(this.maxBytes / record));
      const from = skipped > 0 ? HEADER_BYTES + skipped * record : 0;
      const head = skipped > 0 ? HEADER_BYTES : 0;
      const bytes = Buffer.alloc(head + size - from);
      await readFully(handle, bytes.subarray(0, head), 0);
      const tail = await readFully(handle, bytes.subarray(head), from);
      return { bytes: bytes.subarray(0, head + tail), skipped };
    } finally {
      await handle.close();
    }
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
      await file.writeFile(this.encode(fresh, size - torn === 0));
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
        await handle.writeFile(this.encode([...entries], true));
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

  /**
   * The records of `entries`, after the file's header when `withHeader`: one buffer, written
   * in place, since copying two megabytes of a thousand tools' vectors again cost milliseconds
   * of a cold start.
   */
  private encode(entries: readonly [string, Float32Array][], withHeader: boolean): Buffer {
    const record = this.recordBytes;
    const start = withHeader ? HEADER_BYTES : 0;
    const buffer = Buffer.alloc(start + record * entries.length);
    if (withHeader) {
      buffer.writeUInt32LE(MAGIC, 0);
      buffer.writeUInt32LE(VERSION, 4);
      buffer.writeUInt32LE(this.dimensions, 8);
    }
    entries.forEach(([hash, vector], i) => {
      const at = start + i * record;
      buffer.write(hash, at, HASH_BYTES, "hex");
      buffer.set(new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength), at + HASH_BYTES);
      buffer.writeUInt32LE(crc32(buffer.subarray(at, at + record - CHECK_BYTES)), at + record - CHECK_BYTES);
    });
    return buffer;
  }
}

/** Reads into `into` from `position` until it is full or the file ends; returns the bytes read. */
async function readFully(handle: FileHandle, into: Buffer, position: number): Promise<number> {
  let read = 0;
  while (read < into.length) {
    const { bytesRead } = await handle.read(into, read, into.length - read, position + read);
    if (bytesRead === 0) break;
    read += bytesRead;
  }
  return read;
}
