import { createHash } from "node:crypto";
import { TOOL_NAME_PATTERN } from "../catalogue/index.js";
import { MAX_TAUGHT_QUERY_LENGTH } from "../session/index.js";

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
  /**
   * Who taught it: {@link IMPORTED} for `toolSearch.learn()`, else the teaching session as
   * {@link teacherOf} hashes its id (session ids may be user data, so they are never stored).
   * Missing in records written before lessons knew their session: those count as taught by one
   * unknown session. A lesson steers sessions other than its teacher once corroborated.
   */
  by?: string;
}

/** `by` of a lesson imported with `toolSearch.learn()`: the application vouches for it, so it counts as corroborated. */
export const IMPORTED = "import";

/** The teacher key of a session: 16 hex digits of a SHA-256 of its id, the same in every process. */
export function teacherOf(sessionId: string): string {
  return createHash("sha256").update(`toolsift session\u0000${sessionId}`).digest("hex").slice(0, 16);
}

/** Whether a lesson was taught by a session (not imported, not from an older record): such lessons have a per-session share of the caps. */
export function bySession(lesson: Pick<Lesson, "by">): lesson is { by: string } {
  return lesson.by !== undefined && lesson.by !== IMPORTED;
}

const TEACHER_PATTERN = /^(?:[0-9a-f]{16}|import)$/;

/** The scope of sessions and calls that name none: lessons shared by everything without a scope. */
export const DEFAULT_SCOPE = "default";

/** The longest scope key: enough for a tenant id or a hash, short enough to index. */
export const MAX_SCOPE_LENGTH = 200;

/** A NUL or a surrogate that is not half of a pair. */
const MALFORMED_SCOPE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `scope` is not a usable scope key, or `undefined` when it is. */
export function scopeProblem(scope: unknown): string | undefined {
  if (typeof scope !== "string")
    return `a scope must be a string (a tenant or team id), got ${scope === null ? "null" : typeof scope}`;
  if (scope === "") return "a scope must not be empty; leave it out for the default scope";
  if (scope.length > MAX_SCOPE_LENGTH)
    return `a scope is at most ${MAX_SCOPE_LENGTH} characters, got ${scope.length}; use a tenant id or a hash of it`;
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
export function lessonKey(tool: string, query: string, by?: string): string {
  const key = `${tool}\u0000${query.trim().toLowerCase().replace(/\s+/g, " ")}`;
  // Each session's lesson of a query is its own: two sessions teaching the same is corroboration.
  return by === undefined ? key : `${key}\u0000${by}`;
}

/**
 * Reads a lesson from untrusted data (a store's file or table, a log being imported): the
 * lesson, or what is wrong with it. Everything a lesson holds is bounded here, so a damaged
 * or hostile store cannot feed the index unbounded text.
 */
export function parseLesson(value: unknown): { ok: true; lesson: Lesson } | { ok: false; problem: string } {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { ok: false, problem: "a lesson must be an object { scope, query, tool, at }" };
  const { scope, query, tool, at, by } = value as Record<string, unknown>;
  const badScope = scopeProblem(scope);
  if (badScope) return { ok: false, problem: badScope };
  if (typeof query !== "string" || query.trim() === "" || query.length > MAX_TAUGHT_QUERY_LENGTH) {
    return {
      ok: false,
      problem: `a lesson's query must be a non-empty string of at most ${MAX_TAUGHT_QUERY_LENGTH} characters`,
    };
  }
  if (typeof tool !== "string" || !TOOL_NAME_PATTERN.test(tool))
    return { ok: false, problem: `a lesson's tool must be a tool name (${TOOL_NAME_PATTERN.source})` };
  if (typeof at !== "number" || !Number.isFinite(at) || at < 0)
    return { ok: false, problem: "a lesson's at must be a time in milliseconds since the epoch" };
  if (by !== undefined && by !== null && by !== "" && (typeof by !== "string" || !TEACHER_PATTERN.test(by))) {
    return { ok: false, problem: `a lesson's by must be "${IMPORTED}" or a session hash of 16 hex digits` };
  }
  const lesson: Lesson = { scope: scope as string, query: query.trim(), tool, at };
  // null and "" are how a store without the field (an older table's column) says "unknown".
  if (typeof by === "string" && by !== "") lesson.by = by;
  return { ok: true, lesson };
}
