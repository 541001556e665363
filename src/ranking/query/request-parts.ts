import { MAX_ANALYSED_CHARS } from "../text/limits.js";

/**
 * Words that start a request (`… and then email the itinerary to Sam`). A plain `and` splits a
 * query only before one of them, so `the area and perimeter of a circle` stays whole while
 * `scale the deployment and post an event` becomes two requests. Written for toolsift: the
 * imperative verbs of tool use, as the bench's multi-tool queries and MCP tool names use them.
 */
export const REQUEST_VERBS: ReadonlySet<string> = new Set(
  `acknowledge add alert analyse analyze append approve archive assign attach backup block book build buy calculate call cancel
  change charge check clear close comment compare compose compute configure convert copy count create delete deploy determine
  disable display dm download draft edit email enable estimate execute export fetch find follow forward generate get give grant
  identify import install invite join kill label leave link list log look make mark merge message modify monitor move mute note
  notify obtain open order pay pin ping plan play post predict print provide publish pull push put query read record recommend
  refund register reject remind remove rename reply report rerun reset resize resolve restart restore retrieve retry review revoke
  run save scale schedule search send set share show snapshot start stop submit subscribe suggest summarise summarize sync tag tell
  text track translate trigger turn unmute unpin update upgrade upload validate verify write`
    .split(/\s+/)
    .filter((word) => word.length > 0),
);

/** Words that announce the next request of a chain, at the start of a sentence or clause. */
const SEQUENCE_CUES = [
  "and then",
  "then",
  "after that",
  "afterwards",
  "after which",
  "finally",
  "lastly",
  "additionally",
  "also",
  "in addition",
  "next",
  "second",
  "secondly",
  "third",
  "thirdly",
  "besides",
  "furthermore",
  "moreover",
].join("|");

/** A sentence end followed by a cue: `… in California. After that, create …`. */
const CUED_SENTENCE = new RegExp(`(?<=[.!?;])\\s+(?=(?:and\\s+)?(?:${SEQUENCE_CUES})\\b)`, "iu");
/** A cue inside a sentence, after a comma or a space: `…, then email …`, `… and then stop …`. */
const CUED_CLAUSE =
  /(?:,\s*|\s+)(?:and\s+)?(?:then|after that|afterwards|after which|finally|lastly|additionally|also)\b,?\s+/iu;
const AND = /(\s+and\s+)/iu;
/** Whether a query could split at all: most queries hold no cue and no `and`, and skip the rest. */
const ANY_CUE = new RegExp(`\\b(?:and|${SEQUENCE_CUES})\\b`, "iu");
/** The cue a part opens with, dropped: it names no tool. */
const LEADING_CUE = new RegExp(`^(?:and\\s+)?(?:${SEQUENCE_CUES})\\b,?\\s*`, "iu");

/** A cue inside a sentence only after a comma or `and`: `…, also …`, `… and also …`, not `could also`. */
const JOINED_CUE =
  /(?:,\s*(?:and\s+)?|\s+and\s+)(?:then|after that|afterwards|after which|finally|lastly|additionally|also)\b,?\s+/iu;
