import { rankDocumentOf } from "../../src/ranking/index.js";
import type { BenchDataset, BenchQuery, BenchTool } from "../load-dataset.js";
import { Prng } from "../scale/prng.js";
import { splitIdentifier } from "../../src/ranking/text/split-identifier.js";

/**
 * Harder, RapidAPI-style versions of a bench dataset, each changing one thing a RapidAPI-style
 * catalogue has more of than the shared sets, so a gap to the plain formula that appears on one
 * of them points at its mechanism. Every variant keeps the queries' labels valid.
 */
export function datasetOf(id: string, tools: readonly BenchTool[], queries: readonly BenchQuery[]): BenchDataset {
  return {
    id,
    path: `${id} (generated)`,
    tools,
    queries,
    documents: tools.map((tool) =>
      rankDocumentOf({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema }),
    ),
  };
}

/**
 * The catalogue grown by other catalogues' tools, as distractors no query expects: a large
 * marketplace of unrelated APIs. A distractor whose name is taken gets a `_x` suffix, then a number.
 */
export function withDistractors(base: BenchDataset, others: readonly BenchDataset[]): BenchDataset {
  const names = new Set(base.tools.map((tool) => tool.name));
  const tools = [...base.tools];
  for (const other of others) {
    for (const tool of other.tools) {
      let name = tool.name;
      // `_x` first, as every committed run named them; a numbered suffix where `_x` no longer
      // changes a 64-character name, which would otherwise loop for ever.
      for (let n = 1; names.has(name); n++)
        name = n === 1 ? `${name.slice(0, 62)}_x` : `${tool.name.slice(0, 58)}_${n}`;
      names.add(name);
      tools.push({ ...tool, name });
    }
  }
  return datasetOf(`${base.id}+distractors`, tools, base.queries);
}

/** The API a RapidAPI-style tool belongs to: what follows `_for_` in `<endpoint>_for_<api>`, else its first word. */
export function familyOf(name: string): string {
  const at = name.lastIndexOf("_for_");
  if (at > 0) return name.slice(at + "_for_".length);
  return name.split(/[_.-]/)[0] ?? name;
}

/** Words of the API's shared blurb, at most; ToolBench's API descriptions run to about this. */
export const BLURB_WORDS = 80;

/**
 * Every description prefixed with its API's blurb, as ToolBench writes an endpoint's text:
 * `This is the subfunction for tool "<api>", …` then what the whole API offers (here its
 * endpoints' descriptions, joined and cut at {@link BLURB_WORDS} words), then the endpoint's own
 * description. Siblings then share most of their words, and descriptions grow long and unequal.
 */
export function withApiBlurbs(base: BenchDataset): BenchDataset {
  const byFamily = new Map<string, string[]>();
  for (const tool of base.tools) {
    const family = familyOf(tool.name);
    byFamily.set(family, [...(byFamily.get(family) ?? []), tool.description]);
  }
  const blurbOf = new Map<string, string>();
  for (const [family, descriptions] of byFamily) {
    const words = descriptions.join(" ").split(/\s+/).filter(Boolean).slice(0, BLURB_WORDS);
    blurbOf.set(family, `This is the subfunction for tool "${family}", you can use this tool. ${words.join(" ")}`);
  }
  const tools = base.tools.map((tool) => ({
    ...tool,
    description: `${blurbOf.get(familyOf(tool.name))} The description of this function is: "${tool.description}"`,
  }));
  return datasetOf(`${base.id}+blurbs`, tools, base.queries);
}

/** Parameters RapidAPI endpoints share whatever they do: paging, formats, keys. */
export const GENERIC_PARAMETERS: Readonly<Record<string, string>> = {
  page: "The page of results to return, starting at 1.",
  limit: "The maximum number of results to return.",
  offset: "How many results to skip before returning the first one.",
  format: "The format of the response, json or xml.",
  language: "The language code of the response text, for example en.",
  api_key: "Your API key, from your account dashboard.",
  callback: "A JSONP callback function name for the response.",
  sort: "The field to sort the results by.",
  order: "The sort order, asc or desc.",
  fields: "A comma-separated list of the fields to include in each result.",
  country: "The two-letter country code to search in.",
  timeout: "How long to wait for the data, in seconds.",
};

/** Every tool's schema given the {@link GENERIC_PARAMETERS} besides its own: schema text that says nothing of the tool. */
export function withGenericParameters(base: BenchDataset): BenchDataset {
  const generic = Object.fromEntries(
    Object.entries(GENERIC_PARAMETERS).map(([name, description]) => [name, { type: "string", description }]),
  );
  const tools = base.tools.map((tool) => {
    const own = (tool.inputSchema?.properties ?? {}) as Record<string, unknown>;
    return { ...tool, inputSchema: { type: "object", properties: { ...generic, ...own } } };
  });
  return datasetOf(`${base.id}+generic-params`, tools, base.queries);
}

