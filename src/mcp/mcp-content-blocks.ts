import { boundText } from "../catalogue/bounded-text.js";
import { describeValue } from "../describe-value.js";
import { isRecord } from "../util/is-record.js";

/**
 * Bounds on the resources, prompts and content blocks one server may hand toolsift. Each is far
 * beyond what real servers send, and each keeps a hostile or broken server from costing
 * unbounded memory: lists stop at a count and a total size, strings are cut or the entry skipped.
 */
export const MCP_CONTENT_LIMITS = {
  /** Resources, templates or prompts past this many in one server's list are left out. */
  itemsPerServer: 10_000,
  /** A list whose names, URIs and descriptions add up to more characters stops there. */
  listChars: 4_000_000,
  /** A longer URI (or URI template) is not one anybody reads: the entry is skipped. */
  uriChars: 8_192,
  /** Names and titles are labels; a longer prompt name is skipped, a longer title or resource name cut. */
  nameChars: 512,
  /** Longer descriptions are cut. */
  descriptionChars: 4_000,
  /** A longer MIME type is dropped. */
  mimeTypeChars: 200,
  /** Arguments of one prompt past this many are left out. */
  promptArguments: 100,
  /** Content blocks (of a tool result, a prompt's messages, a resource's contents) past this many fail the read. */
  blocks: 1_000,
  /** The text and base64 data of one result, read or prompt, summed: past it, the read fails. */
  contentChars: 20_000_000,
  /** `structuredContent` longer than this as JSON is not passed on. */
  structuredChars: 1_000_000,
} as const;

/** A content block of an MCP result, checked: the kinds the MCP spec defines, with their fields' types. */
export type McpContentBlock =
  | { type: "text"; text: string }
  | { type: "image" | "audio"; data: string; mimeType: string }
  | ({ type: "resource_link" } & McpResourceLink)
  | { type: "resource"; resource: McpResourceContents };

/** A resource named in a result: where it is and what it is called. */
export interface McpResourceLink {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
}

/** One part of a resource's contents: text, or base64 `blob`. */
export type McpResourceContents =
  | { uri: string; mimeType?: string; text: string }
  | { uri: string; mimeType?: string; blob: string };

/** How much content is left to read: one budget spans all the blocks of one answer. */
export interface ContentBudget {
  chars: number;
}

/** A fresh budget of {@link MCP_CONTENT_LIMITS.contentChars}. */
export function contentBudget(): ContentBudget {
  return { chars: MCP_CONTENT_LIMITS.contentChars };
}

/** Read content, or what is wrong with it (said without quoting the server at length). */
export type Read<T> = { ok: true; value: T } | { ok: false; problem: string };

/** Checks an array of content blocks, each against the spec's shape; one bad block fails them all. */
export function readContentBlocks(blocks: unknown, budget: ContentBudget): Read<McpContentBlock[]> {
  if (!Array.isArray(blocks)) return { ok: false, problem: `content is ${describeValue(blocks)}, not an array` };
  if (blocks.length > MCP_CONTENT_LIMITS.blocks)
    return { ok: false, problem: `it has ${blocks.length} content blocks (at most ${MCP_CONTENT_LIMITS.blocks})` };
  const read: McpContentBlock[] = [];
  for (const [index, block] of blocks.entries()) {
    const one = readContentBlock(block, budget);
    if (!one.ok) return { ok: false, problem: `content[${index}] ${one.problem}` };
    read.push(one.value);
  }
  return { ok: true, value: read };
}

/** Checks one content block. */
export function readContentBlock(block: unknown, budget: ContentBudget): Read<McpContentBlock> {
  if (!isRecord(block)) return { ok: false, problem: `is ${describeValue(block)}, not a content block` };
  switch (block.type) {
    case "text":
      return spend(budget, block.text, "text", (text) => ({ type: "text", text }));
    case "image":
    case "audio": {
      const type = block.type;
      const mimeType = mimeTypeOf(block.mimeType);
      if (mimeType === undefined) return { ok: false, problem: `is an ${type} without a usable mimeType` };
      return spend(budget, block.data, "data", (data) => ({ type, data, mimeType }));
    }
    case "resource_link": {
      const link = readLink(block);
      return link.ok ? { ok: true, value: { type: "resource_link", ...link.value } } : link;
    }
    case "resource": {
      const resource = readResourceContents(block.resource, budget);
      return resource.ok ? { ok: true, value: { type: "resource", resource: resource.value } } : resource;
    }
    default:
      return {
        ok: false,
        problem: `has the type ${boundText(String(JSON.stringify(block.type)), 60)}, which toolsift does not pass on`,
      };
  }
}

/** Checks one part of a resource's contents (`resources/read`, an embedded resource). */
export function readResourceContents(value: unknown, budget: ContentBudget): Read<McpResourceContents> {
  if (!isRecord(value)) return { ok: false, problem: `is ${describeValue(value)}, not resource contents` };
  const uri = uriOf(value.uri);
  if (uri === undefined) return { ok: false, problem: "has no usable uri" };
  const mimeType = mimeTypeOf(value.mimeType);
  const base = mimeType === undefined ? { uri } : { uri, mimeType };
  if (typeof value.text === "string") return spend(budget, value.text, "text", (text) => ({ ...base, text }));
  return spend(budget, value.blob, "blob", (blob) => ({ ...base, blob }));
}

function readLink(block: Record<string, unknown>): Read<McpResourceLink> {
  const uri = uriOf(block.uri);
  if (uri === undefined) return { ok: false, problem: "is a resource_link without a usable uri" };
  return { ok: true, value: { uri, name: labelOf(block.name) ?? uri, ...describedFields(block) } };
}

/** The optional fields resources, links and templates share, bounded; anything of the wrong type is left out. */
export function describedFields(item: Record<string, unknown>): {
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
} {
  const title = labelOf(item.title);
  const description =
    typeof item.description === "string" && item.description !== ""
      ? boundText(item.description, MCP_CONTENT_LIMITS.descriptionChars)
      : undefined;
  const mimeType = mimeTypeOf(item.mimeType);
  const size =
    typeof item.size === "number" && Number.isSafeInteger(item.size) && item.size >= 0 ? item.size : undefined;
  return {
    ...(title === undefined ? {} : { title }),
    ...(description === undefined ? {} : { description }),
    ...(mimeType === undefined ? {} : { mimeType }),
    ...(size === undefined ? {} : { size }),
  };
}

/** A non-empty string label, cut to {@link MCP_CONTENT_LIMITS.nameChars}. */
export function labelOf(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? boundText(value, MCP_CONTENT_LIMITS.nameChars) : undefined;
}

/** A URI of at most {@link MCP_CONTENT_LIMITS.uriChars}: never cut, since a cut URI names something else. */
export function uriOf(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" && value.length <= MCP_CONTENT_LIMITS.uriChars ? value : undefined;
}

function mimeTypeOf(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" && value.length <= MCP_CONTENT_LIMITS.mimeTypeChars
    ? value
    : undefined;
}

/** Takes a string field out of the budget: never cut (a cut image or JSON is garbage), refused past it. */
function spend<T>(budget: ContentBudget, value: unknown, field: string, make: (text: string) => T): Read<T> {
  if (typeof value !== "string")
    return { ok: false, problem: `has a ${field} that is ${describeValue(value)}, not a string` };
  if (value.length > budget.chars)
    return { ok: false, problem: `takes the content past ${MCP_CONTENT_LIMITS.contentChars} characters` };
  budget.chars -= value.length;
  return { ok: true, value: make(value) };
}
