import type { ZodType } from "zod";
import type { ToolDefinition } from "../../src/catalogue/tool-definition.js";
import type { ObjectSchema } from "./schema-parts.js";

/** One tool as a server module writes it: the name without the server prefix, a typed schema. */
export interface ToolSpec<Input> {
  /** The tool's own name; `serverTools` prefixes it with `<server>__`. */
  name: string;
  description: string;
  /** A typed JSON Schema built with `schema-parts`, or a zod object schema. */
  inputSchema: ObjectSchema<Input> | ZodType<Input>;
  destructive?: boolean;
  tags?: readonly string[];
  execute(input: Input): unknown;
}

/**
 * Returns the factory a server module builds its tools with: it names each tool
 * `<server>__<name>`, as MCP clients namespace tools of several servers, and sets `server`.
 * Calling the factory once per tool is what lets TypeScript infer each `execute` input from its schema.
 *
 * @example
 * ```ts
 * const tool = serverTools("github");
 * const getIssue = tool({ name: "get_issue", description: "…", inputSchema: obj({ … }), execute: (input) => … });
 * getIssue.name; // "github__get_issue"
 * ```
 */
export function serverTools(server: string) {
  return <Input>(spec: ToolSpec<Input>): ToolDefinition<Input> => ({
    ...spec,
    name: `${server}__${spec.name}`,
    server,
  });
}
