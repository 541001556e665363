import { CatalogueError, errorText } from "../errors.js";
import type { CatalogueTool } from "./catalogue-tool.js";
import { toolOf } from "./parse-tool.js";
import { CATALOGUE_LIMITS } from "./limits.js";
import { readDefinition, readsTheSame, sameFields, type DefinitionFields } from "./read-definition.js";
import type { ToolDefinition } from "./tool-definition.js";

/** What {@link parseCatalogue} does with a bad definition: throw, or skip it and report why. */
export type BadToolPolicy = "throw" | ((error: CatalogueError) => void);

/**
 * Checks a whole catalogue: every definition, and that names are unique.
 *
 * A catalogue given as an array fails fast (`"throw"`); one listed by a host mid-session
 * skips a bad tool and reports it instead, so one broken MCP tool cannot take every other
 * tool away from a running agent. Either way only {@link CatalogueError}s come out.
 */
export function parseCatalogue(
  definitions: readonly unknown[],
  source: string,
  onBadTool: BadToolPolicy = "throw",
  /**
   * Parses from earlier listings, by definition object. A definition is still read in full
   * every time (a few property reads), and its parse is reused only when every field reads the
   * same, so a flag flipped on the same object is honoured on the next listing; a definition
   * that failed is not checked again while it reads the same.
   */
  parsed?: ParseCache,
  /** Filled with what each position parsed to (`undefined` where it could not be read). */
  entries?: (ParsedEntry | undefined)[],
): CatalogueTool[] {
  const tools: CatalogueTool[] = [];
  const firstIndex = new Map<string, number>();
  const length = readLength(definitions, source);
  if (entries) entries.length = length;
  for (let index = 0; index < length; index++) {
    const where = () => `${source}[${index}]`;
    try {
      const definition = readItem(definitions, index, where);
      // A WeakMap answers undefined for a key that is not an object.
      const cached = parsed?.get(definition as object);
      // The fast path: the same object still reads the same, field by field (no checks, no
      // strings built), which keeps a re-listing of 50,000 unchanged tools to milliseconds.
      let entry = cached && readsTheSame(definition as object, cached.fields) ? cached : undefined;
      if (!entry) {
        const fields = readDefinition(definition, where());
        entry =
          cached && sameFields(cached.fields, fields)
            ? cached
            : parseEntry(fields, definition as ToolDefinition, where());
        parsed?.set(definition as object, entry);
      }
      if (entries) entries[index] = entry;
      if (!entry.tool) throw entry.error;
      const { tool } = entry;
      const earlier = firstIndex.get(tool.name);
      if (earlier !== undefined) {
        throw new CatalogueError(
          "duplicate_tool_name",
          `${where()} is named "${tool.name}", like ${source}[${earlier}]. Tool names must be unique: rename one ` +
            `(tools from different servers can be namespaced "server__tool").`,
        );
      }
      firstIndex.set(tool.name, index);
      tools.push(tool);
    } catch (error) {
      if (!(error instanceof CatalogueError) || onBadTool === "throw") throw error;
      onBadTool(error);
    }
  }
  return tools;
}

/** What one definition object parsed to, last time it was listed. */
export interface ParsedEntry {
  readonly fields: DefinitionFields;
  readonly tool?: CatalogueTool;
  readonly error?: CatalogueError;
}

/** Parses by definition object, kept by a host's catalogue between listings. */
export type ParseCache = WeakMap<object, ParsedEntry>;

function parseEntry(fields: DefinitionFields, definition: ToolDefinition, where: string): ParsedEntry {
  try {
    return { fields, tool: toolOf(fields, definition, where) };
  } catch (error) {
    // toolOf throws CatalogueErrors only.
    return { fields, error: error as CatalogueError };
  }
}

function readLength(definitions: readonly unknown[], source: string): number {
  try {
    if (Array.isArray(definitions)) {
      const { length } = definitions;
      if (length <= CATALOGUE_LIMITS.tools) return length;
      throw new CatalogueError(
        "too_many_tools",
        `${source} holds ${length.toLocaleString("en")} tools; the limit is ${CATALOGUE_LIMITS.tools.toLocaleString("en")}. Split the catalogue.`,
      );
    }
  } catch (error) {
    if (error instanceof CatalogueError) throw error;
    throw new CatalogueError("invalid_catalogue", `${source} could not be read (${errorText(error)}).`, {
      cause: error,
    });
  }
  throw new CatalogueError("invalid_catalogue", `${source} is not an array of tool definitions.`);
}

function readItem(definitions: readonly unknown[], index: number, where: () => string): unknown {
  try {
    return definitions[index];
  } catch (error) {
    throw new CatalogueError("unreadable_tool", `${where()} could not be read (${errorText(error)}).`, {
      cause: error,
    });
  }
}
