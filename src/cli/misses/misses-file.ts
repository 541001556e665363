import { OptionsError } from "../../errors.js";
import { readJsonFile } from "../../gateway/index.js";
import { type MissRecord, parseMissRecord } from "../../public/learning.js";
import { isRecord } from "../../util/is-record.js";

/** Bounds on a misses file: it comes from a store, but a damaged or hostile one is refused, not read whole. */
export const MISSES_FILE_LIMITS = {
  maxBytes: 64 * 1024 * 1024,
  maxRecords: 100_000,
} as const;

/** A misses file, read: its well-formed records, and how many were not. */
export interface MissesFile {
  misses: MissRecord[];
  /** Records that are not well-formed (or repeat an id), left out. */
  malformed: number;
  /** Records past {@link MISSES_FILE_LIMITS.maxRecords}, left out. */
  cut: number;
}

const HINT = "Pass the file `toolsift misses --json > misses.json` wrote.";

/**
 * Reads what `toolsift misses --json` prints, `{"version": 1, "misses": [...]}`: bounded, each
 * record checked by {@link parseMissRecord}; a malformed record is counted and left out, never
 * trusted, so one damaged line does not cost the rest.
 *
 * @throws the config reader's error for a file that cannot be read or is not JSON, and
 *   {@link OptionsError} `invalid_misses` for JSON that is not a misses file.
 */
export function readMissesFile(file: string): MissesFile {
  return parseMissesFile(readJsonFile(file, HINT, MISSES_FILE_LIMITS.maxBytes), file);
}

/** {@link readMissesFile} for a value already parsed. */
export function parseMissesFile(value: unknown, file: string): MissesFile {
  if (!isRecord(value) || !Array.isArray(value.misses))
    throw new OptionsError(
      "invalid_misses",
      `${file}: is not a misses file: it needs {"version": 1, "misses": [...]}. ${HINT}`,
    );
  if (value.version !== 1)
    throw new OptionsError(
      "invalid_misses",
      `${file}: is a misses file of version ${JSON.stringify(value.version)}; this toolsift reads version 1. ${HINT}`,
    );
  const seen = new Set<string>();
  const misses: MissRecord[] = [];
  let malformed = 0;
  const records = value.misses.slice(0, MISSES_FILE_LIMITS.maxRecords);
  for (const entry of records) {
    const record = parseMissRecord(entry);
    if (record === undefined || seen.has(record.id)) malformed++;
    else {
      seen.add(record.id);
      misses.push(record);
    }
  }
  return { misses, malformed, cut: value.misses.length - records.length };
}
