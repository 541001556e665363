// Over 300 lines: the lessons' in-memory index: matching, corroboration and caps depend on one another's invariants.
import { ExactVectorIndex } from "../ranking/embedding/exact-vector-index.js";
import { analyzeText } from "../ranking/text/index.js";
import { coUsedTools } from "./co-usage.js";
import { sessionShares, type LessonCaps } from "./lesson-caps.js";
import { IMPORTED, bySession, lessonKey, type Lesson } from "./lesson.js";

/** A lesson without its scope: what one scope's index holds. */
export type LessonOf = Pick<Lesson, "tool" | "query" | "at" | "by">;

/** How learned queries are compared with a new one. */
export interface LessonMatchOptions {
  /** Now, in milliseconds since the epoch: a lesson's weight halves every `halfLifeMs` before it. */
  now: number;
  halfLifeMs: number;
  /**
   * Embedding similarities at or below this count as 0, and 1 as 1: unrelated texts reach
   * about 0.3 with the bundled model, so only what a lesson has above that counts. The floor
   * rises, per query, to the similarity of its `maxLessonsPerTool`-th nearest lesson.
   */
  vectorFloor: number;
  /** Only tools this allows are returned (permissions). */
  filter?: (tool: string) => boolean;
  /**
   * The teacher key ({@link teacherOf}) of the session searching, if any: its own lessons count
   * in full for it. Another session's count only as far as they are corroborated.
   */
  requester?: string;
  /**
   * Distinct sessions that must have taught a tool for queries like this one before their
   * lessons steer anyone else: a tool's lesson counts, for others, at most the square root of
   * the similarity of the `minSessions`-th best matching session's lesson of it (an import
   * counts as enough by itself), or its session's {@link UNCORROBORATED_SHARE} if higher, which
   * the result's `vouched` leaves out.
   * `1` turns corroboration off.
   * @defaultValue 1
   */
  minSessions?: number;
}

/**
 * Learned scores by tool (see {@link LessonIndex.match}), and `vouched`: the same without what
 * lessons no other session corroborated add, which is all a tool the ranker did not retrieve may
 * get (see `blendLearned`).
 */
export class LearnedScores extends Map<string, number> {
  readonly vouched = new Map<string, number>();
}

/** One kept lesson with what comparing it needs. */
interface Entry {
  readonly key: string;
  /** The query as keys hold it (case and spacing aside): lessons of several tools may share it. */
  readonly queryKey: string;
  readonly tool: string;
  readonly query: string;
  /** Its teacher: see {@link Lesson.by}. */
  readonly by: string | undefined;
  at: number;
  /** Term counts of the query. */
  readonly counts: ReadonlyMap<string, number>;
  /** Length of its TF-IDF vector, under the idf of the last recomputation. */
  norm: number;
}

/** Below this, a tool's learned score is noise (a stop-word-like overlap): it is not returned. */
const MIN_SCORE = 0.05;
/**
 * A tool's score is its best two lessons' similarities, plus half its third, plus a quarter of
 * its fourth: several lessons alike count more than one, and no tool outweighs the rest by sheer
 * number. Chosen leave-one-dataset-out on CLINC150, HWU64 and Banking77 (2,000 lessons, each from
 * its own session, bm25): every fold chose it over [1, 0.5, 0.25] (the earlier choice, which
 * lost 2 to 2.5 points of recall@5 once lessons had to be corroborated) and the best six alike.
 */
const NEIGHBOUR_SHARES = [1, 1, 0.5, 0.25];
/**
 * What the lessons of one session that no other corroborated count for the other sessions, in
 * all: each counts this share of its similarity divided by the number of lessons the session
 * holds in the scope. A session that taught one request nudges the tool it used for requests like
 * it; one that taught hundreds (a flood, a confused model) nudges nothing. Never vouched for:
 * `blendLearned` lets it re-order only what the ranker retrieved, under the ranker's first match,
 * so one session alone still plants nothing. Chosen leave-one-dataset-out over 0.15 to 1 on seven
 * sets, with and without wrong lessons, 250 to 2,000 lessons
 * (bench/results/learning-uncorroborated-share-leave-one-out.md).
 */
