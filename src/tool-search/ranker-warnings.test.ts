import { describe, expect, it } from "vitest";
import { sampleTools } from "../../test/support/sample-tools.js";
import type { ToolSearchEvent } from "../events.js";
import { EmbeddingRanker, HybridRanker } from "../ranking/index.js";
import { listenToRanker } from "./create-ranker.js";
import { createToolSearch } from "./tool-search.js";

/** The hybrid a user builds to survive a missing model: the fallback is what should reach onEvent. */
const fallingBack = () =>
  new HybridRanker({
    semantic: new EmbeddingRanker({ embedder: { model: "/missing/model" }, cacheDir: false }),
    fallbackToLexical: true,
  });

describe("a ranker of the caller's", () => {
  it("reports its warnings (a hybrid's ranker_fallback) as warning events through listenToRanker, until told to stop", async () => {
    const events: ToolSearchEvent[] = [];
    const ranker = fallingBack();
    const unlisten = listenToRanker(ranker, { emit: (event) => events.push(event) });
    expect(unlisten).toBeTypeOf("function");
    const catalogue = [
      { name: "get_weather", description: "Get the weather forecast.", parameters: [], tags: [], fingerprint: "1" },
    ];
    await ranker.update(catalogue);
    expect(events).toEqual([
      { type: "warning", code: "ranker_fallback", message: expect.stringContaining("/missing/model") },
    ]);
    unlisten!();
    const again = fallingBack();
    listenToRanker(again, { emit: () => undefined })!();
    await again.update(catalogue);
    expect(events).toHaveLength(1);
  });

  it("that cannot be listened to is left alone", () => {
    expect(
      listenToRanker({ name: "own", update: () => undefined, search: () => [] }, { emit: () => undefined }),
    ).toBeUndefined();
  });

  it("reaches createToolSearch's onEvent, and not after close()", async () => {
    const events: ToolSearchEvent[] = [];
    const ranker = fallingBack();
    const toolSearch = await createToolSearch({ tools: sampleTools(), ranker, onEvent: (event) => events.push(event) });
    expect(events).toContainEqual({
      type: "warning",
      code: "ranker_fallback",
      message: expect.stringContaining("/missing/model"),
    });
    // The ranker is the user's and may outlive the tool search: a closed one stops listening.
    await toolSearch.close();
    const heard = events.length;
    await ranker.update([
      { name: "get_weather", description: "Get the weather forecast.", parameters: [], tags: [], fingerprint: "2" },
    ]);
    expect(events).toHaveLength(heard);
  });
});
