import type { ToolDefinition } from "../catalogue/index.js";
import type { EnrichmentFile } from "./enrichment-file.js";
import { promptOf } from "./enrichment-prompt.js";
import { planEnrichment, type SkippedTool } from "./plan-enrichment.js";
import { checkKeys, optionKeys } from "../util/option-keys.js";

/**
 * Options of {@link estimateEnrichment}: those of `enrichCatalogue` that decide what it sends.
 *
 * @example
 * ```ts
 * estimateEnrichment({ tools, requestsPerTool: 8, previous });
 * ```
 */
export interface EstimateEnrichmentOptions {
  tools: readonly ToolDefinition[];
  /** @defaultValue 8 */
  requestsPerTool?: number;
  /** What an earlier run wrote: its unchanged tools cost nothing. */
  previous?: EnrichmentFile;
  /** As `enrichCatalogue` takes it: only these tools are asked, their missed requests in the prompt. */
  missedRequests?: ReadonlyMap<string, readonly string[]>;
  /** As `enrichCatalogue` takes it. */
  descriptions?: boolean;
}

/** What a run would cost, before it spends anything. The token counts are estimates. */
export interface EnrichmentEstimate {
  /** Model calls, one per tool to ask (retries and second tries not counted). */
  calls: number;
  /** Tools `previous` covers, which are not asked again. */
  reused: number;
  /** Input tokens: the prompts' characters / 3.5, as toolsift estimates tokens elsewhere. It errs high. */
  inputTokens: number;
  /** Output tokens: about {@link OUTPUT_TOKENS_PER_REQUEST} per request plus {@link OUTPUT_TOKENS_PER_TOOL} per answer. */
  outputTokens: number;
  skipped: SkippedTool[];
}

/** An answer's request is one sentence of about 15 words, with its JSON quoting. */
export const OUTPUT_TOKENS_PER_REQUEST = 22;
/** The synonyms, a suggested sentence and the JSON around them. */
export const OUTPUT_TOKENS_PER_TOOL = 90;

/** Every option of `estimateEnrichment`; the compiler holds the list to {@link EstimateEnrichmentOptions}. */
const ESTIMATE_ENRICHMENT_KEYS = optionKeys<keyof EstimateEnrichmentOptions>({
  tools: true,
  requestsPerTool: true,
  previous: true,
  missedRequests: true,
  descriptions: true,
});

/**
 * The calls and an estimate of the tokens {@link enrichCatalogue} would spend on `tools`, from
 * the very prompts it would send; no model is called. Tokens are estimated (characters / 3.5),
 * not counted by the provider's tokenizer.
 *
 * @example
 * ```ts
 * const { calls, inputTokens, outputTokens } = estimateEnrichment({ tools, requestsPerTool: 8 });
 * ```
 */
export function estimateEnrichment(options: EstimateEnrichmentOptions): EnrichmentEstimate {
  checkKeys("estimateEnrichment", "", options, ESTIMATE_ENRICHMENT_KEYS, "{ tools }");
  const requests = options.requestsPerTool ?? 8;
  const plan = planEnrichment(options.tools, requests, options.previous, options.missedRequests);
  let characters = 0;
  for (const pending of plan.pending) {
    const { system, user } = promptOf(pending, requests, options.descriptions === true);
    characters += system.length + user.length;
  }
  return {
    calls: plan.pending.length,
    reused: plan.reused,
    inputTokens: Math.ceil(characters / 3.5),
    outputTokens: plan.pending.length * (requests * OUTPUT_TOKENS_PER_REQUEST + OUTPUT_TOKENS_PER_TOOL),
    skipped: plan.skipped,
  };
}
