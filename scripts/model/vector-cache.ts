/**
 * The model build's caches of encoder vectors (the pieces' and the corpus sentences'), which take
 * minutes to compute. Each file ends with the SHA-256 of its vectors, so a file damaged on disk
 * (a torn write, a bad sector, an edit) is computed again, with a warning, instead of being fitted
 * on: a length check alone would read a right-sized damaged file as it is.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { writeAtomically } from "../../src/cli/write-atomically.js";

const DIGEST_BYTES = 32;

/** The `floats` vectors cached at `path`, or `undefined` (with a warning when the file is there but damaged). */
export function readVectorCache(
  path: string,
  floats: number,
  log: (line: string) => void = () => {},
): Float32Array | undefined {
  const size = statSync(path, { throwIfNoEntry: false })?.size;
  if (size === undefined) return undefined;
  // A file of another size is refused before it is read, however large it has grown.
  const bytes = size === floats * 4 + DIGEST_BYTES ? readFileSync(path) : undefined;
  if (bytes === undefined || !digest(bytes.subarray(0, floats * 4)).equals(bytes.subarray(floats * 4))) {
    log(`warning: ${path} is damaged or from another build; computing it again`);
    return undefined;
  }
  return new Float32Array(bytes.buffer, bytes.byteOffset, floats).slice();
}

/** Caches `vectors` at `path`, written atomically so a stopped build leaves no half-written cache. */
export function writeVectorCache(path: string, vectors: Float32Array): void {
  const body = Buffer.from(vectors.buffer, vectors.byteOffset, vectors.byteLength);
  mkdirSync(dirname(path), { recursive: true });
  writeAtomically(path, Buffer.concat([body, digest(body)]));
}

function digest(bytes: Uint8Array): Buffer {
  return createHash("sha256").update(bytes).digest();
}
