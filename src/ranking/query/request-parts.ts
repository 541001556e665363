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

/** At most this many parts: a request is at most 2,000 characters, and real chains have a handful. */
export const MAX_REQUEST_PARTS = 8;

/**
 * Splits a query that chains several requests into its requests; a query that makes one request
 * comes back as itself, alone. It splits
 * - before a sentence that opens with a sequencing cue (`After that,`, `Then`, `Finally,`,
 *   `Additionally,`, `Also`, `Next`, `Second`, …),
 * - at a cue inside a sentence (`…, then …`, `… and then …`, `… and also …`),
 * - at `and` when the next word is a request verb ({@link REQUEST_VERBS}).
 *
 * Plain sentence ends do not split: "Imagine two racing cars. … Can you determine their final
 * velocities?" is one request with context, which is how most multi-sentence queries read.
 *
 * @example
 * ```ts
 * splitRequests("book a flight to Paris and then email the itinerary to Sam");
 * // ["book a flight to Paris", "email the itinerary to Sam"]
 * splitRequests("find the area and perimeter of a circle"); // ["find the area and perimeter of a circle"]
 * ```
 */
export function splitRequests(query: string): string[] {
  if (!ANY_CUE.test(query)) return [query];
  const text = query.length > MAX_ANALYSED_CHARS ? query.slice(0, MAX_ANALYSED_CHARS) : query;
  const parts = text
    .split(CUED_SENTENCE)
    .flatMap((sentence) => sentence.split(CUED_CLAUSE))
    .flatMap(splitAtRequestVerbs)
    .map((part) => part.trim().replace(LEADING_CUE, ""))
    .filter((part) => /[\p{L}\p{N}]/u.test(part));
  if (parts.length <= 1) return [query];
  return parts.length <= MAX_REQUEST_PARTS
    ? parts
    : [...parts.slice(0, MAX_REQUEST_PARTS - 1), parts.slice(MAX_REQUEST_PARTS - 1).join(" ")];
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
