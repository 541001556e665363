import type { CatalogueSnapshot, CatalogueTool } from "../catalogue/index.js";
import { analyzeIdentifier } from "../ranking/text/index.js";

/**
 * Verbs of a tool name that read or look things up: a tool named with one of them and a thing
 * (`list_contacts`, `searchUsers`) produces that thing's ids. Verbs that create or change are
 * left out, so a link never offers a tool with side effects.
 */
const READ_VERBS = new Set(
  ["list", "search", "find", "get", "lookup", "look", "fetch", "query", "retrieve", "read", "show"].flatMap((verb) =>
    analyzeIdentifier(verb),
  ),
);

/**
 * An input property that names another thing's id: `contact_id`, `userId`, `track_ids`,
 * `artist-id`. A lower-case `id` needs its separator: `paid` and `valid` name no thing.
 */
const ID_PROPERTY = /^(.*[a-z0-9])(?:[_-](?:id|ids|Id|Ids|ID|IDs)|Id|Ids|ID|IDs)$/;

/** The most id properties of one tool read: a schema is the server's and may be huge. */
const MAX_ID_PROPERTIES = 16;

/**
 * The things whose ids a tool needs: the stemmed last word of each required input property named
 * `<thing>_id` (every property when the schema lists none as required), e.g. `["contact"]` for a
 * tool that takes `contact_id`. A bare `id` names no thing, so it needs nothing here.
 */
export function neededThings(tool: Pick<CatalogueTool, "inputSchema">): string[] {
  const schema = tool.inputSchema as { properties?: unknown; required?: unknown };
  const properties =
    typeof schema.properties === "object" && schema.properties !== null ? Object.keys(schema.properties) : [];
  const required = Array.isArray(schema.required)
    ? new Set(schema.required.filter((name): name is string => typeof name === "string"))
    : undefined;
  const things = new Set<string>();
  let read = 0;
  for (const property of properties) {
    const thing = ID_PROPERTY.exec(property)?.[1];
    if (thing === undefined || (required !== undefined && !required.has(property))) continue;
    if (++read > MAX_ID_PROPERTIES) break;
    const last = analyzeIdentifier(thing).at(-1);
    if (last !== undefined && last !== "id") things.add(last);
  }
  return [...things];
}

/** Each snapshot's producers by thing, built on the first search that needs them. */
const PRODUCERS = new WeakMap<CatalogueSnapshot, Map<string, CatalogueTool[]>>();

/**
 * The tools that produce each thing's ids: a tool whose name has a reading verb and the thing
 * (`get_all_contacts` for `contact`), and that does not itself need that thing's id (so
 * `get_contact_tags(contact_id)` produces no contacts).
 */
function producersOf(snapshot: CatalogueSnapshot): Map<string, CatalogueTool[]> {
  let producers = PRODUCERS.get(snapshot);
  if (producers === undefined) {
    producers = new Map();
    for (const tool of snapshot.tools) {
      const terms = new Set(analyzeIdentifier(tool.name));
      if (![...terms].some((term) => READ_VERBS.has(term))) continue;
      const needs = new Set(neededThings(tool));
      for (const term of terms) {
        if (READ_VERBS.has(term) || needs.has(term) || term === "id") continue;
        let list = producers.get(term);
        if (list === undefined) producers.set(term, (list = []));
        list.push(tool);
      }
    }
    PRODUCERS.set(snapshot, producers);
  }
  return producers;
}

/**
 * The tools that can produce an input `consumer` needs, per thing it needs: on the consumer's
 * own server only (ids of one server mean nothing to another), never the consumer. A tool of no
 * server has none: across a whole catalogue, a thing's name alone links unrelated tools (on the
 * bench's multi-tool sets, none of the links it made there was a tool the query needed).
 *
 * @example
 * ```ts
 * inputProducers(snapshot, snapshot.byName.get("crm__get_contact_tags")!);
 * // [{ thing: "contact", tools: ["crm__list_contacts", "crm__search_contacts"] }]
 * ```
 */
export function inputProducers(
  snapshot: CatalogueSnapshot,
  consumer: CatalogueTool,
): { thing: string; tools: string[] }[] {
  if (consumer.server === undefined) return [];
  const needs = neededThings(consumer);
  if (needs.length === 0) return [];
  const producers = producersOf(snapshot);
  return needs.flatMap((thing) => {
    const tools = (producers.get(thing) ?? [])
      .filter((tool) => tool.name !== consumer.name && tool.server === consumer.server)
      .map((tool) => tool.name);
    return tools.length === 0 ? [] : [{ thing, tools }];
  });
}
