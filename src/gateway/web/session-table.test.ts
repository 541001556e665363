import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Caller } from "../auth/caller.js";
import { SessionTable, sessionOwnerOf } from "./session-table.js";

class FakeSession {
  closed = false;
  async close() {
    this.closed = true;
  }
}

const callerOf = (id: string, rights: Partial<Caller> = {}): Caller => ({
  id,
  via: "token",
  groups: [],
  scopes: [],
  tenant: undefined,
  ...rights,
});
const owner = (id: string, rights?: Partial<Caller>) => sessionOwnerOf(callerOf(id, rights));
const HOUR = 3_600_000;

describe("SessionTable", () => {
  it("counts initializes under way, so concurrent ones cannot pass a quota, and gives back a released place", () => {
    const table = new SessionTable<FakeSession>(2, 5, HOUR);
    const first = table.reserve(owner("alice"))!;
    const second = table.reserve(owner("bob"))!;
    // Both places are held by initializes not yet answered: none of them is carol's to end.
    expect(table.reserve(owner("carol"))).toBeUndefined();
    second.release();
    second.release(); // twice is once
    const third = table.reserve(owner("carol"))!;
    expect(third).toBeDefined();
    expect(table.reserve(owner("dave"))).toBeUndefined();
    first.open("a", new FakeSession());
    third.open("c", new FakeSession());
    expect(table.size).toBe(2);
  });

  it("finds a session only for the owner that opened it, and ends only that owner's oldest", () => {
    const table = new SessionTable<FakeSession>(10, 2, HOUR);
    const [alice, bob] = [owner("alice"), owner("bob")];
    const sessions = { a1: new FakeSession(), a2: new FakeSession(), b1: new FakeSession() };
    table.reserve(alice)!.open("a1", sessions.a1);
    table.reserve(bob)!.open("b1", sessions.b1);
    table.reserve(alice)!.open("a2", sessions.a2);
    expect(table.use("a1", bob.identity)).toBeUndefined();
    expect(table.ownedByOther("a1", bob.identity)).toBe(true);
    expect(table.ownedByOther("zz", bob.identity)).toBe(false);
    expect(table.use("a1", alice.identity)?.session).toBe(sessions.a1); // a2 is now alice's oldest
    table.reserve(alice)!.open("a3", new FakeSession());
    expect(sessions.a2.closed).toBe(true);
    expect(sessions.a1.closed).toBe(false);
    expect(sessions.b1.closed).toBe(false);
    expect(table.use("a2", alice.identity)).toBeUndefined();
  });

  it("binds a session to the caller's groups, scopes and tenant, but counts the quota by caller", () => {
    const ops = owner("alice", { groups: ["ops", "dev"] });
    expect(owner("alice", { groups: ["dev", "ops", "dev"] })).toEqual(ops); // a set: order and repeats do not matter
    for (const other of [
      owner("alice"),
      owner("alice", { groups: ["ops"] }),
      owner("alice", { groups: ["ops", "dev"], scopes: ["mcp"] }),
      owner("alice", { groups: ["ops", "dev"], tenant: "acme" }),
      sessionOwnerOf({ ...callerOf("alice", { groups: ["ops", "dev"] }), via: "oauth" }),
    ]) {
      expect(other.identity).not.toBe(ops.identity);
    }
    const table = new SessionTable<FakeSession>(10, 1, HOUR);
    const opened = new FakeSession();
    table.reserve(ops)!.open("a1", opened);
    const demoted = owner("alice");
    expect(demoted.quota).toBe(ops.quota);
    expect(table.use("a1", demoted.identity)).toBeUndefined();
    expect(table.ownedByOther("a1", demoted.identity)).toBe(true);
    // One session per caller: her new one, with fewer rights, ends the one opened with more.
    table.reserve(demoted)!.open("a2", new FakeSession());
    expect(opened.closed).toBe(true);
    expect(table.size).toBe(1);
  });

  describe("idle time-out", () => {
    beforeEach(() => void vi.useFakeTimers());
    afterEach(() => void vi.useRealTimers());

    it("ends another caller's longest-idle session for an initialize when the table is full, never an active or busy one", () => {
      const table = new SessionTable<FakeSession>(2, 5, 1_000);
      const sessions = { a: new FakeSession(), b: new FakeSession(), c: new FakeSession(), d: new FakeSession() };
      table.reserve(owner("alice"))!.open("a", sessions.a);
      table.reserve(owner("bob"))!.open("b", sessions.b);
      vi.advanceTimersByTime(600);
      expect(table.reserve(owner("carol"))).toBeUndefined(); // nobody idle long enough
      const busy = table.use("b", owner("bob").identity)!; // bob's event stream stays open
      vi.advanceTimersByTime(500);
      table.reserve(owner("carol"))!.open("c", sessions.c);
      expect(sessions.a.closed).toBe(true); // idle 1,100 ms
      expect(sessions.b.closed).toBe(false);
      vi.advanceTimersByTime(1_400);
      // Bob's request has been under way for 1,900 ms: still not idle. Carol's session is.
      table.reserve(owner("dave"))!.open("d", sessions.d);
      expect(sessions.c.closed).toBe(true);
      expect(sessions.b.closed).toBe(false);
      expect(table.reserve(owner("eve"))).toBeUndefined();
      busy.done();
      busy.done(); // twice is once
      vi.advanceTimersByTime(1_000);
      expect(table.reserve(owner("eve"))).toBeUndefined(); // idle exactly the time-out is not past it
      vi.advanceTimersByTime(1);
      expect(table.reserve(owner("eve"))).toBeDefined();
      expect(sessions.d.closed).toBe(true); // opened before bob's request ended: the longer idle
      expect(sessions.b.closed).toBe(false);
    });

    it("prefers ending an idle session to the caller's own active one when the table is full", () => {
      const table = new SessionTable<FakeSession>(2, 5, 1_000);
      const [mine, theirs] = [new FakeSession(), new FakeSession()];
      table.reserve(owner("bob"))!.open("b", theirs);
      table.reserve(owner("alice"))!.open("a", mine);
      vi.advanceTimersByTime(1_001);
      table.use("a", owner("alice").identity)!.done();
      table.reserve(owner("alice"))!.open("a2", new FakeSession());
      expect(theirs.closed).toBe(true);
      expect(mine.closed).toBe(false);
    });

    it("endIdle ends every session idle past the time-out, counting from the end of its last request", () => {
      const table = new SessionTable<FakeSession>(10, 10, 1_000);
      const sessions = { a: new FakeSession(), b: new FakeSession(), c: new FakeSession() };
      for (const [id, session] of Object.entries(sessions)) table.reserve(owner(id))!.open(id, session);
      const busy = table.use("a", owner("a").identity)!;
      vi.advanceTimersByTime(800);
      table.use("b", owner("b").identity)!.done();
      vi.advanceTimersByTime(201);
      expect(table.endIdle()).toBe(1);
      expect(sessions.c.closed).toBe(true);
      expect(table.use("c", owner("c").identity)).toBeUndefined();
      vi.advanceTimersByTime(800);
      expect(table.endIdle()).toBe(1);
      expect(sessions.b.closed).toBe(true);
      expect(sessions.a.closed).toBe(false); // under way for 1,801 ms
      busy.done();
      vi.advanceTimersByTime(1_000);
      expect(table.endIdle()).toBe(0);
      vi.advanceTimersByTime(1);
      expect(table.endIdle()).toBe(1);
      expect(sessions.a.closed).toBe(true);
      expect(table.size).toBe(0);
    });
  });
});
