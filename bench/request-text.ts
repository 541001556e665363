import { MAX_REQUEST_LENGTH } from "../src/session/index.js";

/**
 * A dataset's request as a host passes it to `toolSearch.search`, or a model to `search_tools`:
 * whole, up to the length both take ({@link MAX_REQUEST_LENGTH}).
 */
export function requestText(query: string): string {
  return query.slice(0, MAX_REQUEST_LENGTH);
}
