import {
  CATALOGUE_LIMITS,
  copyJson,
  formatIssues,
  isToolOutput,
  validateInput,
  type CatalogueSnapshot,
  type CatalogueTool,
  type InputValidation,
  type ToolContext,
  type ToolDefinition,
  type ToolResultContentBlock,
} from "../catalogue/index.js";
import { errorText } from "../errors.js";
import type { ToolSearchEvent } from "../events.js";
import type { AnthropicTool } from "./anthropic-tool.js";
import { buildToolBlock } from "./build-tool-block.js";
import type { Hydration } from "./hydration.js";
import type { PermittedTools } from "./permitted-tools.js";
import type { SearchMatch } from "./search-match.js";
import { SEARCH_TOOLS_NAME, parseSearchInput, searchToolsDefinition } from "./search-tools-tool.js";
import type { DeferrableTool, SessionView } from "./session-view.js";
import type { ResolvedTuning } from "./tuning.js";
import type { UsageTrail } from "./usage-trail.js";

/** A `tool_use` block from the model, as the Messages API returns it. */
export interface ToolUseBlock {
  id: string;
  name: string;
  input: unknown;
  type?: "tool_use";
}

/** A `tool_result` block to send back to the model. */
export interface ToolResultBlock {
  type: "tool_result";
  tool_use_id: string;
  content: string | ToolResultContentBlock[];
  is_error?: boolean;
}

/** The outcome of a `search_tools` call, before it is formatted for the model. */
export type SearchToolsOutcome = { ok: true; query: string; matches: SearchMatch[] } | { ok: false; error: string };

/** What one session id keeps between turns (and between `session(id)` calls). */
export interface SessionState {
  hydration: Hydration;
  /** The last view built, which tells which tools the model saw as stubs, for the tool-call events. */
  lastView?: SessionView;
  /** Whose lessons this session ranks with and teaches (learning from use). */
  scope: string;
  /** The searches to credit to the next successful call; present only when learning is on. */
  trail?: UsageTrail;
}

/** What a session needs from the tool search that owns it. */
export interface SessionServices {
  readonly tuning: ResolvedTuning;
  snapshot(): Promise<CatalogueSnapshot>;
  /** The tools this session may see of a catalogue version, derived once per version and permission change. */
  permittedTools(snapshot: CatalogueSnapshot, sessionId: string): PermittedTools;
  /** Ranks for a checked query, with permissions (and the scope's lessons) applied, and reports the search. */
  rank(query: string, limit: number, context: ToolContext, scope: string): Promise<SearchMatch[]>;
  /** Learning from use: `queries` led this session to a successful call of `tool`. Must not throw. */
  teach?(lesson: { sessionId: string; scope: string; queries: string[]; tool: string }): void;
  isPermitted(tool: CatalogueTool, context: ToolContext): boolean;
  approve: ((tool: ToolDefinition, input: unknown, context: ToolContext) => boolean | Promise<boolean>) | undefined;
  estimate(tool: AnthropicTool): number;
  emit(event: ToolSearchEvent): void;
}

const NO_MATCH_HINT =
  "No tool matched. Rephrase with other words for the action or the thing it acts on " +
  '(e.g. "send message" instead of "ping someone"), or try a shorter query.';

/**
 * One agent run's view of the catalogue: its tool block, its hydrated tools, and the
 * execution of the model's tool calls. Get one with `toolSearch.session(id)`; the same id
 * resumes the same state.
 */
export class ToolSearchSession {
  private readonly hydration: Hydration;

  /**
   * Whose lessons this session ranks with and teaches (learning from use): the scope given to
   * `toolSearch.session(id, { scope })`, else `"default"`.
   */
  get scope(): string {
    return this.state.scope;
  }

  /** @internal Created by `ToolSearch.session()`. */
  constructor(
    readonly id: string,
    private readonly services: SessionServices,
    private readonly state: SessionState,
  ) {
    this.hydration = state.hydration;
  }

