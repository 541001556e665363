import { boundText } from "../catalogue/bounded-text.js";
import type { AbortSignalLike } from "../catalogue/tool-definition.js";
import { ToolsiftError, errorText } from "../errors.js";
import {
  contentBudget,
  describedFields,
  labelOf,
  MCP_CONTENT_LIMITS,
  readContentBlock,
  readResourceContents,
  uriOf,
  type McpContentBlock,
  type McpResourceContents,
  type McpResourceLink,
} from "./mcp-content-blocks.js";
import { pageThrough } from "./mcp-paging.js";
import { isRecord } from "../util/is-record.js";

/** A resource a server lists, checked and bounded; `uri` is the server's own. */
export type McpResource = McpResourceLink;

/** A resource template a server lists (an RFC 6570 `uriTemplate`), checked and bounded. */
export interface McpResourceTemplate {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

/** A prompt a server lists, checked and bounded. */
export interface McpPrompt {
  name: string;
  title?: string;
  description?: string;
  arguments?: { name: string; description?: string; required?: boolean }[];
}

/** A prompt as `prompts/get` returns it, checked and bounded. */
export interface McpPromptResult {
  description?: string;
  messages: { role: "user" | "assistant"; content: McpContentBlock }[];
}

/** Options of the resource and prompt requests of a tool host. */
export interface McpContentRequestOptions {
  /** Cancels the request (the SDK then sends `notifications/cancelled` upstream). */
  signal?: AbortSignalLike;
}

/** What the resource and prompt readers need of one server's connection. */
export interface ContentConnection {
  readonly server: string;
  offers(): { resources: boolean; prompts: boolean; completions: boolean };
  request(method: string, params: Record<string, unknown> | undefined, signal?: AbortSignalLike): Promise<unknown>;
  reportWarning(error: ToolsiftError): void;
}

type Reader<T> = (item: Record<string, unknown>) => T | undefined;

/** Every resource the server lists (paged, bounded: see {@link MCP_CONTENT_LIMITS}). */
export function listResources(connection: ContentConnection, signal?: AbortSignalLike): Promise<McpResource[]> {
  return listAll(connection, "resources", "resources/list", "resources", signal, (item) => {
    const uri = uriOf(item.uri);
    return uri === undefined ? undefined : { uri, name: labelOf(item.name) ?? uri, ...describedFields(item) };
  });
}

/** Every resource template the server lists. */
export function listResourceTemplates(
  connection: ContentConnection,
  signal?: AbortSignalLike,
): Promise<McpResourceTemplate[]> {
  return listAll(connection, "resources", "resources/templates/list", "resourceTemplates", signal, (item) => {
    const uriTemplate = uriOf(item.uriTemplate);
    if (uriTemplate === undefined) return undefined;
    const { size: _size, ...described } = describedFields(item);
    return { uriTemplate, name: labelOf(item.name) ?? uriTemplate, ...described };
  });
}

/** Every prompt the server lists; a prompt whose name is too long to be one is left out, not cut. */
export function listPrompts(connection: ContentConnection, signal?: AbortSignalLike): Promise<McpPrompt[]> {
  return listAll(connection, "prompts", "prompts/list", "prompts", signal, (item) => {
    const { name } = item;
    if (typeof name !== "string" || name === "" || name.length > MCP_CONTENT_LIMITS.nameChars) return undefined;
    const { title, description } = describedFields(item);
    const args = Array.isArray(item.arguments)
      ? item.arguments.slice(0, MCP_CONTENT_LIMITS.promptArguments).flatMap((argument) => {
          if (!isRecord(argument) || typeof argument.name !== "string" || argument.name === "") return [];
          if (argument.name.length > MCP_CONTENT_LIMITS.nameChars) return [];
          const about = describedFields(argument).description;
          return [
            {
              name: argument.name,
              ...(about === undefined ? {} : { description: about }),
              ...(argument.required === true ? { required: true } : {}),
            },
          ];
        })
      : undefined;
    return {
      name,
      ...(title === undefined ? {} : { title }),
      ...(description === undefined ? {} : { description }),
      ...(args === undefined ? {} : { arguments: args }),
    };
  });
}

/** A resource's contents; fails when a part cannot be read or they are past the content bound. */
export async function readResource(
  connection: ContentConnection,
  uri: string,
  signal?: AbortSignalLike,
): Promise<McpResourceContents[]> {
  const result = await ask(connection, "resources", "resources/read", { uri }, signal);
  const contents = boundedArray(connection, "resources/read", result, "contents");
  const budget = contentBudget();
  return contents.map((part, index) => {
    const read = readResourceContents(part, budget);
    if (!read.ok) throw unreadable(connection, "resources/read", `contents[${index}] ${read.problem}`);
    return read.value;
  });
}

/** A prompt filled in with `args`; fails when a message cannot be read or they are past the content bound. */
export async function getPrompt(
  connection: ContentConnection,
  name: string,
  args: Record<string, string> | undefined,
  signal?: AbortSignalLike,
): Promise<McpPromptResult> {
  const result = await ask(
    connection,
    "prompts",
    "prompts/get",
    { name, ...(args ? { arguments: args } : {}) },
    signal,
  );
  const messages = boundedArray(connection, "prompts/get", result, "messages");
  const budget = contentBudget();
  const read = messages.map((message, index) => {
    const role = isRecord(message) ? message.role : undefined;
    if (role !== "user" && role !== "assistant")
      throw unreadable(connection, "prompts/get", `messages[${index}] has no role "user" or "assistant"`);
    const content = readContentBlock((message as Record<string, unknown>).content, budget);
    if (!content.ok) throw unreadable(connection, "prompts/get", `messages[${index}].content ${content.problem}`);
    return { role, content: content.value } as const;
  });
  const description = isRecord(result) ? describedFields(result).description : undefined;
  return { ...(description === undefined ? {} : { description }), messages: read };
}

/** Pages through one list and reads it entry by entry, within the count and size bounds, warning once for what was left out. */
async function listAll<T extends object>(
  connection: ContentConnection,
  capability: "resources" | "prompts",
  method: string,
  key: string,
  signal: AbortSignalLike | undefined,
  read: Reader<T>,
): Promise<T[]> {
  const limit = MCP_CONTENT_LIMITS.itemsPerServer;
  const raw = await pageThrough(
    method,
    key,
    (cursor) => ask(connection, capability, method, cursor === undefined ? undefined : { cursor }, signal),
    limit + 1,
  );
  const items: T[] = [];
  let chars = 0;
  let skipped = 0;
  let past = raw.length > limit ? "count" : undefined;
  for (const entry of raw.slice(0, limit)) {
    const item = isRecord(entry) ? read(entry) : undefined;
    if (item === undefined) {
      skipped++;
      continue;
    }
    chars += JSON.stringify(item).length;
    if (chars > MCP_CONTENT_LIMITS.listChars) {
      past = "size";
      break;
    }
    items.push(item);
  }
  if (skipped > 0 || past !== undefined) {
    const why = [
      skipped > 0 ? `${skipped} entries without a usable name or URI were skipped` : undefined,
      past === "count" ? `entries past the first ${limit} were left out` : undefined,
      past === "size" ? `entries past ${MCP_CONTENT_LIMITS.listChars} characters in all were left out` : undefined,
    ].filter((part) => part !== undefined);
    connection.reportWarning(
      new ToolsiftError(
        "mcp_invalid_list",
        `MCP server "${connection.server}" answered ${method} with entries toolsift does not pass on: ${why.join("; ")}. Fix the server's list.`,
      ),
    );
  }
  return items;
}

/** One request to a server that declared `capability`; anything else fails before it is sent. */
export async function ask(
  connection: ContentConnection,
  capability: "resources" | "prompts" | "completions",
  method: string,
  params: Record<string, unknown> | undefined,
  signal: AbortSignalLike | undefined,
): Promise<unknown> {
  if (!connection.offers()[capability])
    throw new ToolsiftError(
      "mcp_no_capability",
      `MCP server "${connection.server}" is not connected, or does not offer ${capability}, so ${method} was not sent.`,
    );
  try {
    return await connection.request(method, params, signal);
  } catch (error) {
    if (error instanceof ToolsiftError) throw error;
    throw new ToolsiftError(
      "mcp_request_failed",
      `MCP server "${connection.server}" failed ${method}: ${boundText(errorText(error), 1000)}`,
      { cause: error },
    );
  }
}

/** The array `key` of a result, of at most {@link MCP_CONTENT_LIMITS.blocks} entries. */
function boundedArray(connection: ContentConnection, method: string, result: unknown, key: string): unknown[] {
  const entries = isRecord(result) ? result[key] : undefined;
  if (!Array.isArray(entries)) throw unreadable(connection, method, `it has no ${key} array`);
  if (entries.length > MCP_CONTENT_LIMITS.blocks)
    throw unreadable(connection, method, `it has ${entries.length} ${key} (at most ${MCP_CONTENT_LIMITS.blocks})`);
  return entries;
}

function unreadable(connection: ContentConnection, method: string, problem: string): ToolsiftError {
  return new ToolsiftError(
    "mcp_invalid_result",
    `MCP server "${connection.server}" answered ${method} with a result toolsift cannot pass on: ${problem}.`,
  );
}
