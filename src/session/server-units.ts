import type { CatalogueSnapshot, CatalogueTool } from "../catalogue/index.js";
import { queryTermsOf } from "../ranking/bm25/index.js";
import { analyzeIdentifier, analyzeText } from "../ranking/text/index.js";
import { normalizeServerName } from "./server-scope.js";

/**
 * The words that ask for a server's tools as a whole without saying what for: "all", "tools",
 * "everything in", "list", "show". Stop words ("in", "the", "what") are dropped by the analyser
 * already. A fixed list, not a tuned one: each word, said with a server's name and nothing else,
 * asks for that server.
 */
const FILLER_WORDS =
  "all everything every tool tools list show available server servers mcp function functions capability capabilities command commands option options";

/** The filler words as the ranker's analyser reads them (stemmed), so `tools` and `tool` are one. */
const FILLER: ReadonlySet<string> = new Set(analyzeText(FILLER_WORDS));

/** One server of a catalogue version: its name, its tools in catalogue order, and how its name reads. */
export interface CatalogueServer {
  readonly name: string;
  readonly tools: readonly CatalogueTool[];
  /**
   * The name's words as the ranker reads a name (`googleDrive`: `googl drive`) and as it reads
   * prose (`GitHub`: `github`), each a set; a reading of no word (a name of stop words) is left out.
   */
  readonly readings: readonly ReadonlySet<string>[];
}

/** The servers of one catalogue version, derived once per snapshot. */
export class ServerIndex {
  private static readonly bySnapshot = new WeakMap<CatalogueSnapshot, ServerIndex>();

  /** Every server, by its own name, in name order. */
  readonly servers: readonly CatalogueServer[];
  /** The servers each normalized name (see {@link normalizeServerName}) stands for. */
  private readonly byNormalized = new Map<string, CatalogueServer[]>();
  /** Every word of every server's name: a query with a word outside these and the filler names no server. */
  private readonly words = new Set<string>();

  private constructor(snapshot: CatalogueSnapshot) {
    const tools = new Map<string, CatalogueTool[]>();
    for (const tool of snapshot.tools) {
      if (tool.server === undefined) continue;
      let list = tools.get(tool.server);
      if (!list) tools.set(tool.server, (list = []));
      list.push(tool);
    }
    this.servers = [...tools.keys()]
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      .map((name) => {
        const readings = [analyzeIdentifier(name), analyzeText(name)]
          .map((terms) => new Set(terms))
          .filter((terms) => terms.size > 0);
        for (const reading of readings) for (const word of reading) this.words.add(word);
        return { name, tools: tools.get(name)!, readings };
      });
    for (const server of this.servers) {
      const key = normalizeServerName(server.name);
      this.byNormalized.set(key, [...(this.byNormalized.get(key) ?? []), server]);
    }
  }

  /** The index of a snapshot, built on first use. */
  static of(snapshot: CatalogueSnapshot): ServerIndex {
    let index = ServerIndex.bySnapshot.get(snapshot);
    if (!index) ServerIndex.bySnapshot.set(snapshot, (index = new ServerIndex(snapshot)));
    return index;
  }

  /** The servers a normalized name stands for (several when their names differ only in case or punctuation). */
  resolve(normalized: string): readonly CatalogueServer[] {
    return this.byNormalized.get(normalized) ?? [];
  }

  /**
   * The servers a query is about as a whole: the query, read as the ranker reads it, consists of
   * the whole names of one or more servers and filler words ("everything in jira", "github
   * tools", "Google Drive", "jira and confluence"), and of nothing else. A word that says what
   * the tools should do ("jira issues") makes it an ordinary query. No constant is tuned: a
   * server is named by all of its name's words, in either reading.
   *
   * @example
   * ```ts
   * index.namedBy("everything in jira"); // [jira]
   * index.namedBy("create a jira issue"); // []
   * ```
   */
  namedBy(query: string): CatalogueServer[] {
    const terms = new Set(queryTermsOf(query, (term) => this.words.has(term)));
    // The common case, an ordinary query, costs one pass over its words.
    const said = [...terms].filter((term) => !FILLER.has(term));
    if (!said.every((term) => this.words.has(term))) return [];
    // A server called by filler words only (`everything`) is named when the query says nothing
    // else: in "everything in jira" the word is filler, and the query is about jira.
    const fillerOnly = said.length === 0;
    const named: CatalogueServer[] = [];
    const covered = new Set<string>();
    for (const server of this.servers) {
      const whole = server.readings.filter(
        (reading) =>
          [...reading].every((word) => terms.has(word)) &&
          fillerOnly === [...reading].every((word) => FILLER.has(word)),
      );
      if (whole.length === 0) continue;
      named.push(server);
      for (const reading of whole) for (const word of reading) covered.add(word);
    }
    return said.every((term) => covered.has(term)) ? named : [];
  }
}
