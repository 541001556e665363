import { ToolsiftError, errorText } from "../errors.js";
import type { McpClient } from "./mcp-client.js";

/** The notifications toolsift listens for on a server. */
export type ListChangedMethod =
  | "notifications/tools/list_changed"
  | "notifications/resources/list_changed"
  | "notifications/prompts/list_changed"
  | "notifications/resources/updated";

/**
 * What a Client's `setNotificationHandler` takes to name a notification: SDK v2's Client takes its
 * method, SDK v1's the SDK's own schema of it. A v1 Client is told by the lack of v2's
 * `getProtocolEra`; the v1 schemas are loaded only then, from the SDK that Client came from.
 */
export async function notificationKeys(client: McpClient): Promise<(method: ListChangedMethod) => unknown> {
  if (typeof (client as { getProtocolEra?: unknown }).getProtocolEra === "function") return (method) => method;
  let types: typeof import("@modelcontextprotocol/sdk/types.js");
  try {
    types = await import("@modelcontextprotocol/sdk/types.js");
  } catch (error) {
    throw new ToolsiftError(
      "mcp_client_unsupported",
      `fromMcp was given a Client that is not one of SDK v2 (@modelcontextprotocol/client), and SDK v1 ` +
        `(@modelcontextprotocol/sdk), whose notification schemas such a Client needs, does not load: ${errorText(error)}`,
      { cause: error },
    );
  }
  const schemas: Record<ListChangedMethod, unknown> = {
    "notifications/tools/list_changed": types.ToolListChangedNotificationSchema,
    "notifications/resources/list_changed": types.ResourceListChangedNotificationSchema,
    "notifications/prompts/list_changed": types.PromptListChangedNotificationSchema,
    "notifications/resources/updated": types.ResourceUpdatedNotificationSchema,
  };
  return (method) => schemas[method];
}
