import { isRecord } from "../../util/is-record.js";

/**
 * How a search failed in use:
 * - `empty`: the search returned nothing;
 * - `weak`: its best match was only weakly confident;
 * - `unused`: the session called none of its matches before its next search or its end;
 * - `unknown-tool`: the model called a tool name that does not exist (no search involved);
 * - `found-late`: the tool the session used was missing from this search's answer and found
 *   only by a later search of the same session.
 */
export const MISS_KINDS = ["empty", "weak", "unused", "unknown-tool", "found-late"] as const;
export type MissKind = (typeof MISS_KINDS)[number];

/**
 * What was asked. The text is kept only when the store's owner turned it on (`recordText`):
 * requests may carry user data. The hash is an HMAC under a key the store keeps, so equal
 * requests group together without the text being guessable from a dictionary of requests.
 */
export interface MissRequest {
  /** HMAC-SHA256 of the request text, hex; equal texts in one store give equal hashes. */
  hash: string;
  /** The request's length in characters. */
  length: number;
  /** The text itself, only when recording text is configured. */
  text?: string;
}

/** One miss, as a store keeps it and `toolsift misses --json` lists it. */
export interface MissRecord {
  /** Random, unique: a store that is given a record twice keeps one. */
  id: string;
  /** When the miss happened, ISO 8601. */
  at: string;
  /** The learning scope the session searched in. */
  scope: string;
  kind: MissKind;
  /** The search's request, or for `unknown-tool` the name called. */
  request: MissRequest;
  /** The names the search returned, best first (at most ten); empty for `empty` and `unknown-tool`. */
  results: string[];
  /** The tool the session finally used after the miss, when the session used one. */
  answer?: string;
  /** The MCP server the answer came from, when the catalogue names one. */
  server?: string;
}

/** The most characters of request text a record keeps: a longer request is cut, its length kept. */
export const MAX_MISS_TEXT = 2_000;
/** The most result names a record keeps. */
export const MAX_MISS_RESULTS = 10;
const MAX_NAME = 256;

const isName = (value: unknown): value is string =>
  typeof value === "string" && value.length > 0 && value.length <= MAX_NAME;

/**
 * Checks a record read from a store or a file: `undefined` when it is not a well-formed
 * {@link MissRecord}, so a damaged store is skipped with a warning, never trusted. Extra fields
 * are dropped.
 */
export function parseMissRecord(value: unknown): MissRecord | undefined {
  if (!isRecord(value)) return undefined;
  const { id, at, scope, kind, request, results, answer, server } = value;
  if (!isName(id) || typeof at !== "string" || Number.isNaN(Date.parse(at)) || typeof scope !== "string")
    return undefined;
  if (scope.length > MAX_NAME || !(MISS_KINDS as readonly unknown[]).includes(kind)) return undefined;
  if (!isRecord(request)) return undefined;
  const { hash, length, text } = request;
  if (typeof hash !== "string" || !/^[0-9a-f]{64}$/.test(hash)) return undefined;
  if (typeof length !== "number" || !Number.isSafeInteger(length) || length < 0) return undefined;
  if (text !== undefined && (typeof text !== "string" || text.length > MAX_MISS_TEXT)) return undefined;
  if (!Array.isArray(results) || results.length > MAX_MISS_RESULTS || !results.every(isName)) return undefined;
  if (answer !== undefined && !isName(answer)) return undefined;
  if (server !== undefined && !isName(server)) return undefined;
  return {
    id,
    at,
    scope,
    kind: kind as MissKind,
    request: { hash, length, ...(text === undefined ? {} : { text }) },
    results: [...results],
    ...(answer === undefined ? {} : { answer }),
    ...(server === undefined ? {} : { server }),
  };
}
