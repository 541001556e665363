import type { ServerUnit } from "./server-search.js";

/** A server a query is about, as the model reads it beside the matches: with how to search it alone. */
export interface AnsweredServer extends ServerUnit {
  /** The query that searches this server only, e.g. `server:jira <what you want>`. */
  narrow: string;
}

/**
 * A `search_tools` answer's JSON with what its server terms gave: `servers`, the servers the query
 * is about as a whole (name, how many tools this session may use, and how to narrow to it), and
 * `scope`, what the query's `server:` terms did. Unchanged when the search has neither.
 *
 * The JSON it adds, e.g.:
 * `{"matches": […], "servers": [{"server": "jira", "tools": 42, "narrow": "server:jira <what you want>"}]}` or
 * `{"matches": […], "scope": "No server is named \"jra\". Known servers: github, jira. These results are from every server."}`
 */
export function withServers<Body extends object>(
  body: Body,
  outcome: { servers?: readonly ServerUnit[]; scope?: string },
): Body & { servers?: AnsweredServer[]; scope?: string } {
  const { servers, scope } = outcome;
  if ((servers === undefined || servers.length === 0) && scope === undefined) return body;
  return {
    ...body,
    ...(servers && servers.length > 0
      ? {
          servers: servers.map(({ server, tools }) => ({
            server,
            tools,
            narrow: `server:${/\s/.test(server) ? server.replace(/\s+/g, "_") : server} <what you want>`,
          })),
        }
      : {}),
    ...(scope === undefined ? {} : { scope }),
  };
}
