import type { RankDocument } from "../ranker.js";
import {
  analyzeIdentifier,
  analyzeName,
  analyzeText,
  joinedTerm,
  type LongForms,
  longFormTerms,
  splitIdentifier,
  synonymTerms,
  WORD_GAP,
} from "../text/index.js";

/** The parts of a tool the lexical index keeps apart, each with its own weight and length norm. */
export type Bm25Field = "name" | "tags" | "description" | "parameters" | "examples";

export const BM25_FIELDS: readonly Bm25Field[] = ["name", "tags", "description", "parameters", "examples"];

/**
 * How much a term of a tool's enrichment (its example requests and synonyms, see
 * `RankDocument.examples`) counts, beside `description: 1`. Examples are long and full of
 * incidental words (dates, names, "my username is …"), so at full weight an enriched tool
 * outranks tools without examples on those words (API-Bank lost 5.5 points of recall@5 with bm25
 * at 8 examples a tool, weight 1). Chosen leave one dataset out on the bench's simulated
 * enrichment (the datasets' own requests as examples, N = 1–8 per tool;
 * `bench/tuning/tune-examples-weight.ts`, `bench/results/examples-weight-leave-one-out.md`),
 * judged by the worst (set, ranker) of bm25 and the hybrid, worst sets less than one test query
 * apart counting as a tie that the larger mean gain breaks: 8 of the 9 folds chose 0.25, and
 * every set left out gained at every N (worst point +0.00 StableToolBench, +0.37 Seal-Tools,
 * +1.53 ToolAlpaca). Without the tie rule 0.1 won, by 0.02 points of StableToolBench (10 of
 * 2,479 tools with examples), a sixth of one of its queries.
 */
export const EXAMPLES_FIELD_WEIGHT = 0.25;

/** The field weights `Bm25Options.fieldWeights` defaults to. */
export const DEFAULT_FIELD_WEIGHTS: Readonly<Record<Bm25Field, number>> = {
  name: 3,
  tags: 2,
  description: 1,
  parameters: 0.3,
  examples: EXAMPLES_FIELD_WEIGHT,
};

/**
 * Terms of a description the index reads by default: all of them. A cap of 32 (about fifty
 * words) was chosen leave one dataset out on the shared sets (`bench/tuning/tune-description-terms.ts`,
 * `bench/results/description-terms-leave-one-out.md`: 8 of 9 folds, StableToolBench +0.56 points
 * of recall@5 with bm25, +0.92 with the hybrid), but those sets hold few long descriptions, and
 * the repository's own tests found its cost where they are: a chained request on the example
 * catalogue (real MCP servers' descriptions, 80–100 words) lost a tool from its top 5, and the
 * relevance bench lost name queries. Judged by the worst catalogue, the cap is an option
 * (`Bm25Options.descriptionTerms`), not the default.
 */
export const DESCRIPTION_TERMS = Number.POSITIVE_INFINITY;

/** Tags analysed per tool: a host listing thousands of tags on one tool gets the first ones. */
const MAX_TAGS = 64;
/** Parameters analysed per tool, for the same reason. */
const MAX_PARAMETERS = 256;
/**
 * Examples analysed per tool: an enrichment file keeps at most 32 requests and 32 synonyms, and
 * a ranker's own caller could pass more.
 */
const MAX_EXAMPLES = 64;
/** Characters of one example analysed (an enrichment file keeps at most 500). */
const MAX_EXAMPLE_CHARS = 500;

/** A document's terms per field, in {@link BM25_FIELDS} order, and each field's length. */
export interface FieldTerms {
  terms: string[][];
  /**
   * Each field's length for BM25's length norm: its count of terms, but the name's, whose joined
   * readings (`s3` beside `s`, `3`; see `analyzeName`) are no further words.
   */
  lengths: number[];
}

/**
 * A document's terms per field. `withExamples: false` leaves the examples field empty (its
 * weight is 0: nothing of it should count, not even as known words).
 */
export function fieldTermsOf(
  document: RankDocument,
  withExamples = true,
  descriptionTerms = DESCRIPTION_TERMS,
): FieldTerms {
  const tags = document.tags.slice(0, MAX_TAGS).flatMap(analyzeText);
  if (document.server && !document.name.startsWith(`${document.server}__`)) {
    tags.push(...analyzeIdentifier(document.server));
  }
  const name = analyzeName(document.name);
  const terms = [
    name.terms,
    tags,
    analyzeText(document.description).slice(0, descriptionTerms),
    parameterTermsOf(document),
    withExamples ? exampleTermsOf(document) : [],
  ];
  return { terms, lengths: terms.map((field, index) => (index === 0 ? name.words : field.length)) };
}

