import type { McpServerRequest } from "../public/mcp.js";

/**
 * A `sampling/createMessage` as the gateway passes it to a client, narrowed to the server that asks.
 *
 * - `includeContext`: behind the gateway, the client sees one server, so "thisServer" would mean
 *   every upstream server's context and "allServers" every server the client has. Neither is the
 *   asking server's alone, which is all a server may see, so anything but "none" becomes "none".
 * - `systemPrompt`: the asking server's words, not the client's; it is kept, under a first line
 *   that names the server, so a client that shows or applies it knows whose instructions they are
 *   and a server cannot pass itself off as another, or as toolsift.
 */
export function forwardedSampling(request: McpServerRequest): McpServerRequest {
  const params: Record<string, unknown> = { ...request.params };
  if (params.includeContext !== undefined && params.includeContext !== "none") params.includeContext = "none";
  const attribution = `MCP server "${request.server}" asks for this completion, through toolsift.`;
  params.systemPrompt =
    typeof params.systemPrompt === "string" && params.systemPrompt.length > 0
      ? `${attribution} Its own instructions follow, as it wrote them.\n\n${params.systemPrompt}`
      : attribution;
  return { ...request, params };
}
