import type { Learning, MissObserver, MissRecorder } from "../learning/index.js";
import { ownModule } from "../util/own-module.js";

/** What a tool search runs learning and misses with: the classes, loaded when options ask for them. */
export interface LearningRuntime {
  readonly Learning: typeof Learning;
  readonly MissObserver: typeof MissObserver;
  readonly MissRecorder: typeof MissRecorder;
}

/**
 * Loads learning/ (lessons, misses, their stores) on first use: a tool search that neither learns
 * nor records misses, most of them, never needs it, and importing it with the root entry made
 * every program's start-up slower (bench/results/*-cold-start-refs.md).
 *
 * @throws `DependencyError` (package `toolsift`) when the module does not load; see {@link ownModule}.
 */
export const loadLearningRuntime: () => Promise<LearningRuntime> = ownModule(
  "the learning and misses options",
  async () => {
    const { Learning, MissObserver, MissRecorder } = await import("../learning/index.js");
    return { Learning, MissObserver, MissRecorder };
  },
);
