import { OptionsError } from "../errors.js";
import { checkKeys, optionKeys } from "../util/option-keys.js";
import { DEFAULT_LESSON_CAPS, type LessonCaps } from "./lesson-caps.js";
import { MemoryUsageStore } from "./memory-usage-store.js";
import type { UsageStore } from "./usage-store.js";

/**
 * How a tool search learns from use (`createToolSearch({ learning })`). Every field is
 * optional; `learning: true` is `{}`, and a {@link UsageStore} alone is `{ store }`.
 */
export interface LearningOptions extends Partial<LessonCaps> {
  /** Where lessons persist. @defaultValue a {@link MemoryUsageStore}: this process only */
  store?: UsageStore;
  /**
   * A lesson's weight halves every this many days (by its date), so usage that stopped fades.
   * `Infinity` keeps lessons at full weight until the caps push them out.
   * @defaultValue 30
   */
  halfLifeDays?: number;
  /**
   * What a perfect learned match adds, relative to the ranker's best match for the query (which
   * counts 1). With the default, 1% of CLINC150's queries taught lifts recall@5 on the rest from
   * 0.67 to 0.77 (bm25); with 10% taught, giving a fifth of the lessons to random tools costs
   * about a point (bm25 0.911 → 0.900, hybrid 0.914 → 0.905).
   * @defaultValue 2
   */
  weight?: number;
  /**
   * How often a scope's lessons are read again from the store, in milliseconds, so lessons other
   * workers wrote (and scopes they erased) reach this one. `0` reads on every search.
   * @defaultValue 30,000
   */
  refreshMs?: number;
  /** Scopes whose index is kept in memory; the least recently used is rebuilt from the store when needed again. @defaultValue 64 */
  maxScopes?: number;
  /**
   * Compare queries by their embeddings too: with the ranker's model (`embedding`, `hybrid`), or
   * else with the bundled model the semantic fallback uses (`bm25` with `semanticFallback` on),
   * one model for both. A new query then also finds lessons worded differently, and lessons of
   * other sessions worded differently corroborate it.
   * @defaultValue true
   */
  embeddings?: boolean;
  /**
   * How many distinct sessions must have taught a tool for queries like a search's before their
   * lessons steer other sessions: with one, a single session (a prompt injection, a confused
   * model) could steer every session of its scope. A session's own lessons always steer it, and
   * `toolSearch.learn()` imports count as corroborated. Until corroborated, a session's lessons
   * only nudge others a little, split over all it taught: they may re-order the tools the ranker
   * found, never add one or pass its first match. `1` turns corroboration off.
   * @defaultValue 2
   */
  minSessions?: number;
  /**
   * Let lessons lift tools that are `destructive` or that reach the outside world (MCP
   * `openWorldHint: true`, or `openWorld: true` on a definition). Off, such tools rank by the
   * ranker alone: a lesson that pushes a deleting or sending tool up is the costliest to get
   * wrong, and the easiest one to plant.
   * @defaultValue false
   */
  boostDestructive?: boolean;
}

/** {@link LearningOptions} with every default filled in. */
export interface ResolvedLearning extends LessonCaps {
  store: UsageStore;
  /** Whether the store was made here (and so is ours to close). */
  ownsStore: boolean;
  halfLifeMs: number;
  weight: number;
  refreshMs: number;
  maxScopes: number;
  embeddings: boolean;
  minSessions: number;
  boostDestructive: boolean;
}

/** The most sessions corroboration may ask for: more than a lesson's neighbours can show. */
const MAX_MIN_SESSIONS = 16;

const DAY_MS = 86_400_000;

/** Every option of `learning`; the compiler holds the list to {@link LearningOptions}. */
const LEARNING_KEYS = optionKeys<keyof LearningOptions>({
  store: true,
  halfLifeDays: true,
  weight: true,
  refreshMs: true,
  maxScopes: true,
  embeddings: true,
  minSessions: true,
  boostDestructive: true,
  maxLessonsPerTool: true,
  maxLessonsPerScope: true,
});

/**
 * Checks `createToolSearch`'s `learning` option; `undefined` when learning is off.
 *
 * @throws {@link OptionsError} naming the field and what it accepts.
 */
