// Over 300 lines: learning's coordinator: teaching, matching, flushing and forgetting share the pending-work state.
import { SerialQueue } from "./serial-queue.js";
import { DependencyError, errorText } from "../errors.js";
import type { ToolSearchEvent } from "../events.js";
import type { Embedder } from "../ranking/index.js";
import { newestLessons } from "./lesson-caps.js";
import { LearnedScores, LessonIndex } from "./lesson-index.js";
import { IMPORTED, lessonKey, parseLesson, teacherOf, type Lesson } from "./lesson.js";
import type { ResolvedLearning } from "./learning-options.js";
import { withinTime } from "../util/within-time.js";

/**
 * A learned query counts from this embedding similarity up. With the bundled distilled
 * USE-lite model, texts that have nothing to do with each other sit near 0 and paraphrases from
 * 0.2 up (GloVe's scale was higher, where 0.4 was chosen). Chosen leave one dataset out with
 * bm25 learning 2,000 lessons on CLINC150, HWU64 and Banking77 over 0.15–0.4
 * (bench/results/learning-vector-floor-leave-one-out.md): two of three folds chose 0.25.
 */
const VECTOR_FLOOR = 0.25;
/** Lessons per `add` call to the store. */
const WRITE_BATCH = 500;
/** Lessons waiting for the store, at most: past it (a store down for long) the oldest are only kept in memory. */
const MAX_PENDING_WRITES = 10_000;
/** Texts per embedder call when a scope loads. */
const EMBED_BATCH = 256;
/**
 * How long a search waits for the store to read a scope. A store that takes longer (a hung
 * database) is left to finish in the background, and searches rank with what is in memory.
 */
const STORE_WAIT_MS = 2_000;
/** How long `close()` waits for the store to take the last lessons. */
const CLOSE_WAIT_MS = 5_000;

interface ScopeState {
  readonly index: LessonIndex;
  /** When the store was last read for this scope (`Date.now()`); -Infinity before the first read. */
  loadedAt: number;
  refreshing: Promise<void> | undefined;
  /** The current read outlasted {@link STORE_WAIT_MS}: searches stop waiting for it. */
  slow: boolean;
  /** Keys taught here since the current read of the store began: a read that missed them must not drop them. */
  taughtDuringRead: Set<string> | undefined;
}

/**
 * Learning from use: per scope, an index of the queries that led to each tool (see
 * {@link LessonIndex}), kept in step with a {@link UsageStore}. Tool searches ask it for the
 * learned scores of a query and tell it what a session taught; it never blocks a tool call on
 * the store, and a failing store or embedder degrades to warnings, never to errors.
 */
export class Learning {
  /** Scope indexes, least recently used first, at most `maxScopes`. */
  private readonly scopes = new Map<string, ScopeState>();
  /** Scopes being erased: loading them waits, so a read cannot bring back what is being deleted. */
  private readonly forgetting = new Map<string, Promise<void>>();
  private pending: Lesson[] = [];
  private inFlight: readonly Lesson[] = [];
  private writing: Promise<void> | undefined;
  /** Store writes and erasures, one at a time and in order. */
  private readonly storeQueue = new SerialQueue();
  /** Background work (embedding a taught lesson, loading a scope) that `flush` waits for. */
  private readonly background = new Set<Promise<unknown>>();
  private embedder: Promise<Embedder | undefined> | undefined;
  private droppedWrites = false;
  private toldMissingPackage = false;
  /** Keys of lessons the store refused, by scope: a refresh must not drop what only memory holds. */
  private readonly unsaved = new Map<string, Set<string>>();

  constructor(
    readonly options: ResolvedLearning,
    /** The ranker's embedder, if it has one; asked once, on first need. */
    private readonly embedderOf: () => Embedder | undefined | Promise<Embedder | undefined>,
    private readonly emit: (event: ToolSearchEvent) => void,
    /**
     * Told, once, that the store's package is not installed: a store that can never work, unlike
     * one that is down for a while. Given when no `onEvent` hears the warnings.
     */
    private readonly onMissingPackage?: (error: DependencyError) => void,
  ) {}

