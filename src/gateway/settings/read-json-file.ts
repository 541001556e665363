import { ConfigError } from "./config-error.js";
import { parseJsonc } from "./parse-jsonc.js";
import { CONFIG_MAX_BYTES, readBoundedFile } from "./read-bounded-file.js";

/**
 * Reads a JSON file (comments and trailing commas allowed): a regular file of at most `maxBytes`,
 * so a FIFO, a device or a huge file is refused instead of hanging or filling memory.
 *
 * @param hint - What to do instead when the file cannot be read.
 * @param maxBytes - The largest file read. @defaultValue 1 MiB ({@link CONFIG_MAX_BYTES})
 * @throws {@link ConfigError} for a file that cannot be read, is not a regular file, is too large, or is not JSON (with its line and column).
 */
export function readJsonFile(file: string, hint: string, maxBytes = CONFIG_MAX_BYTES): unknown {
  const text = readBoundedFile(file, hint, maxBytes);
  const parsed = parseJsonc(text);
  if (!parsed.ok) {
    const { line, column, message } = parsed.problem;
    throw new ConfigError(file, "", `is not valid JSON at line ${line}, column ${column}: ${message}.`);
  }
  return parsed.value;
}
