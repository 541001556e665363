import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from "node:fs";
import { errorText } from "../../errors.js";
import { ConfigError } from "./config-error.js";

/**
 * The largest config file read: hand-written configs are a few kilobytes, and one with every
 * server of a large team stays far under this.
 */
export const CONFIG_MAX_BYTES = 1024 * 1024;

/**
 * Opened without blocking: a FIFO with no writer would otherwise block `open` (and `serve`) for
 * good. The check of the file's kind comes right after, on the open descriptor, so nothing can
 * swap the file between the check and the read.
 */
const READ_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** Bytes per read. */
const CHUNK = 64 * 1024;

/**
 * The text of a config-like file as UTF-8: a regular file of at most `maxBytes` bytes. A FIFO,
 * socket, device or folder is refused, saying what it is; so is a larger file, before any of it
 * is read, and a file that grows past `maxBytes` while read (or says it is empty but is not,
 * as files under `/proc` do) stops at `maxBytes + 1`.
 *
 * @param hint - What to pass instead, for the message.
 * @throws {@link ConfigError} saying what the path is and what to pass instead.
 *
 * @example
 * ```ts
 * const text = readBoundedFile("mcp.json", "Pass the path of a JSON config file.", CONFIG_MAX_BYTES);
 * ```
 */
export function readBoundedFile(file: string, hint: string, maxBytes: number): string {
  const refuse = (why: string): never => {
    throw new ConfigError(file, "", `cannot be read: ${why}. ${hint}`);
  };
  let fd: number;
  try {
    fd = openSync(file, READ_FLAGS);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    // A Unix socket cannot be opened at all (ENXIO): say what it is rather than the errno.
    return refuse(
      code === "ENOENT"
        ? "there is no such file"
        : code === "ENXIO"
          ? `it is ${kindOf(file) ?? "a socket or a device with nothing behind it"}, not a regular file`
          : errorText(error),
    );
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) refuse(`it is ${describeKind(stats)}, not a regular file`);
    if (stats.size > maxBytes) refuse(`it holds ${stats.size} bytes, more than the ${limit(maxBytes)} toolsift reads`);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.alloc(Math.min(CHUNK, maxBytes + 1 - total));
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      chunks.push(chunk.subarray(0, read));
      total += read;
      if (total > maxBytes) refuse(`it holds more than the ${limit(maxBytes)} toolsift reads`);
    }
    return Buffer.concat(chunks, total).toString("utf8");
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    return refuse(errorText(error));
  } finally {
    closeSync(fd);
  }
}

/** What a path that is not a regular file is, in words. */
function describeKind(stats: Stats): string {
  if (stats.isDirectory()) return "a directory";
  if (stats.isFIFO()) return "a FIFO (named pipe)";
  if (stats.isSocket()) return "a socket";
  if (stats.isCharacterDevice()) return "a character device";
  if (stats.isBlockDevice()) return "a block device";
  return "not a regular file";
}

function kindOf(file: string): string | undefined {
  try {
    return describeKind(statSync(file));
  } catch {
    return undefined;
  }
}

function limit(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}
