import type { ToolContext } from "../catalogue/tool-definition.js";
import { contentBudget, MCP_CONTENT_LIMITS, readContentBlocks, type McpContentBlock } from "./mcp-content-blocks.js";
import { isRecord } from "../util/is-record.js";

/** Which call an {@link McpCallResultListener} is told about. */
export interface McpCallResultSource {
  /** The server that answered. */
  server: string;
  /** The tool's original MCP name on that server. */
  tool: string;
  /** The context the call was run with (its session id and `tool_use` id), when a session ran it. */
  context: ToolContext | undefined;
}

/** A `tools/call` result as the server sent it, checked and bounded (see {@link MCP_CONTENT_LIMITS}). */
export interface McpCheckedCallResult {
  content: McpContentBlock[];
  /** Left out when the server sent none, or one longer than {@link MCP_CONTENT_LIMITS.structuredChars} as JSON. */
  structuredContent?: Record<string, unknown>;
  isError: boolean;
}

/**
 * Told of a `tools/call` result as the MCP server sent it, before toolsift reads it into a
 * `ToolOutput` for a model: for a front end that passes results on to MCP clients and so wants
 * what a model's `tool_result` cannot carry (`structuredContent`, resource links, embedded
 * resources, audio). Only a result whose every block is one the MCP spec defines, within the
 * bounds, is told; the URIs in it are the server's own.
 */
export type McpCallResultListener = (result: McpCheckedCallResult, source: McpCallResultSource) => void;

/** The checked form of a readable result, or `undefined` when a block or a bound stands in the way. */
export function checkedCallResult(result: Record<string, unknown>): McpCheckedCallResult | undefined {
  const content = readContentBlocks(result.content ?? [], contentBudget());
  if (!content.ok) return undefined;
  const checked: McpCheckedCallResult = { content: content.value, isError: result.isError === true };
  if (isRecord(result.structuredContent)) {
    const json = jsonOf(result.structuredContent);
    // Parsed back rather than kept: a copy of plain JSON, with nothing the server's object might carry besides.
    if (json !== undefined && json.length <= MCP_CONTENT_LIMITS.structuredChars)
      checked.structuredContent = JSON.parse(json) as Record<string, unknown>;
  }
  return checked;
}

function jsonOf(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    // Too deep to serialise: not passed on.
    return undefined;
  }
}
