import { readJsonFile } from "../gateway/index.js";
import { ENRICHMENT_LIMITS, parseEnrichment, type EnrichmentFile } from "../public/enrichment.js";

/**
 * An enrichment file a command names (`enrich --out`, `eval --enrichment`), read within the
 * file's bound and checked by the parser the tool search uses; what the parser cut goes to
 * `warn`. `hint` ends a read error: how to fix it for this command.
 *
 * @throws the config reader's error for a file that cannot be read or is not JSON, and
 *   `EnrichmentError` for one that is not an enrichment.
 */
export function readEnrichmentFile(file: string, hint: string, warn: (warning: string) => void): EnrichmentFile {
  const value = readJsonFile(file, hint, ENRICHMENT_LIMITS.maxFileBytes);
  const { file: parsed, warnings } = parseEnrichment(value, file);
  for (const warning of warnings) warn(warning);
  return parsed;
}
