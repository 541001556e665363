import { parseTool, type ToolDefinition } from "../catalogue/index.js";
import { errorText, OptionsError } from "../errors.js";
import { ENRICHMENT_LIMITS, type EnrichmentFile, type ToolEnrichment } from "./enrichment-file.js";
import { enrichmentHashOf } from "./enrichment-hash.js";
import { nearbyTools, type PromptTool } from "./enrichment-prompt.js";

/** A tool that was not enriched, and why. */
export interface SkippedTool {
  tool: string;
  reason: string;
}

/** A tool the model is asked about. */
export interface PendingTool {
  tool: PromptTool;
  /** Requests users missed this tool with, for its prompt (`missedRequests`). */
  missed?: readonly string[] | undefined;
  hash: string;
  nearby: PromptTool[];
  /** Its entry from `previous`, written for an older definition: kept if asking again fails. */
  stale: ToolEnrichment | undefined;
}

/** What a run will do, before any call: what it asks, what it keeps. */
export interface EnrichmentPlan {
  pending: PendingTool[];
  /** Entries of `previous` kept as they are: unchanged tools, and tools no longer in the catalogue. */
  kept: Record<string, ToolEnrichment>;
  /** How many of `kept` are tools of this catalogue whose hash still matches. */
  reused: number;
  /** Definitions toolsift cannot use (they fail its checks, or repeat a name). */
  skipped: SkippedTool[];
}

/**
 * Checks the tools as a tool search would (so the hash is of the same JSON Schema a search
 * hashes), and sorts them into those to ask about and those `previous` already covers.
 */
export function planEnrichment(
  tools: readonly ToolDefinition[],
  requestsPerTool: number,
  previous: EnrichmentFile | undefined,
  missedRequests?: ReadonlyMap<string, readonly string[]>,
): EnrichmentPlan {
  if (!Array.isArray(tools))
    throw new OptionsError("invalid_options", "enrichCatalogue: tools must be an array of tool definitions.");
  if (!Number.isInteger(requestsPerTool) || requestsPerTool < 1 || requestsPerTool > ENRICHMENT_LIMITS.maxRequests)
    throw new OptionsError(
      "invalid_options",
      `enrichCatalogue: requestsPerTool must be a whole number from 1 to ${ENRICHMENT_LIMITS.maxRequests}, not ${String(requestsPerTool)}.`,
    );
  const skipped: SkippedTool[] = [];
  const checked: PromptTool[] = [];
  const seen = new Set<string>();
  tools.forEach((definition, index) => {
    try {
      const tool = parseTool(definition, `tools[${index}]`);
      if (seen.has(tool.name)) {
        skipped.push({ tool: tool.name, reason: `tools[${index}] repeats the name of an earlier tool` });
        return;
      }
      seen.add(tool.name);
      checked.push({
        name: tool.name,
        description: tool.description,
        inputSchema: tool.inputSchema,
        server: tool.server,
      });
    } catch (error) {
      const name = (definition as { name?: unknown } | null)?.name;
      skipped.push({
        tool: typeof name === "string" ? name.slice(0, 64) : `tools[${index}]`,
        reason: errorText(error),
      });
    }
  });
  const before = previous?.tools ?? {};
  const kept: Record<string, ToolEnrichment> = Object.create(null);
  // Tools of `previous` that are not in this catalogue (a server that did not connect): kept, paid for once.
  for (const [name, entry] of Object.entries(before)) if (!seen.has(name)) kept[name] = entry;
  const nearbyOf = nearbyTools(checked);
  const pending: PendingTool[] = [];
  let reused = 0;
  checked.forEach((tool, index) => {
    const hash = enrichmentHashOf(tool);
    const earlier = Object.hasOwn(before, tool.name) ? before[tool.name] : undefined;
    const missed = missedRequests?.get(tool.name);
    // Asked from misses: only the tools users missed; the others stay as `previous` has them.
    if (missedRequests !== undefined && missed === undefined) {
      if (earlier) kept[tool.name] = earlier;
      return;
    }
    if (earlier?.hash === hash) {
      kept[tool.name] = earlier;
      reused++;
      return;
    }
    pending.push({ tool, hash, nearby: nearbyOf(index), stale: earlier, ...(missed ? { missed } : {}) });
  });
  return { pending, kept, reused, skipped };
}
