import { describe, expect, it } from "vitest";
import { SessionTable } from "./session-table.js";

class FakeSession {
  closed = false;
  async close() {
    this.closed = true;
  }
}

describe("SessionTable", () => {
  it("counts initializes under way, so concurrent ones cannot pass a quota, and gives back a released place", () => {
    const table = new SessionTable<FakeSession>(2, 5);
    const first = table.reserve("token:alice")!;
    const second = table.reserve("token:bob")!;
    // Both places are held by initializes not yet answered: none of them is carol's to end.
    expect(table.reserve("token:carol")).toBeUndefined();
    second.release();
    second.release(); // twice is once
    const third = table.reserve("token:carol")!;
    expect(third).toBeDefined();
    expect(table.reserve("token:dave")).toBeUndefined();
    first.open("a", new FakeSession());
    third.open("c", new FakeSession());
    expect(table.size).toBe(2);
  });

  it("finds a session only for the owner that opened it, and ends only that owner's oldest", () => {
    const table = new SessionTable<FakeSession>(10, 2);
    const sessions = { a1: new FakeSession(), a2: new FakeSession(), b1: new FakeSession() };
    table.reserve("token:alice")!.open("a1", sessions.a1);
    table.reserve("token:bob")!.open("b1", sessions.b1);
    table.reserve("token:alice")!.open("a2", sessions.a2);
    expect(table.use("a1", "token:bob")).toBeUndefined();
    expect(table.ownedByOther("a1", "token:bob")).toBe(true);
    expect(table.ownedByOther("zz", "token:bob")).toBe(false);
    expect(table.use("a1", "token:alice")).toBe(sessions.a1); // a2 is now alice's oldest
    table.reserve("token:alice")!.open("a3", new FakeSession());
    expect(sessions.a2.closed).toBe(true);
    expect(sessions.a1.closed).toBe(false);
    expect(sessions.b1.closed).toBe(false);
    expect(table.use("a2", "token:alice")).toBeUndefined();
  });
});
