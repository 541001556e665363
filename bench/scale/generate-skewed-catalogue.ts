import { OptionsError } from "../../src/errors.js";
import { parseDataset, type BenchDataset } from "../load-dataset.js";
import { Prng } from "./prng.js";
import {
  SKEWED_BY_FIELDS,
  SKEWED_DETAILS,
  SKEWED_NOUNS,
  SKEWED_OWNER_LINKS,
  SKEWED_PARAMS,
  SKEWED_QUALIFIERS,
  SKEWED_QUERY_TEMPLATES,
  SKEWED_VERBS,
  SERVERS,
  pluralOf,
  withArticle,
  type SkewedVerb,
} from "./skewed-vocabulary.js";
import { ZipfPicker } from "./zipf.js";

export interface SkewedGenerateOptions {
  /** Number of tools, 1 to {@link MAX_SKEWED_SIZE}. */
  size: number;
  /** Number of labelled queries drawn from the tools. @defaultValue 100 */
  queries?: number;
  /** Same seed, same catalogue. @defaultValue 42 */
  seed?: number;
}

/** The largest catalogue the generator makes; far below what its word lists could name. */
export const MAX_SKEWED_SIZE = 200_000;

/** Roughly how many tools one server contributes, until every server is in use. */
const TOOLS_PER_SERVER = 40;
/** Share of tools given a qualifier even when their plain name is free. */
const VOLUNTARY_QUALIFIER = 0.3;
const OWNER_SHARE = 0.6;
const BY_SHARE = 0.6;
const SERVER_IN_DESCRIPTION = 0.3;
const SECOND_SENTENCE = 0.8;

const verbs = new ZipfPicker(SKEWED_VERBS, 1);
const nouns = new ZipfPicker(SKEWED_NOUNS, 1.1);
const qualifiers = new ZipfPicker(SKEWED_QUALIFIERS, 0.8);
const byFields = new ZipfPicker(SKEWED_BY_FIELDS, 1);
const params = new ZipfPicker(SKEWED_PARAMS, 1);
const PARAM_DESCRIPTIONS = new Map(SKEWED_PARAMS);

interface SkewedSpec {
  name: string;
  server: readonly [slug: string, display: string];
  verb: SkewedVerb;
  noun: string;
  qualifier: string | undefined;
  owner: { link: string; noun: string } | undefined;
  by: string | undefined;
}

/**
 * Generates a catalogue whose words are skewed like real ones: verbs (40) and nouns (300)
 * drawn with Zipf frequencies, so a few dozen words are shared by thousands of tools, and
 * rarer qualifier words that tell apart tools with the same verb and noun. Tools are named
 * `server__verb_noun[_qualifier]` (unique, valid tool names), described in one or two
 * sentences of mostly common words ("Update a recurring invoice of a customer by date."),
 * and take a small JSON schema of common parameters (`id`, `limit`, `customer_id`, `date`, …).
 * Queries are drawn from single tools in the same common words ("update the invoice of a
 * customer by date") and labelled with that tool. Tools are listed server by server, as a
 * gateway in front of many MCP servers would list them. Deterministic for size, queries and seed.
 *
 * @throws OptionsError for a size or query count out of range.
 * @example
 * ```ts
 * const dataset = generateSkewedCatalogue({ size: 10_000, queries: 100, seed: 42 });
 * dataset.tools[0]?.name; // e.g. "asana__update_invoice_recurring"
 * ```
 */
export function generateSkewedCatalogue(options: SkewedGenerateOptions): BenchDataset {
  const { size, queries: queryCount = 100, seed = 42 } = options;
  if (!Number.isInteger(size) || size < 1 || size > MAX_SKEWED_SIZE) {
    throw new OptionsError(
      "BENCH_SCALE_SIZE",
      `Catalogue size ${size} is not an integer from 1 to ${MAX_SKEWED_SIZE}.`,
    );
  }
  if (!Number.isInteger(queryCount) || queryCount < 1) {
    throw new OptionsError("BENCH_SCALE_QUERIES", `Query count ${queryCount} must be a positive integer.`);
  }
  // A different stream from the uniform generator's for the same seed and size.
  const random = new Prng((seed ^ Math.imul(size, 0x85ebca6b) ^ 0x5bd1e995) >>> 0);
  const servers = random.sample(SERVERS, Math.min(SERVERS.length, Math.max(1, Math.ceil(size / TOOLS_PER_SERVER))));
  const taken = new Set<string>();
  const specs: SkewedSpec[] = [];
  while (specs.length < size) {
    const spec = drawSpec(random, servers, taken);
    if (spec) {
      taken.add(spec.name);
      specs.push(spec);
    }
  }
  const order = new Map(servers.map(([slug], index) => [slug, index]));
  // Stable: within a server, tools keep the order they were drawn in.
  specs.sort((a, b) => (order.get(a.server[0]) as number) - (order.get(b.server[0]) as number));

  const tools = specs.map((spec) => ({
    name: spec.name,
    description: describe(spec, random),
    input_schema: schemaOf(spec, random),
  }));
  const queries = Array.from({ length: queryCount }, () => {
    const index = random.int(specs.length);
    return { query: queryFor(specs[index] as SkewedSpec, random), expected: [specs[index]!.name] };
  });
  const id = `skewed-${size}`;
  const dataset = parseDataset(
    { source: `generated with skewed vocabulary: size ${size}, seed ${seed}`, license: "MIT", tools, queries },
    id,
  );
  return { ...dataset, id };
}

