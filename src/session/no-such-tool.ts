import { SEARCH_TOOLS_NAME } from "./search-tools-tool.js";
import type { UnavailableSource } from "./unavailable-sources.js";

/**
 * Why a call's tool is not there. A name under a server that is connecting or down says so, from
 * the server's state alone: the answer is the same whether or not such a tool exists. Without
 * `unavailable`, the answer to a tool that does not exist for the caller, whatever the reason;
 * with `meant`, the permitted tool whose name a client's rewriting made this one (see
 * `rewrittenName`).
 */
export function noSuchTool(name: string, unavailable: readonly UnavailableSource[] = [], meant?: string): string {
  const source = unavailable.find((candidate) => name.startsWith(`${candidate.server}__`));
  if (!source && meant !== undefined)
    return `There is no tool named "${name}" available here, but there is "${meant}" (clients may show tool names rewritten): call it by that name.`;
  if (!source)
    return `There is no tool named "${name}" available here. Use ${SEARCH_TOOLS_NAME} to find the right tool by what it does.`;
  const why =
    source.state === "connecting"
      ? "is still connecting"
      : `is down${source.error === undefined ? "" : ` (${source.error})`}`;
  return (
    `There is no tool named "${name}" available now: the server "${source.server}" ${why}, so its tools cannot be used yet. ` +
    `Try again later, or use ${SEARCH_TOOLS_NAME} to find another tool by what it does.`
  );
}
