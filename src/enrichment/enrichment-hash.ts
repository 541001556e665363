import { createHash } from "node:crypto";
import { canonicalJson } from "../catalogue/canonical-json.js";

/** The parts of a tool its enrichment was written from. */
export interface EnrichedDefinition {
  name: string;
  description: string;
  inputSchema?: unknown;
}

/**
 * The hex SHA-256 of the canonical JSON of a tool's name, description and input schema: what
 * the requests were written from. Key order does not count; every value does. Annotations and
 * tags do not: they do not change what a user asks the tool for.
 *
 * @example
 * ```ts
 * enrichmentHashOf({ name: "get_weather", description: "Current weather.", inputSchema }); // "9a0c…"
 * ```
 */
export function enrichmentHashOf(tool: EnrichedDefinition): string {
  let text: string;
  try {
    text = canonicalJson({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema ?? null });
  } catch {
    // Too deep to write canonically: the name and description still tell a change apart.
    text = JSON.stringify({ name: tool.name, description: tool.description, unhashableSchema: true });
  }
  return createHash("sha256").update(text).digest("hex");
}
