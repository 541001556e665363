import { afterEach, describe, expect, it, vi } from "vitest";
import { DependencyError } from "../errors.js";
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
    const runtime = await loadLearningRuntime();
    expect(runtime).toEqual({ Learning, MissObserver, MissRecorder });
  });

  it("turns a module that does not load into a DependencyError that says to reinstall", async () => {
    const cause = new Error("Cannot find module '/app/node_modules/toolsift/dist/learning/index.js'");
    const failure = await loadLearningRuntime(() => Promise.reject(cause)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DependencyError);
    expect(failure).toMatchObject({ code: "missing_dependency", packageName: "toolsift", cause });
    expect((failure as Error).message).toMatch(/learning module.*Cannot find module.*reinstall it/);
  });
});

describe("createToolSearch when learning/ does not load", () => {
  it("rejects with the DependencyError for learning or misses, searches without them, and loads again once fixed", async () => {
    vi.doMock("../learning/index.js", () => {
      throw new Error("Unexpected end of input");
    });
    const { createToolSearch } = await import("./tool-search.js");
    const { DependencyError: ReloadedError } = await import("../errors.js");
    for (const options of [{ learning: true }, { misses: true }]) {
      const failure = await createToolSearch({ tools: TOOLS, ...options }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ReloadedError);
      expect(failure).toMatchObject({ code: "missing_dependency", packageName: "toolsift" });
      expect((failure as Error).message).toContain("Unexpected end of input");
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
