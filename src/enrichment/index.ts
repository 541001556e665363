export { ENRICHMENT_FORMAT, ENRICHMENT_LIMITS, type EnrichmentFile, type ToolEnrichment } from "./enrichment-file.js";
export { enrichmentHashOf, type EnrichedDefinition } from "./enrichment-hash.js";
export { EnrichmentError, parseEnrichment, type ParsedEnrichment } from "./parse-enrichment.js";
export type { EnrichmentOptions, EnrichmentSource } from "./enrichment-options.js";
export { CatalogueEnrichment, type EnrichmentStatus } from "./catalogue-enrichment.js";
export { readEnrichment, type ResolvedEnrichment } from "./read-enrichment.js";
