import { afterEach, describe, expect, it, vi } from "vitest";
import { Learning, MissObserver, MissRecorder } from "../learning/index.js";
import { loadLearningRuntime } from "./load-learning.js";

const TOOLS = [
  {
    name: "open_ticket",
    description: "Opens a support ticket",
    inputSchema: { type: "object" as const },
    execute: async () => "ok",
  },
];

afterEach(() => {
  vi.doUnmock("../learning/index.js");
  vi.resetModules();
});

describe("loadLearningRuntime", () => {
  it("answers learning's classes", async () => {
    expect(await loadLearningRuntime()).toEqual({ Learning, MissObserver, MissRecorder });
  });
});

describe("createToolSearch when learning/ does not load", () => {
  it("rejects with the DependencyError for learning or misses, searches without them, and loads again once fixed", async () => {
    vi.doMock("../learning/index.js", () => {
      throw new Error("Unexpected end of input");
    });
    const { createToolSearch } = await import("./tool-search.js");
    const { DependencyError } = await import("../errors.js");
    for (const options of [{ learning: true }, { misses: true }]) {
      const failure = await createToolSearch({ tools: TOOLS, ...options }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(DependencyError);
      expect(failure).toMatchObject({ code: "missing_dependency", packageName: "toolsift" });
      expect((failure as Error).message).toMatch(
        /^toolsift could not load its own module for the learning and misses options \(.*Unexpected end of input/,
      );
    }
    const plain = await createToolSearch({ tools: TOOLS });
    expect((await plain.search("open a ticket")).map((match) => match.name)).toEqual(["open_ticket"]);
    await plain.close();

    // A failure is not kept: the next tool search that learns loads the module afresh.
    vi.doUnmock("../learning/index.js");
    const learning = await createToolSearch({ tools: TOOLS, learning: true });
    await learning.learn("file a complaint", "open_ticket");
    await learning.close();
  });
});