function exampleTermsOf(document: RankDocument): string[] {
  const examples = document.examples;
  if (!examples) return [];
  const terms: string[] = [];
  const count = Math.min(examples.length, MAX_EXAMPLES);
  for (let index = 0; index < count; index++) {
    const example = examples[index];
    if (typeof example === "string") terms.push(...analyzeText(example.slice(0, MAX_EXAMPLE_CHARS)));
  }
  return terms;
}

function parameterTermsOf(document: RankDocument): string[] {
  const terms: string[] = [];
  const count = Math.min(document.parameters.length, MAX_PARAMETERS);
  for (let index = 0; index < count; index++) {
    const parameter = document.parameters[index]!;
    terms.push(...parameterNameTerms(parameter.name), ...parameterDescriptionTerms(parameter.description ?? ""));
  }
  return terms;
}

/**
 * Parameter names and descriptions recur across a catalogue's tools (`owner`, `repo`,
 * "Repository owner": the example catalogue's 631 parameters have 349 distinct names and 486
 * distinct descriptions), so each distinct text is analysed once. Bounded in entries and key
 * length, oldest out, so a host inventing parameters cannot grow it; the terms are shared, so
 * callers only read them.
 */
function rememberedAnalysis(analyse: (text: string) => string[]): (text: string) => readonly string[] {
  const remembered = new Map<string, readonly string[]>();
  return (text) => {
    let terms = remembered.get(text);
    if (terms === undefined) {
      terms = analyse(text);
      if (text.length <= MAX_REMEMBERED_TEXT_CHARS) {
        if (remembered.size >= MAX_REMEMBERED_TEXTS) remembered.delete(remembered.keys().next().value!);
        remembered.set(text, terms);
      }
    }
    return terms;
  };
}

/** About 1 MB of keys at most, far above a real catalogue's distinct parameter texts. */
const MAX_REMEMBERED_TEXTS = 4_096;
const MAX_REMEMBERED_TEXT_CHARS = 256;
const parameterNameTerms = rememberedAnalysis(analyzeIdentifier);
const parameterDescriptionTerms = rememberedAnalysis(analyzeText);

/** The long form of a short form (`repo`, `PR`) when the index knows some of its terms. */
export function knownLongForm(
  word: string,
  isKnown: (term: string) => boolean,
  readLong: LongForms = longFormTerms,
): string[] | undefined {
  const long = readLong(word);
  return long?.some(isKnown) ? long : undefined;
}

/**
 * A query's terms. A word written in camelCase (a model repeating `listPullRequests` from a
 * stub) is split like a tool name unless the index knows it whole, so `GitHub` stays
 * `github` while `getFileContents` becomes `get file content`. A short form the index does not
 * know is read as its long form where the index knows that (`PRs` as `pull request`; see
 * `longFormTerms`). Two words the index knows written as one are read as that term as well
 * (`round trip` as `roundtrip`, for a tool named `search_roundtrip_flights`).
 */
export function queryTermsOf(
  query: string,
  isKnown: (term: string) => boolean,
  readLong: LongForms = longFormTerms,
): string[] {
  const terms: string[] = [];
  let previous = "";
  for (const word of query.split(WORD_GAP)) {
    if (word === "") continue;
    const whole = analyzeText(word);
    const camel = /\p{Ll}\p{Lu}|\p{Lu}{2}\p{Ll}/u.test(word) && splitIdentifier(word).length > 1;
    if (camel && !whole.every(isKnown)) terms.push(...analyzeIdentifier(word));
    else if (whole.length > 0 && !whole.some(isKnown)) terms.push(...(knownLongForm(word, isKnown, readLong) ?? whole));
    else terms.push(...whole);
    const joined = previous === "" ? undefined : joinedTerm(previous, word);
    if (joined !== undefined && isKnown(joined)) terms.push(joined);
    previous = word;
  }
  return terms;
}

/**
 * The synonyms in tool requests (see `synonymTerms`) of a query's words the index does not know,
 * as far as the index knows them and they are not among `own`, the query's own terms: "erase
 * the entry" adds `delet` and `remov` to a catalogue that says "Delete a key".
 */
export function knownSynonyms(query: string, isKnown: (term: string) => boolean, own: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  for (const word of query.split(WORD_GAP)) {
    const synonyms = word === "" ? undefined : synonymTerms(word);
    if (synonyms === undefined || analyzeText(word).some(isKnown)) continue;
    for (const term of synonyms) if (isKnown(term) && !own.has(term)) found.add(term);
  }
  return [...found];
}

/** The "+1" form of idf: positive even for a term in most tools, so a match never lowers a score. */
export function idfOf(total: number, documentFrequency: number): number {
  return Math.log(1 + (total - documentFrequency + 0.5) / (documentFrequency + 0.5));
}
