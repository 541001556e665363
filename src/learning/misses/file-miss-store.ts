import { SerialQueue } from "../serial-queue.js";
import { checksummedLine, readChecksummedLine } from "../checksummed-line.js";
import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { mkdir, open, rename, rm, type FileHandle } from "node:fs/promises";
import { join } from "node:path";
import { defaultCacheDir } from "../../ranking/index.js";
import { withFileLock } from "../file-lock.js";
import { StoreWarnings } from "../store-warnings.js";
import type { UsageStoreWarning } from "../usage-store.js";
import { parseMissRecord, type MissRecord } from "./miss-record.js";
import { matchesQuery, newestFirst, readMissQuery, type MissQuery, type MissStore } from "./miss-store.js";
import { checkKeys, optionKeys } from "../../util/option-keys.js";

export interface FileMissStoreOptions {
  /**
   * The folder of the misses file (`misses-v1.log`) and its key (`misses-v1.key`).
   * @defaultValue `node_modules/.cache/toolsift` under the working directory
   */
  cacheDir?: string;
  /** Records kept: the file is rewritten to the newest this many when it holds twice as many. @defaultValue 10,000 */
  maxRecords?: number;
  /** Told about damaged records (skipped) and a file or key set back to mode 0600. */
  onWarning?: UsageStoreWarning;
}

