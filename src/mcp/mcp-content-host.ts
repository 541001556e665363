import type { McpResourceContents } from "./mcp-content-blocks.js";
import type { McpCompletion, McpCompletionRequest } from "./mcp-completions.js";
import type {
  McpContentRequestOptions,
  McpPrompt,
  McpPromptResult,
  McpResource,
  McpResourceTemplate,
} from "./mcp-resources.js";

/**
 * The resources and prompts of a tool host's servers, one server at a time, as a gateway fronts
 * them. Only a connected server that declared the capability at `initialize` is asked; every
 * list is paged to its end and bounded, and every entry and content part checked (see
 * `MCP_CONTENT_LIMITS`). URIs and names are the server's own: namespacing them is the caller's
 * business. A server that says its resources or prompts changed is reported as a
 * `list-changed` event.
 *
 * Each request rejects with a `ToolsiftError`: `mcp_no_capability` (not connected, or the
 * capability not declared: nothing was sent), `mcp_request_failed` (the server answered with an
 * error, its `cause`; or the request timed out or was cancelled), `mcp_invalid_result` (an
 * answer that cannot be read or is past a bound), and `OptionsError` for a server the host does
 * not have.
 *
 * @example
 * ```ts
 * if (host.offers("docs").resources) {
 *   const [first] = await host.listResources("docs");
 *   if (first) console.log(await host.readResource("docs", first.uri));
 * }
 * ```
 */
export interface McpContentHost {
  /**
   * What a server offers besides tools now: all `false` while it is down or for a name the host
   * lacks. `subscribe`: it declared `resources.subscribe`.
   */
  offers(server: string): { resources: boolean; prompts: boolean; completions: boolean; subscribe: boolean };
  listResources(server: string, options?: McpContentRequestOptions): Promise<readonly McpResource[]>;
  listResourceTemplates(server: string, options?: McpContentRequestOptions): Promise<readonly McpResourceTemplate[]>;
  readResource(
    server: string,
    uri: string,
    options?: McpContentRequestOptions,
  ): Promise<readonly McpResourceContents[]>;
  listPrompts(server: string, options?: McpContentRequestOptions): Promise<readonly McpPrompt[]>;
  getPrompt(
    server: string,
    name: string,
    args?: Record<string, string>,
    options?: McpContentRequestOptions,
  ): Promise<McpPromptResult>;
  /**
   * Completes a prompt argument or a resource template variable (`completion/complete`) on a
   * server that declared `completions`; the prompt or template is named as the server names it.
   */
  complete(server: string, request: McpCompletionRequest, options?: McpContentRequestOptions): Promise<McpCompletion>;
  /**
   * Subscribes to updates of a resource (its URI as the server names it) on a server that
   * declared `resources.subscribe`, in the era the server speaks: `resources/subscribe`, or in the
   * 2026-07-28 era a `subscriptions/listen` stream for that URI. Each update reaches fromMcp's
   * `onResourceUpdated`. The subscription is renewed when the server reconnects; subscribing
   * twice to one URI is one subscription. At most 1000 URIs per server.
   */
  subscribeResource(server: string, uri: string, options?: McpContentRequestOptions): Promise<void>;
  /** Ends a subscription of {@link McpContentHost.subscribeResource}; never rejects for the server's sake (a warning says it failed). */
  unsubscribeResource(server: string, uri: string): Promise<void>;
}
