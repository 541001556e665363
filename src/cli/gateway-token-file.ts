import {
  closeSync,
  constants,
  fstatSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { errorText, ToolsiftError } from "../errors.js";
import { GENERATED_TOKEN, newToken } from "../gateway/index.js";

/** The file `serve --http` keeps its own token in, under the cache folder, when the config names none. */
export const GATEWAY_TOKEN_FILE = "gateway-token";
const MAX_TOKEN_FILE_BYTES = 256;
const POSIX = process.platform !== "win32";

/** The cache folder or its token file is not safe to keep a credential in; `serve` stops. */
export class UnsafeTokenFileError extends ToolsiftError {
  constructor(message: string) {
    super("unsafe_token_file", message);
  }
}

/** The gateway's own token, and whether it was kept from a previous start. */
export interface GatewayToken {
  path: string;
  token: string;
  /** `kept`: read back from the file; `created`: there was none; `replaced`: the file was unsafe (see `why`). */
  status: "kept" | "created" | "replaced";
  why?: string;
}

/**
 * Reads the token of `<dir>/gateway-token`, or writes a new one there (mode 0600). The file is
 * trusted only if it is a regular file (not a link, FIFO or device), owned by this user, readable
 * by no one else, small, and holds a token `toolsift token create` could have made; otherwise it
 * is replaced, since its token may have been read by someone else. A restart keeps the token, so
 * clients configured with it keep working.
 *
 * @throws {@link UnsafeTokenFileError} when the folder belongs to someone else or others may write in it.
 */
export function gatewayToken(dir: string): GatewayToken {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  checkFolder(dir);
  const path = join(dir, GATEWAY_TOKEN_FILE);
  const existing = readToken(path);
  if (existing.ok) return { path, token: existing.token, status: "kept" };
  // rename cannot replace a folder (EISDIR), and removing one is not ours to do: stop and say so.
  if (existing.folder)
    throw new UnsafeTokenFileError(
      `${path} is a folder, so the gateway cannot keep its token there. ` +
        'Remove that folder, set "cacheDir" in the toolsift block to another folder, or configure toolsift.auth.tokens.',
    );
  const token = newToken();
  // Written aside with O_EXCL, then renamed over: a link planted at `path` is replaced, never followed.
  const aside = `${path}.${process.pid}.${Date.now()}.tmp`;
  try {
    writeFileSync(aside, `${token}\n`, { mode: 0o600, flag: "wx" });
    renameSync(aside, path);
  } catch (error) {
    // A token nobody uses must not stay on disk.
    rmSync(aside, { force: true });
    throw new UnsafeTokenFileError(
      `Could not write the gateway's token to ${path} (${errorText(error)}). ` +
        'Make that path writable, set "cacheDir" in the toolsift block to another folder, or configure toolsift.auth.tokens.',
    );
  }
  return existing.why === undefined
    ? { path, token, status: "created" }
    : { path, token, status: "replaced", why: existing.why };
}

function checkFolder(dir: string): void {
  const stats = statSync(dir);
  const problem = !stats.isDirectory()
    ? "is not a folder"
    : POSIX && stats.uid !== process.getuid?.()
      ? "belongs to another user"
      : POSIX && (stats.mode & 0o022) !== 0
        ? "can be written by other users"
        : undefined;
  if (problem)
    throw new UnsafeTokenFileError(
      `The cache folder ${dir} ${problem}, so the gateway cannot keep its token there. ` +
        'Run chmod 700 on it, set "cacheDir" in the toolsift block to a folder of your own, or configure toolsift.auth.tokens.',
    );
}

function readToken(path: string): { ok: true; token: string } | { ok: false; why?: string; folder?: true } {
  let fd: number;
  try {
    // O_NOFOLLOW: a link is not read through; O_NONBLOCK: a FIFO cannot hang the start.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return code === "ENOENT"
      ? { ok: false }
      : { ok: false, why: code === "ELOOP" ? "it was a link" : "it could not be read" };
  }
  try {
    // Checked on the open file, not the path: the file cannot be swapped between the check and the read.
    const stats = fstatSync(fd);
    if (stats.isDirectory()) return { ok: false, why: "it was a folder", folder: true };
    if (!stats.isFile()) return { ok: false, why: "it was not a regular file" };
    if (POSIX && stats.uid !== process.getuid?.()) return { ok: false, why: "it belonged to another user" };
    if (POSIX && (stats.mode & 0o077) !== 0) return { ok: false, why: "other users could read it" };
    if (stats.size > MAX_TOKEN_FILE_BYTES) return { ok: false, why: "it did not hold a toolsift token" };
    const buffer = Buffer.alloc(MAX_TOKEN_FILE_BYTES + 1);
    const length = readSync(fd, buffer, 0, buffer.length, 0);
    const token = buffer.subarray(0, length).toString("utf8").trim();
    return GENERATED_TOKEN.test(token) ? { ok: true, token } : { ok: false, why: "it did not hold a toolsift token" };
  } finally {
    closeSync(fd);
  }
}
