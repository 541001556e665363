import type { CatalogueTool } from "../catalogue/index.js";
import { rankDocumentOf, type RankDocument } from "../ranking/index.js";
import type { EnrichmentFile } from "./enrichment-file.js";
import { enrichmentHashOf } from "./enrichment-hash.js";

/**
 * Which tools of the catalogue an enrichment covers, by name, in catalogue order.
 *
 * @example
 * ```ts
 * const { enriched, stale, missing } = await toolSearch.enrichmentStatus();
 * if (stale.length > 0) console.warn(`Run toolsift enrich again: ${stale.join(", ")} changed since.`);
 * ```
 */
export interface EnrichmentStatus {
  /** Tools whose entry was written for their current definition: its requests and synonyms are indexed. */
  enriched: string[];
  /**
   * Tools whose definition changed since their entry was written (its hash differs). Their
   * entry is indexed only with `keepStale: true`.
   */
  stale: string[];
  /** Tools the enrichment has no entry for (all of them, without an enrichment). */
  missing: string[];
}

type ToolState = "enriched" | "stale" | "missing";

/** Stale tools named in a warning; the rest are counted. */
const NAMED_STALE = 10;

function staleMessage(stale: readonly string[], kept: boolean): string {
  const named = stale.slice(0, NAMED_STALE).join(", ");
  const more = stale.length > NAMED_STALE ? ` and ${stale.length - NAMED_STALE} more` : "";
  const tools = stale.length === 1 ? "tool has" : "tools have";
  return (
    `${stale.length} ${tools} changed since the enrichment was written (${named}${more}): ` +
    `${kept ? "their old requests are still indexed (keepStale)" : "they are searched without it"}. ` +
    "Run `toolsift enrich` again to bring them up to date."
  );
}

/**
 * An enrichment applied to a catalogue: the ranking document of each tool, with its entry's
 * requests and synonyms as `examples` when the entry was written for this definition (or
 * `keepStale` says a stale one still counts).
 *
 * A host's listing may be read again on every search, so the hash and the document are kept per
 * tool object (the catalogue reuses a tool's object while its definition reads the same); an
 * enrichment entry naming no tool of the catalogue is never looked at.
 */
export class CatalogueEnrichment {
  private readonly states = new WeakMap<CatalogueTool, ToolState>();
  private readonly documents = new WeakMap<CatalogueTool, RankDocument>();
  /** The stale tools last warned about, so an unchanged catalogue is not reported again. */
  private reportedStale = "";

  constructor(
    private readonly file: EnrichmentFile | undefined,
    private readonly keepStale: boolean,
    /** Hears the `enrichment_stale` warning: a catalogue with tools changed since they were enriched. */
    private readonly warn: (code: string, message: string) => void = () => undefined,
  ) {}

  /**
   * The documents rankers index for a catalogue, in its order; warns once per set of stale
   * tools (the first few named), so a gateway's log says when to run `toolsift enrich` again.
   */
  documentsOf(tools: readonly CatalogueTool[]): RankDocument[] {
    const documents = tools.map((tool) => this.documentOf(tool));
    if (this.file) {
      const stale = tools.filter((tool) => this.stateOf(tool) === "stale").map((tool) => tool.name);
      const key = stale.join("\0");
      if (key !== this.reportedStale) {
        this.reportedStale = key;
        if (stale.length > 0) this.warn("enrichment_stale", staleMessage(stale, this.keepStale));
      }
    }
    return documents;
  }

  /** The document rankers index for the tool. */
  documentOf(tool: CatalogueTool): RankDocument {
    const state = this.stateOf(tool);
    if (state === "missing" || (state === "stale" && !this.keepStale)) return tool.document;
    const entry = this.file!.tools[tool.name]!;
    let document = this.documents.get(tool);
    if (document === undefined) {
      const examples = [...entry.requests, ...entry.synonyms];
      document =
        examples.length === 0
          ? tool.document
          : rankDocumentOf({
              name: tool.name,
              description: tool.description,
              inputSchema: tool.inputSchema,
              tags: tool.tags,
              ...(tool.server === undefined ? {} : { server: tool.server }),
              examples,
            });
      this.documents.set(tool, document);
    }
    return document;
  }

  /** The catalogue's tools sorted by whether the enrichment covers them. */
  status(tools: readonly CatalogueTool[]): EnrichmentStatus {
    const status: EnrichmentStatus = { enriched: [], stale: [], missing: [] };
    for (const tool of tools) status[this.stateOf(tool)].push(tool.name);
    return status;
  }

  private stateOf(tool: CatalogueTool): ToolState {
    let state = this.states.get(tool);
    if (state === undefined) {
      // An own property only: a tool named `__proto__` or `constructor` has no entry by accident.
      const entry = this.file && Object.hasOwn(this.file.tools, tool.name) ? this.file.tools[tool.name] : undefined;
      state = !entry
        ? "missing"
        : enrichmentHashOf({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema }) ===
            entry.hash
          ? "enriched"
          : "stale";
      this.states.set(tool, state);
    }
    return state;
  }
}