  /**
   * The learned score of each tool whose lessons in `scope` resemble `query`, for the tools
   * `filter` allows; empty when nothing learned applies. Reads the scope from the store on first
   * use and once it is `refreshMs` old.
   */
  async match(
    scope: string,
    query: string,
    filter: (tool: string) => boolean,
    sessionId?: string,
  ): Promise<LearnedScores> {
    // A scope being erased ranks with nothing learned: waiting for the store would stall every
    // search of the scope for as long as the store does, and reading it could bring back what goes.
    if (this.forgetting.has(scope)) return new LearnedScores();
    const state = await this.scope(scope);
    if (state.index.size === 0) return new LearnedScores();
    const vector = await this.embedOne(query);
    return state.index.match(query, vector, {
      now: Date.now(),
      halfLifeMs: this.options.halfLifeMs,
      vectorFloor: VECTOR_FLOOR,
      filter,
      minSessions: this.options.minSessions,
      ...(sessionId === undefined ? {} : { requester: teacherOf(sessionId) }),
    });
  }

  /**
   * The tools that sessions of `scope` used beside `tool`, as far as `filter` allows them,
   * each corroborated by `minSessions` sessions (at least two): see `coUsedTools`.
   */
  async usedWith(scope: string, tool: string, filter: (tool: string) => boolean): Promise<string[]> {
    if (this.forgetting.has(scope)) return [];
    const state = await this.scope(scope);
    return state.index.usedWith(tool, this.options.minSessions).filter(filter);
  }

  /**
   * Credits `queries` to `tool` in `scope`, as taught by the session `sessionId` (which it
   * steers at once; others once corroborated), or imported when there is none. The lexical
   * lesson counts from the next search on (when the scope is loaded); its vector and the store
   * write follow in the background. Never throws.
   */
  teach(
    scope: string,
    queries: readonly string[],
    tool: string,
    options: { at?: number; sessionId?: string } = {},
  ): void {
    const at = options.at ?? Date.now();
    const by = options.sessionId === undefined ? IMPORTED : teacherOf(options.sessionId);
    const lessons = [
      ...new Map(
        queries.map((query) => [lessonKey(tool, query), { scope, query: query.trim(), tool, at, by }]),
      ).values(),
    ];
    if (lessons.length === 0) return;
    const forgetting = this.forgetting.get(scope);
    if (forgetting) {
      this.track(forgetting.then(() => this.index(this.stateOf(scope), lessons)));
    } else {
      const state = this.stateOf(scope);
      this.index(state, lessons);
      // A scope first met here is read from the store now, in the background.
      if (state.loadedAt === -Infinity) this.track(this.scope(scope));
    }
    this.enqueueWrites(lessons);
    this.emit({
      type: "lesson",
      sessionId: options.sessionId,
      scope,
      name: tool,
      queries: lessons.map((lesson) => lesson.query),
    });
  }

  /**
   * Erases a scope: here, in lessons waiting to be written, and in the store. Waits for the store
   * at most {@link STORE_WAIT_MS}, as reads do: past that it resolves with a
   * `learning_store_slow` warning while the erasure goes on, and until the store confirms it the
   * scope ranks with nothing learned (lessons taught meanwhile count once it has).
   *
   * @throws the store's error when it refuses the erasure within the wait.
   */
  async forget(scope: string): Promise<void> {
    this.pending = this.pending.filter((lesson) => lesson.scope !== scope);
    this.scopes.delete(scope);
    this.unsaved.delete(scope);
    const erased = this.storeQueue.run(() => this.options.store.forget(scope));
    const done = erased.then(
      () => undefined,
      () => undefined,
    );
    this.forgetting.set(scope, done);
    void done.finally(() => {
      if (this.forgetting.get(scope) === done) this.forgetting.delete(scope);
    });
    if (await settlesWithin(erased, STORE_WAIT_MS)) return erased;
    this.warn(
      "learning_store_slow",
      `The usage store did not erase scope "${scope}" within ${STORE_WAIT_MS} ms; the scope ranks with nothing learned until it confirms the erasure, which goes on in the background.`,
    );
    erased.catch((error: unknown) =>
      this.storeFailed(
        error,
        `The usage store could not erase scope "${scope}" (${errorText(error)}); call forget("${scope}") again.`,
      ),
    );
  }

  /** Waits until every lesson taught so far is indexed and handed to the store. */
  async flush(): Promise<void> {
    while (this.background.size > 0 || this.writing) {
      await Promise.all([...this.background, this.writing]);
    }
    await this.storeQueue.idle();
  }

