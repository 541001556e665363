import type { ToolResultBlock } from "../../index.js";
import type { McpCheckedCallResult, McpContentBlock } from "../../public/mcp.js";
import { wrapUri } from "./namespaced-uri.js";

/**
 * A content block of an MCP result, of the kinds the gateway sends: the library's (text, images)
 * and, passed on from an upstream server, audio, resource links and embedded resources.
 */
export type McpContent =
  | { type: "text"; text: string }
  | { type: "image"; data: string; mimeType: string }
  | McpContentBlock;

/** An MCP `tools/call` result. */
export interface McpCallResult {
  content: McpContent[];
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  [key: string]: unknown;
}

/** An upstream server's own result of one call, checked and bounded by the tool host, and which server sent it. */
export interface UpstreamResult {
  server: string;
  result: McpCheckedCallResult;
}

/**
 * Turns a session's `tool_result` back into an MCP result: text stays text, base64 images become
 * MCP images, a tool reference becomes its name in text.
 *
 * With the upstream server's own result of the call (`upstream`), what a `tool_result` cannot
 * carry is kept: a success passes on the server's content as it sent it (audio, resource links
 * and embedded resources included, their URIs namespaced like listed resources, so the client
 * can read them through the gateway), and its `structuredContent`. A result the session turned
 * into an error after the tool answered (it was aborted, or could not be shown) stays the
 * session's: the upstream result is not what happened to the call. An upstream error keeps the
 * session's text, which names the server and the tool, plus its `structuredContent`.
 */
export function callResultOf(block: ToolResultBlock, upstream?: UpstreamResult): McpCallResult {
  const structured = upstream?.result.structuredContent;
  if (upstream && !upstream.result.isError && block.is_error !== true) {
    const content = upstream.result.content.map((part) => namespacedContent(upstream.server, part));
    return structured === undefined ? { content } : { content, structuredContent: structured };
  }
  const content: McpContent[] =
    typeof block.content === "string"
      ? [{ type: "text", text: block.content }]
      : block.content.map((part): McpContent => {
          switch (part.type) {
            case "text":
              return { type: "text", text: part.text };
            case "image":
              return { type: "image", data: part.source.data, mimeType: part.source.media_type };
            case "tool_reference":
              return { type: "text", text: `(tool ${part.tool_name})` };
          }
        });
  if (!block.is_error) return { content };
  return upstream?.result.isError && structured !== undefined
    ? { content, isError: true, structuredContent: structured }
    : { content, isError: true };
}

/** A content block with the URIs it names wrapped as the gateway's (see {@link wrapUri}). */
export function namespacedContent(server: string, block: McpContentBlock): McpContentBlock {
  switch (block.type) {
    case "resource_link":
      return { ...block, uri: wrapUri(server, block.uri) };
    case "resource":
      return { type: "resource", resource: { ...block.resource, uri: wrapUri(server, block.resource.uri) } };
    default:
      return block;
  }
}

/** An error result with one line of text: what a refused or failed call gets. */
export function errorCallResult(text: string): McpCallResult {
  return { content: [{ type: "text", text }], isError: true };
}

/**
 * Where the upstream results of one connection's calls in progress wait for the connection to
 * pick them up, by call id. Only a call that opened its slot is kept, and taking empties it: a
 * result that arrives after its call ended (cancelled, timed out) is dropped, not kept forever.
 */
export class UpstreamResults {
  private readonly slots = new Map<string, UpstreamResult | undefined>();

  /** Makes room for the result of call `id`, before it runs. */
  open(id: string): void {
    this.slots.set(id, undefined);
  }

  /** Keeps a result for a call that opened its slot; others are dropped. */
  keep(id: string | undefined, result: UpstreamResult): void {
    if (id !== undefined && this.slots.has(id)) this.slots.set(id, result);
  }

  /** The result of call `id`, if it came, and closes its slot. */
  take(id: string): UpstreamResult | undefined {
    const result = this.slots.get(id);
    this.slots.delete(id);
    return result;
  }
}
