import type { DatasetQuery, DatasetTool } from "../dataset-format.js";
import { obj, type Props, type Schema } from "./schema.js";

/** A tool before it is namespaced with its server. */
export interface ToolSource {
  name: string;
  description: string;
  input_schema: DatasetTool["input_schema"];
}

/** Query texts keyed by the short name of the tool that answers them. */
export type QueriesByTool = Record<string, readonly string[]>;

/** One MCP-style server's slice of the dataset. */
export interface ServerSlice {
  server: string;
  tools: DatasetTool[];
  queries: DatasetQuery[];
}

/**
 * A tool of a server file: `props` uses the `"name?"` convention of {@link obj};
 * `extra` adds top-level schema keywords (for example `additionalProperties: false`).
 */
export function tool(name: string, description: string, props: Props = {}, extra: Schema = {}): ToolSource {
  return { name, description, input_schema: obj(props, undefined, extra) };
}

/**
 * Namespaces a server's tools as `server__tool` and labels its queries. Query keys are short
 * tool names; a key that names no tool is kept as is so the dataset checker reports it.
 */
export function defineServer(
  server: string,
  tools: readonly ToolSource[],
  queries: { direct: QueriesByTool; paraphrase: QueriesByTool },
): ServerSlice {
  const full = (short: string): string => `${server}__${short}`;
  const labelled: DatasetQuery[] = [];
  for (const kind of ["direct", "paraphrase"] as const) {
    for (const [short, texts] of Object.entries(queries[kind])) {
      for (const query of texts) labelled.push({ query, expected: [full(short)], kind });
    }
  }
  return {
    server,
    tools: tools.map((source) => ({ ...source, name: full(source.name) })),
    queries: labelled,
  };
}
