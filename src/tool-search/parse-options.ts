import { Catalogue, type ToolContext, type ToolDefinition, type ToolHost } from "../catalogue/index.js";
import { OptionsError } from "../errors.js";
import { checkKeys, optionKeys } from "../util/option-keys.js";
import type { ToolSearchEvent } from "../events.js";
import type { ResolvedLearning, ResolvedMisses } from "../learning/index.js";
// Not learning/'s or enrichment/'s index: those load the stores, misses and the enrichment writer,
// which a tool search never needs at start-up (the root entry's cold start; see load-learning.ts).
import { resolveLearning } from "../learning/learning-options.js";
import { scopeProblem } from "../learning/lesson.js";
import { resolveMisses } from "../learning/misses/misses-options.js";
import type { AnthropicTool } from "../wire/index.js";
import {
  estimateTokens,
  guardedEstimator,
  MAX_SEARCH_LIMIT,
  resolveTuning,
  type ResolvedTuning,
} from "../session/index.js";
import type { ToolSearchOptions } from "./tool-search-options.js";
import { describeValue } from "../describe-value.js";
import { CatalogueEnrichment } from "../enrichment/catalogue-enrichment.js";
import { readEnrichment } from "../enrichment/read-enrichment.js";

/** Every option `createToolSearch` reads; the compiler holds the list to {@link ToolSearchOptions}. */
const TOOL_SEARCH_KEYS = optionKeys<keyof ToolSearchOptions>({
  tools: true,
  ranker: true,
  semanticFallback: true,
  learning: true,
  misses: true,
  enrichment: true,
  maxResultsPerServer: true,
  tuning: true,
  permit: true,
  approve: true,
  onEvent: true,
  estimateTokens: true,
});

/** `createToolSearch`'s options, checked once: what every part of a tool search reads. */
export interface ToolSearchSettings {
  tuning: ResolvedTuning;
  /** `onEvent`, made safe: it never throws. */
  emit: (event: ToolSearchEvent) => void;
  /** The catalogue of `tools`, not listed yet. */
  catalogue: Catalogue;
  semanticFallback: boolean;
  permit: ((tool: ToolDefinition, context: ToolContext) => boolean) | undefined;
  approve: ((tool: ToolDefinition, input: unknown, context: ToolContext) => boolean | Promise<boolean>) | undefined;
  /** Tokens of one tool definition: `estimateTokens`, guarded, or the default. */
  estimate: (tool: AnthropicTool) => number;
  learning: ResolvedLearning | undefined;
  /** `undefined` when misses are off: then nothing observes the sessions. */
  misses: ResolvedMisses | undefined;
  /** `maxResultsPerServer`: a number, `false`, or `undefined` for the default (half of each search's limit). */
  maxResultsPerServer: number | false | undefined;
  /** `enrichment`, read and checked: what each tool's ranking document carries of it. */
  enrichment: CatalogueEnrichment;
}

/**
 * Checks `createToolSearch`'s options, all in one place, before anything is built: what is
 * wrong is named with the fix. `ranker` is checked where it is built (`create-ranker.ts`).
 *
 * @throws {@link OptionsError} for options of the wrong shape.
 */
