import { describe, expect, it } from "vitest";
import { Hydration } from "./hydration.js";

describe("Hydration", () => {
  it("tracks recency and first-use order separately", () => {
    const hydration = new Hydration(5);
    hydration.use("a");
    hydration.use("b");
    hydration.use("a");
    expect(hydration.byRecency()).toEqual(["b", "a"]);
    expect(hydration.byFirstUse()).toEqual(["a", "b"]);
  });

  it("evicts the least recently used past the cap, and re-hydrates at the end", () => {
    const hydration = new Hydration(2);
    expect(hydration.use("a")).toEqual({ hydrated: true, evicted: [] });
    hydration.use("b");
    hydration.use("a");
    expect(hydration.use("c")).toEqual({ hydrated: true, evicted: ["b"] });
    expect(hydration.use("b")).toEqual({ hydrated: true, evicted: ["a"] });
    expect(hydration.byFirstUse()).toEqual(["c", "b"]);
  });

  it("never hydrates with a cap of 0", () => {
    const hydration = new Hydration(0);
    expect(hydration.use("a")).toEqual({ hydrated: false, evicted: [] });
    expect(hydration.has("a")).toBe(false);
  });
});