/** One new tool, or `undefined` when the draw collided with taken names (the caller draws again). */
function drawSpec(
  random: Prng,
  servers: readonly (readonly [string, string])[],
  taken: ReadonlySet<string>,
): SkewedSpec | undefined {
  const server = random.pick(servers);
  const verb = verbs.pick(random);
  const noun = nouns.pick(random);
  if (noun === verb.word) return undefined;
  const base = `${server[0]}__${verb.word}_${noun}`;
  let qualifier: string | undefined;
  if (taken.has(base) || random.next() < VOLUNTARY_QUALIFIER) {
    // Common qualifiers first; when the head is used up on this server, verb and noun, any of them.
    for (let attempt = 0; attempt < 12 && qualifier === undefined; attempt++) {
      const candidate = attempt < 6 ? qualifiers.pick(random) : random.pick(SKEWED_QUALIFIERS);
      if (!taken.has(`${base}_${candidate}`)) qualifier = candidate;
    }
    if (qualifier === undefined) return undefined;
  }
  let owner: SkewedSpec["owner"];
  if (random.next() < OWNER_SHARE) {
    const ownerNoun = nouns.pick(random);
    if (ownerNoun !== noun) owner = { link: random.pick(SKEWED_OWNER_LINKS), noun: ownerNoun };
  }
  const by = random.next() < BY_SHARE ? byFields.pick(random) : undefined;
  return { name: qualifier ? `${base}_${qualifier}` : base, server, verb, noun, qualifier, owner, by };
}

function words(identifier: string): string {
  return identifier.replaceAll("_", " ");
}

function capitalised(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/** "[qualifier ]noun[ of an owner][ by field]", singular or plural. */
function phrase(spec: SkewedSpec, plural: boolean, parts: { qualifier: boolean; owner: boolean; by: boolean }): string {
  const noun = plural ? pluralOf(words(spec.noun)) : words(spec.noun);
  const head = parts.qualifier && spec.qualifier ? `${spec.qualifier} ${noun}` : noun;
  const owner = parts.owner && spec.owner ? ` ${spec.owner.link} ${withArticle(words(spec.owner.noun))}` : "";
  const by = parts.by && spec.by ? ` by ${spec.by}` : "";
  return `${head}${owner}${by}`;
}

function describe(spec: SkewedSpec, random: Prng): string {
  const all = { qualifier: true, owner: true, by: true };
  const object = spec.verb.plural ? `the ${phrase(spec, true, all)}` : withArticle(phrase(spec, false, all));
  const where = random.next() < SERVER_IN_DESCRIPTION ? ` in ${spec.server[1]}` : "";
  const first = `${capitalised(spec.verb.word)} ${object}${where}.`;
  if (random.next() >= SECOND_SENTENCE) return first;
  const one = words(spec.noun);
  const detail = random
    .pick(SKEWED_DETAILS)
    .replaceAll("{one}", one)
    .replaceAll("{many}", pluralOf(one))
    .replaceAll("{verb}", spec.verb.word);
  return `${first} ${detail}`;
}

function schemaOf(spec: SkewedSpec, random: Prng): Record<string, unknown> {
  const properties: Record<string, { type: string; description: string }> = {};
  const required: string[] = [];
  const add = (name: string, description: string, isRequired = false) => {
    if (properties[name]) return;
    properties[name] = { type: name === "limit" || name === "page" ? "integer" : "string", description };
    if (isRequired) required.push(name);
  };
  if (spec.verb.needsId) add(`${spec.noun}_id`, `The id of the ${words(spec.noun)}`, true);
  if (spec.verb.word === "search" || spec.verb.word === "find") add("query", "Words to search for", true);
  if (spec.owner) add(`${spec.owner.noun}_id`, `The id of the ${words(spec.owner.noun)}`);
  if (spec.by && spec.by !== "id") add(spec.by, PARAM_DESCRIPTIONS.get(spec.by) ?? `The ${spec.by} to filter by`);
  for (let extra = random.int(3); extra > 0; extra--) {
    const [name, description] = params.pick(random);
    add(name, description);
  }
  return { type: "object", properties, required };
}

function queryFor(spec: SkewedSpec, random: Prng): string {
  const templates = SKEWED_QUERY_TEMPLATES.filter((template) => template.plural || !spec.verb.plural);
  const template = random.pick(templates);
  let rest = phrase(spec, template.plural, {
    qualifier: random.next() < 0.7,
    owner: random.next() < 0.8,
    by: random.next() < 0.8,
  });
  if (random.next() < 0.25) rest += ` in ${spec.server[1]}`;
  return template.text.replace("{verb}", spec.verb.word).replace("{a rest}", withArticle(rest)).replace("{rest}", rest);
}
