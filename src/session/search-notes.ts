import { withAbsent } from "./absent-products.js";
import { withLanguage } from "./other-script.js";
import { NO_TOOLS_HINT } from "./search-answer.js";
import { withServers, type AnsweredServer } from "./server-answer.js";
import type { ServerUnit } from "./server-search.js";
import { withUnavailable, type UnavailableSource } from "./unavailable-sources.js";

/** What a search's outcome says beside its matches. */
export interface SearchNotes {
  servers?: readonly ServerUnit[];
  scope?: string;
  language?: string;
  absent?: string;
  noTools?: true;
  unavailable?: readonly UnavailableSource[];
}

/**
 * A `search_tools` answer's JSON with every note of its outcome, as every presentation sends
 * them: the servers the query is about and what its `server:` terms did (`withServers`), the
 * script the tools are written in (`withLanguage`), the products asked for that no tool names
 * (`withAbsent`), that there was no tool to search (its hint),
 * and the servers that were not searched (`withUnavailable`, last, since it may reword the hint:
 * a server still connecting is a reason to search again). `unavailable` defaults to the
 * outcome's; the gateway passes the ones its policy lets the caller see.
 */
export function withSearchNotes<Body extends { matches: readonly unknown[]; hint?: string }>(
  body: Body,
  outcome: SearchNotes,
  unavailable: readonly UnavailableSource[] | undefined = outcome.unavailable,
): Body & {
  servers?: AnsweredServer[];
  scope?: string;
  language?: string;
  absent?: string;
  unavailable?: UnavailableSource[];
} {
  return withUnavailable(
    withNoTools(withAbsent(withLanguage(withServers(body, outcome), outcome), outcome), outcome),
    unavailable,
  );
}

/** An empty answer's hint when there was no tool to search at all (see `NO_TOOLS_HINT`). */
function withNoTools<Body extends { matches: readonly unknown[]; hint?: string }>(
  body: Body,
  outcome: { noTools?: true },
): Body {
  return outcome.noTools && body.matches.length === 0 ? { ...body, hint: NO_TOOLS_HINT } : body;
}
