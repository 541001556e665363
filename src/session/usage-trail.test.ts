import { describe, expect, it } from "vitest";
import { UsageTrail } from "./usage-trail.js";

describe("UsageTrail", () => {
  it("credits a successful call with the searches since the previous successful call", () => {
    const trail = new UsageTrail();
    trail.searched("open a ticket");
    trail.searched("file a bug");
    trail.searched("open a ticket");
    expect(trail.credit(trail.mark())).toEqual(["open a ticket", "file a bug"]);
    expect(trail.credit(trail.mark())).toEqual([]);
    trail.searched("close it");
    expect(trail.credit(trail.mark())).toEqual(["close it"]);
  });

  it("leaves the searches to the next call when a call fails (is never credited)", () => {
    const trail = new UsageTrail();
    trail.searched("send an email");
    trail.mark(); // a call that fails: no credit taken
    expect(trail.credit(trail.mark())).toEqual(["send an email"]);
  });

  it("credits calls made side by side with the same searches", () => {
    const trail = new UsageTrail();
    trail.searched("book a flight and email the itinerary");
    const first = trail.mark();
    const second = trail.mark();
    trail.searched("later search, for a later call");
    expect(trail.credit(first)).toEqual(["book a flight and email the itinerary"]);
    expect(trail.credit(second)).toEqual(["book a flight and email the itinerary"]);
    expect(trail.credit(trail.mark())).toEqual(["later search, for a later call"]);
  });

  it("still credits a side-by-side call that succeeds after a later call did", () => {
    const trail = new UsageTrail();
    trail.searched("rotate the api key");
    const slow = trail.mark();
    const fast = trail.mark();
    expect(trail.credit(fast)).toEqual(["rotate the api key"]);
    // A later call with no searches of its own succeeds before the slow one finishes.
    expect(trail.credit(trail.mark())).toEqual([]);
    expect(trail.credit(slow)).toEqual(["rotate the api key"]);
  });

  it("remembers at most 16 searches", () => {
    const trail = new UsageTrail();
    for (let i = 0; i < 40; i++) trail.searched(`query ${i}`);
    expect(trail.credit(trail.mark())).toEqual(Array.from({ length: 16 }, (_, i) => `query ${24 + i}`));
  });
});
