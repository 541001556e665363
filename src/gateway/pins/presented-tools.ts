import type { ToolDefinition, ToolHost } from "../../index.js";
import type { ToolPins } from "./tool-pins.js";

type Listing = Pick<ToolHost, "listTools" | "sourceStatus">;

/**
 * The host's tools as the pins let clients see them (see {@link ToolPins.presented}): under
 * `reapprove`, a changed tool carries its pinned text until the user approves the change. The
 * same array comes back while the host's and the pins are the same (the tool search skips its
 * diff then); under any other policy, the host is read through as it is.
 *
 * @example
 * ```ts
 * const tools = describedTools(presentedTools(host, pins), settings.describe);
 * ```
 */
export function presentedTools(host: Listing, pins: ToolPins): Listing {
  if (pins.policy !== "reapprove") return host;
  let last: { from: readonly ToolDefinition[]; version: number; to: readonly ToolDefinition[] } | undefined;
  return {
    listTools: async () => {
      const from = await host.listTools();
      if (last?.from === from && last.version === pins.pinsVersion) return last.to;
      const to = from.map((tool) => pins.presented(tool));
      // Read after presenting: presenting pins the tools of a server seen for the first time.
      last = { from, version: pins.pinsVersion, to };
      return to;
    },
    ...(host.sourceStatus ? { sourceStatus: () => host.sourceStatus!() } : {}),
  };
}
