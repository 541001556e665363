import { afterEach, describe, expect, it, vi } from "vitest";
import { alternatingRounds } from "./checkout-rounds.js";

describe("alternatingRounds", () => {
  afterEach(() => vi.restoreAllMocks());

  it("measures base then head in every round, and keeps each side's results in round order", () => {
    const progress = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const calls: string[] = [];
    const runs = alternatingRounds(2, { base: "/b", head: "/h" }, (side, root, round) => {
      calls.push(`${side}:${root}:${round}`);
      return `${side}${round}`;
    });
    expect(calls).toEqual(["base:/b:0", "head:/h:0", "base:/b:1", "head:/h:1"]);
    expect(runs).toEqual({ base: ["base0", "base1"], head: ["head0", "head1"] });
    expect(progress).toHaveBeenCalledWith("round 2: head (/h)\n");
  });
});
