import { boundText } from "../catalogue/bounded-text.js";
import { readOutputSchema } from "../catalogue/output-schema.js";
import type { JsonSchemaObject } from "../catalogue/tool-definition.js";
import { isRecord } from "../util/is-record.js";

/** MCP's tool annotations, as far as they are booleans (and a title): hints for a client's display and prompts. */
export interface McpToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/**
 * What an MCP client shows of a tool besides what its model reads (name, description, input
 * schema): its server's title, annotations and output schema, kept so that a gateway can list
 * the tool as the server did. A client draws the title, asks before a destructive tool, and
 * checks structured results against the output schema.
 */
export interface McpToolPresentation {
  readonly title?: string;
  readonly annotations?: McpToolAnnotations;
  readonly outputSchema?: JsonSchemaObject;
}

const HINTS = ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const;

/**
 * The presentation of one listed tool, or `undefined` when it has none. Bounded as the rest of a
 * listing is: the title is the one already read (and cut), an annotation's title is cut to
 * `titleChars`, a hint that is not a boolean is left out (the tool's `destructive` flag has
 * already failed closed on it), and an output schema is passed on only when a client can
 * compile it (see `readOutputSchema`), else left out with a warning.
 *
 * @param title - The tool's title as the listing read it (`title`, or `annotations.title`).
 */
export function readPresentation(
  tool: Record<string, unknown>,
  title: string | undefined,
  limits: { titleChars: number; schemaChars: number },
  warn: (code: string, message: string) => void,
): McpToolPresentation | undefined {
  const annotations = readAnnotations(tool.annotations, limits.titleChars);
  const outputSchema = readOutput(tool.outputSchema, limits.schemaChars, warn);
  if (title === undefined && annotations === undefined && outputSchema === undefined) return undefined;
  return {
    ...(title === undefined ? {} : { title }),
    ...(annotations === undefined ? {} : { annotations }),
    ...(outputSchema === undefined ? {} : { outputSchema }),
  };
}

function readAnnotations(value: unknown, titleChars: number): McpToolAnnotations | undefined {
  if (!isRecord(value)) return undefined;
  const annotations: McpToolAnnotations = {};
  if (typeof value.title === "string" && value.title.trim() !== "")
    annotations.title = boundText(value.title, titleChars);
  for (const hint of HINTS) if (typeof value[hint] === "boolean") annotations[hint] = value[hint];
  return Object.keys(annotations).length === 0 ? undefined : annotations;
}

function readOutput(
  value: unknown,
  schemaChars: number,
  warn: (code: string, message: string) => void,
): JsonSchemaObject | undefined {
  if (value === undefined || value === null) return undefined;
  const dropped = (problem: string) => {
    warn(
      "mcp_invalid_output_schema",
      `has an outputSchema that ${problem}; it is not passed on, so clients do not check its structured results.`,
    );
    return undefined;
  };
  // Measured first for an object, as an input schema is, so a huge one costs no copy.
  let size: number;
  try {
    size = JSON.stringify(value)?.length ?? 0;
  } catch {
    return dropped("cannot be read as JSON");
  }
  if (size > schemaChars) return dropped(`is ${size} characters as JSON (at most ${schemaChars})`);
  const read = readOutputSchema(value);
  return read.ok ? read.schema : dropped(read.problem);
}
