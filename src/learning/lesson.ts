import { TOOL_NAME_PATTERN } from "../catalogue/index.js";
import { MAX_QUERY_LENGTH } from "../session/index.js";

/**
 * One thing learned from use: a `search_tools` query that led to a successful call of a tool,
 * within a scope. Lessons hold the query text as the model wrote it: they are user data.
 */
export interface Lesson {
  /** Whose usage this is (a tenant, a team); lessons of one scope never rank for another. */
  scope: string;
  /** The search query, as the model sent it (trimmed). */
  query: string;
  /** The tool the model then called successfully. */
  tool: string;
  /** When it was learned, in milliseconds since the Unix epoch. */
  at: number;
}

/** The scope of sessions and calls that name none: lessons shared by everything without a scope. */
export const DEFAULT_SCOPE = "default";

/** The longest scope key: enough for a tenant id or a hash, short enough to index. */
export const MAX_SCOPE_LENGTH = 200;

/** A NUL or a surrogate that is not half of a pair. */
const MALFORMED_SCOPE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `scope` is not a usable scope key, or `undefined` when it is. */
export function scopeProblem(scope: unknown): string | undefined {
  if (typeof scope !== "string") return `a scope must be a string (a tenant or team id), got ${scope === null ? "null" : typeof scope}`;
  if (scope === "") return "a scope must not be empty; leave it out for the default scope";
  if (scope.length > MAX_SCOPE_LENGTH) return `a scope is at most ${MAX_SCOPE_LENGTH} characters, got ${scope.length}; use a tenant id or a hash of it`;
  // PostgreSQL stores text as UTF-8: a lone surrogate becomes U+FFFD (so two scopes that differ
  // only there would share lessons) and a NUL is refused. Scopes are keys, so both are refused here.
  const malformed = scope.search(MALFORMED_SCOPE);
  if (malformed >= 0) {
    return `a scope must be well-formed Unicode without NUL, but it holds a lone surrogate or a NUL at character ${malformed}; PostgreSQL would merge it with another scope, so use a tenant id or a hash of it`;
  }
  return undefined;
}

/**
 * The key two lessons of one tool share when they teach the same thing: the query with case and
 * runs of spaces ignored, so "Send  Email" and "send email" count once.
 */
export function lessonKey(tool: string, query: string): string {
  return `${tool}\u0000${query.trim().toLowerCase().replace(/\s+/g, " ")}`;
}

/**
 * Reads a lesson from untrusted data (a store's file or table, a log being imported): the
 * lesson, or what is wrong with it. Everything a lesson holds is bounded here, so a damaged
 * or hostile store cannot feed the index unbounded text.
 */
export function parseLesson(value: unknown): { ok: true; lesson: Lesson } | { ok: false; problem: string } {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { ok: false, problem: "a lesson must be an object { scope, query, tool, at }" };
  const { scope, query, tool, at } = value as Record<string, unknown>;
  const badScope = scopeProblem(scope);
  if (badScope) return { ok: false, problem: badScope };
  if (typeof query !== "string" || query.trim() === "" || query.length > MAX_QUERY_LENGTH) {
    return { ok: false, problem: `a lesson's query must be a non-empty string of at most ${MAX_QUERY_LENGTH} characters` };
  }
  if (typeof tool !== "string" || !TOOL_NAME_PATTERN.test(tool)) return { ok: false, problem: `a lesson's tool must be a tool name (${TOOL_NAME_PATTERN.source})` };
  if (typeof at !== "number" || !Number.isFinite(at) || at < 0) return { ok: false, problem: "a lesson's at must be a time in milliseconds since the epoch" };
  return { ok: true, lesson: { scope: scope as string, query: query.trim(), tool, at } };
}
