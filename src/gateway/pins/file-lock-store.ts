import { randomBytes } from "node:crypto";
import { closeSync, fsyncSync, lstatSync, mkdirSync, openSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { ConfigError } from "../settings/config-error.js";
import { readJsonFile } from "../settings/read-json-file.js";
import type { PinStore } from "./pin-store.js";
import { LOCK_LIMITS, parseLock, serializeLock, type ToolLock } from "./tool-lock.js";

/** How often a serving gateway looks whether the lock file was replaced (a `toolsift pin`). */
const WATCH_INTERVAL_MS = 1_000;

/**
 * The lock file: read with the config's bounded reader (a regular file of at most
 * {@link LOCK_LIMITS}`.maxBytes`), written to a temporary file beside it, flushed, then renamed
 * over it, so a crash or a full disk leaves the old lock whole.
 *
 * @example
 * ```ts
 * const store = new FileLockStore("/etc/toolsift/toolsift.lock.json", "run toolsift pin --config /etc/toolsift/mcp.json");
 * const lock = await store.load();
 * ```
 */
export class FileLockStore implements PinStore {
  /** What the file looked like when last read or written by us, to tell someone else's write. */
  private seen: string | undefined;

  constructor(
    readonly location: string,
    /** What to do about a damaged lock, for its message. */
    private readonly fix: string,
  ) {}

  async load(): Promise<ToolLock> {
    if (!exists(this.location)) return new Map();
    let value: unknown;
    try {
      value = readJsonFile(this.location, this.fix, LOCK_LIMITS.maxBytes);
    } catch (error) {
      // Unreadable files name the fix already (it is the reader's hint); text that is not JSON does not.
      if (!(error instanceof ConfigError) || error.message.includes(this.fix)) throw error;
      throw new ConfigError(
        this.location,
        "",
        `${error.message.slice(this.location.length + 2)} The lock is damaged: ${this.fix}`,
      );
    }
    this.seen = stamp(this.location);
    return parseLock(value, this.location, this.fix);
  }

  async save(lock: ToolLock): Promise<void> {
    const text = serializeLock(lock);
    const temporary = `${this.location}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
    mkdirSync(dirname(this.location), { recursive: true });
    try {
      // wx: never through a file or link someone placed at the temporary name.
      const fd = openSync(temporary, "wx", 0o644);
      try {
        writeSync(fd, text);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(temporary, this.location);
    } catch (error) {
      rmSync(temporary, { force: true });
      throw error;
    }
    this.seen = stamp(this.location);
  }

  watch(changed: () => void): () => void {
    const timer = setInterval(() => {
      const now = stamp(this.location);
      if (now === undefined || now === this.seen) return;
      this.seen = now;
      changed();
    }, WATCH_INTERVAL_MS);
    timer.unref();
    return () => clearInterval(timer);
  }
}

function exists(file: string): boolean {
  try {
    lstatSync(file);
    return true;
  } catch {
    return false;
  }
}

/** Identity, size and time of the file: a rename over it changes the inode. */
function stamp(file: string): string | undefined {
  try {
    const stats = statSync(file);
    return `${stats.ino}:${stats.size}:${stats.mtimeMs}`;
  } catch {
    return undefined;
  }
}
