/**
 * `toolsift/enrichment`: make a catalogue searchable with the user's own model, once. Each tool
 * gets requests a user would make for it and a few synonyms, written by the model into a plain
 * JSON file (`toolsift.enrichment.json`) to review and commit; a tool search then indexes them
 * offline (`createToolSearch({ enrichment })`). `toolsift enrich` is the same from the command line.
 *
 * @example
 * ```ts
 * import Anthropic from "@anthropic-ai/sdk";
 * import { enrichCatalogue, formatEnrichment } from "toolsift/enrichment";
 *
 * const { file, skipped } = await enrichCatalogue({ tools, client: new Anthropic({ maxRetries: 0 }), model: "claude-sonnet-4-5" });
 * writeFileSync("toolsift.enrichment.json", formatEnrichment(file));
 * ```
 * @module
 */
export {
  ENRICHMENT_FORMAT,
  ENRICHMENT_LIMITS,
  EnrichmentError,
  enrichCatalogue,
  enrichmentHashOf,
  estimateEnrichment,
  formatEnrichment,
  parseEnrichment,
  type ChatCompletionsClient,
  type ChatCompletionsRequest,
  type EnrichCatalogueOptions,
  type EnrichedDefinition,
  type EnrichmentClient,
  type EnrichmentEstimate,
  type EnrichmentFile,
  type EnrichmentOptions,
  type EnrichmentProgress,
  type EnrichmentProvider,
  type EnrichmentResult,
  type EnrichmentSource,
  type EnrichmentStatus,
  type EstimateEnrichmentOptions,
  type ParsedEnrichment,
  type SkippedTool,
  type ToolEnrichment,
} from "../enrichment/index.js";
