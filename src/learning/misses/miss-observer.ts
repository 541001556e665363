import type { ToolSearchEvent } from "../../events.js";
import type { MissKind } from "./miss-record.js";

/** A miss as the observer decides it: the request still in clear, not yet hashed or dated. */
export interface MissDraft {
  /** When the search (or the unknown call) happened, ms since the epoch. */
  at: number;
  sessionId: string;
  scope: string;
  kind: MissKind;
  /** The search's query, or for `unknown-tool` the name called. */
  request: string;
  /** The search's result names, best first. */
  results: string[];
  answer?: string;
}

export interface MissObserverLimits {
  /** Sessions followed at once; past it the least recently active one is settled as if it ended. @defaultValue 1,000 */
  maxSessions?: number;
  /** Searches (and unknown calls) one session holds open; past it the oldest is settled with what is known. @defaultValue 32 */
  maxOpenPerSession?: number;
  /** A session with no event for this long is settled as if it ended. @defaultValue 15 minutes */
  idleMs?: number;
}

/** A search of a session, until it is settled. */
interface OpenSearch {
  at: number;
  query: string;
  results: string[];
  weak: boolean;
  /** A later search came (or the session ended): no further call can make it used. */
  closed: boolean;
  /** One of its matches was called while it was the session's latest search. */
  used: boolean;
  /** A later search returned the tool the session then used, and this one did not. */
  foundLate: boolean;
  /** The first tool called successfully after it. */
  answer?: string;
}

interface UnknownCall {
  at: number;
  name: string;
}

interface SessionTrack {
  scope: string;
  lastSeen: number;
  searches: OpenSearch[];
  unknown: UnknownCall[];
}

/**
 * Turns a session's events into misses. A search is settled, and so its miss decided, once both
 * what came after it and what the session used are known: when a later search closed it (or the
 * session ended) and the session's next successful call named its answer (or the session ended).
 * An unknown tool name is settled at the next successful call, or the session's end. So a record
 * is written at the first successful call after its search was closed, at the session's next
 * search after a successful call, or at the session's end (`end`), when it idles past `idleMs`,
 * when more than `maxSessions` are followed, and at `close`.
 *
 * Searches without a session (`toolSearch.search()`) and prefetch searches (which rank the
 * user's message, not a search the model chose to make) are not observed.
 *
 * One search gives at most one miss, the most telling kind: `empty`, then `found-late`, then
 * `weak`, then `unused`. Memory is bounded by `maxSessions` × `maxOpenPerSession` searches.
 */
export class MissObserver {
  private readonly sessions = new Map<string, SessionTrack>();
  private readonly maxSessions: number;
  private readonly maxOpen: number;
  private readonly idleMs: number;

  constructor(
    private readonly scopeOf: (sessionId: string) => string,
    private readonly settled: (draft: MissDraft) => void,
    limits: MissObserverLimits = {},
    private readonly now: () => number = Date.now,
  ) {
    this.maxSessions = limits.maxSessions ?? 1_000;
    this.maxOpen = limits.maxOpenPerSession ?? 32;
    this.idleMs = limits.idleMs ?? 15 * 60_000;
  }

  observe(event: ToolSearchEvent): void {
    const at = this.now();
    this.settleIdle(at);
    if (event.type === "search") {
      if (event.sessionId === undefined || event.prefetch) return;
      const track = this.track(event.sessionId, at);
      const latest = track.searches.at(-1);
      if (latest) latest.closed = true;
      track.searches.push({
        at,
        query: event.query,
        results: event.results.map((result) => result.name),
        weak: event.results[0]?.confidence === "weak",
        closed: false,
        used: false,
        foundLate: false,
      });
      this.settleReady(event.sessionId, track);
      this.trim(event.sessionId, track);
      return;
    }
    if (event.type !== "tool-call") return;
    const track = this.track(event.sessionId, at);
    if (event.outcome === "unknown-tool") {
      track.unknown.push({ at, name: event.name });
      this.trim(event.sessionId, track);
      return;
    }
    const latest = track.searches.at(-1);
    if (latest && !latest.closed && latest.results.includes(event.name)) latest.used = true;
    if (event.outcome === "ok") this.answered(event.sessionId, track, event.name);
  }

