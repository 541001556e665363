import {
  checkBoolean,
  checkNumber,
  checkQueryHandling,
  invalidOption,
  optionAt,
  QUERY_HANDLING_KEYS,
} from "../check-options.js";
import { checkKeys } from "../../util/option-keys.js";
import { DEFAULT_ABSTENTION } from "./abstention.js";
import { BM25_FIELDS, DEFAULT_FIELD_WEIGHTS } from "./bm25-terms.js";

const OWNER = "Bm25Ranker";
/**
 * The keys of `Bm25Options`. Not `optionKeys`: the type lives in bm25-ranker.ts, which imports
 * this file; ranker-option-keys.test.ts holds the list to the type instead.
 */
export const BM25_KEYS = [
  "fieldWeights",
  "k1",
  "b",
  "descriptionTerms",
  "abstention",
  "shortForms",
  "synonyms",
  ...QUERY_HANDLING_KEYS,
] as const;
/** Far more than any team's jargon: a table is read per query word, so it is bounded. */
const MAX_SHORT_FORMS = 1_000;
const MAX_LONG_FORM_CHARS = 200;
/** One word as a query is cut into words: letters, their marks and digits. */
const ONE_WORD = /^[\p{L}\p{M}\p{N}]{1,64}$/u;
/** Evidence is in units of a rare word's idf, unbounded; the other limits are shares, 0 to 1. */
const SHARES: ReadonlySet<string> = new Set(["maxExplained", "maxNameCoverage"]);

/** Checks `Bm25Options` (see {@link checkKeys} for what a refusal says). */
export function checkBm25Options(options: unknown): void {
  const given = checkKeys(OWNER, "", options, BM25_KEYS, "{ k1: 1.2, b: 0.75 }");
  const weights = checkKeys(OWNER, "fieldWeights", given.fieldWeights, BM25_FIELDS, "{ name: 4 }");
  for (const field of BM25_FIELDS)
    checkNumber(`${OWNER}: fieldWeights.${field}`, weights[field], { min: 0, example: DEFAULT_FIELD_WEIGHTS[field] });
  checkNumber(`${OWNER}: k1`, given.k1, { min: 0, example: 1.2 });
  checkNumber(`${OWNER}: b`, given.b, { min: 0, max: 1, example: 0.75 });
  // Infinity reads descriptions whole; -Infinity would read none of them.
  if (given.descriptionTerms !== Number.POSITIVE_INFINITY)
    checkNumber(`${OWNER}: descriptionTerms`, given.descriptionTerms, { min: 1, integer: true, example: 64 });
  const { abstention } = given;
  if (abstention !== undefined && typeof abstention !== "boolean") {
    if (typeof abstention !== "object" || abstention === null || Array.isArray(abstention)) {
      throw invalidOption(`${OWNER}: abstention`, "true, false, or limits such as { maxEvidence: 0.5 }", abstention);
    }
    const limits = checkKeys(OWNER, "abstention", abstention, Object.keys(DEFAULT_ABSTENTION), "{ maxEvidence: 0.5 }");
    for (const [key, example] of Object.entries(DEFAULT_ABSTENTION)) {
      checkNumber(`${OWNER}: abstention.${key}`, limits[key], {
        min: 0,
        ...(SHARES.has(key) ? { max: 1 } : {}),
        example,
      });
    }
  }
  checkShortForms(given.shortForms);
  checkBoolean(`${OWNER}: synonyms`, given.synonyms);
  checkQueryHandling(optionAt(OWNER, ""), given);
}

function checkShortForms(shortForms: unknown): void {
  const where = `${OWNER}: shortForms`;
  if (shortForms === undefined || shortForms === false) return;
  if (typeof shortForms !== "object" || shortForms === null || Array.isArray(shortForms))
    throw invalidOption(where, 'false, or short forms such as { svc: "service" }', shortForms);
  const entries = Object.entries(shortForms);
  if (entries.length > MAX_SHORT_FORMS)
    throw invalidOption(where, `at most ${MAX_SHORT_FORMS} short forms`, `${entries.length} of them`);
  for (const [short, long] of entries) {
    if (!ONE_WORD.test(short))
      throw invalidOption(`${where} key`, 'one word of letters and digits, such as "svc"', short);
    if (typeof long !== "string" || long.length > MAX_LONG_FORM_CHARS || !/[\p{L}\p{N}]/u.test(long))
      throw invalidOption(
        `${where}.${short}`,
        `words of at most ${MAX_LONG_FORM_CHARS} characters, such as "service"`,
        long,
      );
  }
}
