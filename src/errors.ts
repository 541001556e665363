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
export class CatalogueError extends ToolsiftError {
  // Written in the class rather than as a named type: the root entry, at its cap of 80 names, exports
  // them with the class, as `CatalogueError["code"]`.
  declare readonly code:
    | "description_too_long"
    | "duplicate_tool_name"
    | "host_list_failed"
    | "invalid_catalogue"
    | "invalid_destructive"
    | "invalid_execute"
    | "invalid_host"
    | "invalid_open_world"
    | "invalid_schema"
    | "invalid_server"
    | "invalid_tags"
    | "invalid_tool"
    | "invalid_tool_name"
    | "missing_description"
    | "reserved_tool_name"
    | "too_many_tools"
    | "unreadable_tool";

  constructor(code: CatalogueError["code"], message: string, options?: { cause?: unknown }) {
    super(code, message, options);
  }
}

/** Every code a CatalogueError is thrown with: a typo in one fails the type check. */
export type CatalogueErrorCode = CatalogueError["code"];

/** An option passed to a toolsift function is wrong. */
export class OptionsError extends ToolsiftError {
  // Written in the class rather than as a named type: the root entry, at its cap of 80 names, exports
  // them with the class, as `OptionsError["code"]`.
  declare readonly code:
    | "BENCH_OPTIONS"
    | "BENCH_SCALE_QUERIES"
    | "BENCH_SCALE_SIZE"
    | "audit_file_unusable"
    | "enrichment_not_found"
    | "enrichment_too_large"
    | "enrichment_unreadable"
    | "invalid_auth"
    | "invalid_batch_size"
    | "invalid_client"
    | "invalid_config"
    | "invalid_date"
    | "invalid_dtype"
    | "invalid_enrichment"
    | "invalid_fallback"
    | "invalid_format"
    | "invalid_learning"
    | "invalid_limit"
    | "invalid_max_declarations"
    | "invalid_max_tokens"
    | "invalid_max_turns"
    | "invalid_messages"
    | "invalid_miss_store"
    | "invalid_misses"
    | "invalid_model"
    | "invalid_native_search"
    | "invalid_options"
    | "invalid_pooling"
    | "invalid_prefetch"
    | "invalid_prefetch_options"
    | "invalid_presentation"
    | "invalid_prices"
    | "invalid_provider"
    | "invalid_request"
    | "invalid_results"
    | "invalid_runtime"
    | "invalid_scope"
    | "invalid_server_config"
    | "invalid_server_name"
    | "invalid_servers"
    | "invalid_session_id"
    | "invalid_signal"
    | "invalid_stream"
    | "invalid_system"
    | "invalid_table"
    | "invalid_tasks"
    | "invalid_tool_change_mode"
    | "invalid_tool_search"
    | "invalid_tools"
    | "invalid_transcript"
    | "invalid_tuning"
    | "invalid_usage"
    | "invalid_usage_store"
    | "learning_off"
    | "metrics_off_loopback"
    | "missing_api_key"
    | "no_auth_off_loopback"
    | "no_credential"
    | "no_price"
    | "no_tasks"
    | "no_tool_changes"
    | "results_mismatch"
    | "session_scope_changed"
    | "too_many_deferred_tools"
    | "tool_changes_unsupported_model"
    | "unknown_keep_tool"
    | "unknown_ranker"
    | "unknown_server"
    | "unknown_strategy"
    | "unknown_tool";

  constructor(code: OptionsError["code"], message: string, options?: { cause?: unknown }) {
    super(code, message, options);
  }
}

/** Every code a OptionsError is thrown with: a typo in one fails the type check. */
export type OptionsErrorCode = OptionsError["code"];

/** A search query is empty, too long or otherwise unusable. */
export class QueryError extends ToolsiftError {
  // Written in the class rather than as a named type: the root entry, at its cap of 80 names, exports
  // them with the class, as `QueryError["code"]`.
  declare readonly code: "invalid_query";

  constructor(code: QueryError["code"], message: string, options?: { cause?: unknown }) {
    super(code, message, options);
  }
}

/** Every code a QueryError is thrown with: a typo in one fails the type check. */
export type QueryErrorCode = QueryError["code"];

/** An embedding model could not be found, read or run. */
export class ModelError extends ToolsiftError {
  // Written in the class rather than as a named type: the root entry, at its cap of 80 names, exports
  // them with the class, as `ModelError["code"]`.
  declare readonly code: "embedder_closed" | "model_corrupt" | "model_not_found" | "model_run_failed";

  constructor(code: ModelError["code"], message: string, options?: { cause?: unknown }) {
    super(code, message, options);
  }
}

/** Every code a ModelError is thrown with: a typo in one fails the type check. */
export type ModelErrorCode = ModelError["code"];

/**
 * An optional package a feature needs is not installed (or does not load). toolsift keeps its
 * heavy parts optional, so the message names the package and the command that adds it.
 */
export class DependencyError extends ToolsiftError {
  declare readonly code: "missing_dependency";

  constructor(
    /** The npm package to install, e.g. `@modelcontextprotocol/sdk`. */
    readonly packageName: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super("missing_dependency", message, options);
  }
}

/** The one code of a DependencyError. */
export type DependencyErrorCode = DependencyError["code"];

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
