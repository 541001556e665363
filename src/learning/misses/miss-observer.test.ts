import { describe, expect, it } from "vitest";
import type { ToolSearchEvent } from "../../events.js";
import { MissObserver, type MissDraft, type MissObserverLimits } from "./miss-observer.js";

type Outcome = Extract<ToolSearchEvent, { type: "tool-call" }>["outcome"];

function observer(limits: MissObserverLimits = {}) {
  const settled: MissDraft[] = [];
  let now = 1_000;
  const watch = new MissObserver(
    (sessionId) => `scope-of-${sessionId}`,
    (draft) => settled.push(draft),
    limits,
    () => now,
  );
  const search = (
    query: string,
    results: string[],
    options: { weak?: boolean; session?: string; prefetch?: true } = {},
  ) =>
    watch.observe({
      type: "search",
      sessionId: options.session ?? "s1",
      query,
      limit: 5,
      results: results.map((name, index) => ({
        name,
        score: 1 / (index + 1),
        confidence: options.weak ? ("weak" as const) : ("strong" as const),
      })),
      ms: 1,
      ...(options.prefetch ? { prefetch: true as const } : {}),
    });
  const call = (name: string, outcome: Outcome = "ok", session = "s1") =>
    watch.observe({
      type: "tool-call",
      sessionId: session,
      name,
      toolUseId: "t",
      stub: false,
      validation: "valid",
      outcome,
      ms: 1,
    });
  const brief = () => settled.map(({ kind, request, answer }) => ({ kind, request, ...(answer ? { answer } : {}) }));
  return { watch, settled, search, call, brief, tick: (ms: number) => (now += ms) };
}

describe("MissObserver", () => {
  it("records nothing for a strong search whose match is used", () => {
    const { watch, search, call, settled } = observer();
    search("post a message", ["slack__post_message"]);
    call("slack__post_message");
    watch.end("s1");
    expect(settled).toEqual([]);
  });

  it("records an empty search with the tool used next, and waits for it", () => {
    const { search, call, brief } = observer();
    search("ping the crew", []);
    expect(brief()).toEqual([]);
    search("post a message", ["slack__post_message"]);
    call("slack__post_message");
    expect(brief()).toEqual([{ kind: "empty", request: "ping the crew", answer: "slack__post_message" }]);
  });

  it("records a weak search at the next search once its answer is known", () => {
    const { search, call, brief } = observer();
    search("tell the team", ["slack__post_message"], { weak: true });
    call("slack__post_message");
    expect(brief()).toEqual([]);
    search("open an issue", ["github__create_issue"]);
    expect(brief()).toEqual([{ kind: "weak", request: "tell the team", answer: "slack__post_message" }]);
  });

  it("records a search none of whose matches were called before the next search as unused", () => {
    const { watch, search, call, brief, settled } = observer();
    search("read the logs", ["filesystem__read_file", "postgres__query"]);
    call("calendar__create_event");
    search("schedule", ["calendar__create_event"]);
    expect(brief()).toEqual([{ kind: "unused", request: "read the logs", answer: "calendar__create_event" }]);
    expect(settled[0]!.results).toEqual(["filesystem__read_file", "postgres__query"]);
    expect(settled[0]!.scope).toBe("scope-of-s1");
    watch.end("s1");
    // The last search's match was not called either: the session's end settles it unused.
    expect(brief().at(-1)).toEqual({ kind: "unused", request: "schedule" });
  });

  it("counts a failed call of a match as using the search", () => {
    const { watch, search, call, brief } = observer();
    search("run sql", ["postgres__query"]);
    call("postgres__query", "tool-error");
    watch.end("s1");
    expect(brief()).toEqual([]);
  });

  it("records each earlier search that missed the tool a later search found as found-late", () => {
    const { search, call, brief } = observer();
    search("tell the crew", ["github__create_issue"]);
    search("notify the crew", ["calendar__create_event"]);
    search("slack message", ["slack__post_message"]);
    call("slack__post_message");
    expect(brief()).toEqual([
      { kind: "found-late", request: "tell the crew", answer: "slack__post_message" },
      { kind: "found-late", request: "notify the crew", answer: "slack__post_message" },
    ]);
  });

  it("records a call of a name that does not exist, with the tool used next", () => {
    const { watch, search, call, brief } = observer();
    call("slack__send", "unknown-tool");
    expect(brief()).toEqual([]);
    search("post a message", ["slack__post_message"]);
    call("slack__post_message");
    expect(brief()).toEqual([{ kind: "unknown-tool", request: "slack__send", answer: "slack__post_message" }]);
    call("jira__create", "unknown-tool");
    watch.end("s1");
    expect(brief().at(-1)).toEqual({ kind: "unknown-tool", request: "jira__create" });
  });

  it("ignores prefetch searches and searches outside a session", () => {
    const { watch, search, call, settled } = observer();
    search("whatever the user said", [], { prefetch: true });
    watch.observe({ type: "search", sessionId: undefined, query: "direct", limit: 5, results: [], ms: 1 });
    call("slack__post_message");
    watch.close();
    expect(settled).toEqual([]);
  });

  it("keeps sessions apart", () => {
    const { watch, search, call, brief } = observer();
    search("nothing here", [], { session: "a" });
    call("slack__post_message", "ok", "b");
    expect(brief()).toEqual([]);
    watch.end("a");
    expect(brief()).toEqual([{ kind: "empty", request: "nothing here" }]);
  });

  it("settles a session idle past idleMs, and the least recent past maxSessions", () => {
    const { search, brief, tick } = observer({ idleMs: 60_000, maxSessions: 2 });
    search("first", [], { session: "a" });
    search("second", [], { session: "b" });
    search("third", [], { session: "c" });
    expect(brief()).toEqual([{ kind: "empty", request: "first" }]);
    tick(60_000);
    search("fourth", [], { session: "d" });
    expect(brief().map((miss) => miss.request)).toEqual(["first", "second", "third"]);
  });

  it("holds at most maxOpenPerSession searches of a session", () => {
    const { search, settled } = observer({ maxOpenPerSession: 4 });
    for (let index = 0; index < 1_000; index++) search(`query ${index}`, [], { weak: true });
    // Settled as they are pushed out: memory stays bounded however long the session runs.
    expect(settled.length).toBeGreaterThanOrEqual(1_000 - 4);
  });

  it("survives a recorder that throws", () => {
    const watch = new MissObserver(
      () => "s",
      () => {
        throw new Error("boom");
      },
    );
    watch.observe({ type: "search", sessionId: "s1", query: "q", limit: 5, results: [], ms: 1 });
    expect(() => watch.end("s1")).not.toThrow();
  });
});
