import type { SearchCompanion } from "./search-match.js";

/** A companion as the model reads it, beside the matches. */
export interface AnsweredCompanion {
  name: string;
  description: string;
  /** The match it goes with. */
  companion_of: string;
  reason: SearchCompanion["reason"];
}

/**
 * A `search_tools` answer's JSON with the companions of its matches, in a list of their own so
 * that `matches` stays what the query found: e.g. `{"matches": […], "companions": [{"name":
 * "crm__list_contacts", "description": "…", "companion_of": "crm__add_note", "reason":
 * "provides_input"}]}`. Unchanged when the search has none.
 */
export function withCompanions<Body extends object>(
  body: Body,
  outcome: { companions?: readonly SearchCompanion[] },
): Body & { companions?: AnsweredCompanion[] } {
  const companions = outcome.companions;
  if (companions === undefined || companions.length === 0) return body;
  return {
    ...body,
    companions: companions.map(({ name, description, companionOf, reason }) => ({
      name,
      description,
      companion_of: companionOf,
      reason,
    })),
  };
}
