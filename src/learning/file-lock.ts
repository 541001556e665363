import { randomBytes } from "node:crypto";
import { open, rename, rm, stat } from "node:fs/promises";

export interface FileLockOptions {
  /** How long to wait for another holder before giving up. @defaultValue 5,000 ms */
  timeoutMs?: number;
  /**
   * A lock older than this is taken to be left by a process that died holding it, and broken.
   * Holders keep it for one append or one rewrite of a capped file: far less than this.
   * @defaultValue 15,000 ms
   */
  staleMs?: number;
}

/**
 * Runs `work` while holding `<path>` as a lock file: created exclusively (`wx`), removed after.
 * Processes on one machine that use the same path take turns. A lock left by a crash is broken
 * once it is `staleMs` old; it is moved aside first and only removed if it is still the stale
 * one, so two processes breaking it at once cannot both win.
 *
 * @throws Error when the lock stays held by another process for `timeoutMs`.
 */
export async function withFileLock<T>(path: string, work: () => Promise<T>, options: FileLockOptions = {}): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const staleMs = options.staleMs ?? 15_000;
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; ; attempt++) {
    try {
      const handle = await open(path, "wx", 0o600);
      try {
        await handle.writeFile(`${process.pid}\n`);
      } finally {
        await handle.close();
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    if (await breakIfStale(path, staleMs)) continue;
    if (Date.now() >= deadline)
      throw new Error(`the lock ${path} has been held by another process for ${timeoutMs} ms`);
    await sleep(Math.min(100, 5 * 2 ** Math.min(attempt, 5)) * (0.5 + Math.random()));
  }
  try {
    return await work();
  } finally {
    await rm(path, { force: true });
  }
}

async function breakIfStale(path: string, staleMs: number): Promise<boolean> {
  const seen = await stat(path).catch(() => undefined);
  if (!seen) return true;
  if (Date.now() - seen.mtimeMs < staleMs) return false;
  const aside = `${path}.${randomBytes(4).toString("hex")}.stale`;
  try {
    await rename(path, aside);
  } catch {
    return true;
  }
  const moved = await stat(aside).catch(() => undefined);
  if (moved && moved.ino !== seen.ino) {
    // Another process broke the stale lock and took a fresh one in between: give it back.
    await rename(aside, path).catch(() => undefined);
    return false;
  }
  await rm(aside, { force: true });
  return true;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