  /**
   * The `tools` array for the next model call.
   *
   * @example
   * ```ts
   * const response = await client.messages.create({ model, max_tokens, messages, tools: await session.tools() });
   * ```
   */
  async tools(): Promise<AnthropicTool[]> {
    // Copies, so a caller that adds cache_control to its block cannot alter later blocks.
    return buildToolBlock(await this.view()).map((tool) => ({ ...tool }));
  }

  /** The names of the hydrated tools, most recently used last. */
  hydrated(): string[] {
    return this.hydration.byRecency();
  }

  /**
   * Everything a strategy needs to lay out this session's tools for the next request.
   *
   * What depends on the whole catalogue (the permitted tools, their token estimates, their
   * stubs) is derived once per catalogue version and reused; `permit` is asked afresh only
   * about the tools the request will show (a tool it now refuses disappears from the next
   * block at once), so a turn costs the tools it shows, not a pass over the catalogue.
   * Treat the view as read-only.
   */
  async view(): Promise<SessionView> {
    const snapshot = await this.services.snapshot();
    const permitted = this.services.permittedTools(snapshot, this.id);
    const context = this.context("block");
    const stillPermitted = (name: string) => {
      const tool = snapshot.byName.get(name);
      return tool !== undefined && this.services.isPermitted(tool, context);
    };
    const { tuning } = this.services;
    const progressive = tuning.toolSearch && permitted.fullTokens > tuning.toolSearchThresholdTokens;
    const presentation = permitted.stubTokens > tuning.maxStubTokens ? "search-only" : "stubs";
    const hydratedTools = this.hydration
      .byFirstUse()
      .flatMap((name) => permitted.othersByName.get(name) ?? [])
      .filter((tool) => stillPermitted(tool.name));
    let others: DeferrableTool[] | undefined;
    let all: AnthropicTool[] | undefined;
    const view: SessionView = {
      progressive,
      presentation,
      fullTokens: permitted.fullTokens,
      // The whole catalogue is checked only when a strategy asks for it (below the threshold,
      // where it is small, or for native's deferred definitions, which are sent whole anyway).
      get all() {
        return (all ??= permitted.all.filter((tool) => stillPermitted(tool.name)));
      },
      get others() {
        return (others ??= permitted.others.filter((tool) => stillPermitted(tool.name)));
      },
      fullByName: permitted.fullByName,
      searchTool: searchToolsDefinition(tuning.searchLimit, presentation),
      keep: permitted.keep.filter((tool) => stillPermitted(tool.name)),
      hydrated: hydratedTools.map((tool) => tool.name),
      hydratedTools,
    };
    this.state.lastView = view;
    return view;
  }

  /**
   * Hydrates tools without running them, each as if the model had just called it: for a host
   * that turns search matches into listed tools (an MCP gateway). The LRU cap applies as for
   * calls, so pass the names least important first. Unknown, denied and keep tools are skipped.
   *
   * @returns The names hydrated by this call and still hydrated after it (not those that already were).
   * @example
   * ```ts
   * const outcome = await session.searchTools({ query: "open a pull request" });
   * if (outcome.ok) await session.hydrate(outcome.matches.map((match) => match.name).reverse());
   * ```
   */
  async hydrate(names: readonly string[]): Promise<string[]> {
    const snapshot = await this.services.snapshot();
    const context = this.context("block");
    const hydrated: string[] = [];
    for (const name of names) {
      const tool = snapshot.byName.get(name);
      if (tool && this.services.isPermitted(tool, context) && this.hydrateTool(tool)) hydrated.push(name);
    }
    // More names than the cap evict some of the ones hydrated just before.
    return hydrated.filter((name) => this.hydration.has(name));
  }

  /** Runs a `search_tools` input: checks it and ranks, with this session's permissions. Never rejects. */
  async searchTools(input: unknown, toolUseId?: string): Promise<SearchToolsOutcome> {
    try {
      // Inside the try: the input is the caller's, and a getter on it may throw.
      const parsed = parseSearchInput(input);
      if (!parsed.ok) return parsed;
      const limit = parsed.limit ?? this.services.tuning.searchLimit;
      const matches = await this.services.rank(parsed.query, limit, this.context("search", toolUseId), this.state.scope);
      this.state.trail?.searched(parsed.query);
      return { ok: true, query: parsed.query, matches };
    } catch (error) {
      return { ok: false, error: `search_tools failed: ${errorText(error)}` };
    }
  }

