/**
 * The model build's caches of encoder vectors (the pieces' and the corpus sentences'), which take
 * minutes to compute. Each file ends with the SHA-256 of its vectors, so a file damaged on disk
 * (a torn write, a bad sector, an edit) is computed again, with a warning, instead of being fitted
 * on: a length check alone would read a right-sized damaged file as it is.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

const DIGEST_BYTES = 32;

/** The `floats` vectors cached at `path`, or `undefined` (with a warning when the file is there but damaged). */
export function readVectorCache(
  path: string,
  floats: number,
  log: (line: string) => void = () => {},
): Float32Array | undefined {
  if (!existsSync(path)) return undefined;
  const bytes = readFileSync(path);
  const body = bytes.subarray(0, floats * 4);
  const intact =
    bytes.length === floats * 4 + DIGEST_BYTES && digest(body).equals(bytes.subarray(floats * 4, bytes.length));
  if (!intact) {
    log(`warning: ${path} is damaged or from another build; computing it again`);
    return undefined;
  }
  return new Float32Array(body.buffer, body.byteOffset, floats).slice();
}

/** Caches `vectors` at `path`, through a temporary file so a stopped build leaves no half-written cache. */
export function writeVectorCache(path: string, vectors: Float32Array): void {
  const body = Buffer.from(vectors.buffer, vectors.byteOffset, vectors.byteLength);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(`${path}.tmp`, Buffer.concat([body, digest(body)]));
  renameSync(`${path}.tmp`, path);
}

function digest(bytes: Uint8Array): Buffer {
  return createHash("sha256").update(bytes).digest();
}
