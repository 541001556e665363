import { DependencyError, errorText } from "../errors.js";

/**
 * Loads one of toolsift's own modules that a program needs only for an option it may never set
 * (learning, an HNSW index), so that importing toolsift stays cheap. A success is kept; a
 * failure is not, so a later use tries again.
 *
 * @param neededFor what needs it, for the message: "the learning and misses options".
 * @returns a function that loads the module, and throws a {@link DependencyError} (package
 *   `toolsift`) when it does not load: an installation with files missing or damaged, which
 *   reinstalling toolsift fixes.
 */
export function ownModule<Module>(neededFor: string, load: () => Promise<Module>): () => Promise<Module> {
  let loaded: Promise<Module> | undefined;
  return () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw new DependencyError(
        "toolsift",
        `toolsift could not load its own module for ${neededFor} (${errorText(error)}). ` +
          "The installed toolsift is missing files or damaged: reinstall it (npm install toolsift).",
        { cause: error },
      );
    });
    return loaded;
  };
}