  /**
   * Executes one `tool_use` block (a real tool or `search_tools`) and returns its
   * `tool_result`. It never throws and never rejects, whatever it is given: every failure is
   * an `is_error` result the model can read, and no failure loses the session's state (a call
   * to a real, permitted tool hydrates it even when its input is invalid, so the model gets
   * the schema it needs).
   *
   * What runs is decided once: the input is copied as plain JSON and validated (and, for a
   * zod tool, parsed by zod), a destructive tool is approved with that value, and the tool
   * runs on that same value. A tool whose input could not be checked does not run.
   *
   * @param options.shownInFull - The request showed the model this tool's full definition
   *   some other way than the tool block (Anthropic's `tool_reference`), so the call is not
   *   reported as made from a stub.
   */
  async execute(toolUse: ToolUseBlock, options: { shownInFull?: boolean } = {}): Promise<ToolResultBlock> {
    const call = readToolUse(toolUse);
    if (!call.ok) return errorResult(call.id, call.error);
    try {
      if (call.name === SEARCH_TOOLS_NAME) return searchResultBlock(call.id, await this.searchTools(call.input, call.id));
      return await this.executeTool(call, readShownInFull(options));
    } catch (error) {
      // Only toolsift's own bookkeeping can land here (the tool's run is guarded on its own),
      // so the tool did not run.
      return errorResult(call.id, `toolsift could not handle this call to ${call.name} (${errorText(error)}); it was not run.`);
    }
  }

  private async executeTool(call: ToolCall, shownInFull: boolean): Promise<ToolResultBlock> {
    // Taken before anything is awaited, so calls made side by side share the searches before them.
    const searches = this.state.trail?.mark();
    const started = performance.now();
    const report = (event: Omit<Extract<ToolSearchEvent, { type: "tool-call" }>, "type" | "sessionId" | "name" | "toolUseId" | "ms">) =>
      this.services.emit({
        type: "tool-call",
        sessionId: this.id,
        name: call.name,
        toolUseId: call.id,
        ms: performance.now() - started,
        ...event,
      });
    const context = this.context("execute", call.id);
    let tool: CatalogueTool | undefined;
    let stub = false;
    try {
      const snapshot = await this.services.snapshot();
      tool = snapshot.byName.get(call.name);
      if (!tool || !this.services.isPermitted(tool, context)) {
        // The model hears the same either way, so a denied tool's existence does not leak;
        // the event tells the operator which it was.
        report({ stub: false, validation: "not-run", outcome: tool ? "denied" : "unknown-tool" });
        return errorResult(
          call.id,
          `There is no tool named "${call.name}" available here. Use ${SEARCH_TOOLS_NAME} to find the right tool by what it does.`,
        );
      }
      stub = !shownInFull && (await this.shownAsStub(tool.name));
      this.hydrateTool(tool);
    } catch (error) {
      report({ stub, validation: "not-run", outcome: "tool-error", error: errorText(error) });
      return errorResult(call.id, `Could not look up "${call.name}": ${errorText(error)}`);
    }

    let validation: InputValidation;
    try {
      validation = await validateInput(tool, call.input);
    } catch (error) {
      report({ stub, validation: "invalid", outcome: "invalid-input", error: errorText(error) });
      return errorResult(call.id, `The input check of ${tool.name} failed (${errorText(error)}); it was not run.`);
    }
    if (!validation.ok && "schemaError" in validation) {
      report({ stub, validation: "not-run", outcome: "invalid-schema", error: validation.schemaError });
      this.services.emit({
        type: "warning",
        code: "schema_invalid",
        message: `The input schema of ${tool.name} could not be compiled (${validation.schemaError}), so the tool cannot run. Fix its schema.`,
      });
      return errorResult(call.id, `${tool.name} cannot be run: its input schema is broken, so its input cannot be checked. It was not run.`);
    }
    if (!validation.ok) {
      report({ stub, validation: "invalid", outcome: "invalid-input" });
      return errorResult(
        call.id,
        `Invalid input for ${tool.name}; it was not run.\n${formatIssues(validation.issues)}\n` +
          `Its input schema is:\n${JSON.stringify(tool.inputSchema)}\nCall it again with input that fits.`,
      );
    }

    if (tool.destructive) {
      const approved = await this.approve(tool, validation.value, context);
      if (approved !== true) {
        report({ stub, validation: "valid", outcome: "not-approved", ...(approved ? { error: approved.error } : {}) });
        return errorResult(
          call.id,
          approved === false
            ? `${tool.name} changes or deletes data and was not approved, so it did not run. Ask the user before trying again.`
            : approved.error,
        );
      }
    }

    if (!tool.run) {
      report({ stub, validation: "valid", outcome: "tool-error", error: "no execute function" });
      return errorResult(call.id, `${tool.name} cannot be run here: its definition has no execute function.`);
    }
    let output: unknown;
    try {
      output = await tool.run(validation.value, context);
    } catch (error) {
      report({ stub, validation: "valid", outcome: "tool-error", error: errorText(error) });
      return errorResult(call.id, `${tool.name} failed: ${errorText(error)}`);
    }
    const result = resultOf(call.id, tool.name, output);
    report({ stub, validation: "valid", outcome: "ok", ...(result.unreadable ? { error: result.unreadable } : {}) });
    if (searches && result.block.is_error !== true) {
      const queries = this.state.trail!.credit(searches);
      if (queries.length > 0) this.services.teach?.({ sessionId: this.id, scope: this.state.scope, queries, tool: tool.name });
    }
    return result.block;
  }

