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
  const { name, description, server } = tool;
  let fingerprint: string | undefined;
  return {
    name,
    description,
    parameters,
    tags,
    ...(server === undefined ? {} : { server }),
    ...(examples === undefined ? {} : { examples }),
    // Hashed when first compared: a ranker building its index from scratch never reads it.
    get fingerprint() {
      fingerprint ??= createHash("sha1")
        .update(JSON.stringify([name, description, parameters, tags, server ?? null, examples ?? null]))
        .digest("base64url");
      return fingerprint;
    },
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
