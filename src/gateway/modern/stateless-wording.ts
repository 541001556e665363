/**
 * `search_tools`' description in a stateless (2026-07-28) `tools/list` (search listing). Such a
 * client has no session for search to load tools into, so it may not say that matches join the
 * tool list: each answer's best match comes with its full input schema, and the model calls it
 * through `call_tool` (its answers end with `CALL_THROUGH_NOTE`).
 */
export const STATELESS_SEARCH_DESCRIPTION =
  "Search every tool behind this server by what you want to do. Only a few tools are listed: this finds the right ones " +
  "among all of them and answers with their names and descriptions, the best one's with its full input schema; then call the one that fits " +
  'with call_tool. Describe the task in plain words (e.g. "open a pull request", "find unpaid invoices").';
