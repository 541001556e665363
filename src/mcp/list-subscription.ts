import type { McpSubscription, SubscriptionFilter } from "@modelcontextprotocol/client";
import { ToolsiftError, errorText } from "../errors.js";
import { boundText } from "../catalogue/bounded-text.js";
import type { McpSdk } from "./mcp-sdk.js";
import { isRecord } from "../util/is-record.js";

/**
 * In the 2026-07-28 era a server sends no notification unasked: the client opens a
 * `subscriptions/listen` stream for the lists it wants to hear about, whose notifications reach
 * the handlers the session set for them. Opened in the background; one that fails costs the
 * notifications (a warning says so), never the session.
 */
export function subscribeToListChanges(
  client: InstanceType<McpSdk["Client"]>,
  server: string,
  handlers: {
    /** Set when someone listens for resources and prompts changes too (a gateway). */
    onContentListChanged?: unknown;
    onWarning(error: ToolsiftError): void;
  },
): Promise<McpSubscription | undefined> | undefined {
  if (client.getProtocolEra() !== "modern") return undefined;
  const declared = client.getServerCapabilities();
  const changes = (capability: unknown) => isRecord(capability) && capability.listChanged === true;
  const filter: SubscriptionFilter = {
    ...(changes(declared?.tools) ? { toolsListChanged: true } : {}),
    ...(handlers.onContentListChanged && changes(declared?.resources) ? { resourcesListChanged: true } : {}),
    ...(handlers.onContentListChanged && changes(declared?.prompts) ? { promptsListChanged: true } : {}),
  };
  if (Object.keys(filter).length === 0) return undefined;
  return client.listen(filter).catch((error: unknown) => {
    handlers.onWarning(
      new ToolsiftError(
        "mcp_listen_failed",
        `MCP server "${server}" did not open a subscriptions/listen stream: ${boundText(errorText(error), 500)}. ` +
          "Its tools work, but toolsift will not hear when they change until it reconnects.",
      ),
    );
    return undefined;
  });
}
