import { WEAK_MATCH_HINT } from "./search-answer.js";

/**
 * A server whose tools a search could not see, as `search_tools` names it to the model: still
 * connecting, or down with why in a few words. Only servers the session may see tools of are
 * named, and never their tools or how many they have.
 *
 * @example
 * ```ts
 * const outcome = await session.searchTools({ query: "open a jira ticket" });
 * if (outcome.ok) outcome.unavailable; // [{ server: "jira", state: "down", error: "connection refused" }]
 * ```
 */
export interface UnavailableSource {
  /** The server's name, as the `server` of its tools (for MCP, its config key). */
  server: string;
  /** `connecting`: its tools may come in a few seconds. `down`: missing until it is back. */
  state: "connecting" | "down";
  /** Why it is down, in a few words (`"command not found"`, `"timed out"`, …). */
  error?: string;
}

const EMPTY_BECAUSE_CONNECTING =
  "No tool matched among the tools available now, but some servers are still connecting (see unavailable), so their tools " +
  "were not searched. Search again in a few seconds before concluding that no tool can do this.";
const EMPTY_BECAUSE_DOWN =
  "No tool matched among the tools available now, but some servers are down (see unavailable), so their tools were not " +
  "searched. A tool that can do this may be on one of them: do not conclude that none exists; search again later, or tell the user which server is down.";
const WEAK_AND_SOME_MISSING =
  "The best match is weak, and some servers are still connecting or down (see unavailable), so their tools were not searched: " +
  "if none of these fits, search again later before concluding that no tool can do this.";
const SOME_MISSING =
  "Some servers are still connecting or down (see unavailable), so their tools were not searched: if none of these fits, search again later.";

/**
 * A `search_tools` answer's JSON with what the search could not see: `unavailable` lists the
 * servers, and the hint says what it means for the model. An empty answer that only looks
 * empty because servers are missing must not read as "no such tool", so its hint is replaced; a
 * hint the answer already has (about its matches) is kept, with a sentence added. Unchanged when
 * every server is ready.
 *
 * The JSON it adds, e.g.:
 * `{"matches": [], "hint": "No tool matched among the tools available now, but some servers are still connecting…",
 * "unavailable": [{"server": "github", "state": "connecting"}, {"server": "jira", "state": "down", "error": "connection refused"}]}`
 */
export function withUnavailable<Body extends { matches: readonly unknown[]; hint?: string }>(
  body: Body,
  unavailable: readonly UnavailableSource[] | undefined,
): Body & { hint?: string; unavailable?: UnavailableSource[] } {
  if (!unavailable || unavailable.length === 0) return body;
  const listed = unavailable.map(({ server, state, error }) =>
    error === undefined ? { server, state } : { server, state, error },
  );
  if (body.matches.length > 0) {
    // A weak best match must not read as "the catalogue lacks this" while part of it was not searched.
    const hint =
      body.hint === undefined
        ? SOME_MISSING
        : body.hint === WEAK_MATCH_HINT
          ? WEAK_AND_SOME_MISSING
          : `${body.hint} ${SOME_MISSING}`;
    return { ...body, hint, unavailable: listed };
  }
  const connecting = unavailable.some((source) => source.state === "connecting");
  return { ...body, hint: connecting ? EMPTY_BECAUSE_CONNECTING : EMPTY_BECAUSE_DOWN, unavailable: listed };
}
