import {
  toolOutput,
  type ToolOutput,
  type ToolResultContentBlock,
  type ToolResultImageType,
} from "../catalogue/tool-output.js";
import { boundText } from "../catalogue/bounded-text.js";
import { isRecord } from "../util/is-record.js";

/** The image types the Anthropic API takes in an image block; anything else is described in text. */
const MODEL_IMAGE_TYPES: ReadonlySet<string> = new Set<ToolResultImageType>([
  "image/jpeg",
  "image/png",
  "image/gif",
  "image/webp",
]);

function isModelImageType(type: string | undefined): type is ToolResultImageType {
  return type !== undefined && MODEL_IMAGE_TYPES.has(type);
}

/** How much of a failure's reason (a JSON-RPC error message, a transport error) reaches the model. */
const MAX_REASON_CHARS = 2_000;

/** Where a result came from, for the text of error results. */
export interface McpCallSource {
  server: string;
  tool: string;
}

/**
 * What is wrong with the shape of a `tools/call` result, or `undefined` when it can be read: an
 * object whose `content`, when present, is an array of objects with a string `type`, whose
 * `isError`, when present, is a boolean, and whose `structuredContent`, when present, is an object.
 *
 * toolsift requests calls with the SDK's generic result schema (a server may add fields and block
 * types of its own), so nothing else checks this shape. A result that fails it is not read as a
 * success: `isError: "maybe"` may well mean the call failed, and content that is not an array
 * would otherwise be read as no content at all, an empty success.
 */
export function mcpResultProblem(result: unknown): string | undefined {
  if (!isRecord(result)) return `the result is ${describe(result)}, not an object`;
  const { content, isError, structuredContent } = result;
  const problems: string[] = [];
  if (content !== undefined) {
    if (!Array.isArray(content)) problems.push(`content is ${describe(content)}, not an array of content blocks`);
    else {
      const index = content.findIndex((block) => !isRecord(block) || typeof block.type !== "string");
      if (index !== -1)
        problems.push(`content[${index}] is ${describe(content[index])}, not a content block with a string type`);
    }
  }
  if (isError !== undefined && typeof isError !== "boolean")
    problems.push(`isError is ${describe(isError)}, not true or false`);
  if (structuredContent !== undefined && !isRecord(structuredContent))
    problems.push(`structuredContent is ${describe(structuredContent)}, not an object`);
  return problems.length === 0 ? undefined : problems.join("; ");
}

/**
 * The error result for a `tools/call` result that {@link mcpResultProblem} cannot read. The call
 * may or may not have done its work, so the model is told so instead of being shown a success.
 */
export function unreadableResultOutput(source: McpCallSource, problem: string): ToolOutput {
  return mcpErrorOutput(
    source,
    `its result could not be read (${problem}), so it is not known whether the call worked. ` +
      "Check before calling it again. (The server breaks the MCP spec's CallToolResult shape; its maintainer can fix it.)",
  );
}

/**
 * Turns the result of an MCP `tools/call` into a toolsift {@link ToolOutput}.
 *
 * Text stays text; PNG, JPEG, GIF and WebP images (inline or as an embedded resource blob) become
 * base64 image blocks; an embedded text resource becomes text headed by its URI; audio, other
 * binaries and resource links become a one-line text description, because a `tool_result` cannot
 * carry them. `structuredContent` is shown as JSON only when there is no content, since the MCP
 * spec asks servers to repeat it in the content. Empty text blocks are dropped: the Anthropic API
 * rejects them. An `isError` result starts with a line naming the server and the tool. A result
 * whose shape cannot be read (see {@link mcpResultProblem}) becomes an error result: fail closed.
 */
export function mcpResultToOutput(result: unknown, source: McpCallSource): ToolOutput {
  const problem = mcpResultProblem(result);
  if (problem !== undefined) return unreadableResultOutput(source, problem);
  const record = result as Record<string, unknown>;
  const blocks = (record.content ?? []) as unknown[];
  const content = blocks.flatMap(contentBlock);
  if (content.length === 0 && record.structuredContent !== undefined) {
    content.push({ type: "text", text: JSON.stringify(record.structuredContent, null, 2) });
  }
  if (record.isError === true) {
    return mcpErrorOutput(source, content.length === 0 ? "it gave no details" : undefined, content);
  }
  return toolOutput({ content });
}

