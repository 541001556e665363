import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { runtimeImports } from "../../scripts/import-edges.js";

// CI runs `npm run bench:guard`, and a contributor runs it after a bare `npm ci`: the bench's
// separately installed peers (bench/peers/package.json, `npm run setup:bench-peers`) may be
// missing then, so the guard must not load the one peer that needs them.
describe("bench:guard", () => {
  it("runs without the bench peers' own install: it never loads the AI SDK peer", () => {
    const loaded = runtimeImports("bench/guard/run-guard.ts");
    expect(loaded.has(resolve("bench/guard/measure-guard.ts"))).toBe(true);
    expect(loaded.has(resolve("bench/peers/registry-bm25-ranker.ts"))).toBe(true);
    expect(loaded.has(resolve("bench/peers/ai-sdk-tool-search-ranker.ts"))).toBe(false);
  });
});
