import { analyzeIdentifier, analyzeText } from "../ranking/text/index.js";

/**
 * Whether a query names a server, so that it asks for that server's tools and the per-server cap
 * of its results is lifted: one of the words of the server's name is a word of the query, in any
 * case or form (`GitHub`, `github__create_issue`; `drive` or `Drives` for `google-drive`).
 * The name is read as an identifier (`googleDrive`, `google_drive` are two words); words of one
 * letter and stop words name nothing.
 *
 * Measured on the bench's sets whose tools group into servers: requiring the whole name cost up
 * to 1.6 points of recall@5 (ToolAlpaca, ToolBench), because a user asks for "house plants"
 * tools of the `house_plants` API as "a house plant". A server is named by the operator in the
 * gateway config, not by the server itself, so a name cannot be chosen to lift its own cap.
 *
 * @example
 * ```ts
 * namesServer("open an issue on GitHub", "github"); // true
 * namesServer("upload to my drive", "google-drive"); // true
 * namesServer("upload a file", "google-drive"); // false
 * ```
 */
export function namesServer(query: string, server: string): boolean {
  return new QueryWords(query).names(server);
}

/** A query's words, analysed once, for checking many servers and tools against it. */
export class QueryWords {
  private readonly terms: ReadonlySet<string>;

  constructor(query: string) {
    this.terms = new Set([...analyzeText(query), ...analyzeIdentifier(query)]);
  }

  /** See {@link namesServer}. */
  names(server: string): boolean {
    return serverTerms(server).some((term) => this.terms.has(term));
  }

  /**
   * Whether the query says at least half of the words of a tool's own name (its server's words
   * aside), each word weighted by how rare it is among the catalogue's tool names (`weightOf`):
   * `create issue` for `github__create_issue`. Such a result keeps its place whatever its
   * server's count, since its rank comes from what it is called, not from its description. The
   * weighting keeps a common word from buying that: `search` alone does not cover
   * `toolbox__super_search` in a catalogue where many tools search.
   */
  coversName(name: string, server: string | undefined, weightOf: (term: string) => number): boolean {
    let whole = 0;
    let said = 0;
    for (const term of localTerms(name, server)) {
      const weight = weightOf(term);
      whole += weight;
      if (this.terms.has(term)) said += weight;
    }
    return whole > 0 && said * 2 >= whole;
  }
}

/** The distinct words of a tool's name that are not its server's. */
export function localTerms(name: string, server: string | undefined): string[] {
  const own = new Set(server === undefined ? [] : serverTerms(server));
  return [...new Set(analyzeIdentifier(name))].filter((term) => !own.has(term));
}

/** The words of a server's name that can name it: as an identifier, stemmed, longer than a letter. */
function serverTerms(server: string): string[] {
  return [...analyzeIdentifier(server), ...analyzeText(server)].filter((term) => term.length > 1);
}