  /** The session ended: everything it holds is settled now. */
  end(sessionId: string): void {
    const track = this.sessions.get(sessionId);
    if (!track) return;
    this.sessions.delete(sessionId);
    for (const search of track.searches) search.closed = true;
    for (const search of track.searches) this.settleSearch(sessionId, track.scope, search);
    for (const call of track.unknown) this.settleUnknown(sessionId, track.scope, call);
  }

  /** Settles every session followed, as if each ended. */
  close(): void {
    for (const sessionId of [...this.sessions.keys()]) this.end(sessionId);
  }

  private answered(sessionId: string, track: SessionTrack, name: string): void {
    // The last search that returned the tool: every earlier open one that did not found it late.
    let found = -1;
    for (let index = track.searches.length - 1; index >= 0; index--) {
      if (track.searches[index]!.results.includes(name)) {
        found = index;
        break;
      }
    }
    for (const [index, search] of track.searches.entries()) {
      if (search.answer !== undefined) continue;
      search.answer = name;
      if (index < found && !search.results.includes(name)) search.foundLate = true;
    }
    for (const call of track.unknown) this.settleUnknown(sessionId, track.scope, call, name);
    track.unknown = [];
    this.settleReady(sessionId, track);
  }

  /** Settles the searches that are closed and answered. */
  private settleReady(sessionId: string, track: SessionTrack): void {
    const ready = track.searches.filter((search) => search.closed && search.answer !== undefined);
    if (ready.length === 0) return;
    track.searches = track.searches.filter((search) => !(search.closed && search.answer !== undefined));
    for (const search of ready) this.settleSearch(sessionId, track.scope, search);
  }

  private settleSearch(sessionId: string, scope: string, search: OpenSearch): void {
    const kind: MissKind | undefined =
      search.results.length === 0
        ? "empty"
        : search.foundLate
          ? "found-late"
          : search.weak
            ? "weak"
            : search.closed && !search.used
              ? "unused"
              : undefined;
    if (!kind) return;
    this.emit({
      at: search.at,
      sessionId,
      scope,
      kind,
      request: search.query,
      results: search.results,
      ...(search.answer === undefined ? {} : { answer: search.answer }),
    });
  }

  private settleUnknown(sessionId: string, scope: string, call: UnknownCall, answer?: string): void {
    this.emit({
      at: call.at,
      sessionId,
      scope,
      kind: "unknown-tool",
      request: call.name,
      results: [],
      ...(answer === undefined ? {} : { answer }),
    });
  }

  private emit(draft: MissDraft): void {
    try {
      this.settled(draft);
    } catch {
      // Whoever records misses must not break the session observed.
    }
  }

  /** The session's track, made the most recently active; a new one may push out the least. */
  private track(sessionId: string, at: number): SessionTrack {
    let track = this.sessions.get(sessionId);
    if (track) this.sessions.delete(sessionId);
    else track = { scope: this.scopeOf(sessionId), lastSeen: at, searches: [], unknown: [] };
    track.lastSeen = at;
    this.sessions.set(sessionId, track);
    for (const oldest of this.sessions.keys()) {
      if (this.sessions.size <= this.maxSessions) break;
      this.end(oldest);
    }
    return track;
  }

  /** Past `maxOpenPerSession`, the oldest searches and unknown calls are settled with what is known. */
  private trim(sessionId: string, track: SessionTrack): void {
    while (track.searches.length > this.maxOpen) {
      const oldest = track.searches.shift()!;
      oldest.closed = true;
      this.settleSearch(sessionId, track.scope, oldest);
    }
    while (track.unknown.length > this.maxOpen) this.settleUnknown(sessionId, track.scope, track.unknown.shift()!);
  }

  /** Map order is recency: the idle sessions are at the front. */
  private settleIdle(at: number): void {
    for (const [sessionId, track] of this.sessions) {
      if (at - track.lastSeen < this.idleMs) break;
      this.end(sessionId);
    }
  }
}
