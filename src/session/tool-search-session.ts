import {
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
import { fullToolOf, type AnthropicTool } from "./anthropic-tool.js";
import { buildToolBlock } from "./build-tool-block.js";
import type { Hydration } from "./hydration.js";
import type { SearchMatch } from "./search-match.js";
import { SEARCH_TOOLS_NAME, parseSearchInput, searchToolsDefinition } from "./search-tools-tool.js";
import type { SessionView } from "./session-view.js";
import { stubOf } from "./stub.js";
import type { ResolvedTuning } from "./tuning.js";

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
  /** The tools the last view laid out as stubs, so a call can be reported as made from one. */
  shownAsStubs: ReadonlySet<string> | undefined;
}

/** What a session needs from the tool search that owns it. */
export interface SessionServices {
  readonly tuning: ResolvedTuning;
  snapshot(): Promise<CatalogueSnapshot>;
  /** Ranks for a checked query, with permissions applied, and reports the search. */
  rank(query: string, limit: number, context: ToolContext): Promise<SearchMatch[]>;
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

  /** Everything a strategy needs to lay out this session's tools for the next request. */
  async view(): Promise<SessionView> {
    const snapshot = await this.services.snapshot();
    const context = this.context("block");
    const permitted: CatalogueTool[] = [];
    for (const tool of snapshot.tools) {
      if (this.services.isPermitted(tool, context)) permitted.push(tool);
    }
    const all = permitted.map(fullToolOf);
    const fullTokens = all.reduce((sum, tool) => sum + this.services.estimate(tool), 0);
    const { tuning } = this.services;
    const keepNames = new Set(tuning.keepTools);
    const byName = new Map(permitted.map((tool, index) => [tool.name, all[index]!]));
    const progressive = tuning.toolSearch && fullTokens > tuning.toolSearchThresholdTokens;
    this.state.shownAsStubs = new Set(
      progressive ? permitted.filter((tool) => !keepNames.has(tool.name) && !this.hydration.has(tool.name)).map((tool) => tool.name) : [],
    );
    return {
      progressive,
      fullTokens,
      all,
      searchTool: searchToolsDefinition(tuning.searchLimit),
      keep: tuning.keepTools.flatMap((name) => byName.get(name) ?? []),
      others: permitted
        .filter((tool) => !keepNames.has(tool.name))
        .map((tool) => ({ name: tool.name, full: byName.get(tool.name)!, stub: stubOf(tool) })),
      hydrated: this.hydration.byFirstUse().filter((name) => byName.has(name)),
    };
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

  /** Runs a `search_tools` input: checks it and ranks, with this session's permissions. */
  async searchTools(input: unknown, toolUseId?: string): Promise<SearchToolsOutcome> {
    const parsed = parseSearchInput(input);
    if (!parsed.ok) return parsed;
    const limit = parsed.limit ?? this.services.tuning.searchLimit;
    try {
      const matches = await this.services.rank(parsed.query, limit, this.context("search", toolUseId));
      return { ok: true, query: parsed.query, matches };
    } catch (error) {
      return { ok: false, error: `search_tools failed: ${errorText(error)}` };
    }
  }

  /**
   * Executes one `tool_use` block (a real tool or `search_tools`) and returns its
   * `tool_result`. It never throws: every failure is an `is_error` result the model can read,
   * and no failure loses the session's state (a call to a real, permitted tool hydrates it
   * even when its input is invalid, so the model gets the schema it needs).
   *
   * @param options.shownInFull - The request showed the model this tool's full definition
   *   some other way than the tool block (Anthropic's `tool_reference`), so the call is not
   *   reported as made from a stub.
   */
  async execute(toolUse: ToolUseBlock, options: { shownInFull?: boolean } = {}): Promise<ToolResultBlock> {
    if (toolUse.name === SEARCH_TOOLS_NAME) {
      return searchResultBlock(toolUse.id, await this.searchTools(toolUse.input, toolUse.id));
    }
    const started = performance.now();
    const report = (event: Omit<Extract<ToolSearchEvent, { type: "tool-call" }>, "type" | "sessionId" | "name" | "toolUseId" | "ms">) =>
      this.services.emit({
        type: "tool-call",
        sessionId: this.id,
        name: toolUse.name,
        toolUseId: toolUse.id,
        ms: performance.now() - started,
        ...event,
      });
    const context = this.context("execute", toolUse.id);
    let tool: CatalogueTool | undefined;
    let stub = false;
    try {
      const snapshot = await this.services.snapshot();
      tool = snapshot.byName.get(toolUse.name);
      if (!tool || !this.services.isPermitted(tool, context)) {
        // The model hears the same either way, so a denied tool's existence does not leak;
        // the event tells the operator which it was.
        report({ stub: false, validation: "not-run", outcome: tool ? "denied" : "unknown-tool" });
        return errorResult(
          toolUse.id,
          `There is no tool named "${toolUse.name}" available here. Use ${SEARCH_TOOLS_NAME} to find the right tool by what it does.`,
        );
      }
      stub = !options.shownInFull && (await this.shownAsStubs()).has(tool.name);
      this.hydrateTool(tool);
    } catch (error) {
      report({ stub, validation: "not-run", outcome: "tool-error", error: errorText(error) });
      return errorResult(toolUse.id, `Could not look up "${toolUse.name}": ${errorText(error)}`);
    }

    let validation: InputValidation;
    try {
      validation = await validateInput(tool, toolUse.input);
    } catch (error) {
      report({ stub, validation: "invalid", outcome: "invalid-input", error: errorText(error) });
      return errorResult(toolUse.id, `The input check of ${tool.name} failed (${errorText(error)}); it was not run.`);
    }
    if (!validation.ok) {
      report({ stub, validation: "invalid", outcome: "invalid-input" });
      return errorResult(
        toolUse.id,
        `Invalid input for ${tool.name}; it was not run.\n${formatIssues(validation.issues)}\n` +
          `Its input schema is:\n${JSON.stringify(tool.inputSchema)}\nCall it again with input that fits.`,
      );
    }
    const checked = "uncheckedBecause" in validation ? "unchecked" : "valid";
    if (checked === "unchecked") {
      this.services.emit({
        type: "warning",
        code: "schema_unchecked",
        message: `The input schema of ${tool.name} could not be compiled (${(validation as { uncheckedBecause: string }).uncheckedBecause}); its input was passed through unchecked.`,
      });
    }

    if (tool.destructive) {
      const approved = await this.approve(tool, validation.value, context);
      if (approved !== true) {
        report({ stub, validation: checked, outcome: "not-approved", ...(approved ? { error: approved.error } : {}) });
        return errorResult(
          toolUse.id,
          approved === false
            ? `${tool.name} changes or deletes data and was not approved, so it did not run. Ask the user before trying again.`
            : approved.error,
        );
      }
    }

    if (!tool.definition.execute) {
      report({ stub, validation: checked, outcome: "tool-error", error: "no execute function" });
      return errorResult(toolUse.id, `${tool.name} cannot be run here: its definition has no execute function.`);
    }
    try {
      // Validated against an object schema, so the value is an object.
      const output = await tool.definition.execute(validation.value as Record<string, unknown>, context);
      report({ stub, validation: checked, outcome: "ok" });
      return resultOf(toolUse.id, output);
    } catch (error) {
      report({ stub, validation: checked, outcome: "tool-error", error: errorText(error) });
      return errorResult(toolUse.id, `${tool.name} failed: ${errorText(error)}`);
    }
  }

  /** What the last tool block showed as stubs; built now if this session never built one. */
  private async shownAsStubs(): Promise<ReadonlySet<string>> {
    if (!this.state.shownAsStubs) await this.view();
    return this.state.shownAsStubs!;
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

function resultOf(toolUseId: string, output: unknown): ToolResultBlock {
  if (isToolOutput(output)) {
    return {
      type: "tool_result",
      tool_use_id: toolUseId,
      content: [...output.content],
      ...(output.isError ? { is_error: true } : {}),
    };
  }
  const content = typeof output === "string" ? output : (JSON.stringify(output) ?? "(no output)");
  return { type: "tool_result", tool_use_id: toolUseId, content };
}

function errorResult(toolUseId: string, message: string): ToolResultBlock {
  return { type: "tool_result", tool_use_id: toolUseId, content: message, is_error: true };
}