export const UNCORROBORATED_SHARE = 0.3;
/** Lessons read from the nearest by embedding: plenty for the best two of every tool in reach. */
const NEAREST_LESSONS = 256;

/**
 * The lessons of one scope, indexed for comparing a query with every query that ever led to a
 * tool: a small TF-IDF index over the learned queries (lexical nearest neighbours, cosine) and,
 * when an embedder is around, their vectors (semantic nearest neighbours). Pure and in memory;
 * the stores and the embedder are the caller's.
 *
 * A tool's learned score is the sum of the two best similarities among its lessons, half the
 * third and a quarter of the fourth, each lesson weighted by its age (halving every half-life)
 * and divided by the number of tools its query taught, from 0 (nothing alike) to 2.75; lessons
 * of other sessions count only as far as they are corroborated (see `minSessions`). With
 * vectors, the lexical and the semantic score count half each.
 *
 * @example
 * ```ts
 * const index = new LessonIndex({ maxLessonsPerTool: 32, maxLessonsPerScope: 5000 });
 * index.add({ scope: "acme", query: "ping the on-call", tool: "pager__page", at: Date.now() });
 * index.match("page whoever is on call", undefined, { now: Date.now(), halfLifeMs: 30 * 86_400_000, vectorFloor: 0.4 });
 * // Map { "pager__page" => 0.4… }
 * ```
 */
export class LessonIndex {
  private readonly entries = new Map<string, Entry>();
  /** Each tool's entries, oldest first (by `at`), for the per-tool cap. */
  private readonly byTool = new Map<string, Entry[]>();
  private readonly postings = new Map<string, Set<Entry>>();
  /** Lesson count when norms were last recomputed: idf drifts as lessons come and go. */
  private normsAt = 0;
  /** The lessons' query vectors by lesson key, searched exactly; made with the first vector. */
  private vectors: ExactVectorIndex | undefined;
  /** Each session's entries, oldest first, for its share of the scope cap. */
  private readonly bySessionTeacher = new Map<string, Entry[]>();
  /** Which tools learned each query, and from how many teachers: a query that led to several tools is shared evidence. */
  private readonly toolsPerQuery = new Map<string, Map<string, number>>();
  private readonly shares: { perTool: number; perScope: number };

