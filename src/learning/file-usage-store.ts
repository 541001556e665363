// Over 300 lines: one on-disk contract: the file format, its lock, its checks and its repair.
import { SerialQueue } from "./serial-queue.js";
import { checksummedLine, readChecksummedLine } from "./checksummed-line.js";
import { randomBytes } from "node:crypto";
import { constants, type Stats } from "node:fs";
import { mkdir, open, rename, rm, type FileHandle } from "node:fs/promises";
import { join } from "node:path";
import { defaultCacheDir } from "../ranking/index.js";
import { withFileLock } from "./file-lock.js";
import { DEFAULT_LESSON_CAPS, newestLessons, type LessonCaps } from "./lesson-caps.js";
import { parseLesson, type Lesson } from "./lesson.js";
import { definedCaps } from "./memory-usage-store.js";
import { StoreWarnings } from "./store-warnings.js";
import type { UsageStore, UsageStoreWarning } from "./usage-store.js";
import { checkKeys, optionKeys } from "../util/option-keys.js";

export interface FileUsageStoreOptions extends Partial<LessonCaps> {
  /**
   * The folder of the lessons file (`lessons-v1.log`).
   * @defaultValue `node_modules/.cache/toolsift` under the working directory, beside the embedding cache
   */
  cacheDir?: string;
  /** Told about damaged records (dropped, the file rewritten) and lock trouble. */
  onWarning?: UsageStoreWarning;
}

/** The file's name; the version changes if the record format does. */
export const LESSONS_FILE = "lessons-v1.log";
/** Bytes of the file read at most: a larger one is rewritten from its newest records. */
const MAX_READ_BYTES = 256 * 1024 * 1024;

interface ReadState {
  /** The file's inode when last read: another process's rewrite replaces it. */
  ino: number;
  /**
   * The generation in the file's first line when last read: every rewrite writes a new one, so a
   * rewrite is seen even when the new file happens to get the old inode and length back.
   */
  generation: string;
  /** Bytes consumed, up to the end of the last complete record. */
  offset: number;
}

