import type { McpToolAnnotations } from "../../public/mcp.js";

/** A tool as MCP's `tools/list` returns it. */
export interface ListedTool {
  name: string;
  /** A display name, for clients that show one. */
  title?: string;
  description: string;
  inputSchema: { type: "object"; [keyword: string]: unknown };
  /** The shape of the tool's `structuredContent`, which clients check results against. */
  outputSchema?: { type: "object"; [keyword: string]: unknown };
  annotations?: McpToolAnnotations;
  /** Metadata for clients: toolsift sets only {@link ALWAYS_LOAD_KEY}. */
  _meta?: Readonly<Record<string, unknown>>;
}

/**
 * The `_meta` key that asks a client to send a tool to its model with its schema, never deferred
 * behind the client's own tool search. Claude Code (2.1.332, checked by hand) defers every MCP
 * tool by default, naming it to the model without its schema until the model loads it through
 * Claude Code's `ToolSearch`; it reads this key per tool. Other clients ignore it.
 */
export const ALWAYS_LOAD_KEY = "anthropic/alwaysLoad";

/**
 * `tool`, marked to be sent whole (see {@link ALWAYS_LOAD_KEY}): for `search_tools`, `call_tool`,
 * the keep tools and the tools a search or a call loaded. Deferring them would cost the model a
 * search in the client's index before toolsift's own search, and another before each match it
 * was told is in its tool list.
 */
export function alwaysLoaded(tool: ListedTool): ListedTool {
  return { ...tool, _meta: { ...tool._meta, [ALWAYS_LOAD_KEY]: true } };
}

/** What a listing shows of a catalogue tool besides what its model reads: see {@link listedExtras}. */
export type ListedExtras = Pick<ListedTool, "title" | "outputSchema" | "annotations">;

/**
 * What `tools/list` shows of a catalogue tool besides its name, description and input schema:
 * its upstream server's title, annotations and output schema, as the server listed them, so a
 * client draws, warns and checks results as it would without the gateway. A tool the catalogue
 * holds destructive says so (`destructiveHint: true`, and no `readOnlyHint` against it),
 * whatever its server's hints said, since that is how toolsift gates it.
 *
 * @param presentation - The upstream listing's (see `McpToolSource.presentation`); none for a tool without one.
 */
export function listedExtras(presentation: ListedExtras | undefined, destructive: boolean): ListedExtras {
  const { title, outputSchema } = presentation ?? {};
  let annotations = presentation?.annotations;
  if (destructive) {
    const { readOnlyHint: _readOnly, ...rest } = annotations ?? {};
    annotations = { ...rest, destructiveHint: true };
  }
  return {
    ...(title === undefined ? {} : { title }),
    ...(outputSchema === undefined ? {} : { outputSchema }),
    ...(annotations === undefined ? {} : { annotations }),
  };
}
