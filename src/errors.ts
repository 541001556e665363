/** Base class of every error toolsift throws; `code` is stable for programmatic handling. */
export class ToolsiftError extends Error {
  constructor(
    readonly code: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** A tool definition or the catalogue as a whole is unusable (bad name, duplicate, bad schema). */
export class CatalogueError extends ToolsiftError {}

/** An option passed to a toolsift function is wrong. */
export class OptionsError extends ToolsiftError {}

/** A search query is empty, too long or otherwise unusable. */
export class QueryError extends ToolsiftError {}

/** An embedding model could not be found, read or run. */
export class ModelError extends ToolsiftError {}

/**
 * An optional package a feature needs is not installed (or does not load). toolsift keeps its
 * heavy parts optional, so the message names the package and the command that adds it.
 */
export class DependencyError extends ToolsiftError {
  constructor(
    /** The npm package to install, e.g. `@modelcontextprotocol/sdk`. */
    readonly packageName: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super("missing_dependency", message, options);
  }
}

/**
 * A readable one-line reason for anything thrown. An `Error`'s message, plus its cause's message
 * when the cause adds something: `fetch` hides the network reason (ECONNREFUSED…) there.
 *
 * @example
 * ```ts
 * errorText(new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED 127.0.0.1:1") }));
 * // "fetch failed (connect ECONNREFUSED 127.0.0.1:1)"
 * ```
 */
export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause =
    error.cause instanceof Error && !error.message.includes(error.cause.message) ? ` (${error.cause.message})` : "";
  return `${error.message}${cause}`;
}
