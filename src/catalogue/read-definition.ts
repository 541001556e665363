import { CatalogueError, type CatalogueErrorCode, errorText } from "../errors.js";
import { CATALOGUE_LIMITS } from "./limits.js";
import { otherApiShape } from "./other-api-shape.js";
import type { ToolDefinition } from "./tool-definition.js";

/** The tool names the Anthropic Messages API accepts. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** Names toolsift injects itself; a catalogue tool may not take them. */
const RESERVED_NAMES: ReadonlySet<string> = new Set(["search_tools"]);

/**
 * A definition's fields, each read exactly once and checked. Everything toolsift decides
 * (what the model sees, whether a tool is gated, what runs) comes from this snapshot, never
 * from a second read of the definition: a getter or a Proxy cannot answer differently later.
 */
export interface DefinitionFields {
  readonly name: string;
  readonly description: string;
  readonly destructive: boolean;
  readonly openWorld: boolean;
  readonly server: string | undefined;
  readonly tags: readonly string[];
  readonly execute: ToolDefinition["execute"] | undefined;
  /** The schema as given (JSON Schema or zod); it is copied and checked by `parseTool`. */
  readonly inputSchema: unknown;
}

/**
 * Reads and checks the plain fields of a tool definition. It is cheap (a few property reads),
 * so a host's listing is read in full every time, and a flag flipped on the same object
 * (`destructive` above all) is seen on the next listing.
 *
 * @throws {@link CatalogueError}, and nothing else, whatever the definition is.
 */
export function readDefinition(definition: unknown, where: string): DefinitionFields {
  try {
    return readFields(definition, where);
  } catch (error) {
    if (error instanceof CatalogueError) throw error;
    // A revoked Proxy, a trap that throws where no field is being read: unreadable all the same.
    throw new CatalogueError("unreadable_tool", `${where} could not be read (${errorText(error)}).`, { cause: error });
  }
}