  /**
   * Flushes (waiting at most {@link CLOSE_WAIT_MS} for a store that does not answer), then
   * closes the store if it was made here.
   */
  async close(): Promise<void> {
    if (!(await settlesWithin(this.flush(), CLOSE_WAIT_MS))) {
      this.warn(
        "learning_store_slow",
        `The usage store did not take the last ${this.pending.length + this.inFlight.length} lessons within ${CLOSE_WAIT_MS} ms of close(); they were not saved.`,
      );
    }
    if (this.options.ownsStore) await this.options.store.close?.();
  }

  /** The scope's state, loaded (or refreshed, once stale) from the store. */
  private async scope(scope: string): Promise<ScopeState> {
    await this.forgetting.get(scope);
    const state = this.stateOf(scope);
    if (!state.refreshing && Date.now() - state.loadedAt >= this.options.refreshMs) {
      const current = state;
      current.slow = false;
      current.refreshing = this.refresh(scope, current).finally(() => (current.refreshing = undefined));
    }
    if (state.refreshing && !state.slow && !(await settlesWithin(state.refreshing, STORE_WAIT_MS))) {
      state.slow = true;
      this.warn(
        "learning_store_slow",
        `The usage store took over ${STORE_WAIT_MS} ms to read scope "${scope}"; ranking with what is learned in memory until it answers.`,
      );
    }
    return state;
  }

  /** The scope's state, made empty (not yet read) if it is new; marked most recently used. */
  private stateOf(scope: string): ScopeState {
    let state = this.scopes.get(scope);
    if (state) {
      this.scopes.delete(scope);
    } else {
      state = {
        index: new LessonIndex(this.options),
        loadedAt: -Infinity,
        refreshing: undefined,
        slow: false,
        taughtDuringRead: undefined,
      };
    }
    this.scopes.set(scope, state);
    for (const oldest of this.scopes.keys()) {
      if (this.scopes.size <= this.options.maxScopes) break;
      this.scopes.delete(oldest);
    }
    return state;
  }

  /**
   * Reads the scope from the store and brings the index in line with it: lessons others wrote
   * appear, lessons the store dropped (caps, an erasure elsewhere) go. Lessons taught here and
   * not yet written, or taught while the read ran, stay.
   */
  private async refresh(scope: string, state: ScopeState): Promise<void> {
    const unwritten = new Set(
      [...this.pending, ...this.inFlight].filter((lesson) => lesson.scope === scope).map(keyOf),
    );
    state.taughtDuringRead = new Set();
    let stored: readonly unknown[];
    try {
      const read = await this.options.store.lessons(scope);
      if (!Array.isArray(read)) throw new TypeError(`lessons("${scope}") returned ${typeof read}, not an array`);
      stored = read;
    } catch (error) {
      this.storeFailed(
        error,
        `The usage store could not be read for scope "${scope}" (${errorText(error)}); ranking with what is learned in memory, trying again in ${this.options.refreshMs} ms.`,
      );
      state.loadedAt = Date.now();
      state.taughtDuringRead = undefined;
      return;
    }
    const valid: Lesson[] = [];
    let invalid = 0;
    let firstProblem = "";
    for (const record of stored) {
      const parsed = parseLesson(record);
      if (parsed.ok && parsed.lesson.scope === scope) valid.push(parsed.lesson);
      else {
        invalid++;
        firstProblem ||= parsed.ok
          ? `a lesson of scope "${parsed.lesson.scope}" was returned for "${scope}"`
          : parsed.problem;
      }
    }
    if (invalid > 0)
      this.warn(
        "learning_store_invalid",
        `The usage store returned ${invalid} unusable lessons for scope "${scope}" (${firstProblem}); they were skipped.`,
      );
    const kept = newestLessons(valid, this.options);
    const keep = new Set([
      ...unwritten,
      ...(this.unsaved.get(scope) ?? []),
      ...state.taughtDuringRead,
      ...kept.map(keyOf),
    ]);
    state.taughtDuringRead = undefined;
    for (const lesson of state.index.lessons()) {
      if (!keep.has(keyOf(lesson))) state.index.remove(lesson.tool, lesson.query, lesson.by);
    }
    const fresh = kept.filter((lesson) => !state.index.has(lesson.tool, lesson.query, lesson.by));
    for (const lesson of kept) state.index.add(lesson);
    state.loadedAt = Date.now();
    await this.embedInto(state, fresh);
  }

  /** Adds lessons to a loaded scope now, and their vectors once embedded. */
  private index(state: ScopeState, lessons: readonly Lesson[]): void {
    for (const lesson of lessons) {
      state.index.add(lesson);
      state.taughtDuringRead?.add(keyOf(lesson));
    }
    this.track(this.embedInto(state, lessons));
  }

