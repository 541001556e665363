import { afterEach, describe, expect, it, vi } from "vitest";

// A host can turn WebAssembly off (`node --jitless`); the kernels are loaded again without it.
// The global is typed locally: TypeScript declares it only in the DOM library.
const host = globalThis as { WebAssembly?: unknown };
const realWebAssembly = host.WebAssembly;

afterEach(() => {
  host.WebAssembly = realWebAssembly;
  vi.resetModules();
});

async function withoutWebAssembly() {
  host.WebAssembly = undefined;
  vi.resetModules();
  return {
    ...(await import("./row-sum-kernel.js")),
    ...(await import("./dot-product-kernel.js")),
    ...(await import("./token-rows.js")),
  };
}

describe("the vector kernels without WebAssembly", () => {
  it("sum and compare in JavaScript over a memory that grows by copying", async () => {
    const { createRowSumKernel, createDotProductKernel, TokenRows } = await withoutWebAssembly();
    const sums = createRowSumKernel();
    const dots = createDotProductKernel();
    expect([sums.simd, dots.simd]).toEqual([false, false]);

    // 300 rows of 512 floats: the memory grows well past its first page, keeping what it held.
    const graph = {
      dimensions: 512,
      rows: (ids: readonly number[]) =>
        Float32Array.from(ids.flatMap((id) => Array.from({ length: 512 }, (_, d) => (id === d ? 1 : 0)))),
    };
    const tokens = new TokenRows(graph);
    const first = tokens.count([7, 7, 9]);
    tokens.lookUp();
    const many = tokens.count(Array.from({ length: 300 }, (_, i) => i));
    tokens.lookUp();
    const mean = tokens.mean(first);
    expect([mean[7], mean[9], mean[8]]).toEqual([Math.fround(2 / 3), Math.fround(1 / 3), 0]);
    expect(tokens.mean(many)[299]).toBeCloseTo(1 / 300, 7);

    dots.reserve(3 * 16);
    const floats = new Float32Array(dots.memory.buffer);
    floats.set([1, 2, 3, 4, 0.5, 0, 0, 1]);
    dots.dots(0, 1, 16, 1, 32);
    expect(new Float32Array(dots.memory.buffer)[8]).toBe(4.5);
  });

  it("lets the hybrid ranker answer, where it crashed before", async () => {
    await withoutWebAssembly();
    const { createToolSearch, HybridRanker } = await import("../../index.js");
    const toolSearch = await createToolSearch({
      tools: [
        { name: "create_issue", description: "Create an issue in the tracker.", inputSchema: { type: "object" } },
        { name: "list_files", description: "List the files in a folder.", inputSchema: { type: "object" } },
      ],
      ranker: new HybridRanker({ semantic: { cacheDir: false } }),
    });
    try {
      expect((await toolSearch.search("open a new issue")).map((match) => match.name)[0]).toBe("create_issue");
    } finally {
      await toolSearch.close();
    }
  });
});