function readFields(definition: unknown, where: string): DefinitionFields {
  if (typeof definition !== "object" || definition === null || Array.isArray(definition)) {
    throw new CatalogueError("invalid_tool", `${where} is not a tool definition object (got ${typeName(definition)}).`);
  }
  const read = (field: keyof ToolDefinition): unknown => {
    try {
      return (definition as Record<string, unknown>)[field];
    } catch (error) {
      throw new CatalogueError(
        "unreadable_tool",
        `${where}: reading its "${field}" threw (${errorText(error)}). A tool definition must be an object whose fields can be read.`,
        { cause: error },
      );
    }
  };
  const name = read("name");
  const shape = name === undefined ? otherApiShape(definition) : undefined;
  if (shape !== undefined) throw new CatalogueError("invalid_tool", `${where} ${shape}.`);
  if (typeof name !== "string" || !TOOL_NAME_PATTERN.test(name)) {
    throw new CatalogueError(
      "invalid_tool_name",
      `${where} has the name ${preview(name)}, which the Anthropic API rejects: a tool name must be 1 to 64 ` +
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
  const description = read("description");
  if (typeof description === "string") {
    requireLength(
      description.length,
      CATALOGUE_LIMITS.descriptionChars,
      `${label}: its description`,
      "description_too_long",
      "Shorten it: the stub shows only its first sentence.",
    );
  }
  if (typeof description !== "string" || !/\S/.test(description)) {
    throw new CatalogueError(
      "missing_description",
      `${label} has no description. Give it one that says what the tool does: its first sentence is all the model sees of a stubbed tool.`,
    );
  }
  const destructive = read("destructive");
  if (destructive !== undefined && typeof destructive !== "boolean") {
    throw new CatalogueError(
      "invalid_destructive",
      `${label} has destructive: ${preview(destructive)} (${typeName(destructive)}), but the flag must be true or false: ` +
        "toolsift does not guess whether a tool that may change or delete data needs approval. Write destructive: true or false.",
    );
  }
  const openWorld = read("openWorld");
  if (openWorld !== undefined && typeof openWorld !== "boolean") {
    throw new CatalogueError(
      "invalid_open_world",
      `${label} has openWorld: ${preview(openWorld)} (${typeName(openWorld)}), but the flag must be true or false. Write openWorld: true or false.`,
    );
  }
  const server = read("server");
  if (server !== undefined && typeof server !== "string") {
    throw new CatalogueError(
      "invalid_server",
      `${label} has a server that is ${typeName(server)}, not a string. Give the server's name, or leave it out.`,
    );
  }
  if (server !== undefined)
    requireLength(
      server.length,
      CATALOGUE_LIMITS.serverChars,
      `${label}: its server name`,
      "invalid_server",
      "Use a short name.",
    );
  const execute = read("execute");
  if (execute !== undefined && typeof execute !== "function") {
    throw new CatalogueError("invalid_execute", `${label} has an execute that is not a function.`);
  }
  // Tags are read before the schema, so a definition with problems in both reports the tags'.
  const tags = readTags(read("tags"), label);
  const inputSchema = read("inputSchema");
  const other = inputSchema === undefined ? otherApiShape(definition) : undefined;
  if (other !== undefined) throw new CatalogueError("invalid_schema", `${label} ${other}.`);
  return {
    name,
    description,
    destructive: destructive ?? false,
    openWorld: openWorld ?? false,
    server,
    tags,
    execute: execute as DefinitionFields["execute"],
    inputSchema,
  };
}

/** Whether two reads of a definition agree on everything a parsed tool is made from. */
export function sameFields(a: DefinitionFields, b: DefinitionFields): boolean {
  return (
    a.name === b.name &&
    a.description === b.description &&
    a.destructive === b.destructive &&
    a.openWorld === b.openWorld &&
    a.server === b.server &&
    a.execute === b.execute &&
    a.inputSchema === b.inputSchema &&
    a.tags.length === b.tags.length &&
    a.tags.every((tag, index) => tag === b.tags[index])
  );
}

/**
 * Whether a definition's fields are still, raw, what `fields` was read from: the cheap
 * re-read of every listing. Anything else (a changed or flipped field, a getter that throws,
 * a Proxy) is `false`, and the definition is read and checked in full.
 */
export function readsTheSame(definition: object, fields: DefinitionFields): boolean {
  try {
    const raw = definition as Record<string, unknown>;
    const { destructive, openWorld, tags } = raw;
    if (
      raw.name !== fields.name ||
      raw.description !== fields.description ||
      raw.inputSchema !== fields.inputSchema ||
      raw.execute !== fields.execute ||
      raw.server !== fields.server ||
      !(destructive === fields.destructive || (destructive === undefined && !fields.destructive)) ||
      !(openWorld === fields.openWorld || (openWorld === undefined && !fields.openWorld))
    ) {
      return false;
    }
    if (tags === undefined) return fields.tags.length === 0;
    if (!Array.isArray(tags) || tags.length !== fields.tags.length) return false;
    for (let index = 0; index < tags.length; index++) if (tags[index] !== fields.tags[index]) return false;
    return true;
  } catch {
    return false;
  }
}

function readTags(tags: unknown, label: string): readonly string[] {
  if (tags === undefined) return [];
  const invalid = () => new CatalogueError("invalid_tags", `${label} has tags that are not an array of strings.`);
  try {
    if (!Array.isArray(tags)) throw invalid();
    // Read once, into our own array: the caller's array may change or be a Proxy.
    const length = tags.length;
    requireLength(
      length,
      CATALOGUE_LIMITS.tags,
      `${label}: its tag list`,
      "invalid_tags",
      "Keep the few words people would search for.",
      "tags",
    );
    const copy: string[] = [];
    for (let index = 0; index < length; index++) {
      const tag: unknown = tags[index];
      if (typeof tag !== "string") throw invalid();
      requireLength(
        tag.length,
        CATALOGUE_LIMITS.tagChars,
        `${label}: its tag ${index}`,
        "invalid_tags",
        "A tag is a search word or two.",
      );
      copy.push(tag);
    }
    return Object.freeze(copy);
  } catch (error) {
    if (error instanceof CatalogueError) throw error;
    throw new CatalogueError("unreadable_tool", `${label}: its tags could not be read (${errorText(error)}).`, {
      cause: error,
    });
  }
}

function requireLength(
  length: number,
  max: number,
  what: string,
  code: CatalogueErrorCode,
  fix: string,
  unit = "characters",
): void {
  if (length > max) {
    throw new CatalogueError(
      code,
      `${what} has ${length.toLocaleString("en")} ${unit}; the limit is ${max.toLocaleString("en")}. ${fix}`,
    );
  }
}

/**
 * The text with any lone surrogate replaced by U+FFFD: half a surrogate pair is not valid
 * Unicode, and a request that carries one may be refused.
 */
export function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}

/** A value for an error message: JSON where possible, never more than a line. */
function preview(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = typeName(value);
  }
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function typeName(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}
