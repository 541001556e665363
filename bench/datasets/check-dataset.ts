import { contentStems, nameWords, textWords } from "./content-stems.js";
import { QUERY_KINDS, type QueryKind } from "./dataset-format.js";

/** A `paraphrase` query that shares a content stem with its target tool's name or description. */
export interface ParaphraseOffence {
  query: string;
  tool: string;
  /** The stems the query shares with the tool, sorted. */
  shared: string[];
}

/** What {@link checkDataset} found. */
export interface DatasetReport {
  /** Structural problems, each naming where it is and what is wrong; empty for a valid dataset. */
  problems: string[];
  toolCount: number;
  /** Tools per server, the server being the part of a name before `__` (names without one count under `""`). */
  servers: Record<string, number>;
  counts: Record<QueryKind, number>;
  /** Queries of every kind but `unanswerable`. */
  answerable: number;
  paraphraseOffences: ParaphraseOffence[];
  /** `direct` queries that share no content stem with their target: mislabelled paraphrases. */
  directWithoutSharedWord: string[];
  /** Paraphrase queries that share no content stem with any of their targets. */
  cleanParaphrases: number;
  /** `cleanParaphrases / answerable` (0 when nothing is answerable). */
  cleanParaphraseShare: number;
}

const NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** How many targets each kind takes: [min, max]. */
const ARITY: Record<QueryKind, readonly [number, number]> = {
  direct: [1, 1],
  paraphrase: [1, 1],
  multi: [2, Number.POSITIVE_INFINITY],
  unanswerable: [0, 0],
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === "string" && value.trim().length > 0;
}

/** Every `required` entry of every (nested) object schema must be one of its `properties`. */
function checkSchema(schema: unknown, where: string, problems: string[]): void {
  if (!isRecord(schema)) return;
  const properties = isRecord(schema.properties) ? schema.properties : {};
  if (schema.required !== undefined) {
    if (!Array.isArray(schema.required)) {
      problems.push(`${where}.required must be an array of property names`);
    } else {
      for (const key of schema.required) {
        if (typeof key !== "string" || !(key in properties)) {
          problems.push(`${where}.required lists ${JSON.stringify(key)}, which is not in ${where}.properties`);
        }
      }
    }
  }
  for (const [key, value] of Object.entries(properties)) checkSchema(value, `${where}.properties.${key}`, problems);
  if (schema.items !== undefined) checkSchema(schema.items, `${where}.items`, problems);
}

/** Checks one tool entry and returns its name and vocabulary when the name is usable. */
function checkTool(tool: unknown, where: string, problems: string[]): { name: string; stems: Set<string> } | undefined {
  if (!isRecord(tool)) {
    problems.push(`${where} is not an object; each tool needs name, description and input_schema`);
    return undefined;
  }
  const { name, description, input_schema: schema } = tool;
  if (!isNonEmptyString(description)) problems.push(`${where}.description is missing or empty; say what the tool does`);
  if (!isRecord(schema) || schema.type !== "object") {
    problems.push(`${where}.input_schema must be a JSON Schema object with "type": "object"`);
  } else {
    checkSchema(schema, `${where}.input_schema`, problems);
  }
  if (typeof name !== "string" || !NAME_PATTERN.test(name)) {
    problems.push(`${where}.name ${JSON.stringify(name)} does not match ${NAME_PATTERN.source}`);
    return undefined;
  }
  const words = [...nameWords(name), ...(typeof description === "string" ? textWords(description) : [])];
  return { name, stems: contentStems(words) };
}

/**
 * Validates a dataset in the bench format (see `dataset-format.ts`) and measures it.
 *
 * Structure: tool names valid and unique, descriptions present, schemas of type object whose
 * `required` names exist, every query labelled with a known kind, the right number of targets
 * for its kind, every target an existing tool, no query text twice.
 * Paraphrases: a `paraphrase` query must share no content stem (stop words dropped, Porter2
 * stems, names split on `_`, `-` and camelCase) with its target's name or description; the
 * ones that do are returned as offences, not as problems, so callers can set their own bar.
 * Likewise `direct` queries sharing no stem with their target are listed as likely mislabelled.
 *
 * @example
 * ```ts
 * const report = checkDataset(JSON.parse(readFileSync("bench/datasets/toolsift-servers.json", "utf8")));
 * if (report.problems.length > 0) throw new Error(report.problems.join("\n"));
 * console.log(report.counts, report.cleanParaphraseShare);
 * ```
 */
