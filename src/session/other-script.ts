import type { CatalogueTool } from "../catalogue/index.js";
import { countScripts, type Script } from "../ranking/text/index.js";
import type { SearchMatch } from "./search-match.js";

const scriptsByTool = new WeakMap<CatalogueTool, ReadonlyMap<Script, number>>();

/**
 * The letters of each script in the text rankers read of a tool (name, description, tags,
 * parameters, enrichment examples), counted once per tool; the catalogue's limits bound it.
 */
function scriptsOf(tool: CatalogueTool): ReadonlyMap<Script, number> {
  let counts = scriptsByTool.get(tool);
  if (!counts) {
    const { name, description, tags, parameters, examples = [] } = tool.document;
    const counting = new Map<Script, number>();
    for (const text of [name, description, ...tags, ...examples]) countScripts(text, counting);
    for (const parameter of parameters) {
      countScripts(parameter.name, counting);
      countScripts(parameter.description ?? "", counting);
    }
    scriptsByTool.set(tool, (counts = counting));
  }
  return counts;
}

const describe = (script: Script) => (script === "Latin" ? "Latin script" : script);

/**
 * The `language` note of a `search_tools` answer that found nothing, or nothing strong, for a
 * query written (in whole or in part) in a script that no tool the session may see uses in the
 * text rankers read of it: most often a user's own words passed on untranslated to a catalogue
 * described in English. No ranker matches across scripts, while the model can translate, so it
 * is told which script the tools are written in. `undefined` whenever the answer has a strong
 * match or the query's scripts all occur in the tools.
 *
 * Only permitted tools count (the session's own permitted set, so `permit` is not asked again),
 * and the note says nothing of tools the session cannot see. The
 * tools are read only for an empty or weak answer to a query with letters outside Latin script,
 * each tool's letters counted once. A query in Latin letters alone gets no note: tool names are
 * ASCII, so the tools share its script (a catalogue whose names hold no letter is missed).
 *
 * @example
 * ```ts
 * otherScriptNote("北京后天的天气如何？", [], tools);
 * // "This query is written in Chinese characters, which no tool's text uses:
 * //  the tools are described in Latin script. Search again with the request translated into
 * //  the tools' language."
 * ```
 */
export function otherScriptNote(
  query: string,
  matches: readonly SearchMatch[],
  tools: Iterable<CatalogueTool>,
): string | undefined {
  if (matches.length > 0 && matches[0]!.confidence !== "weak") return undefined;
  const asked = new Map<Script, number>();
  countScripts(query, asked);
  // Tool names are ASCII, so a query in Latin letters alone shares its script with nearly every
  // catalogue: most searches end here, before the tools are read.
  if (asked.size === 0 || (asked.size === 1 && asked.has("Latin"))) return undefined;
  const used = new Map<Script, number>();
  for (const tool of tools) {
    for (const [script, letters] of scriptsOf(tool)) used.set(script, (used.get(script) ?? 0) + letters);
  }
  const unused = [...asked.keys()].filter((script) => !used.has(script));
  const main = [...used].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (unused.length === 0 || main === undefined) return undefined;
  const written = unused.length === asked.size ? "This query is written" : "Part of this query is written";
  return (
    `${written} in ${unused.map(describe).join(" and ")}, which no tool's text uses: ` +
    `the tools are described in ${describe(main)}. Search again with the request translated into the tools' language.`
  );
}

/**
 * A `search_tools` answer's JSON with its `language` note (see {@link otherScriptNote}), when
 * the search has one. Unchanged otherwise.
 */
export function withLanguage<Body extends object>(
  body: Body,
  outcome: { language?: string },
): Body & { language?: string } {
  return outcome.language === undefined ? body : { ...body, language: outcome.language };
}
