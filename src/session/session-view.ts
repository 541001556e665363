import type { AnthropicTool } from "../wire/index.js";
import type { StubPresentation } from "./search-tools-tool.js";

/** A tool that may be shown as a stub, with both of its forms. */
export interface DeferrableTool {
  name: string;
  full: AnthropicTool;
  stub: AnthropicTool;
  /** The server the tool came from, when it names one (OpenAI's native presentation groups tools by it). */
  server?: string;
}

/**
 * Everything a strategy needs to lay out one request's tools, for one session at one moment.
 * Strategies (the tool block, native deferral, a stable block) are pure functions of it.
 */
export interface SessionView {
  /** False when tool search is off or the full block fits under the threshold. */
  progressive: boolean;
  /**
   * `stubs`: tools neither kept nor hydrated are listed as stubs; `search-only`: they are not
   * listed at all, because their stubs would cost more than `maxStubTokens`.
   */
  presentation: StubPresentation;
  /** The session's `maxHydratedTools`: the most tools its working set holds. */
  maxHydrated: number;
  /** Estimated tokens of every permitted tool in full. */
  fullTokens: number;
  /** Every permitted tool in full, in catalogue order. */
  all: AnthropicTool[];
  /** The same, by name. */
  fullByName: ReadonlyMap<string, AnthropicTool>;
  searchTool: AnthropicTool;
  /** Permitted keep tools in full, in the order `keepTools` gives. */
  keep: AnthropicTool[];
  /** Permitted tools that are not keep tools, in catalogue order. */
  others: DeferrableTool[];
  /** Hydrated tools in block order (first hydration first). */
  hydrated: string[];
  /** The same tools, both forms. */
  hydratedTools: DeferrableTool[];
}
