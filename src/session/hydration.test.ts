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

describe("Hydration: what each use reports", () => {
  it("reports a tool already hydrated as not hydrated again, and keeps its place in the block", () => {
    const hydration = new Hydration(3);
    expect(hydration.use("a")).toEqual({ hydrated: true, evicted: [] });
    expect(hydration.use("b")).toEqual({ hydrated: true, evicted: [] });
    expect(hydration.use("a")).toEqual({ hydrated: false, evicted: [] });
    expect(hydration.has("a")).toBe(true);
    expect(hydration.has("c")).toBe(false);
    expect(hydration.byFirstUse()).toEqual(["a", "b"]);
  });

  it("orders the block by first hydration whatever the order of use, over many tools", () => {
    const hydration = new Hydration(4);
    for (const name of ["a", "b", "c", "d", "b", "a", "c", "a"]) hydration.use(name);
    expect(hydration.byRecency()).toEqual(["d", "b", "c", "a"]);
    expect(hydration.byFirstUse()).toEqual(["a", "b", "c", "d"]);
    // "e" evicts "d", the least recently used, and goes last in the block.
    expect(hydration.use("e")).toEqual({ hydrated: true, evicted: ["d"] });
    expect(hydration.byFirstUse()).toEqual(["a", "b", "c", "e"]);
    expect(hydration.use("d")).toEqual({ hydrated: true, evicted: ["b"] });
    expect(hydration.byFirstUse()).toEqual(["a", "c", "e", "d"]);
  });

  it("holds exactly the cap: one tool with a cap of 1", () => {
    const hydration = new Hydration(1);
    expect(hydration.use("a")).toEqual({ hydrated: true, evicted: [] });
    expect(hydration.use("b")).toEqual({ hydrated: true, evicted: ["a"] });
    expect(hydration.byRecency()).toEqual(["b"]);
  });
});

describe("Hydration.remove", () => {
  it("unloads one tool and keeps the others' orders; a removed tool hydrates again at the end", () => {
    const hydration = new Hydration(5);
    for (const name of ["a", "b", "c"]) hydration.use(name);
    expect(hydration.remove("b")).toBe(true);
    expect(hydration.remove("b")).toBe(false);
    expect(hydration.byRecency()).toEqual(["a", "c"]);
    expect(hydration.use("b")).toEqual({ hydrated: true, evicted: [] });
    expect(hydration.byFirstUse()).toEqual(["a", "c", "b"]);
  });
});

describe("Hydration.replace", () => {
  it("takes both orders of another copy exactly, dropping what it held before", () => {
    const source = new Hydration(5);
    for (const name of ["a", "b", "c", "a"]) source.use(name);
    const copy = new Hydration(5);
    copy.use("z");
    copy.replace(source.byRecency(), source.byFirstUse());
    expect(copy.byRecency()).toEqual(["b", "c", "a"]);
    expect(copy.byFirstUse()).toEqual(["a", "b", "c"]);
    // Later uses go on from there: a new tool is last in the block and the most recent.
    copy.use("d");
    expect(copy.byFirstUse()).toEqual(["a", "b", "c", "d"]);
    expect(copy.byRecency()).toEqual(["b", "c", "a", "d"]);
  });

  it("keeps the cap, dropping the least recently used, and puts names missing from the block order last", () => {
    const copy = new Hydration(2);
    copy.replace(["a", "b", "c"], ["c"]);
    expect(copy.byRecency()).toEqual(["b", "c"]);
    expect(copy.byFirstUse()).toEqual(["c", "b"]);
    const none = new Hydration(0);
    none.replace(["a"], ["a"]);
    expect(none.byRecency()).toEqual([]);
  });
});
