import type { EnrichmentFile, ToolEnrichment } from "./enrichment-file.js";

/**
 * An enrichment file as text: pretty JSON with a fixed key order and the tools sorted by name,
 * so that a run that changes one tool changes one place in the diff a reviewer reads.
 *
 * @example
 * ```ts
 * writeFileSync("toolsift.enrichment.json", formatEnrichment(file));
 * ```
 */
export function formatEnrichment(file: EnrichmentFile): string {
  const tools: Record<string, ToolEnrichment> = {};
  for (const name of Object.keys(file.tools).sort()) {
    const entry = file.tools[name]!;
    tools[name] = {
      hash: entry.hash,
      requests: [...entry.requests],
      synonyms: [...entry.synonyms],
      ...(entry.description === undefined ? {} : { description: entry.description }),
    };
  }
  const ordered = {
    format: file.format,
    model: file.model,
    ...(file.provider === undefined ? {} : { provider: file.provider }),
    createdAt: file.createdAt,
    tools,
  };
  return `${JSON.stringify(ordered, null, 2)}\n`;
}