/**
 * Requests that need three or more tools: each joins `parts` answerable queries whose labels do
 * not overlap, in the order drawn, labelled with every tool they expect. As many as the
 * dataset's answerable queries, seeded.
 */
export function withChainedRequests(base: BenchDataset, parts = 3, seed = 42): BenchDataset {
  const answerable = base.queries.filter((query) => query.expected.length > 0);
  const random = new Prng(seed);
  const queries: BenchQuery[] = [];
  for (let attempt = 0; queries.length < answerable.length && attempt < answerable.length * 10; attempt++) {
    const chosen: BenchQuery[] = [];
    const expected = new Set<string>();
    for (let tries = 0; chosen.length < parts && tries < parts * 5; tries++) {
      const query = random.pick(answerable);
      if (query.expected.some((name) => expected.has(name))) continue;
      chosen.push(query);
      for (const name of query.expected) expected.add(name);
    }
    if (chosen.length === parts) {
      queries.push({ query: chosen.map((query) => query.query.trim()).join(" "), expected: [...expected] });
    }
  }
  return datasetOf(`${base.id}+chained-${parts}`, base.tools, queries);
}

/**
 * Requests that do not name their tools: every word of a query that is also a word of one of its
 * expected tools' names is dropped, as people who do not know the catalogue ask (and as sets
 * written to avoid the tools' own words are). What is left must match descriptions, or nothing.
 * Queries left with no word are dropped.
 */
export function withUnnamedRequests(base: BenchDataset): BenchDataset {
  const queries: BenchQuery[] = [];
  for (const query of base.queries) {
    if (query.expected.length === 0) continue;
    const named = new Set(query.expected.flatMap((name) => splitIdentifier(name)));
    const kept = query.query.split(/\s+/).filter((word) => {
      const parts = word.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
      return parts.length > 0 && !parts.some((part) => named.has(part) || named.has(part.replace(/s$/, "")));
    });
    if (kept.length > 0) queries.push({ query: kept.join(" "), expected: query.expected });
  }
  return datasetOf(`${base.id}+unnamed`, base.tools, queries);
}

/**
 * Names in the marketplace's own style, API first and in title case: `songkick_concert_for_theclique`
 * becomes `Theclique_Songkick_Concert` (cut to 64 characters, a clash numbered `_2`, `_3`, …).
 * Nothing marks the API in the name any more (no `_for_`), so a ranker cannot read a tool's
 * siblings from it, and the API's words lead.
 */
export function withApiFirstNames(base: BenchDataset): BenchDataset {
  const title = (text: string) =>
    text
      .split(/[_\-.]+/)
      .filter(Boolean)
      .map((word) => word[0]!.toUpperCase() + word.slice(1))
      .join("_");
  const renamed = new Map<string, string>();
  const taken = new Set<string>();
  for (const tool of base.tools) {
    const at = tool.name.lastIndexOf("_for_");
    const styled = at > 0 ? `${title(tool.name.slice(at + 5))}_${title(tool.name.slice(0, at))}` : title(tool.name);
    let name = styled.slice(0, 64);
    for (let n = 2; taken.has(name); n++) name = `${styled.slice(0, 64 - `_${n}`.length)}_${n}`;
    taken.add(name);
    renamed.set(tool.name, name);
  }
  const tools = base.tools.map((tool) => ({ ...tool, name: renamed.get(tool.name)! }));
  const queries = base.queries.map((query) => ({
    ...query,
    expected: query.expected.map((name) => renamed.get(name)!),
  }));
  return datasetOf(`${base.id}+api-first-names`, tools, queries);
}

/**
 * The requests whose tools come from different APIs: answerable queries expecting two tools or
 * more, no two of one API ({@link familyOf}). No query is rewritten, so this is the set's own
 * wording. The family rules (`siblings`) give an API already in the answer more places, which
 * such a request needs least.
 */
export function withRequestsAcrossApis(base: BenchDataset): BenchDataset {
  const queries = base.queries.filter(
    (query) => query.expected.length > 1 && new Set(query.expected.map(familyOf)).size === query.expected.length,
  );
  return datasetOf(`${base.id}+across-apis`, base.tools, queries);
}

/**
 * The requests about one API: answerable queries expecting two tools or more, all of one API
 * ({@link familyOf}), as they are written. The other side of {@link withRequestsAcrossApis}: what the
 * family rules are for.
 */
export function withRequestsOfOneApi(base: BenchDataset): BenchDataset {
  const queries = base.queries.filter(
    (query) => query.expected.length > 1 && new Set(query.expected.map(familyOf)).size === 1,
  );
  return datasetOf(`${base.id}+one-api`, base.tools, queries);
}