export function parseToolSearchOptions(options: ToolSearchOptions): ToolSearchSettings {
  if (typeof options !== "object" || options === null) {
    throw new OptionsError("invalid_options", "createToolSearch takes an options object: createToolSearch({ tools }).");
  }
  // An option misspelt would otherwise be dropped without a word: a "permits" that denies
  // nothing, a "rankr" that leaves the default ranker.
  checkKeys("createToolSearch", "", options, TOOL_SEARCH_KEYS, "{ tools }");
  if (options.semanticFallback !== undefined && typeof options.semanticFallback !== "boolean") {
    throw new OptionsError(
      "invalid_options",
      `options.semanticFallback must be true or false, got ${describeValue(options.semanticFallback)}.`,
    );
  }
  const perServer = options.maxResultsPerServer;
  if (
    perServer !== undefined &&
    perServer !== false &&
    (typeof perServer !== "number" || !Number.isInteger(perServer) || perServer < 1 || perServer > MAX_SEARCH_LIMIT)
  ) {
    throw new OptionsError(
      "invalid_options",
      `options.maxResultsPerServer must be a whole number from 1 to ${MAX_SEARCH_LIMIT}, or false for no cap, got ${describeValue(perServer)}.`,
    );
  }
  for (const callback of ["permit", "approve", "onEvent", "estimateTokens"] as const) {
    if (options[callback] !== undefined && typeof options[callback] !== "function") {
      throw new OptionsError(
        "invalid_options",
        `options.${callback} must be a function, got ${describeValue(options[callback])}. Pass a function or leave it out.`,
      );
    }
  }
  const tuning = resolveTuning(options.tuning);
  const emit = safeEmitter(options.onEvent);
  const catalogue = catalogueOf(options, emit);
  const enrichment = enrichmentOf(options, emit);
  const estimate = options.estimateTokens
    ? guardedEstimator(options.estimateTokens.bind(options), (message) =>
        emit({ type: "warning", code: "estimate_invalid", message }),
      )
    : estimateTokens;
  return {
    tuning,
    emit,
    catalogue,
    semanticFallback: options.semanticFallback !== false,
    permit: options.permit?.bind(options),
    approve: options.approve?.bind(options),
    estimate,
    learning: resolveLearning(options.learning),
    misses: resolveMisses(options.misses),
    maxResultsPerServer: perServer,
    enrichment,
  };
}

/** `enrichment` read once (a path from disk); what was cut from it is told as `enrichment_cut` warnings. */
function enrichmentOf(options: ToolSearchOptions, emit: (event: ToolSearchEvent) => void): CatalogueEnrichment {
  return catalogueEnrichmentOf(options.enrichment, emit);
}

/**
 * An enrichment source read and checked, as the `enrichment` option is (and as
 * `ToolSearch.useEnrichment` reads a new one).
 *
 * @throws `EnrichmentError` for a file that cannot be read or is not an enrichment.
 */
export function catalogueEnrichmentOf(
  source: ToolSearchOptions["enrichment"],
  emit: (event: ToolSearchEvent) => void,
): CatalogueEnrichment {
  if (source === undefined) return new CatalogueEnrichment(undefined, false);
  const { file, keepStale, warnings } = readEnrichment(source);
  for (const message of warnings) emit({ type: "warning", code: "enrichment_cut", message });
  return new CatalogueEnrichment(file, keepStale, (code, message) => emit({ type: "warning", code, message }));
}

/** A scope option checked; `undefined` when it was left out. */
export function checkedScope(scope: unknown): string | undefined {
  if (scope === undefined) return undefined;
  const problem = scopeProblem(scope);
  if (problem) throw new OptionsError("invalid_scope", `${problem}.`);
  return scope as string;
}

/** `onEvent`, made safe: an observer must never break the session it observes. */
function safeEmitter(onEvent: ToolSearchOptions["onEvent"]): (event: ToolSearchEvent) => void {
  return (event) => {
    try {
      onEvent?.(event);
    } catch {
      // Swallowed on purpose; see above.
    }
  };
}

function catalogueOf(options: ToolSearchOptions, emit: (event: ToolSearchEvent) => void): Catalogue {
  const { tools } = options;
  const warn = (code: string, message: string) => emit({ type: "warning", code, message });
  if (Array.isArray(tools)) return Catalogue.fromArray(tools, warn);
  if (typeof tools === "object" && tools !== null && typeof (tools as ToolHost).listTools === "function") {
    return Catalogue.fromHost(tools as ToolHost, warn);
  }
  throw new OptionsError(
    "invalid_tools",
    "options.tools must be an array of tool definitions or a host with listTools(), e.g. createToolSearch({ tools: [myTool] }).",
  );
}