/**
 * An error result for a failed MCP call: a text block naming the server, the tool and the reason
 * (bounded: a server's error message may be of any length), followed by whatever content the
 * server sent with its error.
 */
export function mcpErrorOutput(
  source: McpCallSource,
  reason: string | undefined,
  details: readonly ToolResultContentBlock[] = [],
): ToolOutput {
  const head = `Tool "${boundText(source.tool, 200)}" of MCP server "${source.server}" failed${reason === undefined ? ":" : `: ${boundText(reason, MAX_REASON_CHARS)}`}`;
  const [first, ...rest] = details;
  if (first !== undefined && first.type === "text" && typeof first.text === "string") {
    return toolOutput({ content: [{ type: "text", text: `${head}\n${first.text}` }, ...rest], isError: true });
  }
  return toolOutput({ content: [{ type: "text", text: head }, ...details], isError: true });
}

function contentBlock(block: unknown): ToolResultContentBlock[] {
  if (!isRecord(block)) return [];
  switch (block.type) {
    case "text":
      return typeof block.text === "string" && block.text !== "" ? [{ type: "text", text: block.text }] : [];
    case "image":
      return [binary("image", block.data, block.mimeType, undefined)];
    case "audio":
      return [binary("audio", block.data, block.mimeType, undefined)];
    case "resource_link":
      return [{ type: "text", text: describeLink(block) }];
    case "resource":
      return isRecord(block.resource) ? [embeddedResource(block.resource)] : [];
    default:
      return [
        {
          type: "text",
          text: `[MCP content of type ${boundText(String(JSON.stringify(block.type)), 100)}: ${boundText(JSON.stringify(block), 500)}]`,
        },
      ];
  }
}

function embeddedResource(resource: Record<string, unknown>): ToolResultContentBlock {
  const uri = typeof resource.uri === "string" ? resource.uri : "(no uri)";
  const mimeType = typeof resource.mimeType === "string" ? resource.mimeType : undefined;
  if (typeof resource.text === "string") {
    return { type: "text", text: `Resource ${uri}${mimeType ? ` (${mimeType})` : ""}:\n${resource.text}` };
  }
  return binary("resource", resource.blob, mimeType, uri);
}

function binary(kind: string, data: unknown, mimeType: unknown, uri: string | undefined): ToolResultContentBlock {
  const type = typeof mimeType === "string" ? mimeType.toLowerCase() : undefined;
  if (typeof data === "string" && isModelImageType(type)) {
    return { type: "image", source: { type: "base64", media_type: type, data } };
  }
  const size = typeof data === "string" ? ` of about ${base64Bytes(data)} bytes` : "";
  const where = uri === undefined ? "" : ` ${uri}`;
  return {
    type: "text",
    text: `[${kind}${where} (${type ?? "unknown type"})${size}, not shown: a tool result cannot carry it]`,
  };
}

function describeLink(link: Record<string, unknown>): string {
  const parts = [`Resource link: ${typeof link.uri === "string" ? link.uri : "(no uri)"}`];
  const label = typeof link.title === "string" ? link.title : typeof link.name === "string" ? link.name : undefined;
  if (label) parts.push(`"${label}"`);
  if (typeof link.mimeType === "string") parts.push(`(${link.mimeType})`);
  const text = parts.join(" ");
  return typeof link.description === "string" && link.description !== "" ? `${text}: ${link.description}` : text;
}

function base64Bytes(data: string): number {
  const padding = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

/** A short description of a value of the wrong type, for an error message: never the value itself in full. */
function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === "string") return `the string ${JSON.stringify(boundText(value, 60))}`;
  if (typeof value === "object") return "an object";
  if (value === undefined) return "missing";
  return `${typeof value} ${boundText(String(value), 60)}`;
}