export function checkDataset(input: unknown): DatasetReport {
  const problems: string[] = [];
  const counts: Record<QueryKind, number> = { direct: 0, paraphrase: 0, multi: 0, unanswerable: 0 };
  const servers: Record<string, number> = {};
  const paraphraseOffences: ParaphraseOffence[] = [];
  const directWithoutSharedWord: string[] = [];
  const vocabulary = new Map<string, Set<string>>();
  let cleanParaphrases = 0;

  if (!isRecord(input)) {
    problems.push("the dataset is not a JSON object; expected { source, license, tools, queries }");
    input = {};
  }
  const dataset = input as Record<string, unknown>;
  for (const field of ["source", "license"] as const) {
    if (!isNonEmptyString(dataset[field]))
      problems.push(`"${field}" is missing or empty; say where the data comes from and under which licence`);
  }

  const tools = Array.isArray(dataset.tools) ? dataset.tools : [];
  if (!Array.isArray(dataset.tools)) problems.push(`"tools" must be an array of tools`);
  tools.forEach((tool, index) => {
    const checked = checkTool(tool, `tools[${index}]`, problems);
    if (checked === undefined) return;
    if (vocabulary.has(checked.name)) {
      problems.push(`tools[${index}].name "${checked.name}" is used by an earlier tool; names must be unique`);
      return;
    }
    vocabulary.set(checked.name, checked.stems);
    const server = checked.name.includes("__") ? checked.name.slice(0, checked.name.indexOf("__")) : "";
    servers[server] = (servers[server] ?? 0) + 1;
  });

  const queries = Array.isArray(dataset.queries) ? dataset.queries : [];
  if (!Array.isArray(dataset.queries)) problems.push(`"queries" must be an array of { query, expected, kind }`);
  const seenTexts = new Map<string, number>();
  queries.forEach((entry, index) => {
    const where = `queries[${index}]`;
    if (!isRecord(entry)) {
      problems.push(`${where} is not an object; each query needs query, expected and kind`);
      return;
    }
    const { query, expected, kind } = entry;
    if (!isNonEmptyString(query)) {
      problems.push(`${where}.query is missing or empty`);
      return;
    }
    const key = query.trim().toLowerCase();
    const earlier = seenTexts.get(key);
    if (earlier !== undefined)
      problems.push(`${where}.query repeats queries[${earlier}] ("${query}"); merge or reword them`);
    else seenTexts.set(key, index);

    if (typeof kind !== "string" || !(QUERY_KINDS as readonly string[]).includes(kind)) {
      problems.push(`${where}.kind ${JSON.stringify(kind)} is not one of ${QUERY_KINDS.join(", ")}`);
      return;
    }
    const queryKind = kind as QueryKind;
    counts[queryKind] += 1;
    if (!Array.isArray(expected) || !expected.every((name): name is string => typeof name === "string")) {
      problems.push(`${where}.expected must be an array of tool names`);
      return;
    }
    const [min, max] = ARITY[queryKind];
    if (expected.length < min || expected.length > max) {
      const wanted = min === max ? `${min}` : `at least ${min}`;
      problems.push(
        `${where} ("${query}") is "${queryKind}" so it needs ${wanted} expected tool(s), not ${expected.length}`,
      );
    }
    if (new Set(expected).size !== expected.length) problems.push(`${where}.expected lists a tool twice`);
    for (const name of expected) {
      if (!vocabulary.has(name)) problems.push(`${where}.expected names "${name}", which is not a tool in the dataset`);
    }

    const queryStems = contentStems(textWords(query));
    const sharedWith = (name: string): string[] => {
      const toolStems = vocabulary.get(name);
      return toolStems === undefined ? [] : [...queryStems].filter((stem) => toolStems.has(stem)).sort();
    };
    if (queryKind === "direct" && expected.every((name) => sharedWith(name).length === 0))
      directWithoutSharedWord.push(query);
    if (queryKind !== "paraphrase") return;
    let clean = true;
    for (const name of expected) {
      if (!vocabulary.has(name)) {
        clean = false;
        continue;
      }
      const shared = sharedWith(name);
      if (shared.length > 0) {
        clean = false;
        paraphraseOffences.push({ query, tool: name, shared });
      }
    }
    if (clean && expected.length > 0) cleanParaphrases += 1;
  });

  const answerable = counts.direct + counts.paraphrase + counts.multi;
  return {
    problems,
    toolCount: vocabulary.size,
    servers,
    counts,
    answerable,
    paraphraseOffences,
    directWithoutSharedWord,
    cleanParaphrases,
    cleanParaphraseShare: answerable === 0 ? 0 : cleanParaphrases / answerable,
  };
}
