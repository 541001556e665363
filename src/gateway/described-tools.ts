import type { ToolDefinition, ToolHost } from "../index.js";
import { describedAs, type DescribeOverrides } from "./config/describe-config.js";

/** The host's tools as the config presents them: its `describe` overrides applied. */
export interface DescribedTools extends ToolHost {
  /**
   * The server's own definition of a tool this listing gave out (pins and the lock hash what
   * the server lists, not what the config made of it); any other tool as it is.
   */
  upstreamOf(tool: ToolDefinition): ToolDefinition;
}

/**
 * The tools of `host` with the config's `describe` overrides applied, for the tool search: what
 * clients list and what `search_tools` indexes. The same array comes back while the host's is
 * the same (the tool search skips its diff then), and a host with no override to apply is read
 * through as it is. Pins, the lock file and policies go on reading the host itself.
 *
 * @example
 * ```ts
 * const tools = describedTools(host, settings.describe);
 * await createToolSearch({ tools, permit: (tool) => pins.serves(tools.upstreamOf(tool)) });
 * ```
 */
export function describedTools(
  host: Pick<ToolHost, "listTools" | "sourceStatus">,
  overrides: DescribeOverrides,
): DescribedTools {
  const upstream = new WeakMap<ToolDefinition, ToolDefinition>();
  let last: { from: readonly ToolDefinition[]; to: readonly ToolDefinition[] } | undefined;
  const describe = (tools: readonly ToolDefinition[]): readonly ToolDefinition[] => {
    if (overrides.size === 0) return tools;
    if (last?.from === tools) return last.to;
    const to = tools.map((tool) => {
      const override = overrides.get(tool.name);
      if (override === undefined) return tool;
      const described = { ...tool, description: describedAs(tool.description, override) };
      upstream.set(described, tool);
      return described;
    });
    last = { from: tools, to };
    return to;
  };
  return {
    listTools: async () => describe(await host.listTools()),
    ...(host.sourceStatus ? { sourceStatus: () => host.sourceStatus!() } : {}),
    upstreamOf: (tool) => upstream.get(tool) ?? tool,
  };
}
