import { describe, expect, it, vi } from "vitest";
import { ExactVectorIndex } from "./exact-vector-index.js";
import { RecentScores } from "./recent-scores.js";

// Counts the kernel's whole-catalogue comparisons; the products themselves are the real kernel's.
const scans = vi.hoisted(() => ({ count: 0 }));
vi.mock("./dot-product-kernel.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("./dot-product-kernel.js")>();
  return {
    ...real,
    createDotProductKernel: (options?: { simd?: boolean }) => {
      const kernel = real.createDotProductKernel(options);
      return {
        ...kernel,
        dots: (...args: Parameters<typeof kernel.dots>) => {
          scans.count++;
          kernel.dots(...args);
        },
      };
    },
  };
});

function vector(...values: number[]): Float32Array {
  const norm = Math.hypot(...values);
  return Float32Array.from(values, (value) => value / norm);
}

/** Six tools around a circle in the first two dimensions, so every query has a clear order. */
function circle(): ExactVectorIndex {
  const index = new ExactVectorIndex(3);
  for (let i = 0; i < 6; i++) index.upsert(`tool_${i}`, "h", vector(Math.cos(i), Math.sin(i), 0.1));
  return index;
}

const names = (hits: readonly { name: string }[]) => hits.map((hit) => hit.name);

describe("ExactVectorIndex reusing a query's scores", () => {
  it("compares the catalogue once for a query asked again at any depth or filter, with the same answers", () => {
    const index = circle();
    const query = vector(1, 0.2, 0);
    const fresh = [names(index.search(query, 5)), names(index.search(query, 2)), names(index.search(query, 6))];
    const before = scans.count;
    expect(names(index.search(vector(1, 0.2, 0), 5))).toEqual(fresh[0]);
    expect(names(index.search(query, 2))).toEqual(fresh[1]);
    expect(names(index.search(query, 6))).toEqual(fresh[2]);
    expect(names(index.search(query, 3, (name) => name !== "tool_0"))).toEqual(
      fresh[2]!.filter((name) => name !== "tool_0").slice(0, 3),
    );
    expect(scans.count).toBe(before);
  });

  it("keeps its own copy of the scores, which a later query's scan does not overwrite", () => {
    const index = circle();
    const first = vector(1, 0, 0);
    const second = vector(-1, 0, 0);
    const answer = index.search(first, 6);
    index.search(second, 6);
    expect(index.search(first, 6)).toEqual(answer);
  });

  it("compares again once a tool is added, changed or removed", () => {
    const index = circle();
    const query = vector(1, 0, 0);
    expect(index.search(query, 1)[0]!.name).toBe("tool_0");
    index.upsert("tool_3", "h2", vector(1, 0, 0));
    expect(index.search(query, 1)[0]).toEqual({ name: "tool_3", similarity: expect.closeTo(1, 5) });
    index.remove("tool_3");
    expect(index.search(query, 1)[0]!.name).toBe("tool_0");
    index.upsert("twin", "h", vector(1, 0, 0));
    expect(index.search(query, 1)[0]!.name).toBe("twin");
  });
});

describe("RecentScores", () => {
  it("forgets the least recently used query past its capacity", () => {
    const recent = new RecentScores(2);
    const [a, b, c] = [vector(1, 0), vector(0, 1), vector(1, 1)];
    recent.set(a, Float32Array.of(1));
    recent.set(b, Float32Array.of(2));
    expect(recent.get(a)).toEqual(Float32Array.of(1));
    recent.set(c, Float32Array.of(3));
    expect(recent.get(b)).toBeUndefined();
    expect(recent.get(a)).toEqual(Float32Array.of(1));
    expect(recent.get(c)).toEqual(Float32Array.of(3));
    recent.clear();
    expect(recent.get(a)).toBeUndefined();
  });

  it("matches a query only when every component is equal", () => {
    const recent = new RecentScores();
    recent.set(Float32Array.of(0.5, 0.5), Float32Array.of(7));
    expect(recent.get(Float32Array.of(0.5, 0.5000001))).toBeUndefined();
    expect(recent.get(Float32Array.of(0.5))).toBeUndefined();
    expect(recent.get(Float32Array.of(0.5, 0.5))).toEqual(Float32Array.of(7));
  });
});
