import type { AbortSignalLike } from "../catalogue/tool-definition.js";
import { ToolsiftError } from "../errors.js";
import { ask, type ContentConnection } from "./mcp-resources.js";
import { isRecord } from "../util/is-record.js";

/** A `completion/complete` request for one server: the prompt or template is named as the server names it. */
export interface McpCompletionRequest {
  ref: { type: "ref/prompt"; name: string } | { type: "ref/resource"; uri: string };
  /** The argument (or template variable) being completed and what has been typed so far. */
  argument: { name: string; value: string };
  /** The values of the other arguments, already filled in. */
  context?: { arguments?: Record<string, string> };
}

/** A server's completion values, checked and bounded. */
export interface McpCompletion {
  /** At most 100 (the spec's bound); values longer than 1,000 characters are left out. */
  values: string[];
  total?: number;
  hasMore?: boolean;
}

/** The spec allows 100 values per answer; a value is a word or a name, not a document. */
const MAX_VALUES = 100;
const MAX_VALUE_CHARS = 1_000;

/** Asks a server that declared `completions` to complete a prompt argument or template variable. */
export async function complete(
  connection: ContentConnection,
  request: McpCompletionRequest,
  signal?: AbortSignalLike,
): Promise<McpCompletion> {
  const params = {
    ref: request.ref,
    argument: request.argument,
    ...(request.context ? { context: request.context } : {}),
  };
  const result = await ask(connection, "completions", "completion/complete", params, signal);
  const completion = isRecord(result) ? result.completion : undefined;
  if (!isRecord(completion) || !Array.isArray(completion.values))
    throw new ToolsiftError(
      "mcp_invalid_result",
      `MCP server "${connection.server}" answered completion/complete with a result toolsift cannot pass on: it has no completion.values array.`,
    );
  const values = completion.values.filter(
    (value): value is string => typeof value === "string" && value.length <= MAX_VALUE_CHARS,
  );
  const { total, hasMore } = completion;
  return {
    values: values.slice(0, MAX_VALUES),
    ...(typeof total === "number" && Number.isInteger(total) && total >= 0 ? { total } : {}),
    ...(values.length > MAX_VALUES || completion.values.length > MAX_VALUES
      ? { hasMore: true }
      : typeof hasMore === "boolean"
        ? { hasMore }
        : {}),
  };
}