  private async embedInto(state: ScopeState, lessons: readonly Lesson[]): Promise<void> {
    if (lessons.length === 0) return;
    const embedder = await this.embedderOnce();
    if (!embedder) return;
    for (let start = 0; start < lessons.length; start += EMBED_BATCH) {
      const batch = lessons.slice(start, start + EMBED_BATCH);
      const vectors = await this.embed(
        embedder,
        batch.map((lesson) => lesson.query),
      );
      if (!vectors) return;
      batch.forEach((lesson, i) => {
        if (state.index.has(lesson.tool, lesson.query, lesson.by)) state.index.add(lesson, vectors[i]);
      });
    }
  }

  private async embedOne(query: string): Promise<Float32Array | undefined> {
    const embedder = await this.embedderOnce();
    return embedder ? (await this.embed(embedder, [query]))?.[0] : undefined;
  }

  private async embed(embedder: Embedder, texts: readonly string[]): Promise<Float32Array[] | undefined> {
    try {
      const vectors = await embedder.embed(texts);
      return vectors.length === texts.length ? vectors : undefined;
    } catch (error) {
      // One failure turns the semantic side of learning off: a broken model would fail every call.
      this.embedder = Promise.resolve(undefined);
      this.warn(
        "learning_embed_failed",
        `Learned queries could not be embedded (${errorText(error)}); learning compares them by their words only from now on.`,
      );
      return undefined;
    }
  }

  private embedderOnce(): Promise<Embedder | undefined> {
    this.embedder ??= this.options.embeddings
      ? Promise.resolve()
          .then(() => this.embedderOf())
          .catch(() => undefined)
      : Promise.resolve(undefined);
    return this.embedder;
  }

  private enqueueWrites(lessons: readonly Lesson[]): void {
    this.pending.push(...lessons);
    if (this.pending.length > MAX_PENDING_WRITES) {
      this.pending.splice(0, this.pending.length - MAX_PENDING_WRITES);
      if (!this.droppedWrites) {
        this.droppedWrites = true;
        this.warn(
          "learning_store_behind",
          `More than ${MAX_PENDING_WRITES} lessons are waiting for the usage store; the oldest are kept in memory only.`,
        );
      }
    }
    this.writing ??= this.drain();
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0, WRITE_BATCH);
        this.inFlight = batch;
        try {
          await this.storeQueue.run(() => this.options.store.add(batch));
        } catch (error) {
          this.remember(batch);
          this.storeFailed(
            error,
            `${batch.length} lessons could not be saved to the usage store (${errorText(error)}); they stay learned in this process only.`,
          );
        } finally {
          this.inFlight = [];
        }
      }
    } finally {
      this.writing = undefined;
    }
  }

  /** Marks lessons as held in memory only, at most {@link MAX_PENDING_WRITES} of them. */
  private remember(lessons: readonly Lesson[]): void {
    let total = 0;
    for (const keys of this.unsaved.values()) total += keys.size;
    for (const lesson of lessons) {
      if (total++ >= MAX_PENDING_WRITES) return;
      const keys = this.unsaved.get(lesson.scope) ?? new Set<string>();
      keys.add(keyOf(lesson));
      this.unsaved.set(lesson.scope, keys);
    }
  }

  private track(work: Promise<unknown>): void {
    const guarded = work.catch((error: unknown) =>
      this.warn("learning_failed", `A lesson could not be learned (${errorText(error)}).`),
    );
    this.background.add(guarded);
    void guarded.finally(() => this.background.delete(guarded));
  }

  private warn(code: string, message: string): void {
    this.emit({ type: "warning", code, message });
  }

  /** A `learning_store_failed` warning; a missing package is also told to `onMissingPackage`, once. */
  private storeFailed(error: unknown, message: string): void {
    this.warn("learning_store_failed", message);
    if (!(error instanceof DependencyError) || this.toldMissingPackage) return;
    this.toldMissingPackage = true;
    this.onMissingPackage?.(error);
  }
}

/** A lesson's identity: its tool, its query (case and spacing aside) and its teacher. */
function keyOf(lesson: Pick<Lesson, "tool" | "query" | "by">): string {
  return lessonKey(lesson.tool, lesson.query, lesson.by);
}

/** Whether `work` settles within `ms`; it goes on either way. */
function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  const settled = work.then(
    () => true,
    () => true,
  );
  return withinTime(settled, ms, false);
}
