import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from "node:fs";
import { errorText } from "../errors.js";
import { describeValue } from "../describe-value.js";
import { ENRICHMENT_LIMITS, type EnrichmentFile } from "./enrichment-file.js";
import type { EnrichmentSource } from "./enrichment-options.js";
import { EnrichmentError, parseEnrichment } from "./parse-enrichment.js";

/** An enrichment source resolved: the file, checked, what to do with stale tools, and what was cut. */
export interface ResolvedEnrichment {
  file: EnrichmentFile;
  keepStale: boolean;
  /** Where it came from, for messages: the path, or the option. */
  where: string;
  warnings: string[];
}

const OPTION = "options.enrichment";

/**
 * Reads `createToolSearch`'s `enrichment` option once: a path is read from disk (at most
 * `ENRICHMENT_LIMITS.maxFileBytes`), an object is checked as it is.
 *
 * @throws {@link EnrichmentError} naming the file or the option, what is wrong and the fix.
 * @example
 * ```ts
 * const { file, keepStale, warnings } = readEnrichment({ from: "toolsift.enrichment.json", keepStale: true });
 * ```
 */
export function readEnrichment(source: EnrichmentSource): ResolvedEnrichment {
  if (typeof source === "string") return fromPath(source, false);
  if (typeof source !== "object" || source === null || Array.isArray(source)) {
    throw new EnrichmentError(
      "invalid_enrichment",
      `${OPTION} must be a path, an enrichment file's content, or { from, keepStale }, got ${describeValue(source)}.`,
    );
  }
  if (!("from" in source)) return fromValue(source, OPTION, false);
  const { from, keepStale } = source;
  for (const key of Object.keys(source)) {
    if (key !== "from" && key !== "keepStale")
      throw new EnrichmentError(
        "invalid_enrichment",
        `${OPTION} has an unknown key ${JSON.stringify(key.slice(0, 100))}: it takes { from, keepStale }.`,
      );
  }
  if (keepStale !== undefined && typeof keepStale !== "boolean")
    throw new EnrichmentError(
      "invalid_enrichment",
      `${OPTION}.keepStale must be true or false, got ${describeValue(keepStale)}.`,
    );
  if (typeof from === "string") return fromPath(from, keepStale ?? false);
  return fromValue(from, `${OPTION}.from`, keepStale ?? false);
}

function fromValue(value: unknown, where: string, keepStale: boolean): ResolvedEnrichment {
  const { file, warnings } = parseEnrichment(value, where);
  return { file, keepStale, where, warnings };
}

function fromPath(path: string, keepStale: boolean): ResolvedEnrichment {
  if (path.trim() === "")
    throw new EnrichmentError("invalid_enrichment", `${OPTION} is an empty path. Name the file toolsift enrich wrote.`);
  const text = readBounded(path);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new EnrichmentError(
      "invalid_enrichment",
      `The enrichment file ${path} is not valid JSON (${errorText(error)}). Write it again with \`toolsift enrich\`, or fix it by hand.`,
      { cause: error },
    );
  }
  return fromValue(value, `The enrichment file ${path}`, keepStale);
}

/**
 * Opened without blocking: a FIFO with no writer would otherwise block the (synchronous) open, and
 * createToolSearch with it, for good. The file's kind is checked next, on the open descriptor. The
 * config reader (gateway/) does the same; it sits above this layer, so it cannot be used here.
 */
const READ_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** The file's text, refused past the size limit before it is read whole. */
function readBounded(path: string): string {
  let fd: number;
  try {
    fd = openSync(path, READ_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new EnrichmentError(
      code === "ENOENT" ? "enrichment_not_found" : "enrichment_unreadable",
      code === "ENOENT"
        ? `The enrichment file ${path} does not exist (relative paths are from ${process.cwd()}). Write it with \`toolsift enrich\`, or correct the path.`
        : code === "ENXIO"
          ? `The enrichment file ${path} cannot be read: it is a socket or a device, not a regular file. ${PASS_THE_FILE}`
          : `The enrichment file ${path} cannot be read (${errorText(error)}).`,
      { cause: error },
    );
  }
  try {
    const stats = fstatSync(fd);
    const size = stats.size;
    if (!stats.isFile())
      throw new EnrichmentError(
        "enrichment_unreadable",
        `The enrichment file ${path} cannot be read: it is ${kindOf(stats)}, not a regular file. ${PASS_THE_FILE}`,
      );
    const max = ENRICHMENT_LIMITS.maxFileBytes;
    if (size > max) throw tooLarge(path, size, max);
    // Read at most one byte past the limit: a file that grows while it is read is refused too.
    const buffer = Buffer.alloc(Math.min(size, max) + 1);
    let length = 0;
    while (length < buffer.length) {
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
    }
    if (length > max) throw tooLarge(path, length, max);
    return buffer.toString("utf8", 0, length);
  } catch (error) {
    if (error instanceof EnrichmentError) throw error;
    throw new EnrichmentError(
      "enrichment_unreadable",
      `The enrichment file ${path} cannot be read (${errorText(error)}).`,
      {
        cause: error,
      },
    );
  } finally {
    closeSync(fd);
  }
}

const PASS_THE_FILE = "Pass the file toolsift enrich wrote.";

/** What a path that is not a regular file is, in words. */
function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return "a directory";
  if (stats.isFIFO()) return "a FIFO (named pipe)";
  if (stats.isSocket()) return "a socket";
  if (stats.isCharacterDevice()) return "a character device";
  if (stats.isBlockDevice()) return "a block device";
  return "a special file";
}

function tooLarge(path: string, size: number, max: number): EnrichmentError {
  return new EnrichmentError(
    "enrichment_too_large",
    `The enrichment file ${path} is larger than the ${max / 1024 / 1024} MB limit (${size} bytes read). Enrich fewer tools, or with fewer requests each.`,
  );
}
