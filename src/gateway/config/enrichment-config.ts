import { describeValue } from "../../describe-value.js";
import { errorText } from "../../errors.js";
import { ENRICHMENT_LIMITS, parseEnrichment, type EnrichmentFile } from "../../public/enrichment.js";
import { configPath } from "../settings/config-path.js";
import { parseJsonc } from "../settings/parse-jsonc.js";
import { readBoundedFile } from "../settings/read-bounded-file.js";

/** The `enrichment` setting of a `toolsift` block, checked, with its file read. */
export interface EnrichmentSettings {
  /** The enrichment file (absolute). */
  file: string;
  /** Its content, checked by the same parser `createToolSearch` uses. */
  content: EnrichmentFile;
  /** Whether a tool whose definition changed since it was enriched keeps its requests and synonyms. */
  keepStale: boolean;
  /** What the parser cut from the file (too many requests, a text too long): told once, at start. */
  warnings: string[];
}

const FIELD = "toolsift.enrichment";
const EXAMPLE = '"./toolsift.enrichment.json" or {"file": "./toolsift.enrichment.json", "keepStale": true}';
const HINT = "Write it with toolsift enrich --config <this file>, or fix the path (relative to the config file).";

/**
 * Checks `toolsift.enrichment` and reads its file, once: a path (relative to the config file's
 * folder; `~/` is the home folder), or `{"file": …, "keepStale": true}`. The file is bounded as
 * {@link ENRICHMENT_LIMITS} says (a FIFO, a device or a huge file is refused before it is read)
 * and checked as `createToolSearch` checks it, so a missing or broken file stops `serve`,
 * `search` and `inspect` at start with a config error naming the field, not a search later.
 *
 * @param base - The config file's folder.
 * @param fail - Throws the config error.
 * @param read - `false`: check the setting, leave the file unread and answer `undefined` (see `ConfigReadOptions.enrichment`).
 * @example
 * ```ts
 * parseEnrichmentSetting({ file: "./toolsift.enrichment.json", keepStale: true }, "/etc/toolsift", fail);
 * ```
 */
export function parseEnrichmentSetting(
  value: unknown,
  base: string,
  fail: (field: string, problem: string) => never,
  read = true,
): EnrichmentSettings | undefined {
  if (value === undefined) return undefined;
  let path: unknown = value;
  let keepStale: unknown = false;
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const { file, keepStale: keep = false, ...rest } = value as Record<string, unknown>;
    const unknown = Object.keys(rest)[0];
    if (unknown !== undefined)
      fail(`${FIELD}.${unknown}`, 'is not an enrichment setting; they are "file" and "keepStale".');
    if (typeof keep !== "boolean") fail(`${FIELD}.keepStale`, `must be true or false, not ${describeValue(keep)}.`);
    path = file;
    keepStale = keep;
  }
  if (typeof path !== "string" || path.trim() === "" || path.includes("\0"))
    return fail(
      typeof value === "object" && value !== null && !Array.isArray(value) ? `${FIELD}.file` : FIELD,
      `must be the path of the file toolsift enrich wrote: ${EXAMPLE}, not ${describeValue(path)}.`,
    );
  const file = configPath(base, path);
  if (!read) return undefined;
  const { content, warnings } = readEnrichment(file, (problem) =>
    fail(FIELD, `names ${JSON.stringify(file)}, which ${problem}`),
  );
  return { file, content, keepStale: keepStale as boolean, warnings };
}

/**
 * Reads and checks an enrichment file again (`serve` reloads it when it changes): its content,
 * or what is wrong with it, as the end of a sentence.
 */
export function rereadEnrichment(
  file: string,
): { ok: true; content: EnrichmentFile; warnings: string[] } | { ok: false; problem: string } {
  try {
    return {
      ok: true,
      ...readEnrichment(file, (problem) => {
        throw new RereadProblem(problem);
      }),
    };
  } catch (error) {
    if (error instanceof RereadProblem) return { ok: false, problem: error.message };
    throw error;
  }
}

class RereadProblem extends Error {}

/** Reads and checks the file; each problem is told to `refuse` as the end of a sentence. */
function readEnrichment(
  file: string,
  refuse: (problem: string) => never,
): { content: EnrichmentFile; warnings: string[] } {
  let text: string;
  try {
    text = readBoundedFile(file, HINT, ENRICHMENT_LIMITS.maxFileBytes);
  } catch (error) {
    // readBoundedFile says "<file>: cannot be read: <why>. <hint>"; the field leads here instead.
    return refuse(errorText(error).replace(`${file}: `, ""));
  }
  // A file edited by hand may have gained a comment; otherwise a syntax error has its line and column.
  const parsed = parseJsonc(text);
  if (!parsed.ok) {
    const { line, column, message } = parsed.problem;
    return refuse(`is not valid JSON at line ${line}, column ${column}: ${message}. ${HINT}`);
  }
  try {
    const { file: content, warnings } = parseEnrichment(parsed.value, file);
    return { content, warnings };
  } catch (error) {
    // parseEnrichment's message starts with the file, which the field's message already names.
    return refuse(`cannot be used: ${errorText(error).replace(`${file}: `, "")}`);
  }
}
