import { OptionsError } from "../../src/errors.js";
import { parseDataset, type BenchDataset } from "../load-dataset.js";
import { Prng } from "./prng.js";
import { COMMON_PARAMS, DETAILS, NOUNS, SERVERS, VERBS, type Noun, type Verb } from "./vocabulary.js";

export interface GenerateOptions {
  /** Number of tools; at most the number of distinct server × verb × noun combinations. */
  size: number;
  /** Number of labelled queries drawn from the tools. @defaultValue 100 */
  queries?: number;
  /** Same seed, same catalogue. @defaultValue 42 */
  seed?: number;
}

/** How many distinct tools the vocabulary can produce. */
export const MAX_CATALOGUE_SIZE = SERVERS.length * VERBS.length * NOUNS.length;

/** Roughly how many tools one server contributes, so catalogues look like sets of MCP servers. */
const TOOLS_PER_SERVER = 15;

const QUERY_TEMPLATES: readonly string[] = [
  "{act} {thing} in {Server}",
  "{Server}: {act} {thing}",
  "I need to {act} {thing} on {Server}",
  "can you {act} {thing} from {Server}",
  "{act} {thing} using {Server}",
];

interface Spec {
  server: readonly [string, string];
  verb: Verb;
  noun: Noun;
}

/**
 * Generates a plausible catalogue of `server__verb_noun` tools with descriptions and small
 * JSON schemas, plus queries that paraphrase single tools (a verb synonym, the noun, the
 * server's display name). Deterministic for a given size, query count and seed.
 *
 * @example
 * ```ts
 * const dataset = generateCatalogue({ size: 1_000, queries: 100, seed: 42 });
 * dataset.tools[0]?.name; // e.g. "jira__archive_ticket"
 * ```
 */
export function generateCatalogue(options: GenerateOptions): BenchDataset {
  const { size, queries: queryCount = 100, seed = 42 } = options;
  if (!Number.isInteger(size) || size < 1 || size > MAX_CATALOGUE_SIZE) {
    throw new OptionsError("BENCH_SCALE_SIZE", `Catalogue size ${size} is not an integer from 1 to ${MAX_CATALOGUE_SIZE}.`);
  }
  if (!Number.isInteger(queryCount) || queryCount < 1) {
    throw new OptionsError("BENCH_SCALE_QUERIES", `Query count ${queryCount} must be a positive integer.`);
  }
  const random = new Prng(seed ^ Math.imul(size, 0x9e3779b1));
  const servers = random.sample(SERVERS, Math.min(SERVERS.length, Math.max(1, Math.ceil(size / TOOLS_PER_SERVER))));
  const capacity = servers.length * VERBS.length * NOUNS.length;
  const specs: Spec[] = [];
  const taken = new Set<string>();
  while (specs.length < size) {
    // With few free combinations left, random picks would stall; walk the space instead.
    const spec =
      taken.size < capacity * 0.9
        ? { server: random.pick(servers), verb: random.pick(VERBS), noun: random.pick(NOUNS) }
        : firstFree(servers, taken);
    const name = `${spec.server[0]}__${spec.verb.word}_${spec.noun.word}`;
    if (taken.has(name)) continue;
    taken.add(name);
    specs.push(spec);
  }

  const tools = specs.map((spec) => ({
    name: `${spec.server[0]}__${spec.verb.word}_${spec.noun.word}`,
    description: describe(spec, random),
    input_schema: schemaOf(spec, random),
  }));
  const queries = Array.from({ length: queryCount }, () => {
    const index = random.int(specs.length);
    return { query: queryFor(specs[index] as Spec, random), expected: [tools[index]?.name as string] };
  });
  const dataset = parseDataset({ source: `generated: size ${size}, seed ${seed}`, license: "MIT", tools, queries }, `generated-${size}`);
  return { ...dataset, id: `generated-${size}` };
}

function firstFree(servers: readonly (readonly [string, string])[], taken: ReadonlySet<string>): Spec {
  for (const server of servers) {
    for (const verb of VERBS) {
      for (const noun of NOUNS) {
        if (!taken.has(`${server[0]}__${verb.word}_${noun.word}`)) return { server, verb, noun };
      }
    }
  }
  throw new Error("generateCatalogue: no free combination left although the size was checked.");
}

function fill(template: string, noun: Noun): string {
  const one = noun.word.replaceAll("_", " ");
  return template.replaceAll("a {one}", withArticle(one)).replaceAll("{one}", one).replaceAll("{many}", noun.plural);
}

function withArticle(phrase: string): string {
  return `${/^[aeiou]/.test(phrase) ? "an" : "a"} ${phrase}`;
}

function describe({ server, verb, noun }: Spec, random: Prng): string {
  return `${fill(verb.phrase, noun)} in ${server[1]}. ${fill(random.pick(DETAILS), noun)}`;
}

function schemaOf({ verb, noun }: Spec, random: Prng): Record<string, unknown> {
  const properties: Record<string, { type: string; description: string }> = {};
  const required: string[] = [];
  if (verb.needsId) {
    properties[`${noun.word}_id`] = { type: "string", description: `Id of the ${fill("{one}", noun)}` };
    required.push(`${noun.word}_id`);
  }
  if (verb.word === "search") {
    properties.query = { type: "string", description: "Words to search for" };
    required.push("query");
  }
  const extras = [...random.sample(noun.fields, 1 + random.int(noun.fields.length)), ...random.sample(COMMON_PARAMS, random.int(3))];
  for (const [name, description] of extras) properties[name] ??= { type: "string", description };
  return { type: "object", properties, required };
}

function queryFor({ server, verb, noun }: Spec, random: Prng): string {
  const plural = verb.phrase.includes("{many}");
  const thing = plural ? `${random.pick(["the ", "all ", ""])}${noun.plural}` : withArticle(noun.word.replaceAll("_", " "));
  return random.pick(QUERY_TEMPLATES).replace("{act}", random.pick(verb.synonyms)).replace("{thing}", thing).replace("{Server}", server[1]);
}
