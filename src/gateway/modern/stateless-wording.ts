/**
 * What a stateless (2026-07-28) client reads about search. Such a client has no session for
 * search to load tools into, so nothing here may say a match is "now in your tool list": each
 * best match comes with its full input schema (another's with a first call that does not fit), and
 * the model calls it through `call_tool`, which is always listed (a client offers its model only
 * listed tools).
 */
export const STATELESS_SEARCH_NOTE =
  'Call the one that fits with call_tool, {"name": "<its name>", "arguments": {…}}. The best match carries its full ' +
  "input schema; another's comes back if a call's arguments do not fit (nothing runs then).";

/** `search_tools`' description in a stateless `tools/list` (search listing). */
export const STATELESS_SEARCH_DESCRIPTION =
  "Search every tool behind this server by what you want to do. Only a few tools are listed: this finds the right ones " +
  "among all of them and answers with their names and descriptions, the best one's with its full input schema; then call the one that fits " +
  'with call_tool. Describe the task in plain words (e.g. "open a pull request", "find unpaid invoices").';