/** A cue anywhere in a sentence (`We would also like …`, `… as well?`): the sentence may make a request of its own. */
const CUE_INSIDE = /\b(?:also|additionally|as well|in addition|furthermore|moreover|besides)\b/iu;
/** A sentence end followed by the next sentence's capital (or its quote or bracket). */
const SENTENCE_END =
  /(?<=[.!?])(?<!\b(?:Dr|Mr|Mrs|Ms|Prof|St|Jr|Sr|vs|etc|No|e\.g|i\.e)\.)\s+(?=["'\u201c(]?[\p{Lu}])/u;
/** A greeting or filler before a sentence's request: `Hi, can you …`, `So please …`. */
const FILLER = /^(?:(?:hi|hello|hey|ok|okay|so|now|and|yes|sure|great|thanks)\b[,!.]?\s*)+/iu;
/** A sentence that asks for something: `Can you …`, `Could you …` (any question asks too). */
const ASKING = /^(?:can|could|would|will)\s+you\b/iu;

/** How {@link splitRequests} finds the requests of a chain. */
export type RequestSplitting = "clauses" | "sentences";

/**
 * The splitting toolsift's rankers use. `"sentences"` was chosen leave one dataset out
 * (`bench/tuning/tune-whole-answers.ts`, `bench/results/whole-answers-leave-one-out.md`): it
 * reads API-Bank's chained questions (`Can you add a schedule …? Can you remind me …?`), which
 * `"clauses"` leaves whole, and no longer cuts `We would also like …` into `We would` and a
 * request. No set's recall@1 fell; StableToolBench's recall@5 fell 0.12 (bm25) and 0.21
 * (hybrid) points, a few tools of its 764 queries, and its COMP@5 rose.
 */
export const REQUEST_SPLITTING: RequestSplitting = "sentences";

/** At most this many parts: a request is at most 2,000 characters, and real chains have a handful. */
export const MAX_REQUEST_PARTS = 8;

/**
 * Splits a query that chains several requests into its requests; a query that makes one request
 * comes back as itself, alone. Either way it splits
 * - before a sentence that opens with a sequencing cue (`After that,`, `Then`, `Finally,`,
 *   `Additionally,`, `Also`, `Next`, `Second`, …),
 * - at a cue inside a sentence (`…, then …`, `… and then …`, `… and also …`),
 * - at `and` when the next word is a request verb ({@link REQUEST_VERBS}).
 *
 * `"sentences"` (the default, see {@link REQUEST_SPLITTING}) also splits before a question that
 * follows a question (`Can you …? Could you …?`), and before a sentence holding a cue
 * (`We would also like …`) rather than at its cue; `"clauses"` splits at any `also`, and never at
 * a plain sentence end. Context does not split: "Imagine two racing cars. … Can you determine
 * their final velocities?" is one request, which is how most multi-sentence queries read.
 *
 * @example
 * ```ts
 * splitRequests("book a flight to Paris and then email the itinerary to Sam");
 * // ["book a flight to Paris", "email the itinerary to Sam"]
 * splitRequests("find the area and perimeter of a circle"); // ["find the area and perimeter of a circle"]
 * ```
 */
export function splitRequests(query: string, splitting: RequestSplitting = REQUEST_SPLITTING): string[] {
  // Most queries hold no cue, no `and` and one sentence: nothing to split.
  if (!ANY_CUE.test(query) && (splitting === "clauses" || !SENTENCE_END.test(query))) return [query];
  const text = query.length > MAX_ANALYSED_CHARS ? query.slice(0, MAX_ANALYSED_CHARS) : query;
  const pieces =
    splitting === "sentences"
      ? sentenceRequests(text)
      : text
          .split(CUED_SENTENCE)
          .flatMap((sentence) => sentence.split(CUED_CLAUSE))
          .flatMap(splitAtRequestVerbs);
  const parts = pieces.map((part) => part.trim().replace(LEADING_CUE, "")).filter((part) => /[\p{L}\p{N}]/u.test(part));
  if (parts.length <= 1) return [query];
  return parts.length <= MAX_REQUEST_PARTS
    ? parts
    : [...parts.slice(0, MAX_REQUEST_PARTS - 1), parts.slice(MAX_REQUEST_PARTS - 1).join(" ")];
}

/**
 * The requests of a chain read sentence by sentence: a sentence opens a new request when it
 * opens with or holds a sequencing cue (`Additionally, …`, `We would also like …`), as in
 * `"clauses"`, or when it asks (`Can you …`, `Could you …`, a question) and the request it would
 * join has asked already. Any other sentence is context (`I'm planning a trip to Rome.`) or a
 * detail (`Please sort them by rating.`, `Thank you!`) and stays with the request it introduces
 * or follows, so that no request is made of context alone: a request's best match keeps a place
 * in the answer, and a context sentence's best match is a guess. Inside a sentence, a cue after
 * a comma or `and` and an `and` before a request verb split as in `"clauses"`.
 */
function sentenceRequests(text: string): string[] {
  const requests: string[] = [];
  let current = "";
  let asked = false;
  for (const sentence of text.split(SENTENCE_END)) {
    const opening = sentence.trim().replace(FILLER, "");
    const leading = LEADING_CUE.test(opening);
    const bare = opening.replace(LEADING_CUE, "");
    const asks = ASKING.test(bare) || /\?["'\u201d)]*$/u.test(bare);
    // A cue inside a sentence (`Can you give me its photo as well?`) may add to a request not yet asked.
    if (current !== "" && (leading || (asked && (asks || CUE_INSIDE.test(bare))))) {
      requests.push(current);
      current = sentence;
      asked = asks;
    } else {
      current = current === "" ? sentence : `${current} ${sentence}`;
      asked ||= asks;
    }
  }
  requests.push(current);
  return requests.flatMap((request) => request.split(JOINED_CUE)).flatMap(splitAtRequestVerbs);
}

/** Splits at each `and` followed by a request verb; keeps every other `and`. */
function splitAtRequestVerbs(clause: string): string[] {
  const pieces = clause.split(AND);
  const parts: string[] = [];
  let current = pieces[0] ?? "";
  for (let i = 1; i < pieces.length; i += 2) {
    const next = pieces[i + 1] ?? "";
    const firstWord = /^[\p{L}]+/u.exec(next)?.[0]?.toLowerCase() ?? "";
    if (REQUEST_VERBS.has(firstWord)) {
      parts.push(current);
      current = next;
    } else {
      current += pieces[i]! + next;
    }
  }
  parts.push(current);
  return parts;
}
