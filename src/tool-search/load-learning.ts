import { DependencyError, errorText } from "../errors.js";
import type { Learning, MissObserver, MissRecorder } from "../learning/index.js";

/** What a tool search runs learning and misses with: the classes, loaded when options ask for them. */
export interface LearningRuntime {
  readonly Learning: typeof Learning;
  readonly MissObserver: typeof MissObserver;
  readonly MissRecorder: typeof MissRecorder;
}

/** The import of learning/, as a function so a test can make it fail. */
export type LearningImport = () => Promise<LearningRuntime>;

const importLearning: LearningImport = () => import("../learning/index.js");

let loaded: Promise<LearningRuntime> | undefined;

/**
 * Loads learning/ (lessons, misses, their stores) on first use: a tool search that neither learns
 * nor records misses, most of them, never needs it, and importing it with the root entry made
 * every program's start-up slower (bench/results/*-cold-start-refs.md). A success is kept; a
 * failure is not, so a later tool search tries again.
 *
 * @throws {@link DependencyError} (package `toolsift`) when the module does not load: an
 *   installation with files missing or damaged, which reinstalling toolsift fixes.
 */
export function loadLearningRuntime(load: LearningImport = importLearning): Promise<LearningRuntime> {
  if (load !== importLearning) return loadWith(load);
  loaded ??= loadWith(load).catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}

async function loadWith(load: LearningImport): Promise<LearningRuntime> {
  try {
    const { Learning, MissObserver, MissRecorder } = await load();
    return { Learning, MissObserver, MissRecorder };
  } catch (error) {
    throw new DependencyError(
      "toolsift",
      `createToolSearch could not load toolsift's learning module, which the learning and misses options need ` +
        `(${errorText(error)}). The installed toolsift is missing files or damaged: reinstall it (npm install toolsift).`,
      { cause: error },
    );
  }
}
