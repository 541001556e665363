import { createHash } from "node:crypto";
import type { MissRecord } from "../../public/learning.js";

/** The share of misses held back as an eval set, unless `--holdout` says otherwise. */
export const DEFAULT_HOLDOUT = 0.3;

/**
 * Whether a miss is held back for the eval (never shown to the model that writes the
 * enrichment): by a hash of its id, not by its place in the file, so `enrich --from-misses` and
 * `eval --from-misses` split the same file (or a longer one, listed later) the same way on every
 * run and machine, with no seed to pass.
 *
 * @param share - From 0 (none held back) to 1 (all).
 * @example
 * ```ts
 * isHeldBack("m-42", 0.3); // the same answer every run
 * ```
 */
export function isHeldBack(id: string, share: number): boolean {
  if (share <= 0) return false;
  if (share >= 1) return true;
  const point = createHash("sha256").update(`toolsift.miss-holdout\0${id}`).digest().readUInt32BE(0);
  return point / 2 ** 32 < share;
}

/** A misses file split in two by {@link isHeldBack}. */
export interface MissSplit {
  /** What the model may see. */
  training: MissRecord[];
  /** The eval set. */
  heldBack: MissRecord[];
}

/** Splits misses into the training share and the held-back share. */
export function splitMisses(misses: readonly MissRecord[], share: number): MissSplit {
  const training: MissRecord[] = [];
  const heldBack: MissRecord[] = [];
  for (const miss of misses) (isHeldBack(miss.id, share) ? heldBack : training).push(miss);
  return { training, heldBack };
}
