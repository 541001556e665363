import { CatalogueError } from "../errors.js";
import type { CatalogueTool } from "./catalogue-tool.js";
import { parseTool } from "./parse-tool.js";

/** What {@link parseCatalogue} does with a bad definition: throw, or skip it and report why. */
export type BadToolPolicy = "throw" | ((error: CatalogueError) => void);

/**
 * Checks a whole catalogue: every definition, and that names are unique.
 *
 * A catalogue given as an array fails fast (`"throw"`); one listed by a host mid-session
 * skips a bad tool and reports it instead, so one broken MCP tool cannot take every other
 * tool away from a running agent.
 */
export function parseCatalogue(
  definitions: readonly unknown[],
  source: string,
  onBadTool: BadToolPolicy = "throw",
  /** Definitions already parsed, by object identity: a host that re-lists mostly unchanged tools skips their parse. */
  parsed?: WeakMap<object, CatalogueTool>,
): CatalogueTool[] {
  const tools: CatalogueTool[] = [];
  const firstIndex = new Map<string, number>();
  definitions.forEach((definition, index) => {
    const where = `${source}[${index}]`;
    try {
      const known = typeof definition === "object" && definition !== null ? parsed?.get(definition) : undefined;
      const tool = known ?? parseTool(definition, where);
      if (!known && typeof definition === "object" && definition !== null) parsed?.set(definition, tool);
      const earlier = firstIndex.get(tool.name);
      if (earlier !== undefined) {
        throw new CatalogueError(
          "duplicate_tool_name",
          `${where} is named "${tool.name}", like ${source}[${earlier}]. Tool names must be unique: rename one ` +
            `(tools from different servers can be namespaced "server__tool").`,
        );
      }
      firstIndex.set(tool.name, index);
      tools.push(tool);
    } catch (error) {
      if (!(error instanceof CatalogueError) || onBadTool === "throw") throw error;
      onBadTool(error);
    }
  });
  return tools;
}
