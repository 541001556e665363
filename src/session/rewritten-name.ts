import type { CatalogueTool } from "../catalogue/index.js";

/**
 * A tool name as a client that rewrites names may have shown it to its model: one case, and "-"
 * read as "_" (a catalogue's names hold only letters, digits, "_" and "-"). Codex CLI offers
 * `everything__get-sum` as `everything__get_sum`.
 */
function looseName(name: string): string {
  return name.toLowerCase().replaceAll("-", "_");
}

/**
 * The one tool the caller may use whose name a client's rewriting would turn into `name`, for a
 * call that named none; undefined when no tool, or more than one, fits. Only permitted tools are
 * named, so a refused tool's existence does not leak.
 */
export function rewrittenName(
  tools: Iterable<CatalogueTool>,
  name: string,
  permitted: (tool: CatalogueTool) => boolean,
): string | undefined {
  const loose = looseName(name);
  let found: string | undefined;
  for (const tool of tools) {
    if (looseName(tool.name) !== loose || !permitted(tool)) continue;
    if (found !== undefined) return undefined;
    found = tool.name;
  }
  return found;
}