  constructor(private readonly caps: LessonCaps) {
    this.shares = sessionShares(caps);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Whether this tool has learned this query (case and spacing aside) from this teacher. */
  has(tool: string, query: string, by?: string): boolean {
    return this.entries.has(lessonKey(tool, query, by));
  }

  /** The kept lessons, oldest first, without their scope. */
  lessons(): LessonOf[] {
    return [...this.entries.values()]
      .sort((a, b) => a.at - b.at)
      .map(({ tool, query, at, by }) => (by === undefined ? { tool, query, at } : { tool, query, at, by }));
  }

  /**
   * Learns a lesson, or refreshes its date if it is known. A vector given later for a known
   * lesson is kept. Past a cap the oldest lesson is dropped: the session's own first, past its
   * share ({@link sessionShares}), then the tool's, then the scope's.
   */
  add(lesson: LessonOf, vector?: Float32Array): void {
    const key = lessonKey(lesson.tool, lesson.query, lesson.by);
    const known = this.entries.get(key);
    if (known) {
      if (lesson.at > known.at) {
        known.at = lesson.at;
        this.resort(known.tool);
        if (bySession(known)) {
          const own = this.bySessionTeacher.get(known.by)!;
          own.splice(own.indexOf(known), 1);
          insertByDate(own, known);
        }
      }
      if (vector) this.setVector(key, vector);
      return;
    }
    const counts = new Map<string, number>();
    for (const term of analyzeText(lesson.query)) counts.set(term, (counts.get(term) ?? 0) + 1);
    const queryKey = lessonKey("", lesson.query).slice(1);
    const entry: Entry = {
      key,
      queryKey,
      tool: lesson.tool,
      query: lesson.query,
      by: lesson.by,
      at: lesson.at,
      counts,
      norm: 0,
    };
    this.entries.set(key, entry);
    const tools = this.toolsPerQuery.get(queryKey) ?? new Map<string, number>();
    tools.set(entry.tool, (tools.get(entry.tool) ?? 0) + 1);
    this.toolsPerQuery.set(queryKey, tools);
    if (bySession(entry)) insertByDate(getOrAdd(this.bySessionTeacher, entry.by), entry);
    for (const term of counts.keys()) {
      let posting = this.postings.get(term);
      if (!posting) this.postings.set(term, (posting = new Set()));
      posting.add(entry);
    }
    const list = this.byTool.get(entry.tool) ?? [];
    list.push(entry);
    this.byTool.set(entry.tool, list);
    this.resort(entry.tool);
    entry.norm = this.normOf(entry);
    if (vector) this.setVector(key, vector);
    this.enforceCaps(entry);
  }

  /** The tools sessions used beside `tool`, corroborated by `minSessions` of them: see {@link coUsedTools}. */
  usedWith(tool: string, minSessions: number): string[] {
    return coUsedTools(
      tool,
      (name) => this.byTool.get(name) ?? [],
      (teacher) => this.bySessionTeacher.get(teacher) ?? [],
      minSessions,
    );
  }

  /** Forgets a lesson; `false` when it was not known. */
  remove(tool: string, query: string, by?: string): boolean {
    const entry = this.entries.get(lessonKey(tool, query, by));
    if (!entry) return false;
    this.drop(entry);
    return true;
  }

  /**
   * Learned scores of the tools whose lessons resemble `query`: lexical cosine over the learned
   * queries and, when `vector` is given, embedding cosine above the floor, half each; `vouched`
   * holds them without the shares of lessons no other session corroborated.
   */
  match(query: string, vector: Float32Array | undefined, options: LessonMatchOptions): LearnedScores {
    if (this.entries.size === 0) return new LearnedScores();
    this.refreshNorms();
    // A lesson counts by its age, and by how many tools its query led to: a request that took
    // three tools is a third as telling about each.
    const weight = (entry: Entry) =>
      (Number.isFinite(options.halfLifeMs) ? 0.5 ** (Math.max(0, options.now - entry.at) / options.halfLifeMs) : 1) /
      this.toolsPerQuery.get(entry.queryKey)!.size;
    const lexical = new Map<string, Hit[]>();
    for (const [entry, similarity] of this.lexicalSimilarities(query)) push(lexical, entry, similarity * weight(entry));
    let semantic: Map<string, Hit[]> | undefined;
    if (this.vectors && vector?.length === this.vectors.dimensions && vector.some((value) => value !== 0)) {
      semantic = new Map();
      const hits = this.vectors.search(vector, NEAREST_LESSONS);
      // What the query's background of lessons reaches (the nearest beyond one tool's worth)
      // counts as nothing: long, formulaic queries are all alike as vectors.
      const floor = Math.max(options.vectorFloor, hits[this.caps.maxLessonsPerTool - 1]?.similarity ?? -1);
      for (const hit of hits) {
        const similarity = (hit.similarity - floor) / (1 - options.vectorFloor);
        if (similarity <= 0) break;
        const entry = this.entries.get(hit.name)!;
        push(semantic, entry, Math.min(1, similarity) * weight(entry));
      }
    }
    const scores = new LearnedScores();
    const allowed = new Map<string, boolean>();
    const permitted = (tool: string) => {
      let answer = allowed.get(tool);
      if (answer === undefined) allowed.set(tool, (answer = options.filter ? options.filter(tool) : true));
      return answer;
    };
    const steering = (hits: readonly Hit[] | undefined) => {
      if (!hits) return { counted: 0, vouched: 0 };
      const values = corroborated(hits, options.requester, options.minSessions ?? 1, this.uncorroboratedShare);
      return { counted: aggregate(values.counted), vouched: aggregate(values.vouched) };
    };
    for (const tool of new Set([...lexical.keys(), ...(semantic?.keys() ?? [])])) {
      const words = steering(lexical.get(tool));
      const meaning = semantic ? steering(semantic.get(tool)) : undefined;
      const score = meaning ? 0.5 * words.counted + 0.5 * meaning.counted : words.counted;
      if (score < MIN_SCORE || !permitted(tool)) continue;
      scores.set(tool, score);
      const vouched = meaning ? 0.5 * words.vouched + 0.5 * meaning.vouched : words.vouched;
      if (vouched >= MIN_SCORE) scores.vouched.set(tool, vouched);
    }
    return scores;
  }

  /**
   * What one lesson of a session no other corroborated counts for the others, at most, as a share
   * of its similarity: {@link UNCORROBORATED_SHARE} split over every lesson the session holds in
   * the scope, so the session's whole reach is bounded however much it teaches.
   */
  private readonly uncorroboratedShare = (entry: Entry): number => {
    if (!bySession(entry)) return 0;
    return UNCORROBORATED_SHARE / this.bySessionTeacher.get(entry.by)!.length;
  };

  /** Cosine similarity of the query's TF-IDF vector with every lesson sharing a term with it. */
  private lexicalSimilarities(query: string): Map<Entry, number> {
    const counts = new Map<string, number>();
    for (const term of analyzeText(query)) counts.set(term, (counts.get(term) ?? 0) + 1);
    const dots = new Map<Entry, number>();
    let queryNorm = 0;
    for (const [term, count] of counts) {
      const idf = this.idf(term);
      const weight = (1 + Math.log(count)) * idf;
      queryNorm += weight * weight;
      for (const entry of this.postings.get(term) ?? []) {
        const entryWeight = (1 + Math.log(entry.counts.get(term)!)) * idf;
        dots.set(entry, (dots.get(entry) ?? 0) + weight * entryWeight);
      }
    }
    queryNorm = Math.sqrt(queryNorm);
    for (const [entry, value] of dots)
      dots.set(entry, queryNorm === 0 || entry.norm === 0 ? 0 : Math.min(1, value / (queryNorm * entry.norm)));
    return dots;
  }

  /** Smoothed inverse frequency among the scope's lessons; a term no lesson has gets the highest. */
  private idf(term: string): number {
    const frequency = this.postings.get(term)?.size ?? 0;
    return Math.log(1 + (this.entries.size + 1) / (frequency + 0.5));
  }

  private normOf(entry: Entry): number {
    let sum = 0;
    for (const [term, count] of entry.counts) {
      const weight = (1 + Math.log(count)) * this.idf(term);
      sum += weight * weight;
    }
    return Math.sqrt(sum);
  }

  /**
   * Recomputes every norm once the lesson count has drifted by a tenth since the last time:
   * idf moves slowly, so this keeps similarities within a few percent of exact at amortised
   * constant cost per lesson.
   */
  private refreshNorms(): void {
    const size = this.entries.size;
    if (Math.abs(size - this.normsAt) <= 0.1 * this.normsAt) return;
    for (const entry of this.entries.values()) entry.norm = this.normOf(entry);
    this.normsAt = size;
  }

  private enforceCaps(added: Entry): void {
    const list = this.byTool.get(added.tool)!;
    this.enforceShare(added);
    while (list.length > this.caps.maxLessonsPerTool) this.drop(list[0]!);
    while (this.entries.size > this.caps.maxLessonsPerScope) {
      // The scope's oldest lesson goes: the oldest of each tool's list (kept in date order).
      let oldest: Entry | undefined;
      for (const entries of this.byTool.values()) if (!oldest || entries[0]!.at < oldest.at) oldest = entries[0];
      this.drop(oldest!);
    }
  }

  /** Past its share of the tool or of the scope, a session loses its own oldest lessons, never another's. */
  private enforceShare(added: Entry): void {
    if (!bySession(added)) return;
    const own = this.bySessionTeacher.get(added.by)!;
    const ofTool = own.filter((entry) => entry.tool === added.tool);
    while (ofTool.length > this.shares.perTool) this.drop(ofTool.shift()!);
    while (own.length > this.shares.perScope) this.drop(own[0]!);
  }

  private setVector(key: string, vector: Float32Array): void {
    this.vectors ??= new ExactVectorIndex(vector.length);
    // A vector of another length (another embedder) cannot be compared: the lesson ranks by words.
    if (vector.length === this.vectors.dimensions) this.vectors.upsert(key, "", vector);
  }

  private drop(entry: Entry): void {
    this.entries.delete(entry.key);
    const tools = this.toolsPerQuery.get(entry.queryKey)!;
    const teachers = tools.get(entry.tool)! - 1;
    if (teachers > 0) tools.set(entry.tool, teachers);
    else tools.delete(entry.tool);
    if (tools.size === 0) this.toolsPerQuery.delete(entry.queryKey);
    if (bySession(entry)) {
      const own = this.bySessionTeacher.get(entry.by)!;
      own.splice(own.indexOf(entry), 1);
      if (own.length === 0) this.bySessionTeacher.delete(entry.by);
    }
    this.vectors?.remove(entry.key);
    for (const term of entry.counts.keys()) {
      const posting = this.postings.get(term)!;
      posting.delete(entry);
      if (posting.size === 0) this.postings.delete(term);
    }
    const list = this.byTool.get(entry.tool)!;
    list.splice(list.indexOf(entry), 1);
    if (list.length === 0) this.byTool.delete(entry.tool);
  }

  private resort(tool: string): void {
    this.byTool.get(tool)?.sort((a, b) => a.at - b.at);
  }
}

/** A lesson that resembles the query, with how much (weighted by its age and sharing). */
interface Hit {
  readonly entry: Entry;
  readonly value: number;
}

function push(map: Map<string, Hit[]>, entry: Entry, value: number): void {
  getOrAdd(map, entry.tool).push({ entry, value });
}

function getOrAdd<T>(map: Map<string, T[]>, key: string): T[] {
  let list = map.get(key);
  if (!list) map.set(key, (list = []));
  return list;
}

/** Inserts an entry into a list kept oldest first (lessons mostly arrive in date order). */
function insertByDate(list: Entry[], entry: Entry): void {
  let at = list.length;
  while (at > 0 && list[at - 1]!.at > entry.at) at--;
  list.splice(at, 0, entry);
}

/**
 * What one tool's matching lessons are worth to the session `requester`, one value per distinct
 * query: its own lessons and imports in full; another session's at most the square root of the
 * `minSessions`-th best session's best similarity (or the best import's, if higher), which is
 * what is `vouched`; `counted` is that or, if higher, the lesson's `uncorroboratedShare` of its
 * similarity. So one session, however many paraphrases it taught, vouches to nobody else (and
 * counts for them at most its bounded share), and two sessions that taught
 * the tool for like queries steer as far as the weaker of them resembles the query. The square
 * root (a weak corroborator at 0.25 allows 0.5) was chosen leave-one-dataset-out over the plain
 * similarity, a geometric mean with the best, and its square root: within 0.1 point of the best
 * on every set, and the strictest of those within it.
 */
function corroborated(
  hits: readonly Hit[],
  requester: string | undefined,
  minSessions: number,
  uncorroboratedShare: (entry: Entry) => number,
): { counted: number[]; vouched: number[] } {
  const bestByTeacher = new Map<string, number>();
  let imported = 0;
  for (const { entry, value } of hits) {
    if (entry.by === IMPORTED) imported = Math.max(imported, value);
    // Lessons from records older than teacher keys count as one unknown teacher.
    else bestByTeacher.set(entry.by ?? "", Math.max(bestByTeacher.get(entry.by ?? "") ?? 0, value));
  }
  const bests = [...bestByTeacher.values()].sort((a, b) => b - a);
  const corroboratedUpTo = Math.max(imported, Math.sqrt(bests[minSessions - 1] ?? 0));
  const byQuery = new Map<string, number>();
  const vouchedByQuery = new Map<string, number>();
  for (const { entry, value } of hits) {
    const vouched =
      entry.by === IMPORTED || (requester !== undefined && entry.by === requester)
        ? value
        : Math.min(value, corroboratedUpTo);
    const counted = Math.max(vouched, uncorroboratedShare(entry) * value);
    byQuery.set(entry.queryKey, Math.max(byQuery.get(entry.queryKey) ?? 0, counted));
    vouchedByQuery.set(entry.queryKey, Math.max(vouchedByQuery.get(entry.queryKey) ?? 0, vouched));
  }
  return { counted: [...byQuery.values()], vouched: [...vouchedByQuery.values()] };
}

/** The best values weighted by {@link NEIGHBOUR_SHARES}. */
function aggregate(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const best = [...values].sort((a, b) => b - a);
  return NEIGHBOUR_SHARES.reduce((sum, share, i) => sum + share * (best[i] ?? 0), 0);
}
