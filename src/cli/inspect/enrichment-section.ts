import { escapeVisible } from "../../gateway/index.js";
import type { LoadedCatalogue } from "../load-catalogue.js";

/** A description the enrichment suggests for a tool that no `describe` override covers yet. */
export interface SuggestedDescription {
  tool: string;
  /** The description clients see now. */
  current: string;
  suggested: string;
  /** Whether the tool changed since it was enriched (the suggestion was written for the old definition). */
  stale: boolean;
}

/** What `inspect` reports about a config's enrichment and its `describe` overrides. */
export interface EnrichmentReport {
  /** The enrichment `toolsift.enrichment` names; `null` with none. */
  enrichment: {
    file: string;
    model: string;
    createdAt: string;
    keepStale: boolean;
    /** Tools whose definition is the one that was enriched: their requests and synonyms are indexed. */
    enriched: number;
    /**
     * Tools whose definition (as the config presents it, `describe` applied) changed since they
     * were enriched: left unenriched unless `keepStale`, until `toolsift enrich` runs again.
     */
    stale: string[];
    /** Tools the file has nothing for. */
    notEnriched: string[];
    /** Entries of the file that name no tool listed now. */
    unlisted: number;
    /** The suggested descriptions no `describe` override applies yet, to review and adopt. */
    suggestions: SuggestedDescription[];
  } | null;
  /** The `describe` overrides: those applied, and those naming a tool no server lists. */
  describe: { applied: { tool: string; kind: "replace" | "append" }[]; unmatched: string[] };
}

/** How many stale, unenriched or suggested tools the text names; `--json` names them all. */
const SHOWN = 50;

/**
 * The enrichment's status over the tools clients see, as the tool search judges it (the hash
 * `toolsift enrich` wrote against each tool's definition now, `describe` applied), its
 * suggestions not adopted yet, and the `describe` overrides applied.
 */
export async function enrichmentReport(catalogue: LoadedCatalogue): Promise<EnrichmentReport> {
  const { settings } = catalogue;
  const listed = new Set(catalogue.tools.map((tool) => tool.name));
  const describe = {
    applied: [...settings.describe].flatMap(([tool, override]) =>
      listed.has(tool) ? [{ tool, kind: override.kind }] : [],
    ),
    unmatched: [...settings.describe.keys()].filter((tool) => !listed.has(tool)),
  };
  const { enrichment } = settings;
  if (enrichment === undefined) return { enrichment: null, describe };
  const visible = (names: readonly string[]) => names.filter((name) => catalogue.permits(name));
  const status = await catalogue.toolSearch.enrichmentStatus();
  const stale = new Set(status.stale);
  const entries = enrichment.content.tools;
  const suggestions = catalogue.tools.flatMap((tool): SuggestedDescription[] => {
    const suggested = Object.hasOwn(entries, tool.name) ? entries[tool.name]?.description : undefined;
    if (suggested === undefined || settings.describe.has(tool.name) || !catalogue.permits(tool.name)) return [];
    if (suggested === tool.description.trim()) return [];
    return [{ tool: tool.name, current: tool.description, suggested, stale: stale.has(tool.name) }];
  });
  return {
    enrichment: {
      file: enrichment.file,
      model: enrichment.content.model,
      createdAt: enrichment.content.createdAt,
      keepStale: enrichment.keepStale,
      enriched: visible(status.enriched).length,
      stale: visible(status.stale),
      notEnriched: visible(status.missing),
      unlisted: Object.keys(entries).filter((name) => !listed.has(name)).length,
      suggestions,
    },
    describe,
  };
}

/** Whether the report holds something `--fail-on warning` stops for: stale tools, or a describe naming no tool. */
export function enrichmentWarnings(report: EnrichmentReport): string[] {
  const warnings: string[] = [];
  const stale = report.enrichment?.stale.length ?? 0;
  if (stale > 0) warnings.push(`${stale} tool(s) changed since they were enriched`);
  if (report.describe.unmatched.length > 0)
    warnings.push(`${report.describe.unmatched.length} describe override(s) name a tool no server lists`);
  return warnings;
}

/** The report as text, for after the rest of `inspect`'s. */
export function formatEnrichmentReport(report: EnrichmentReport, configFile: string): string {
  const lines = [""];
  const { enrichment, describe } = report;
  if (enrichment === null) {
    lines.push(
      `Enrichment: none. toolsift enrich --config ${configFile} writes one; "enrichment" in the toolsift block reads it.`,
    );
  } else {
    lines.push(
      `Enrichment (${enrichment.file}, by ${enrichment.model}, ${enrichment.createdAt}): ${enrichment.enriched} enriched, ` +
        `${enrichment.stale.length} stale, ${enrichment.notEnriched.length} not enriched` +
        (enrichment.unlisted > 0
          ? `; ${enrichment.unlisted} entr${enrichment.unlisted === 1 ? "y names" : "ies name"} no tool listed now`
          : "") +
        ".",
    );
    lines.push(...named("stale    ", enrichment.stale));
    if (enrichment.stale.length > 0)
      lines.push(
        `Stale tools changed since they were enriched, so ${enrichment.keepStale ? "they keep their old requests (keepStale)" : "their requests are not indexed"}; ` +
          `toolsift enrich --config ${configFile} asks again for those only.`,
      );
    lines.push(...named("not enriched", enrichment.notEnriched));
    if (enrichment.suggestions.length > 0) {
      lines.push(
        "",
        `Suggested descriptions (${enrichment.suggestions.length}), not applied until "describe" names them:`,
      );
      for (const suggestion of enrichment.suggestions.slice(0, SHOWN)) {
        lines.push(`  ${suggestion.tool}${suggestion.stale ? " (stale)" : ""}`);
        lines.push(`    now:       ${escapeVisible(suggestion.current)}`);
        lines.push(`    suggested: ${escapeVisible(suggestion.suggested)}`);
      }
      if (enrichment.suggestions.length > SHOWN)
        lines.push(`  … and ${enrichment.suggestions.length - SHOWN} more (--json lists every one).`);
      const first = enrichment.suggestions[0]!;
      lines.push(
        `Adopt one in the toolsift block of ${configFile}: "describe": {${JSON.stringify(first.tool)}: ${JSON.stringify(first.suggested)}}, ` +
          "then run toolsift enrich again for the tools it changes.",
      );
    }
  }
  if (describe.applied.length + describe.unmatched.length > 0) {
    lines.push(
      "",
      `Describe overrides: ${describe.applied.length} applied, ${describe.unmatched.length} naming no tool listed now.`,
    );
    lines.push(
      ...describe.applied.map(({ tool, kind }) => `  ${kind === "replace" ? "replaced" : "appended"}  ${tool}`),
    );
    lines.push(
      ...describe.unmatched.map((tool) => `  warning   ${tool}: no server lists this tool; check the spelling.`),
    );
  }
  return `${lines.join("\n")}\n`;
}

/** Up to {@link SHOWN} names, one a line, and how many more. */
function named(label: string, names: readonly string[]): string[] {
  const lines = names.slice(0, SHOWN).map((name) => `  ${label} ${name}`);
  if (names.length > SHOWN) lines.push(`  … and ${names.length - SHOWN} more (--json lists every one).`);
  return lines;
}
