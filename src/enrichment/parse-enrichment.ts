import { ToolsiftError } from "../errors.js";
import { ENRICHMENT_FORMAT, ENRICHMENT_LIMITS, type EnrichmentFile, type ToolEnrichment } from "./enrichment-file.js";
import { isRecord } from "../util/is-record.js";

/** An enrichment file (or object) that cannot be used: what is wrong, where, and how to fix it. */
export class EnrichmentError extends ToolsiftError {}

/** A parsed file and what was cut from it on the way (too many requests, a text too long). */
export interface ParsedEnrichment {
  file: EnrichmentFile;
  warnings: string[];
}

const HEX_64 = /^[0-9a-f]{64}$/;

/**
 * Checks a value read from an enrichment file (or handed over as an object) and returns it as
 * an {@link EnrichmentFile}. Structural problems (not an object, another format, a tool without
 * a hash) are refused with an {@link EnrichmentError} naming the place; excess (more requests
 * than {@link ENRICHMENT_LIMITS} keeps, a request too long, a duplicate) is cut, each cut named
 * in `warnings`, so one bad entry does not cost the whole file.
 *
 * @param where Names the source in messages: the file's path, or `"the enrichment option"`.
 * @example
 * ```ts
 * const { file, warnings } = parseEnrichment(JSON.parse(text), "toolsift.enrichment.json");
 * ```
 */
export function parseEnrichment(value: unknown, where: string): ParsedEnrichment {
  const fail = (what: string, fix: string) => new EnrichmentError("invalid_enrichment", `${where}: ${what}. ${fix}`);
  if (!isRecord(value)) throw fail("is not a JSON object", "Write it with `toolsift enrich`.");
  if (value.format !== ENRICHMENT_FORMAT)
    throw fail(
      `has format ${JSON.stringify(value.format)}, not "${ENRICHMENT_FORMAT}"`,
      "Write it again with `toolsift enrich` from this version of toolsift.",
    );
  if (typeof value.model !== "string" || value.model.length === 0 || value.model.length > 200)
    throw fail('has no "model" (the model that wrote it, a string)', "Write it with `toolsift enrich`.");
  if (typeof value.createdAt !== "string" || value.createdAt.length > 64)
    throw fail('has no "createdAt" (an ISO 8601 date)', "Write it with `toolsift enrich`.");
  if (value.provider !== undefined && value.provider !== "anthropic" && value.provider !== "openai")
    throw fail('has a "provider" other than "anthropic" or "openai"', "Remove it or correct it.");
  if (!isRecord(value.tools)) throw fail('has no "tools" object', "Write it with `toolsift enrich`.");
  const names = Object.keys(value.tools);
  if (names.length > ENRICHMENT_LIMITS.maxTools)
    throw fail(`has ${names.length} tools, over ${ENRICHMENT_LIMITS.maxTools}`, "Split the catalogue.");
  const warnings: string[] = [];
  const tools: Record<string, ToolEnrichment> = Object.create(null);
  for (const name of names) {
    const entry = value.tools[name];
    const at = `tools[${JSON.stringify(name.slice(0, 100))}]`;
    if (!isRecord(entry)) throw fail(`${at} is not an object`, "Remove it, or enrich the tool again.");
    if (typeof entry.hash !== "string" || !HEX_64.test(entry.hash))
      throw fail(`${at}.hash is not 64 hex digits`, "Remove the tool's entry, or enrich it again.");
    const requests = texts(entry.requests, `${at}.requests`, ENRICHMENT_LIMITS.maxRequests, fail, warnings);
    const synonyms = texts(entry.synonyms, `${at}.synonyms`, ENRICHMENT_LIMITS.maxSynonyms, fail, warnings);
    const tool: ToolEnrichment = { hash: entry.hash, requests, synonyms };
    if (entry.description !== undefined) {
      if (typeof entry.description !== "string" || entry.description.length > ENRICHMENT_LIMITS.maxDescriptionChars)
        warnings.push(
          `${where}: ${at}.description is not a string of at most ${ENRICHMENT_LIMITS.maxDescriptionChars} characters; left out.`,
        );
      else if (entry.description.trim()) tool.description = entry.description.trim();
    }
    tools[name] = tool;
  }
  const file: EnrichmentFile = {
    format: ENRICHMENT_FORMAT,
    model: value.model,
    createdAt: value.createdAt,
    tools,
  };
  if (value.provider !== undefined) file.provider = value.provider;
  return { file, warnings };
}

/** A list of distinct, trimmed, bounded texts; excess is cut with a warning, a wrong type refused. */
function texts(
  value: unknown,
  at: string,
  max: number,
  fail: (what: string, fix: string) => Error,
  warnings: string[],
): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw fail(`${at} is not an array of strings`, "Correct it, or enrich the tool again.");
  const kept: string[] = [];
  const seen = new Set<string>();
  let dropped = 0;
  for (const item of value.slice(0, max * 4)) {
    const text = typeof item === "string" ? item.replace(/\s+/g, " ").trim() : "";
    if (!text || text.length > ENRICHMENT_LIMITS.maxTextChars) {
      dropped++;
      continue;
    }
    const key = text.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    if (kept.length < max) kept.push(text);
    else dropped++;
  }
  if (value.length > max * 4) dropped += value.length - max * 4;
  if (dropped > 0)
    warnings.push(
      `${at}: ${dropped} entr${dropped === 1 ? "y" : "ies"} left out (not a string, empty, over ${ENRICHMENT_LIMITS.maxTextChars} characters, or past the ${max} kept).`,
    );
  return kept;
}
