import { productsNamed, productsOfTool } from "../ranking/text/index.js";

/** What the rule reads of a tool: a catalogue snapshot's tools, or the CLI's definitions. */
type ProductTool = { readonly name: string; readonly server?: string | undefined; readonly description: string };

/**
 * Per list of tools (a snapshot's list is one array for its life): `null` when no tool belongs
 * to a server, so the rule never reads a request for that list; else the products its tools
 * name, read on the first request that names one.
 */
const CATALOGUES = new WeakMap<readonly ProductTool[], { products?: ReadonlySet<string> } | null>();

function serverCatalogue(tools: readonly ProductTool[]): { products?: ReadonlySet<string> } | null {
  let catalogue = CATALOGUES.get(tools);
  if (catalogue === undefined) {
    catalogue = tools.some((tool) => tool.server !== undefined) ? {} : null;
    CATALOGUES.set(tools, catalogue);
  }
  return catalogue;
}

function productsOfTools(tools: readonly ProductTool[]): ReadonlySet<string> {
  const found = new Set<string>();
  for (const tool of tools) productsOfTool(tool, found);
  return found;
}

/**
 * The widely used products a request names (see `productsNamed`) when no tool of the catalogue
 * names any of them: "create a Jira ticket" over a catalogue with GitHub and Supabase but no
 * Jira. Every match of such a request shares other words only ("create", "project"), so it is
 * marked weak: a confident Supabase project is a false answer to a Jira request. Empty when the
 * request names no product, or names one the catalogue has (it may want that one).
 *
 * Only a catalogue whose tools belong to servers (MCP servers, a gateway's, or definitions with
 * a `server`) is read so: there each product is a server, and a product no tool names is a
 * server that is not there. In a flat catalogue of generic functions a product is the object of
 * a request ("post this on Facebook" to `social_post`), and nothing is marked: on the shared
 * sets, all flat, the rule marked up to 6% of answerable requests' best matches weak wrongly.
 *
 * Every tool of the list counts, permitted or not: a tool the session may not use is no
 * reason to mark the others, and the answer then says nothing either way.
 *
 * @example
 * ```ts
 * absentProducts("create a Jira ticket", snapshot.tools); // ["jira"] when no tool names Jira
 * absentProducts("copy the Jira ticket to GitHub", snapshot.tools); // [] when a tool names GitHub
 * ```
 */
export function absentProducts(request: string, tools: readonly ProductTool[]): string[] {
  // A flat catalogue first: then the request, read on every search, is not read at all.
  const catalogue = serverCatalogue(tools);
  if (catalogue === null) return [];
  const named = productsNamed(request);
  if (named.length === 0) return [];
  const present = (catalogue.products ??= productsOfTools(tools));
  return named.some((name) => present.has(name)) ? [] : named;
}

/**
 * The `absent` note of a `search_tools` answer to a request for products no tool names (see
 * {@link absentProducts}): which ones, and that the matches share other words only, so the model
 * tells the user rather than use another product's tool for it.
 *
 * @example
 * ```ts
 * absentNote(["jira"]);
 * // 'No tool here names "jira": these matches share other words with the request. If the task
 * //  needs "jira" itself, this catalogue lacks it: say so rather than use another product\'s tool.'
 * ```
 */
export function absentNote(products: readonly string[]): string {
  const named = products.map((product) => `"${product}"`).join(products.length === 2 ? " or " : ", ");
  return (
    `No tool here names ${named}: these matches share other words with the request. ` +
    `If the task needs ${products.length === 1 ? named : "one of them"} itself, this catalogue lacks it: ` +
    "say so rather than use another product's tool."
  );
}

/** A `search_tools` answer's JSON with its `absent` note, when the search has one. Unchanged otherwise. */
export function withAbsent<Body extends object>(body: Body, outcome: { absent?: string }): Body & { absent?: string } {
  return outcome.absent === undefined ? body : { ...body, absent: outcome.absent };
}