  /**
   * Whether the last view showed this tool as a stub, or not at all (search only): anything
   * but in full. A session that never built a view builds one now.
   */
  private async shownAsStub(name: string): Promise<boolean> {
    const view = this.state.lastView ?? (await this.view());
    return view.progressive && !this.services.tuning.keepTools.includes(name) && !view.hydrated.includes(name);
  }

  /** Whether the use hydrated the tool now (a keep tool never is). */
  private hydrateTool(tool: CatalogueTool): boolean {
    if (this.services.tuning.keepTools.includes(tool.name)) return false;
    const change = this.hydration.use(tool.name);
    if (change.hydrated) this.services.emit({ type: "hydrate", sessionId: this.id, name: tool.name });
    for (const name of change.evicted) this.services.emit({ type: "evict", sessionId: this.id, name });
    return change.hydrated;
  }

  /** `true` to run; `false` when denied; `{ error }` when there is no gate or the gate failed. */
  private async approve(tool: CatalogueTool, input: unknown, context: ToolContext): Promise<boolean | { error: string }> {
    const { approve } = this.services;
    if (!approve) {
      return {
        error:
          `${tool.name} is marked destructive and no approve() callback is configured, so it did not run. ` +
          "The application must pass approve to createToolSearch to allow destructive tools.",
      };
    }
    try {
      return (await approve(tool.definition, input, context)) === true;
    } catch (error) {
      return { error: `The approval check for ${tool.name} failed (${errorText(error)}), so it did not run.` };
    }
  }

  private context(stage: ToolContext["stage"], toolUseId?: string): ToolContext {
    return toolUseId === undefined ? { sessionId: this.id, stage } : { sessionId: this.id, stage, toolUseId };
  }
}

/** Formats a `search_tools` outcome as the text `tool_result` the stubs strategy sends. */
export function searchResultBlock(toolUseId: string, outcome: SearchToolsOutcome): ToolResultBlock {
  if (!outcome.ok) return errorResult(toolUseId, outcome.error);
  const matches = outcome.matches.map(({ name, description }) => ({ name, description }));
  const body = matches.length === 0 ? { matches, hint: NO_MATCH_HINT } : { matches };
  return { type: "tool_result", tool_use_id: toolUseId, content: JSON.stringify(body) };
}

