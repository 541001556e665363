import { MAX_REQUEST_LENGTH } from "../src/session/index.js";

/**
 * A dataset's request as a host passes it to `toolSearch.search`: whole, up to the length that
 * takes ({@link MAX_REQUEST_LENGTH}). A model's `search_tools` query is shorter (500): the bench
 * cuts those where it drives a session.
 */
export function requestText(query: string): string {
  return query.slice(0, MAX_REQUEST_LENGTH);
}
