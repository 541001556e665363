import { createHash } from "node:crypto";
import { z } from "zod";
import { CatalogueError, errorText } from "../errors.js";
import { rankDocumentOf } from "../ranking/index.js";
import type { CatalogueTool } from "./catalogue-tool.js";
import { isZodSchema } from "./is-zod-schema.js";
import type { JsonSchemaObject, ToolDefinition } from "./tool-definition.js";

/** The tool names the Anthropic Messages API accepts. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** Names toolsift injects itself; a catalogue tool may not take them. */
const RESERVED_NAMES: ReadonlySet<string> = new Set(["search_tools"]);

/**
 * Checks one tool definition and turns it into a {@link CatalogueTool}.
 *
 * @param where - Says where the definition came from, for the error message
 *   (e.g. `tools[3]` or `host "github"`).
 * @throws {@link CatalogueError} naming the tool, the problem and the fix.
 */
export function parseTool(definition: unknown, where: string): CatalogueTool {
  if (typeof definition !== "object" || definition === null) {
    throw new CatalogueError("invalid_tool", `${where} is not a tool definition object (got ${typeName(definition)}).`);
  }
  const tool = definition as Partial<ToolDefinition>;
  const { name } = tool;
  if (typeof name !== "string" || !TOOL_NAME_PATTERN.test(name)) {
    throw new CatalogueError(
      "invalid_tool_name",
      `${where} has the name ${JSON.stringify(name)}, which the Anthropic API rejects: a tool name must be 1 to 64 ` +
        `characters of letters, digits, "_" or "-". Rename it (for a namespace use "server__tool").`,
    );
  }
  const label = `${where} ("${name}")`;
  if (RESERVED_NAMES.has(name)) {
    throw new CatalogueError(
      "reserved_tool_name",
      `${label}: "${name}" is the name of toolsift's own search tool, and the API rejects two tools with one name. Rename yours.`,
    );
  }
  if (typeof tool.description !== "string" || tool.description.trim() === "") {
    throw new CatalogueError(
      "missing_description",
      `${label} has no description. Give it one that says what the tool does: its first sentence is all the model sees of a stubbed tool.`,
    );
  }
  if (tool.tags !== undefined && !(Array.isArray(tool.tags) && tool.tags.every((tag) => typeof tag === "string"))) {
    throw new CatalogueError("invalid_tags", `${label} has tags that are not an array of strings.`);
  }
  if (tool.execute !== undefined && typeof tool.execute !== "function") {
    throw new CatalogueError("invalid_execute", `${label} has an execute that is not a function.`);
  }
  const inputSchema = toJsonSchema(tool.inputSchema, label);
  const server = typeof tool.server === "string" ? tool.server : undefined;
  const tags = tool.tags ?? [];
  const destructive = tool.destructive === true;
  return {
    name,
    description: tool.description,
    inputSchema,
    destructive,
    server,
    tags,
    definition: tool as ToolDefinition,
    document: rankDocumentOf({ name, description: tool.description, inputSchema, tags, ...(server ? { server } : {}) }),
    contentKey: createHash("sha1")
      .update(JSON.stringify([tool.description, inputSchema, destructive, server ?? null, tags]))
      .digest("base64url"),
  };
}

function toJsonSchema(schema: unknown, label: string): JsonSchemaObject {
  let json: unknown = schema;
  if (isZodSchema(schema)) {
    try {
      json = z.toJSONSchema(schema, { io: "input" });
    } catch (error) {
      throw new CatalogueError(
        "invalid_schema",
        `${label}: its zod inputSchema cannot be converted to JSON Schema (${errorText(error)}). ` +
          `Use z.object({...}) with JSON-representable fields.`,
        { cause: error },
      );
    }
  }
  if (typeof json !== "object" || json === null || Array.isArray(json) || (json as { type?: unknown }).type !== "object") {
    throw new CatalogueError(
      "invalid_schema",
      `${label}: inputSchema must be an object schema ({ "type": "object", "properties": {...} }) or a zod object, ` +
        `got ${describeSchema(json)}. Wrap a single value in an object property.`,
    );
  }
  // The wire schema needs no dialect marker, and every token spent on it is paid on every turn.
  const { $schema: _dialect, ...rest } = json as JsonSchemaObject;
  return rest as JsonSchemaObject;
}

function describeSchema(json: unknown): string {
  if (typeof json === "object" && json !== null && !Array.isArray(json) && "type" in json) {
    return `a schema of type ${JSON.stringify((json as { type: unknown }).type)}`;
  }
  return typeName(json);
}

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object without \"type\"" : typeof value;
}
