/**
 * A zod schema (zod 4, or zod 3.25+ through its v4 core), described by what toolsift uses of it:
 * the output type `execute` receives, its JSON Schema, and its parse. Structural, so toolsift's
 * declarations need no zod of their own: any `z.object({...})` fits.
 */
export interface ZodSchemaLike<Output = unknown> {
  readonly _zod: { readonly output: Output };
  safeParseAsync(
    value: unknown,
  ): Promise<
    | { success: true; data: Output }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } }
  >;
}

/** A JSON Schema for a tool's input. It must describe an object (`"type": "object"`). */
export interface JsonSchemaObject {
  type: "object";
  properties?: Record<string, unknown>;
  required?: readonly string[];
  [keyword: string]: unknown;
}

/**
 * The part of an `AbortSignal` toolsift and its tools need, as a structural type of its own so
 * that toolsift's declarations need no DOM or Node types: the global `AbortSignal` fits it.
 */
export interface AbortSignalLike {
  readonly aborted: boolean;
  /** Why it was aborted, once it is. */
  readonly reason?: unknown;
  addEventListener(type: "abort", listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: "abort", listener: () => void): void;
}

/** What a tool's `execute`, `permit` and `approve` learn about the call they serve. */
export interface ToolContext {
  /** The session the call belongs to; `undefined` for a direct `toolSearch.search()`. */
  sessionId: string | undefined;
  /** Where the check happens: while searching, while building the tool block, or before running the tool. */
  stage: "search" | "block" | "execute";
  /** The id of the model's `tool_use` block, when the check serves one. */
  toolUseId?: string;
  /**
   * The application's own value for this request (the user, a tenant, an auth token), as given
   * to `toolSearch.session(id, { context })`, `session.execute(call, { context })` or
   * `runAgent({ context })`. toolsift never reads it. `undefined` when none was given.
   */
  context?: unknown;
  /**
   * Aborts when the caller cancels the run or the call (`runAgent({ signal })`,
   * `session.execute(call, { signal })`). A long-running tool should stop when it fires; toolsift
   * stops waiting for it either way. Absent when no signal was given.
   */
  signal?: AbortSignalLike;
}

/**
 * One tool in the catalogue.
 *
 * `Input` is what `execute` receives; with a zod schema, {@link defineTool} infers it.
 *
 * @example
 * ```ts
 * const getIssue: ToolDefinition<{ repo: string; number: number }> = {
 *   name: "github__get_issue",
 *   description: "Fetch one GitHub issue by number. Returns title, body, labels and state.",
 *   inputSchema: {
 *     type: "object",
 *     properties: { repo: { type: "string" }, number: { type: "integer" } },
 *     required: ["repo", "number"],
 *   },
 *   server: "github",
 *   execute: async ({ repo, number }) => api.issues.get(repo, number),
 * };
 * ```
 */
export interface ToolDefinition<Input = Record<string, unknown>> {
  /** Unique in the catalogue; must match `^[a-zA-Z0-9_-]{1,64}$`, as the Anthropic API requires. */
  name: string;
  /** What the tool does. Its first sentence is what a stub shows, so make that sentence count. */
  description: string;
  /** The tool's real input schema: a JSON Schema object, or a zod object schema. */
  inputSchema: JsonSchemaObject | ZodSchemaLike<Input>;
  /** Gate the tool behind `approve` before every run. */
  destructive?: boolean;
  /**
   * The tool reaches the world outside the application (posts to the web, sends mail, calls
   * other services): MCP's `openWorldHint`. Learning from use never lifts such a tool unless
   * `learning.boostDestructive` is set, as for `destructive` ones.
   */
  openWorld?: boolean;
  /** The server (MCP or otherwise) the tool comes from; kept for attribution, never sent to the model. */
  server?: string;
  /** Extra words to find the tool by; indexed by the rankers, never sent to the model. */
  tags?: readonly string[];
  /**
   * Runs the tool on validated, coerced input. Return a string, any JSON value, or a
   * {@link ToolOutput} made with `toolOutput()` to control the result blocks.
   */
  execute?(input: Input, context: ToolContext): unknown | Promise<unknown>;
}

/** A catalogue that may change at any time, such as a set of MCP servers. */
export interface ToolHost {
  /**
   * The current catalogue. Called on every search and every tool block, so hosts should
   * cache; returning the very same array while nothing changed lets toolsift skip its diff.
   */
  listTools(): Promise<readonly ToolDefinition[]>;
  /** Release what the host opened (connections, processes). */
  close?(): Promise<void>;
  /**
   * Where each source of the host's tools stands (an MCP server, an API), so that a search that
   * finds little can tell the model why: some tools are missing because their server is still
   * connecting or is down, not because no such tool exists. Optional; a host without it is read
   * as always ready.
   *
   * toolsift calls it at the start of every search, before it lists the tools, and waits for it:
   * a host whose sources are still connecting may wait here, briefly, so that the search sees the
   * tools of those that connect in time (`fromMcp` waits up to its `refreshWaitMs`, once
   * per connection attempt). A host that throws, or answers with something that is not an array,
   * is read as all ready, with a warning.
   *
   * What it returns is shown to the model: name each source as its tools' `server` is named, and
   * keep `error` to a few words, without secrets (no URLs, arguments, tokens or raw server
   * output). toolsift names a source only to sessions that `permit` lets see at least one of the
   * tools it last listed for it, cuts every string, strips control characters, and shows at most
   * {@link MAX_REPORTED_SOURCES} sources.
   *
   * @example
   * ```ts
   * const host: ToolHost = {
   *   listTools: async () => (crm.connected ? crm.tools : []),
   *   sourceStatus: () => [crm.connected ? { server: "crm", state: "ready" } : { server: "crm", state: "down", error: "HTTP 503" }],
   * };
   * ```
   */
  sourceStatus?(): readonly ToolSourceStatus[] | Promise<readonly ToolSourceStatus[]>;
}

/** How many sources a search names at most; a host that reports more is cut to these. */
export const MAX_REPORTED_SOURCES = 32;

/**
 * Where one source of a {@link ToolHost}'s tools stands, from {@link ToolHost.sourceStatus}.
 *
 * - `ready`: its tools are listed.
 * - `connecting`: a first attempt to reach it is under way; its tools may come in a moment.
 * - `down`: it failed, or went away; its tools are missing until it is back. `error` says why.
 */
export interface ToolSourceStatus {
  /** The source, named as the `server` of the tools it provides (for an MCP server, its config key). */
  server: string;
  state: "ready" | "connecting" | "down";
  /** Why it is down, in a few words (e.g. `"command not found"`, `"connection refused"`); shown to the model. */
  error?: string;
}

/**
 * Declares a tool with its `execute` input typed from its schema: inferred from a zod
 * schema, or given as the type parameter for a JSON Schema.
 *
 * @example
 * ```ts
 * const addLabel = defineTool({
 *   name: "github__add_label",
 *   description: "Add a label to an issue.",
 *   inputSchema: z.object({ issue: z.number().int(), label: z.string() }),
 *   execute: async ({ issue, label }) => github.addLabel(issue, label), // issue: number, label: string
 * });
 * ```
 */
export function defineTool<Input>(tool: ToolDefinition<Input>): ToolDefinition<Input> {
  return tool;
}