export const MISSES_FILE = "misses-v1.log";
export const MISSES_KEY_FILE = "misses-v1.key";
/** Bytes of the file read at most: past it, the newest part is read. */
const MAX_READ_BYTES = 64 * 1024 * 1024;
const NO_FOLLOW = (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
const READ_FLAGS = constants.O_RDONLY | NO_FOLLOW;
const APPEND_FLAGS = constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | NO_FOLLOW;
const CREATE_KEY_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW;
const KEY_BYTES = 32;

/** Every option of `FileMissStore`; the compiler holds the list to {@link FileMissStoreOptions}. */
const FILE_MISS_STORE_KEYS = optionKeys<keyof FileMissStoreOptions>({
  cacheDir: true,
  maxRecords: true,
  onWarning: true,
});

/**
 * Misses in one append-only file under the cache directory, one record a line
 * (`<crc32> <json>`), shared by the processes that use the same folder. A damaged line is
 * skipped with a `misses_store_repaired` warning and dropped at the next rewrite. Appends and
 * rewrites take a lock file; a rewrite (to the newest `maxRecords`, once the file holds twice
 * that) goes through a temporary file renamed over the old one.
 *
 * The hash key is 32 random bytes in `misses-v1.key`, made by the first process to need it
 * (mode 0600, never overwritten). Neither file is opened through a symbolic link or when it
 * belongs to another user. With `recordText` the log holds request text: delete it to erase them.
 *
 * @example
 * ```ts
 * const toolSearch = await createToolSearch({ tools, misses: { store: new FileMissStore({ cacheDir: "/var/cache/toolsift" }) } });
 * ```
 */
export class FileMissStore implements MissStore {
  readonly file: string;
  readonly keyFile: string;
  private readonly lock: string;
  private readonly maxRecords: number;
  private readonly warnings: StoreWarnings;
  /** Lines in the file as last counted (appends added): decides when to rewrite. */
  private lines: number | undefined;
  private hashKey: Promise<Uint8Array> | undefined;
  private readonly queue = new SerialQueue();

  constructor(options: FileMissStoreOptions = {}) {
    checkKeys("FileMissStore", "", options, FILE_MISS_STORE_KEYS, '{ cacheDir: ".toolsift" }');
    const directory = options.cacheDir ?? defaultCacheDir();
    this.file = join(directory, MISSES_FILE);
    this.keyFile = join(directory, MISSES_KEY_FILE);
    this.lock = `${this.file}.lock`;
    this.maxRecords = options.maxRecords ?? 10_000;
    this.warnings = new StoreWarnings(options.onWarning);
  }

  listen(listener: UsageStoreWarning): () => void {
    return this.warnings.listen(listener);
  }

  add(records: readonly MissRecord[]): Promise<void> {
    return this.queue.run(async () => {
      if (records.length === 0) return;
      const text = records.map((record) => encode(record)).join("");
      await mkdir(join(this.file, ".."), { recursive: true, mode: 0o700 });
      await withFileLock(this.lock, async () => {
        const handle = await this.openChecked(this.file, APPEND_FLAGS);
        try {
          const { size } = await handle.stat();
          // A line torn by a crash is closed off, so this batch starts on a line of its own.
          const tail = size > 0 ? (await handle.read(Buffer.alloc(1), 0, 1, size - 1)).buffer[0] : NEWLINE;
          await handle.appendFile(tail === NEWLINE ? text : `\n${text}`);
        } finally {
          await handle.close();
        }
      });
      this.lines = (this.lines ?? (await this.readAll()).lines) + records.length;
      if (this.lines > 2 * this.maxRecords) await this.rewrite();
    });
  }

  misses(query?: MissQuery): Promise<readonly MissRecord[]> {
    const checked = readMissQuery(query);
    return this.queue.run(async () => {
      const { records } = await this.readAll();
      return records
        .filter((record) => matchesQuery(record, checked))
        .sort(newestFirst)
        .slice(0, checked.limit);
    });
  }

  key(): Promise<Uint8Array> {
    this.hashKey ??= this.loadKey().catch((error: unknown) => {
      this.hashKey = undefined;
      throw error;
    });
    return this.hashKey.then((key) => Uint8Array.from(key));
  }

  async close(): Promise<void> {
    await this.queue.idle();
  }

  /** The key file's 32 bytes, made (exclusively, mode 0600) when there is none yet. */
  private async loadKey(): Promise<Uint8Array> {
    await mkdir(join(this.keyFile, ".."), { recursive: true, mode: 0o700 });
    try {
      const handle = await open(this.keyFile, CREATE_KEY_FLAGS, 0o600);
      try {
        const key = randomBytes(KEY_BYTES);
        await handle.writeFile(`${key.toString("hex")}\n`);
        await handle.sync();
        return key;
      } finally {
        await handle.close();
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw this.explain(this.keyFile, error);
    }
    const handle = await this.openChecked(this.keyFile, READ_FLAGS);
    try {
      const text = (await handle.readFile("utf8")).trim();
      if (!/^[0-9a-f]{64}$/.test(text)) {
        throw new Error(
          `the misses key file ${this.keyFile} does not hold a 32-byte hex key; it may be damaged. Remove it to make a new key (misses recorded before then hash differently).`,
        );
      }
      return Buffer.from(text, "hex");
    } finally {
      await handle.close();
    }
  }

  /** Every good record of the file (each id once), and its line count; damaged lines are warned about. */
  private async readAll(): Promise<{ records: MissRecord[]; lines: number }> {
    let handle: FileHandle;
    try {
      handle = await this.openChecked(this.file, READ_FLAGS);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return { records: [], lines: 0 };
      throw error;
    }
    let bytes: Buffer;
    try {
      const { size } = await handle.stat();
      const length = Math.min(size, MAX_READ_BYTES);
      bytes = Buffer.alloc(length);
      await handle.read(bytes, 0, length, size - length);
    } finally {
      await handle.close();
    }
    const byId = new Map<string, MissRecord>();
    let lines = 0;
    let bad = 0;
    const end = bytes.lastIndexOf(NEWLINE) + 1;
    for (let at = 0; at < end; ) {
      const next = bytes.indexOf(NEWLINE, at);
      const line = bytes.subarray(at, next);
      at = next + 1;
      if (line.length === 0) continue;
      lines++;
      const record = decode(line);
      if (record) byId.set(record.id, record);
      else bad++;
    }
    if (bad > 0) {
      this.warnings.warn(
        "misses_store_repaired",
        `The misses file ${this.file} has ${bad} damaged records; they were skipped, and are dropped at its next rewrite.`,
      );
    }
    this.lines = lines;
    return { records: [...byId.values()], lines };
  }

  /** Rewrites the file under the lock to its newest `maxRecords` good records. */
  private async rewrite(): Promise<void> {
    await withFileLock(this.lock, async () => {
      const { records } = await this.readAll();
      const kept = records.sort(newestFirst).slice(0, this.maxRecords).reverse();
      const temp = `${this.file}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
      try {
        const handle = await open(temp, "wx", 0o600);
        try {
          await handle.writeFile(kept.map((record) => encode(record)).join(""));
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temp, this.file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      this.lines = kept.length;
    });
  }

  /**
   * Opens a file of the store without following a symbolic link, and checks it is a regular file
   * of this process's user, set back to mode 0600 (with a warning) if it was looser.
   */
  private async openChecked(path: string, flags: number): Promise<FileHandle> {
    let handle: FileHandle;
    try {
      handle = await open(path, flags, 0o600);
    } catch (error) {
      throw this.explain(path, error);
    }
    try {
      const info = await handle.stat();
      if (!info.isFile())
        throw new Error(`${path} is not a regular file; remove it, or give FileMissStore a cacheDir of your own.`);
      const uid = process.getuid?.();
      if (uid !== undefined && info.uid !== uid) {
        throw new Error(
          `${path} belongs to user ${info.uid}, not to this process's user ${uid}; toolsift neither reads nor extends another user's file. Remove it, or give FileMissStore a cacheDir of your own.`,
        );
      }
      if ((info.mode & 0o777) !== 0o600) {
        await handle.chmod(0o600);
        this.warnings.warn(
          "misses_store_repaired",
          `${path} was mode ${(info.mode & 0o777).toString(8)}; it is set to 600, since it holds the misses or their key.`,
        );
      }
      return handle;
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  private explain(path: string, error: unknown): unknown {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ELOOP" || code === "EMLINK") {
      return new Error(
        `${path} is a symbolic link; toolsift does not follow it. Remove the link, or give FileMissStore a cacheDir of your own.`,
      );
    }
    return error;
  }
}

const NEWLINE = 0x0a;

function encode(record: MissRecord): string {
  return checksummedLine(JSON.stringify(record));
}

function decode(line: Buffer): MissRecord | undefined {
  return parseMissRecord(readChecksummedLine(line));
}
