import { withLanguage } from "./other-script.js";
import { withServers, type AnsweredServer } from "./server-answer.js";
import type { ServerUnit } from "./server-search.js";
import { withUnavailable, type UnavailableSource } from "./unavailable-sources.js";

/** What a search's outcome says beside its matches. */
export interface SearchNotes {
  servers?: readonly ServerUnit[];
  scope?: string;
  language?: string;
  unavailable?: readonly UnavailableSource[];
}

/**
 * A `search_tools` answer's JSON with every note of its outcome, as every presentation sends
 * them: the servers the query is about and what its `server:` terms did (`withServers`), the
 * script the tools are written in (`withLanguage`), and the servers that were not searched
 * (`withUnavailable`, last, since it may reword the hint). `unavailable` defaults to the
 * outcome's; the gateway passes the ones its policy lets the caller see.
 */
export function withSearchNotes<Body extends { matches: readonly unknown[]; hint?: string }>(
  body: Body,
  outcome: SearchNotes,
  unavailable: readonly UnavailableSource[] | undefined = outcome.unavailable,
): Body & { servers?: AnsweredServer[]; scope?: string; language?: string; unavailable?: UnavailableSource[] } {
  return withUnavailable(withLanguage(withServers(body, outcome), outcome), unavailable);
}
