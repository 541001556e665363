import { createHash } from "node:crypto";
import type { RankDocument } from "./ranker.js";

/** The parts of a tool a ranking document is made from. */
export interface RankableTool {
  name: string;
  description: string;
  /** A JSON Schema; its top-level properties become the document's parameters. */
  inputSchema?: unknown;
  tags?: readonly string[];
  server?: string;
  /** Enrichment's requests and synonyms (see {@link RankDocument.examples}). */
  examples?: readonly string[];
}

/**
 * Builds the document rankers index for a tool: its words, and a fingerprint that changes
 * whenever those words do.
 */
export function rankDocumentOf(tool: RankableTool): RankDocument {
  const parameters = parametersOf(tool.inputSchema);
  const tags = tool.tags ?? [];
  const examples = tool.examples?.length ? tool.examples : undefined;
  const fingerprint = createHash("sha1")
    .update(JSON.stringify([tool.name, tool.description, parameters, tags, tool.server ?? null, examples ?? null]))
    .digest("base64url");
  return {
    name: tool.name,
    description: tool.description,
    parameters,
    tags,
    ...(tool.server === undefined ? {} : { server: tool.server }),
    ...(examples === undefined ? {} : { examples }),
    fingerprint,
  };
}

function parametersOf(schema: unknown): { name: string; description?: string }[] {
  if (typeof schema !== "object" || schema === null) return [];
  const properties = (schema as { properties?: unknown }).properties;
  if (typeof properties !== "object" || properties === null) return [];
  return Object.entries(properties).map(([name, property]) => {
    const description = (property as { description?: unknown } | null)?.description;
    return typeof description === "string" ? { name, description } : { name };
  });
}
