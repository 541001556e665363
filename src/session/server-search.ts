import type { CatalogueSnapshot, CatalogueTool } from "../catalogue/index.js";
import type { SearchMatch } from "./search-match.js";
import { MAX_SERVER_TERMS, parseServerScope } from "./server-scope.js";
import { ServerIndex, type CatalogueServer } from "./server-units.js";

/** How many servers an answer names at most: the known ones after an unknown name, or those a query is about. */
export const MAX_LISTED_SERVERS = 20;

/**
 * A server a query is about as a whole ("everything in jira"), as `search_tools` names it beside
 * its matches: its name and how many of its tools the session may use.
 *
 * @example
 * ```ts
 * { server: "jira", tools: 42 }
 * ```
 */
export interface ServerUnit {
  server: string;
  /** The tools of the server this search may use (`permit` applies). */
  tools: number;
}

/** What a search answers once its server terms are read: the matches, the servers it is about, and what the terms did. */
export interface ServerSearch {
  matches: SearchMatch[];
  /** The servers the query is about as a whole (never with a `server:` term); absent when none. */
  servers?: ServerUnit[];
  /** One or two sentences on what the server terms did (restricted, unknown, capped); absent without terms. */
  scope?: string;
}

/** How a presentation reads server terms. */
export interface ServerSearchOptions {
  /** More names for servers, normalized (OpenAI's namespace names): `{ "github_2" → "github" }`. */
  aliases?: ReadonlyMap<string, string>;
  /**
   * Fill the room the matches leave under the limit with the first tools of the servers a query
   * is about as a whole: for OpenAI's `tool_search_output`, which can load tools but carries no
   * text to name a server in.
   */
  fillFromServers?: boolean;
}

/** What a server-aware search needs from the tool search. */
export interface ServerSearchHost {
  snapshot(): Promise<CatalogueSnapshot>;
  /** Ranks, with permissions applied, among the tools of `servers` only when given. */
  rank(query: string, limit: number, servers: ReadonlySet<string> | undefined): Promise<SearchMatch[]>;
  isPermitted(tool: CatalogueTool): boolean;
}

/**
 * One `search_tools` search with its server terms (see `parseServerScope`): restricted to the
 * servers named (a union), or, when a name is no server this session may use, unrestricted and
 * said so with the known servers; a restriction with no text lists the servers' tools, and one
 * whose text matches none of them lists them as weak matches. A query about whole servers
 * ("github tools") gets their {@link ServerUnit}s beside its ordinary matches. Never empty
 * because of a server term: only a catalogue with nothing for the query answers nothing.
 *
 */
export async function searchWithServers(
  host: ServerSearchHost,
  query: string,
  limit: number,
  options: ServerSearchOptions = {},
): Promise<ServerSearch> {
  const { aliases } = options;
  const parsed = parseServerScope(query);
  const index = ServerIndex.of(await host.snapshot());
  const count = (server: CatalogueServer) => server.tools.filter((tool) => host.isPermitted(tool)).length;
  if (parsed.names.length === 0) {
    const matches = await host.rank(query, limit, undefined);
    const named = index
      .namedBy(query)
      .map((server) => ({ server, unit: { server: server.name, tools: count(server) } }))
      .filter(({ unit }) => unit.tools > 0)
      .slice(0, MAX_LISTED_SERVERS);
    if (named.length === 0) return { matches };
    const servers = named.map(({ unit }) => unit);
    if (!options.fillFromServers || matches.length >= limit) return { matches, servers };
    // After the matches, never instead of them.
    const taken = new Set(matches.map((match) => match.name));
    const more = listed(
      named.map(({ server }) => server),
      limit - matches.length,
      host,
      "strong",
      taken,
    );
    return { matches: [...matches, ...more], servers };
  }
  const restricted = new Map<string, CatalogueServer>();
  const unknown: string[] = [];
  for (const [i, name] of parsed.names.entries()) {
    const alias = aliases?.get(name);
    const found = [...index.resolve(name), ...(alias === undefined ? [] : index.resolve(alias))].filter((server) =>
      server.tools.some((tool) => host.isPermitted(tool)),
    );
    if (found.length === 0) unknown.push(parsed.written[i]!);
    for (const server of found) restricted.set(server.name, server);
  }
  // A name that is no server may be a word the query needs (`+linear` where the server is `issues`).
  const text = [parsed.text, ...unknown].filter((part) => part !== "").join(" ");
  const notes: string[] = [];
  if (unknown.length > 0) notes.push(unknownNote(unknown, index, host, restricted.size > 0));
  if (parsed.ignored > 0) {
    notes.push(
      `Only the first ${MAX_SERVER_TERMS} server names were read; ${parsed.ignored} more ${parsed.ignored === 1 ? "was" : "were"} ignored.`,
    );
  }
  if (restricted.size === 0) return { matches: await host.rank(text, limit, undefined), scope: notes.join(" ") };
  const servers = [...restricted.values()];
  const names = servers
    .map((server) => {
      const tools = count(server);
      return `${server.name} (${tools} tool${tools === 1 ? "" : "s"})`;
    })
    .join(", ");
  if (text === "") {
    notes.unshift(
      `The tools of ${names}, in their servers' order; add what you want to do after the server to rank them.`,
    );
    return { matches: listed(servers, limit, host, "strong"), scope: notes.join(" ") };
  }
  const matches = await host.rank(text, limit, new Set(restricted.keys()));
  if (matches.length > 0) {
    notes.unshift(`Searched only the tools of ${names}.`);
    return { matches, scope: notes.join(" ") };
  }
  notes.unshift(`No tool of ${names} matched "${text}": these are its first tools, in its order.`);
  return { matches: listed(servers, limit, host, "weak"), scope: notes.join(" ") };
}

/**
 * The first `limit` permitted tools of `servers`, taken in turn from each (catalogue order within
 * one), so a union lists every server it names.
 */
export function listed(
  servers: readonly CatalogueServer[],
  limit: number,
  host: Pick<ServerSearchHost, "isPermitted">,
  confidence: SearchMatch["confidence"],
  skip: ReadonlySet<string> = new Set(),
): SearchMatch[] {
  const queues = servers.map((server) => ({ tools: server.tools, at: 0 }));
  const matches: SearchMatch[] = [];
  while (matches.length < limit) {
    let moved = false;
    for (const queue of queues) {
      while (queue.at < queue.tools.length) {
        const tool = queue.tools[queue.at++]!;
        if (skip.has(tool.name) || !host.isPermitted(tool)) continue;
        matches.push({ name: tool.name, description: tool.description, score: 0, confidence });
        moved = true;
        break;
      }
      if (matches.length >= limit) break;
    }
    if (!moved) break;
  }
  return matches;
}

/** Says which names are no server, and which servers there are (the first {@link MAX_LISTED_SERVERS} by name this session may use). */
function unknownNote(
  unknown: readonly string[],
  index: ServerIndex,
  host: Pick<ServerSearchHost, "isPermitted">,
  restricted: boolean,
): string {
  const known: string[] = [];
  let more = false;
  for (const server of index.servers) {
    if (!server.tools.some((tool) => host.isPermitted(tool))) continue;
    if (known.length === MAX_LISTED_SERVERS) {
      more = true;
      break;
    }
    known.push(server.name);
  }
  const quoted = unknown.map((name) => JSON.stringify(name)).join(", ");
  const which =
    known.length === 0 ? "There are no servers." : `Known servers: ${known.join(", ")}${more ? ", and more" : ""}.`;
  return `No server is named ${quoted}. ${which}${restricted ? "" : " These results are from every server."}`;
}
