/**
 * The enrichment file (`toolsift.enrichment.json`): what the user's own model wrote once about
 * each tool of their catalogue, kept as plain JSON to review and commit, then read at search
 * time with no model and no network.
 *
 * @example
 * ```json
 * {
 *   "format": "toolsift.enrichment/1",
 *   "model": "claude-sonnet-4-5",
 *   "createdAt": "2026-12-01T12:00:00.000Z",
 *   "tools": {
 *     "jira__create_issue": {
 *       "hash": "3f1c…",
 *       "requests": ["open a ticket for the login bug", "file a bug about the broken export"],
 *       "synonyms": ["ticket", "bug report"],
 *       "description": "Create a Jira issue (a ticket) in a project."
 *     }
 *   }
 * }
 * ```
 */
export interface EnrichmentFile {
  /** The format and its version; a reader refuses a version it does not know. */
  format: typeof ENRICHMENT_FORMAT;
  /** The model that wrote it, as the provider names it. */
  model: string;
  /** The provider of that model, when known. */
  provider?: "anthropic" | "openai";
  /** When the file was last written (ISO 8601). */
  createdAt: string;
  /** Per tool, by its name in the catalogue. */
  tools: Record<string, ToolEnrichment>;
}

/** What enrichment wrote about one tool. */
export interface ToolEnrichment {
  /**
   * {@link enrichmentHashOf} the tool's definition when it was enriched. A tool whose definition
   * has changed since is stale: its enrichment is not used unless `keepStale` says so.
   */
  hash: string;
  /** Requests a user would make that need exactly this tool, in their words (never its name). */
  requests: string[];
  /** Other words users say for what the tool acts on or does. */
  synonyms: string[];
  /**
   * A clearer first sentence the model suggested. Never applied by itself: a `describe` override
   * in the gateway's config applies it, once a person has read it.
   */
  description?: string;
}

/** The value of {@link EnrichmentFile.format} this version reads and writes. */
export const ENRICHMENT_FORMAT = "toolsift.enrichment/1";

/** Bounds on a file read from disk: a damaged or hostile file is refused, not indexed. */
export const ENRICHMENT_LIMITS = {
  /** The file itself. */
  maxFileBytes: 64 * 1024 * 1024,
  /** Tools in one file. */
  maxTools: 100_000,
  /** Requests kept per tool (more are cut, with a warning). */
  maxRequests: 32,
  /** Synonyms kept per tool (more are cut, with a warning). */
  maxSynonyms: 32,
  /** Characters of one request or synonym (longer ones are dropped, with a warning). */
  maxTextChars: 500,
  /** Characters of a suggested description. */
  maxDescriptionChars: 2_000,
} as const;
