import { createHash } from "node:crypto";
import { CatalogueError, errorText } from "../errors.js";
import { rankDocumentOf } from "../ranking/index.js";
import type { CatalogueTool } from "./catalogue-tool.js";
import { checkSchema } from "./check-schema.js";
import { describePath, type JsonValue } from "./copy-json.js";
import { isClassicZodSchema, isZodSchema } from "./is-zod-schema.js";
import { zodInputJsonSchema } from "./zod-to-json-schema.js";
import { CATALOGUE_LIMITS } from "./limits.js";
import { readDefinition, wellFormed, type DefinitionFields } from "./read-definition.js";
import type { Dialect } from "./schema-dialect.js";
import { schemaCopy } from "./schema-copy.js";
import { mendSchema, type SchemaMends } from "./mend-schema.js";
import type { JsonSchemaObject, ToolDefinition, ZodSchemaLike } from "./tool-definition.js";
import { InputValidator } from "./validate-input.js";
import { isRecord } from "../util/is-record.js";

export { TOOL_NAME_PATTERN } from "./read-definition.js";

/**
 * Checks one tool definition and turns it into a {@link CatalogueTool}.
 *
 * Whatever the definition is (a cycle, 3,000 levels of nesting, a getter that throws, a
 * Proxy), this throws a {@link CatalogueError} and nothing else, after bounded work. A schema
 * whose inputs could not be checked (one that is not valid JSON Schema, a `pattern` the
 * linear-time engine cannot run, a `$ref` that leads outside the schema) is refused here, so
 * no accepted tool ever runs on unchecked input.
 *
 * @param where - Says where the definition came from, for the error message
 *   (e.g. `tools[3]` or `host.listTools()[3]`).
 * @throws {@link CatalogueError} naming the tool, the problem and the fix.
 */
export function parseTool(definition: unknown, where: string): CatalogueTool {
  return toolOf(readDefinition(definition, where), definition as ToolDefinition, where);
}

/** Builds a tool from fields already read (see `readDefinition`). */
export function toolOf(fields: DefinitionFields, definition: ToolDefinition, where: string): CatalogueTool {
  const label = `${where} ("${fields.name}")`;
  try {
    return buildTool(fields, definition, label);
  } catch (error) {
    if (error instanceof CatalogueError) throw error;
    throw new CatalogueError("invalid_tool", `${label} could not be read (${errorText(error)}).`, { cause: error });
  }
}

function buildTool(fields: DefinitionFields, definition: ToolDefinition, label: string): CatalogueTool {
  const { name, destructive, openWorld, server, tags, execute } = fields;
  const description = wellFormed(fields.description);
  const zodSchema = isZodSchema(fields.inputSchema) ? fields.inputSchema : undefined;
  const { schema, dialect } = toJsonSchema(zodSchema ?? fields.inputSchema, zodSchema !== undefined, label);
  const mends = checkOrMend(schema, dialect, label, zodSchema === undefined);
  let contentKey: string | undefined;
  return {
    name,
    description,
    inputSchema: schema,
    destructive,
    openWorld,
    server,
    tags,
    definition,
    run: execute ? (input, context) => execute.call(definition, input as never, context) : undefined,
    zodSchema,
    validator: new InputValidator(schema, dialect),
    document: rankDocumentOf({ name, description, inputSchema: schema, tags, ...(server ? { server } : {}) }),
    // Read only when a re-listed catalogue is compared with the last one: hashing every schema
    // up front was a seventh of reading a catalogue of 1,000 tools.
    get contentKey() {
      contentKey ??= createHash("sha1")
        .update(JSON.stringify([description, schema, destructive, server ?? null, tags]))
        .digest("base64url");
      return contentKey;
    },
    fields,
    ...(mends ? { mends } : {}),
  };
}

/**
 * Checks a schema, and mends one its checks refuse (see {@link mendSchema}) when that is
 * allowed: the mended schema must then pass every check. Returns the mends, if any were
 * needed; throws the first refusal of the schema as it was written when it cannot be mended, so
 * the message speaks of what its author wrote. A zod schema is never mended: toolsift made it.
 */
function checkOrMend(schema: JsonSchema, dialect: Dialect, label: string, mendable: boolean): SchemaMends | undefined {
  const refusal = refusalOf(schema, dialect, label);
  if (refusal === undefined) return undefined;
  if (!mendable) throw refusal;
  const mends = mendSchema(schema);
  if (mends.count === 0 || refusalOf(schema, dialect, label) !== undefined) throw refusal;
  return mends;
}

function refusalOf(schema: JsonSchema, dialect: Dialect, label: string): CatalogueError | undefined {
  if (schema.type !== "object") return notAnObjectSchema(schema, label);
  const problem = checkSchema(schema, dialect);
  if (problem === undefined) return undefined;
  return new CatalogueError(
    "invalid_schema",
    `${label}: its inputSchema cannot be used to check inputs, so the tool would run unchecked: ${problem}. Fix the schema; ` +
      "toolsift does not run a tool whose input it cannot validate.",
  );
}

function toJsonSchema(given: unknown, isZod: boolean, label: string) {
  let json: unknown = given;
  if (isZod) {
    try {
      json = zodInputJsonSchema(given as ZodSchemaLike);
    } catch (error) {
      throw new CatalogueError(
        "invalid_schema",
        `${label}: its zod inputSchema cannot be converted to JSON Schema (${errorText(error)}). ` +
          `Use z.object({...}) with JSON-representable fields.`,
        { cause: error },
      );
    }
  }
  if (typeof json !== "object" || json === null || Array.isArray(json)) throw notAnObjectSchema(json, label);
  if (isClassicZodSchema(json)) {
    throw new CatalogueError(
      "invalid_schema",
      `${label}: its inputSchema is a schema of zod 3's classic API, which toolsift does not read. Write it with zod 4's ` +
        'API: import { z } from "zod" with zod 4, or from "zod/v4" with zod 3.25 or later; or give JSON Schema.',
    );
  }
  const copy = schemaCopy(json);
  if (!copy.ok) {
    throw new CatalogueError(
      "invalid_schema",
      `${label}: its inputSchema at ${describePath(copy.path)} ${copy.problem}. An input schema must be plain JSON ` +
        `(at most ${CATALOGUE_LIMITS.schema.maxDepth} levels deep, ${CATALOGUE_LIMITS.schema.maxValues.toLocaleString("en")} values); ` +
        'use "$defs" and "$ref" for recursive shapes.',
    );
  }
  return { schema: copy.schema as JsonSchema, dialect: copy.dialect };
}

/** An input schema as toolsift holds it: its own plain copy, checked to be an object schema before use. */
type JsonSchema = JsonSchemaObject & { [key: string]: JsonValue };

function notAnObjectSchema(json: unknown, label: string): CatalogueError {
  return new CatalogueError(
    "invalid_schema",
    `${label}: inputSchema must be an object schema ({ "type": "object", "properties": {...} }) or a zod object, ` +
      `got ${describeSchema(json)}. Wrap a single value in an object property.`,
  );
}

function describeSchema(json: unknown): string {
  if (isRecord(json) && "type" in json) {
    return `a schema of type ${JSON.stringify((json as { type: unknown }).type)}`;
  }
  if (json === null) return "null";
  if (Array.isArray(json)) return "an array";
  return typeof json === "object" ? 'an object without "type"' : typeof json;
}
