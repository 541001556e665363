import { beforeEach, describe, expect, it, vi } from "vitest";
import { sampleTools } from "../../test/support/sample-tools.js";
import { OptionsError } from "../errors.js";
import type { ToolSearchEvent } from "../events.js";
import {
  Bm25Ranker,
  EmbeddingRanker,
  HybridRanker,
  type RankDocument,
  type Ranker,
  type RankOptions,
} from "../ranking/index.js";
import { createRanker } from "./create-ranker.js";
import { createToolSearch } from "./tool-search.js";

// The embedding and hybrid rankers load a model; here they are stand-ins that record how they
// were built, so what createRanker hands them (and what a tool search does with a ranker it
// built by name) can be checked without one.
const built = vi.hoisted(() => ({
  rankers: [] as { kind: string; options: { onWarning?: (code: string, message: string) => void }; closed: number }[],
  failUpdate: false,
  withoutClose: false,
}));

vi.mock("../ranking/index.js", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../ranking/index.js")>();
  const standIn = (kind: string) =>
    class implements Ranker {
      readonly name = kind;
      private readonly inner = new actual.Bm25Ranker();
      private readonly record: (typeof built.rankers)[number];
      close?: () => void;
      constructor(options: { onWarning?: (code: string, message: string) => void } = {}) {
        this.record = { kind, options, closed: 0 };
        built.rankers.push(this.record);
        if (!built.withoutClose) this.close = () => void this.record.closed++;
      }
      update(documents: readonly RankDocument[]) {
        if (built.failUpdate) throw new Error(`${kind} index unavailable`);
        this.inner.update(documents);
      }
      search(query: string, options: RankOptions) {
        return this.inner.search(query, options);
      }
    };
  return { ...actual, EmbeddingRanker: standIn("embedding"), HybridRanker: standIn("hybrid") };
});

beforeEach(() => {
  built.rankers.splice(0);
  built.failUpdate = false;
  built.withoutClose = false;
});

describe("createRanker", () => {
  it("builds BM25 by default and by name", async () => {
    const emit = () => undefined;
    expect(await createRanker(undefined, { emit })).toBeInstanceOf(Bm25Ranker);
    expect(await createRanker("bm25", { emit })).toBeInstanceOf(Bm25Ranker);
  });

  it.each([
    ["embedding", EmbeddingRanker],
    ["hybrid", HybridRanker],
  ] as const)("builds the %s ranker by name, its warnings becoming warning events", async (name, type) => {
    const events: ToolSearchEvent[] = [];
    const ranker = await createRanker(name, { emit: (event) => events.push(event) });
    expect(ranker).toBeInstanceOf(type);
    expect(built.rankers.map((record) => record.kind)).toEqual([name]);
    built.rankers[0]!.options.onWarning!("cache_write_failed", "The embedding cache could not be written.");
    expect(events).toEqual([
      { type: "warning", code: "cache_write_failed", message: "The embedding cache could not be written." },
    ]);
  });

  it("returns an object with update and search as it is", async () => {
    const own: Ranker = { name: "own", update: () => undefined, search: () => [] };
    expect(await createRanker(own, { emit: () => undefined })).toBe(own);
  });

  const update = () => undefined;
  const search = () => [];
  it.each([
    ["an unknown name", "bm26", '"bm26"'],
    ["a name in another case", "BM25", '"BM25"'],
    ["null", null, '"object"'],
    ["a number", 42, '"number"'],
    ["an object without search", { name: "half", update }, '"object"'],
    ["an object without update", { name: "half", search }, '"object"'],
    ["an object whose search is not a function", { name: "half", update, search: "bm25" }, '"object"'],
    // A ranker is an object: a function carrying the methods (a class, say) is a mistake.
    ["a function carrying update and search", Object.assign(() => undefined, { update, search }), '"function"'],
  ])("refuses %s, listing what it takes", async (_label, ranker, shown) => {
    const refusal = createRanker(ranker as never, { emit: () => undefined });
    await expect(refusal).rejects.toBeInstanceOf(OptionsError);
    await expect(refusal).rejects.toMatchObject({
      code: "unknown_ranker",
      message: `Unknown ranker ${shown}. Use one of "bm25", "embedding", "hybrid", or an object implementing Ranker (update and search).`,
    });
  });
});

describe("a ranker a tool search built by name", () => {
  it("reports its warnings through onEvent", async () => {
    const events: ToolSearchEvent[] = [];
    await createToolSearch({ tools: sampleTools(), ranker: "hybrid", onEvent: (event) => events.push(event) });
    built.rankers[0]!.options.onWarning!("ranker_fallback", "The semantic ranker failed.");
    expect(events).toContainEqual({ type: "warning", code: "ranker_fallback", message: "The semantic ranker failed." });
  });

  it("is closed by close(), being the tool search's own", async () => {
    const toolSearch = await createToolSearch({ tools: sampleTools(), ranker: "embedding" });
    expect(toolSearch.ranker).toBeInstanceOf(EmbeddingRanker);
    expect(built.rankers[0]!.closed).toBe(0);
    await toolSearch.close();
    expect(built.rankers[0]!.closed).toBe(1);
  });

  it("is closed when the first indexing fails, and the indexing error is what the caller sees", async () => {
    built.failUpdate = true;
    await expect(createToolSearch({ tools: sampleTools(), ranker: "embedding" })).rejects.toThrow(
      "embedding index unavailable",
    );
    expect(built.rankers[0]!.closed).toBe(1);
  });

  it("need not have a close method", async () => {
    built.withoutClose = true;
    const toolSearch = await createToolSearch({ tools: sampleTools(), ranker: "hybrid" });
    await expect(toolSearch.close()).resolves.toBeUndefined();
    built.failUpdate = true;
    await expect(createToolSearch({ tools: sampleTools(), ranker: "hybrid" })).rejects.toThrow(
      "hybrid index unavailable",
    );
  });
});