/** The file's first line: `# toolsift lessons <generation>`; files from before it have none. */
const HEADER = "# toolsift lessons ";
/** Bytes read for the first line: the header is far shorter. */
const HEADER_BYTES = 64;
/** Never follow a symbolic link at the lessons file's path; `O_NONBLOCK` keeps a FIFO planted there from blocking the open. */
const NO_FOLLOW = (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
const READ_FLAGS = constants.O_RDONLY | NO_FOLLOW;
const APPEND_FLAGS = constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | NO_FOLLOW;

/** A fresh generation for a new or rewritten file. */
function newGeneration(): string {
  return randomBytes(8).toString("hex");
}

/** Every option of `FileUsageStore`; the compiler holds the list to {@link FileUsageStoreOptions}. */
const FILE_USAGE_STORE_KEYS = optionKeys<keyof FileUsageStoreOptions>({
  cacheDir: true,
  onWarning: true,
  maxLessonsPerTool: true,
  maxLessonsPerScope: true,
});

/**
 * Lessons in one append-only file under the cache directory, shared by the processes that use
 * the same folder. One record a line, `<crc32> <json>`, so a record torn by a crash or flipped
 * on disk is recognised, dropped with a warning, and the file rewritten without it. Appends
 * and rewrites take a lock file (`lessons-v1.log.lock`), so two processes never lose each
 * other's lessons; rewrites go to a temporary file renamed over the old one, so a crash leaves
 * the old file or the new one, never half of either. The file is rewritten to the caps when it
 * holds twice what they keep, and at once without the scope when a scope is forgotten.
 *
 * The file's first line names its generation, new at every rewrite, so an instance that read
 * the file before another one rewrote it always notices (the inode and the length alone can come
 * back by chance) and reads it afresh. The file is never opened through a symbolic link, must
 * belong to this process's user, and is set back to mode 0600 (with a warning) if it was looser.
 *
 * The file holds search queries as the model wrote them (mode 0600). Delete it, or call
 * `forget(scope)`, to erase them.
 *
 * @example
 * ```ts
 * const toolSearch = await createToolSearch({ tools, learning: new FileUsageStore({ cacheDir: "/var/cache/toolsift" }) });
 * ```
 */
export class FileUsageStore implements UsageStore {
  /** The file's path. */
  readonly file: string;
  private readonly lock: string;
  private readonly caps: LessonCaps;
  private readonly warnings: StoreWarnings;
  /** Every scope's lessons as read so far, capped. */
  private readonly byScope = new Map<string, Lesson[]>();
  private read: ReadState | undefined;
  /** Records in the file (good or not) as last counted: decides when to rewrite. */
  private records = 0;
  /** Reads and writes of this instance, one at a time. */
  private readonly queue = new SerialQueue();

  constructor(options: FileUsageStoreOptions = {}) {
    checkKeys("FileUsageStore", "", options, FILE_USAGE_STORE_KEYS, '{ cacheDir: ".toolsift" }');
    const directory = options.cacheDir ?? defaultCacheDir();
    this.file = join(directory, LESSONS_FILE);
    this.lock = `${this.file}.lock`;
    this.caps = { ...DEFAULT_LESSON_CAPS, ...definedCaps(options) };
    this.warnings = new StoreWarnings(options.onWarning);
  }

  listen(listener: UsageStoreWarning): () => void {
    return this.warnings.listen(listener);
  }

  add(lessons: readonly Lesson[]): Promise<void> {
    return this.queue.run(async () => {
      if (lessons.length === 0) return;
      const lines = lessons.map((lesson) => encode(lesson)).join("");
      await mkdir(join(this.file, ".."), { recursive: true });
      await withFileLock(this.lock, async () => {
        const { handle, info } = (await this.openChecked(APPEND_FLAGS))!;
        try {
          const { size } = info;
          // A record torn by a crash is closed off, so this one starts on a line of its own
          // (the torn one then fails its check and is dropped on the next read).
          const tail = size > 0 ? (await handle.read(Buffer.alloc(1), 0, 1, size - 1)).buffer : undefined;
          await handle.appendFile(
            size === 0 ? `${HEADER}${newGeneration()}\n${lines}` : tail && tail[0] !== NEWLINE ? `\n${lines}` : lines,
          );
        } finally {
          await handle.close();
        }
      });
      this.records += lessons.length;
      if (this.records > 2 * this.kept() + 1_000) await this.catchUp();
    });
  }

  lessons(scope: string): Promise<readonly Lesson[]> {
    return this.queue.run(async () => {
      await this.catchUp();
      return newestLessons(this.byScope.get(scope) ?? [], this.caps).map((lesson) => ({ ...lesson }));
    });
  }

  forget(scope: string): Promise<void> {
    return this.queue.run(async () => {
      this.byScope.delete(scope);
      await this.rewrite("", scope);
    });
  }

  /**
   * Reads what was appended since the last read (everything, if another process rewrote the
   * file), and rewrites the file if it was damaged or has grown past twice what the caps keep.
   */
  private async catchUp(): Promise<void> {
    const opened = await this.openChecked(READ_FLAGS);
    if (!opened) {
      this.byScope.clear();
      this.read = undefined;
      this.records = 0;
      return;
    }
    let damaged: string;
    try {
      const { handle, info } = opened;
      const generation = await readGeneration(handle);
      const restart =
        !this.read || this.read.ino !== info.ino || this.read.generation !== generation || info.size < this.read.offset;
      if (restart) {
        this.byScope.clear();
        this.records = 0;
      }
      const from = restart ? 0 : this.read!.offset;
      const found = await readRecords(handle, from, info.size);
      this.read = { ino: info.ino, generation, offset: from + found.consumed };
      this.records += found.records;
      this.merge(found.lessons);
      damaged = found.damaged;
    } finally {
      await opened.handle.close();
    }
    if (damaged || this.records > 2 * this.kept() + 1_000) await this.rewrite(damaged);
  }

  /**
   * Opens the lessons file without following a symbolic link at its path, and checks it is a
   * regular file of this process's user, set to mode 0600 if it was not (with a warning). A link
   * could send the queries (user data) anywhere, or feed lessons from a file someone else
   * controls; another user's file likewise. `undefined` when there is no file (and `flags` do
   * not create one).
   *
   * @throws Error naming the file, what is wrong with it and what to do.
   */
  private async openChecked(flags: number): Promise<{ handle: FileHandle; info: Stats } | undefined> {
    let handle: FileHandle;
    try {
      handle = await open(this.file, flags, 0o600);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT") return undefined;
      if (code === "ELOOP" || code === "EMLINK") {
        throw new Error(
          `the lessons file ${this.file} is a symbolic link; toolsift does not follow it (it could point the queries anywhere). Remove the link, or give FileUsageStore a cacheDir of your own.`,
        );
      }
      throw error;
    }
    try {
      const info = await handle.stat();
      if (!info.isFile())
        throw new Error(
          `the lessons file ${this.file} is not a regular file; remove it, or give FileUsageStore a cacheDir of your own.`,
        );
      const uid = process.getuid?.();
      if (uid !== undefined && info.uid !== uid) {
        throw new Error(
          `the lessons file ${this.file} belongs to user ${info.uid}, not to this process's user ${uid}; toolsift neither reads nor extends another user's file. Remove it, or give FileUsageStore a cacheDir of your own.`,
        );
      }
      if ((info.mode & 0o777) !== 0o600) {
        await handle.chmod(0o600);
        this.warnings.warn(
          "learning_store_repaired",
          `The lessons file ${this.file} was mode ${(info.mode & 0o777).toString(8)}; it is set to 600, since it holds the model's queries.`,
        );
      }
      return { handle, info };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /**
   * Rewrites the file under the lock from what it holds now: good records only, capped, without
   * `without` (a scope being forgotten). Damage found on the way (or before: `damage`) is
   * reported as healed.
   */
  private async rewrite(damage: string, without?: string): Promise<void> {
    await mkdir(join(this.file, ".."), { recursive: true });
    await withFileLock(this.lock, async () => {
      const current = await this.openChecked(READ_FLAGS);
      let found: Awaited<ReturnType<typeof readRecords>> = { lessons: [], consumed: 0, records: 0, damaged: "" };
      if (current) {
        try {
          found = await readRecords(current.handle, 0, current.info.size);
        } finally {
          await current.handle.close();
        }
      }
      const kept = newestLessons(
        found.lessons.filter((lesson) => lesson.scope !== without),
        this.caps,
      );
      const temp = `${this.file}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
      const generation = newGeneration();
      let written: Stats;
      try {
        // "wx": created here, never an existing file or a link someone left at the name.
        const handle = await open(temp, "wx", 0o600);
        try {
          await handle.writeFile(`${HEADER}${generation}\n${kept.map((lesson) => encode(lesson)).join("")}`);
          await handle.sync();
          written = await handle.stat();
        } finally {
          await handle.close();
        }
        await rename(temp, this.file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      this.byScope.clear();
      this.merge(kept);
      this.read = { ino: written.ino, generation, offset: written.size };
      this.records = kept.length;
      const problem = found.damaged || damage;
      if (problem) {
        this.warnings.warn(
          "learning_store_repaired",
          `The lessons file ${this.file} was damaged (${problem}); its ${kept.length} good lessons were kept and the file rewritten.`,
        );
      }
    });
  }

  private merge(lessons: readonly Lesson[]): void {
    const touched = new Set<string>();
    for (const lesson of lessons) {
      const list = this.byScope.get(lesson.scope);
      if (list) list.push(lesson);
      else this.byScope.set(lesson.scope, [lesson]);
      touched.add(lesson.scope);
    }
    for (const scope of touched) {
      const list = this.byScope.get(scope)!;
      if (list.length > this.caps.maxLessonsPerScope * 2) this.byScope.set(scope, newestLessons(list, this.caps));
    }
  }

  private kept(): number {
    let total = 0;
    for (const list of this.byScope.values()) total += Math.min(list.length, this.caps.maxLessonsPerScope);
    return total;
  }
}

const NEWLINE = 0x0a;
const HASH = 0x23;

/** One lesson as a checksummed line, with short keys: the file holds thousands. */
function encode(lesson: Lesson): string {
  // `b` (the teacher) is left out when unknown; records without it, older ones included, read as such.
  const json = JSON.stringify({
    s: lesson.scope,
    q: lesson.query,
    t: lesson.tool,
    a: lesson.at,
    ...(lesson.by === undefined ? {} : { b: lesson.by }),
  });
  return checksummedLine(json);
}

/**
 * The good lessons among the complete records from `from` to `size`: a record that fails its
 * checksum or does not parse is counted as damage. An unterminated last record is left for a
 * later read: it may be an append still being written.
 */
async function readRecords(
  handle: FileHandle,
  from: number,
  size: number,
): Promise<{ lessons: Lesson[]; consumed: number; records: number; damaged: string }> {
  const length = Math.min(size - from, MAX_READ_BYTES);
  if (length <= 0) return { lessons: [], consumed: 0, records: 0, damaged: "" };
  // A file past the read limit (outside writes) is read from its end: the newest records.
  const start = size - from > MAX_READ_BYTES ? size - MAX_READ_BYTES : from;
  const bytes = Buffer.alloc(length);
  await handle.read(bytes, 0, length, start);
  const end = bytes.lastIndexOf(NEWLINE) + 1;
  const lessons: Lesson[] = [];
  let records = 0;
  let bad = 0;
  for (let at = 0; at < end; ) {
    const next = bytes.indexOf(NEWLINE, at);
    const line = bytes.subarray(at, next);
    at = next + 1;
    // Blank lines, and the header (the file's first line), are not records.
    if (line.length === 0 || (line[0] === HASH && line.subarray(0, HEADER.length).toString("latin1") === HEADER))
      continue;
    records++;
    const lesson = decode(line);
    if (lesson) lessons.push(lesson);
    else bad++;
  }
  const skipped = start > from ? `${start - from} bytes past the ${MAX_READ_BYTES}-byte read limit; ` : "";
  return {
    lessons,
    consumed: start - from + end,
    records,
    damaged: bad > 0 || skipped ? `${skipped}${bad} records failed their check` : "",
  };
}

/** The generation the file's header names; "" for a file from before headers. */
async function readGeneration(handle: FileHandle): Promise<string> {
  const { buffer, bytesRead } = await handle.read(Buffer.alloc(HEADER_BYTES), 0, HEADER_BYTES, 0);
  const first = buffer.subarray(0, bytesRead).toString("latin1");
  const end = first.indexOf("\n");
  return first.startsWith(HEADER) && end > 0 ? first.slice(HEADER.length, end) : "";
}

function decode(line: Buffer): Lesson | undefined {
  const raw = readChecksummedLine(line);
  const { s, q, t, a, b } = (raw ?? {}) as Record<string, unknown>;
  const parsed = parseLesson({ scope: s, query: q, tool: t, at: a, by: b });
  return parsed.ok ? parsed.lesson : undefined;
}
