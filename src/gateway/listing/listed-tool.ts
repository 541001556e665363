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
