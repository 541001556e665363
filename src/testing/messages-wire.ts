// The Messages API's request shapes as the local server receives them.

/**
 * A content block as it crossed the wire: in a request the server received, or in a scripted reply.
 *
 * @example
 * ```ts
 * const block: WireBlock = { type: "tool_use", id: "toolu_1", name: "search_tools", input: { query: "slack" } };
 * ```
 */
export interface WireBlock {
  type: string;
  cache_control?: unknown;
  [field: string]: unknown;
}

/**
 * A message of a request, as it crossed the wire.
 *
 * @example
 * ```ts
 * const roles = server.requests[0]!.body.messages.map((message: WireMessage) => message.role);
 * ```
 */
export interface WireMessage {
  role: string;
  content: string | WireBlock[];
}

/**
 * A tool definition of a request, as it crossed the wire.
 *
 * @example
 * ```ts
 * const deferred = (server.requests[0]!.body.tools ?? []).filter((tool: WireTool) => tool.defer_loading === true);
 * ```
 */
export interface WireTool {
  name: string;
  description?: string;
  input_schema: Record<string, unknown>;
  defer_loading?: boolean;
  cache_control?: unknown;
  [field: string]: unknown;
}

/**
 * The body of a POST /v1/messages request, as received.
 *
 * @example
 * ```ts
 * const body: WireRequest = server.requests[0]!.body;
 * expect(body.tools?.map((tool) => tool.name)).toContain("search_tools");
 * ```
 */
export interface WireRequest {
  model: string;
  max_tokens: number;
  system?: string | WireBlock[];
  messages: WireMessage[];
  tools?: WireTool[];
  [field: string]: unknown;
}
