import { constants } from "node:fs";
import { lstat, open, rename, rm, type FileHandle } from "node:fs/promises";
import { OptionsError, errorText } from "../../errors.js";

/** Where audit lines go: a file, stderr, or anything that can take text in order. */
export interface AuditSink {
  /** Writes the text (whole lines); resolves once it is handed to the system. */
  write(text: string): Promise<void>;
  close(): Promise<void>;
}

/** Options of {@link openAuditFile}. */
export interface AuditFileOptions {
  /** Past this size the file is rotated before the next write. @defaultValue 10 MiB */
  maxBytes?: number;
  /** How many rotated files (`audit.jsonl.1` newest … `.keep` oldest) are kept; 0 keeps none. @defaultValue 5 */
  keep?: number;
}

export const DEFAULT_AUDIT_MAX_BYTES = 10 * 1024 * 1024;
export const DEFAULT_AUDIT_KEEP = 5;

/**
 * Appends to an audit file, created with mode 0600 (an existing one is narrowed to 0600), and
 * rotated by size. The path must be a regular file or not exist: a symlink is refused, so a
 * writable folder cannot be used to make the gateway append to (or create) another file, and a
 * FIFO or device is refused rather than blocking the gateway or filling memory.
 *
 * @throws {@link OptionsError} (`audit_file_unusable`) when the path is a symlink, not a regular file, or cannot be opened.
 * @example
 * ```ts
 * const sink = await openAuditFile("/var/log/toolsift/audit.jsonl", { maxBytes: 50_000_000, keep: 10 });
 * ```
 */
export async function openAuditFile(path: string, options: AuditFileOptions = {}): Promise<AuditSink> {
  const maxBytes = options.maxBytes ?? DEFAULT_AUDIT_MAX_BYTES;
  const keep = options.keep ?? DEFAULT_AUDIT_KEEP;
  let current: { handle: FileHandle; size: number } | undefined = await openForAppend(path);
  const rotate = async () => {
    await current?.handle.close();
    current = undefined;
    if (keep === 0) await rm(path, { force: true });
    else {
      await rm(`${path}.${keep}`, { force: true });
      for (let index = keep - 1; index >= 1; index--) await renameIfThere(`${path}.${index}`, `${path}.${index + 1}`);
      await renameIfThere(path, `${path}.1`);
    }
  };
  if (current.size >= maxBytes) {
    await rotate();
    current = await openForAppend(path);
  }
  return {
    async write(text) {
      const bytes = Buffer.byteLength(text);
      if (current !== undefined && current.size > 0 && current.size + bytes > maxBytes) await rotate();
      // Reopened after a rotation, or after a failed one: the path is checked again each time.
      current ??= await openForAppend(path);
      await current.handle.write(text);
      current.size += bytes;
    },
    async close() {
      await current?.handle.close();
      current = undefined;
    },
  };
}

/** What {@link streamAuditSink} writes to: any Node writable stream fits (`process.stderr`, a socket). */
export interface AuditStream {
  write(text: string, callback: (error?: Error | null) => void): boolean;
}

/** Writes to a stream (stderr by default), waiting for each write to be taken. */
export function streamAuditSink(stream: AuditStream = process.stderr): AuditSink {
  return {
    write: (text) =>
      new Promise<void>((resolve, reject) => {
        stream.write(text, (error) => (error ? reject(error) : resolve()));
      }),
    close: async () => {},
  };
}

async function openForAppend(path: string): Promise<{ handle: FileHandle; size: number }> {
  const unusable = (why: string) =>
    new OptionsError(
      "audit_file_unusable",
      `The audit log ${JSON.stringify(path)} ${why}. Point toolsift.audit.file at a regular file (or a path that does not exist yet) in a folder only the gateway's user can write.`,
    );
  try {
    const found = await lstat(path);
    if (found.isSymbolicLink()) throw unusable("is a symbolic link, which toolsift does not follow");
    if (!found.isFile()) throw unusable("is not a regular file");
  } catch (error) {
    if (error instanceof OptionsError) throw error;
    if ((error as { code?: unknown }).code !== "ENOENT") throw unusable(`cannot be read: ${errorText(error)}`);
  }
  let handle: FileHandle;
  try {
    // O_NOFOLLOW closes the gap between the check and the open; O_NONBLOCK keeps a FIFO swapped in from blocking.
    const flags =
      constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK;
    handle = await open(path, flags, 0o600);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw unusable(
      code === "ELOOP" ? "is a symbolic link, which toolsift does not follow" : `cannot be opened: ${errorText(error)}`,
    );
  }
  try {
    const opened = await handle.stat();
    if (!opened.isFile()) throw unusable("is not a regular file");
    // Identities, tools and sessions are not for other users of the machine.
    if ((opened.mode & 0o077) !== 0) await handle.chmod(0o600);
    return { handle, size: opened.size };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

async function renameIfThere(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as { code?: unknown }).code !== "ENOENT") throw error;
  }
}