export function resolveLearning(
  learning: boolean | UsageStore | LearningOptions | undefined,
): ResolvedLearning | undefined {
  if (learning === undefined || learning === false) return undefined;
  const options: LearningOptions = learning === true ? {} : isStore(learning) ? { store: learning } : learning;
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw new OptionsError(
      "invalid_learning",
      "options.learning must be true, false, a UsageStore or an options object, e.g. learning: { store: new FileUsageStore() }.",
    );
  }
  // A store missing a method is a store, not options with unknown keys: say what it lacks.
  const lacking = missingStoreMethods(options);
  if (lacking.length > 0 && lacking.length < STORE_METHODS.length) {
    throw new OptionsError(
      "invalid_learning",
      `options.learning must implement UsageStore: add(lessons), lessons(scope) and forget(scope), each returning a promise; it has no ${lacking.map((method) => `${method}()`).join(" or ")}.`,
    );
  }
  // A misspelt option would be dropped without a word: a "minSesions" that leaves the default
  // corroboration, a "halfLifeDay" that never fades old usage the way it was meant to.
  checkKeys("createToolSearch", "learning", options, LEARNING_KEYS, "{ store: new FileUsageStore() }");
  if (options.store !== undefined && !isStore(options.store)) {
    throw new OptionsError(
      "invalid_learning",
      "learning.store must implement UsageStore: add(lessons), lessons(scope) and forget(scope), each returning a promise.",
    );
  }
  const positive = (
    field: keyof LearningOptions,
    value: unknown,
    fallback: number,
    integer: boolean,
    allowZero = false,
    allowInfinity = false,
  ): number => {
    if (value === undefined) return fallback;
    const ok =
      typeof value === "number" &&
      (allowInfinity && value === Infinity
        ? true
        : Number.isFinite(value) && (!integer || Number.isInteger(value)) && (allowZero ? value >= 0 : value > 0));
    if (!ok) {
      throw new OptionsError(
        "invalid_learning",
        `learning.${field} must be a ${integer ? "whole " : ""}number ${allowZero ? "≥ 0" : "> 0"}${allowInfinity ? " (or Infinity)" : ""}, got ${JSON.stringify(value)}.`,
      );
    }
    return value as number;
  };
  for (const flag of ["embeddings", "boostDestructive"] as const) {
    if (options[flag] !== undefined && typeof options[flag] !== "boolean") {
      throw new OptionsError(
        "invalid_learning",
        `learning.${flag} must be true or false, got ${JSON.stringify(options[flag])}.`,
      );
    }
  }
  const minSessions = positive("minSessions", options.minSessions, 2, true);
  if (minSessions > MAX_MIN_SESSIONS) {
    throw new OptionsError(
      "invalid_learning",
      `learning.minSessions must be at most ${MAX_MIN_SESSIONS}, got ${minSessions}; 2 or 3 already stops one session from steering the rest.`,
    );
  }
  const caps: LessonCaps = {
    maxLessonsPerTool: positive(
      "maxLessonsPerTool",
      options.maxLessonsPerTool,
      DEFAULT_LESSON_CAPS.maxLessonsPerTool,
      true,
    ),
    maxLessonsPerScope: positive(
      "maxLessonsPerScope",
      options.maxLessonsPerScope,
      DEFAULT_LESSON_CAPS.maxLessonsPerScope,
      true,
    ),
  };
  return {
    ...caps,
    store: options.store ?? new MemoryUsageStore(caps),
    ownsStore: options.store === undefined,
    halfLifeMs: positive("halfLifeDays", options.halfLifeDays, 30, false, false, true) * DAY_MS,
    weight: positive("weight", options.weight, 2, false, true),
    refreshMs: positive("refreshMs", options.refreshMs, 30_000, true, true),
    maxScopes: positive("maxScopes", options.maxScopes, 64, true),
    embeddings: options.embeddings ?? true,
    minSessions,
    boostDestructive: options.boostDestructive ?? false,
  };
}

const STORE_METHODS = ["add", "lessons", "forget"] as const;

function isStore(value: unknown): value is UsageStore {
  return typeof value === "object" && value !== null && missingStoreMethods(value).length === 0;
}

/** The methods of {@link UsageStore} that `value` lacks (all of them for plain options). */
function missingStoreMethods(value: object): (typeof STORE_METHODS)[number][] {
  const store = value as Partial<Record<(typeof STORE_METHODS)[number], unknown>>;
  return STORE_METHODS.filter((method) => typeof store[method] !== "function");
}
