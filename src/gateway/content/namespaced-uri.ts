import { SERVER_NAME_PATTERN } from "../../public/mcp.js";

/**
 * How the gateway names an upstream server's resources: `toolsift://<server>/<the server's own
 * URI, verbatim>`. Two servers may both have `file:///README.md`, and the client must read each
 * from the server that listed it, so the server goes into the URI itself.
 *
 * Wrapped rather than mapped: the prefix needs no memory of what was listed, so it also works for
 * URIs nobody listed (a template the client filled in, a resource link in a tool result) and on
 * any replica. The original follows the first `/` after the server verbatim, not
 * percent-encoded, so an RFC 6570 template keeps its `{variables}` and a client that expands
 * `toolsift://s/file:///{path}` gets exactly the prefix plus what the server's own expansion
 * would be. Server names cannot hold `/` (see `SERVER_NAME_PATTERN`), so the first `/` ends the
 * name and nothing in the original can be mistaken for another server.
 */
export const WRAPPED_URI_PREFIX = "toolsift://";

/** An upstream URI (or URI template) as the gateway's clients see it. */
export function wrapUri(server: string, uri: string): string {
  return `${WRAPPED_URI_PREFIX}${server}/${uri}`;
}

/** The server and its own URI behind a wrapped URI; `undefined` for any URI the gateway did not make. */
export function unwrapUri(uri: string): { server: string; uri: string } | undefined {
  if (!uri.startsWith(WRAPPED_URI_PREFIX)) return undefined;
  const rest = uri.slice(WRAPPED_URI_PREFIX.length);
  const slash = rest.indexOf("/");
  if (slash <= 0 || slash === rest.length - 1) return undefined;
  const server = rest.slice(0, slash);
  return SERVER_NAME_PATTERN.test(server) ? { server, uri: rest.slice(slash + 1) } : undefined;
}

/** A prompt's (or a resource's) name as clients see it: `server__name`, like a tool's. */
export function wrapName(server: string, name: string): string {
  return `${server}__${name}`;
}

/**
 * The server and its own name behind `server__name`. A server name holds no `__` and does not end
 * in `_`, so the first `__` is where it ends, whatever the name holds.
 */
export function unwrapName(name: string): { server: string; name: string } | undefined {
  const split = name.indexOf("__");
  if (split <= 0 || split + 2 >= name.length) return undefined;
  const server = name.slice(0, split);
  return SERVER_NAME_PATTERN.test(server) ? { server, name: name.slice(split + 2) } : undefined;
}