/**
 * The tool's output as a result block. The tool has run by now, so an output that cannot be
 * rendered (a BigInt, a cycle, malformed content blocks) is still reported as run, not as
 * failed: a model told it failed could run a side effect twice.
 */
function resultOf(toolUseId: string, name: string, output: unknown): { block: ToolResultBlock; unreadable?: string } {
  try {
    if (isToolOutput(output)) {
      const content = copyContentBlocks(output.content);
      return { block: { type: "tool_result", tool_use_id: toolUseId, content, ...(output.isError === true ? { is_error: true } : {}) } };
    }
    const content = typeof output === "string" ? output : (JSON.stringify(output) ?? "(no output)");
    return { block: { type: "tool_result", tool_use_id: toolUseId, content } };
  } catch (error) {
    const unreadable = `its output could not be serialised (${errorText(error).replace(/\s+/g, " ")})`;
    return {
      unreadable,
      block: {
        type: "tool_result",
        tool_use_id: toolUseId,
        content:
          `${name} ran, but ${unreadable}, so it cannot be shown. It did run: do not call it again for the same ` +
          "request; tell the user the result is not available.",
      },
    };
  }
}

/** The content blocks of a `toolOutput`, checked and copied: they go on the wire as they are. */
function copyContentBlocks(content: unknown): ToolResultContentBlock[] {
  if (!Array.isArray(content)) throw new Error("toolOutput content is not an array of content blocks");
  const copy = copyJson(content, CATALOGUE_LIMITS.output);
  if (!copy.ok) throw new Error(`toolOutput content at ${copy.path || "/"} ${copy.problem}`);
  for (const block of copy.value as unknown[]) {
    const type = typeof block === "object" && block !== null ? (block as { type?: unknown }).type : undefined;
    if (type !== "text" && type !== "image" && type !== "tool_reference") {
      throw new Error(`toolOutput content holds a block of type ${JSON.stringify(type)}; use "text", "image" or "tool_reference"`);
    }
  }
  return copy.value as ToolResultContentBlock[];
}

function errorResult(toolUseId: string, message: string): ToolResultBlock {
  return { type: "tool_result", tool_use_id: toolUseId, content: message, is_error: true };
}

/** A `tool_use` block's fields, each read once. */
interface ToolCall {
  ok: true;
  id: string;
  name: string;
  input: unknown;
}

/**
 * Reads a `tool_use` block defensively: `execute` is documented never to throw, and a caller
 * may hand it anything (null, a block without a name, a getter that throws).
 */
function readToolUse(toolUse: unknown): ToolCall | { ok: false; id: string; error: string } {
  const field = (key: string): { value?: unknown; error?: string } => {
    try {
      return { value: (toolUse as Record<string, unknown>)[key] };
    } catch (error) {
      return { error: `its "${key}" could not be read (${errorText(error)})` };
    }
  };
  if (typeof toolUse !== "object" || toolUse === null) {
    return { ok: false, id: "", error: `This is not a tool_use block (got ${toolUse === null ? "null" : typeof toolUse}), so nothing was run.` };
  }
  const id = field("id");
  const name = field("name");
  const input = field("input");
  const safeId = typeof id.value === "string" ? id.value : "";
  const problem =
    id.error ??
    (typeof id.value === "string" && id.value !== "" ? undefined : "it has no id, so its result could not be matched to it") ??
    name.error ??
    (typeof name.value === "string" && name.value !== "" ? undefined : "it names no tool") ??
    input.error;
  if (problem !== undefined) return { ok: false, id: safeId, error: `This tool_use block cannot be run: ${problem}. Nothing was run.` };
  return { ok: true, id: safeId, name: name.value as string, input: input.value };
}

function readShownInFull(options: unknown): boolean {
  try {
    return typeof options === "object" && options !== null && (options as { shownInFull?: unknown }).shownInFull === true;
  } catch {
    return false;
  }
}

