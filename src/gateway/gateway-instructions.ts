import type { ListingMode } from "./listing/gateway-listing.js";
import type { ToolPolicy } from "./policy/tool-policy.js";

/**
 * What a client is told on initialize (or, stateless, in `server/discover`): the servers this
 * caller may use (a server its policy hides entirely is not named, here or in a search), and how
 * it reaches the tools that are not listed. It needs only the config (the servers' names and
 * the caller's policy), so a `server/discover` can be answered before the servers are up.
 */
export function gatewayInstructions(
  servers: readonly string[],
  policy: Pick<ToolPolicy, "hidesServer">,
  mode: ListingMode,
  stateless: boolean,
): string {
  const shown = servers.filter((server) => !policy.hidesServer(server));
  return (
    `toolsift fronts ${shown.length} MCP server${shown.length === 1 ? "" : "s"} (${shown.join(", ")}); their tools are named server__tool. ` +
    (stateless
      ? "Most tools are not listed: call search_tools with what you want to do; it answers with the matching tools and their input schemas, and you call the one that fits through call_tool, with its name and arguments."
      : mode === "search"
        ? "Most tools are not listed: call search_tools with what you want to do, and the matching tools are added to your tool list (call_tool calls one your list does not show)."
        : "Most tools are listed with one sentence and no parameters: call search_tools to find the right one; its full schema loads when you call it.")
  );
}
