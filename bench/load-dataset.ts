import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { ToolsiftError } from "../src/errors.js";
import { rankDocumentOf, type RankDocument } from "../src/ranking/index.js";
import { QUERY_KINDS, type QueryKind } from "./datasets/dataset-format.js";

/** One tool of a loaded dataset. */
export interface BenchTool {
  name: string;
  description: string;
  inputSchema?: Record<string, unknown>;
}

/** One labelled query; `expected` is empty for a query nothing in the catalogue answers. */
export interface BenchQuery {
  query: string;
  expected: readonly string[];
  /** Present in toolsift's own set; the public sets carry no kind. */
  kind?: QueryKind;
}

/** A dataset ready to drive rankers. */
export interface BenchDataset {
  /** The file name without `.json`; how reports refer to the dataset. */
  id: string;
  path: string;
  source?: string;
  license?: string;
  tools: readonly BenchTool[];
  queries: readonly BenchQuery[];
  /** `tools` as rankers index them (see `rankDocumentOf`). */
  documents: readonly RankDocument[];
}

/**
 * Reads and checks a bench dataset file:
 * `{ tools: [{ name, description, input_schema? }], queries: [{ query, expected: [names], kind? }] }`.
 *
 * @throws ToolsiftError (`BENCH_DATASET_INVALID`) naming the file and what is wrong in it.
 * @example
 * ```ts
 * const dataset = await loadDataset("../shared/datasets/bfcl_v4.json");
 * console.log(dataset.tools.length, dataset.queries.length);
 * ```
 */
export async function loadDataset(path: string): Promise<BenchDataset> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (cause) {
    const reason = (cause as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : String(cause);
    throw invalid(path, `cannot be read (${reason}); pass the path of a dataset JSON file.`, cause);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (cause) {
    throw invalid(path, `not valid JSON (${(cause as Error).message}).`, cause);
  }
  return parseDataset(raw, path);
}

/** Checks an already parsed dataset; `path` only names it in errors and reports. */
export function parseDataset(raw: unknown, path: string): BenchDataset {
  if (!isRecord(raw)) throw invalid(path, "the top level must be a JSON object with `tools` and `queries` arrays.");
  const { tools: rawTools, queries: rawQueries } = raw;
  if (!Array.isArray(rawTools) || rawTools.length === 0) {
    throw invalid(path, "`tools` must be a non-empty array of { name, description, input_schema? }.");
  }
  if (!Array.isArray(rawQueries) || rawQueries.length === 0) {
    throw invalid(path, "`queries` must be a non-empty array of { query, expected: [tool names] }.");
  }

  const tools: BenchTool[] = [];
  const names = new Set<string>();
  rawTools.forEach((entry: unknown, index) => {
    const where = `tools[${index}]`;
    if (!isRecord(entry)) throw invalid(path, `${where} must be an object with a name and a description.`);
    const { name, description, input_schema: inputSchema } = entry;
    if (typeof name !== "string" || name.trim() === "")
      throw invalid(path, `${where}.name must be a non-empty string.`);
    if (names.has(name)) throw invalid(path, `${where}.name "${name}" appears twice; tool names must be unique.`);
    if (typeof description !== "string") throw invalid(path, `${where} ("${name}") has no string description.`);
    if (inputSchema !== undefined && !isRecord(inputSchema)) {
      throw invalid(path, `${where} ("${name}").input_schema must be a JSON Schema object when present.`);
    }
    names.add(name);
    tools.push(inputSchema === undefined ? { name, description } : { name, description, inputSchema });
  });

  const queries: BenchQuery[] = [];
  rawQueries.forEach((entry: unknown, index) => {
    const where = `queries[${index}]`;
    if (!isRecord(entry)) throw invalid(path, `${where} must be an object { query, expected }.`);
    const { query, expected, kind } = entry;
    if (typeof query !== "string" || query.trim() === "")
      throw invalid(path, `${where}.query must be a non-empty string.`);
    if (!Array.isArray(expected)) {
      throw invalid(path, `${where}.expected must be an array of tool names (empty for an unanswerable query).`);
    }
    expected.forEach((name: unknown, position) => {
      if (typeof name !== "string") throw invalid(path, `${where}.expected[${position}] must be a tool name string.`);
      if (!names.has(name)) {
        throw invalid(path, `${where}.expected[${position}] "${name}" is not the name of any tool in this file.`);
      }
    });
    if (kind !== undefined && !QUERY_KINDS.includes(kind as QueryKind)) {
      throw invalid(path, `${where}.kind ${JSON.stringify(kind)} is not one of ${QUERY_KINDS.join(", ")}.`);
    }
    if (kind === "unanswerable" && expected.length > 0) {
      throw invalid(path, `${where} is kind "unanswerable" but expects tools; its expected list must be empty.`);
    }
    if (kind !== undefined && kind !== "unanswerable" && expected.length === 0) {
      throw invalid(
        path,
        `${where} is kind "${String(kind)}" but expects no tool; label it "unanswerable" or list its tools.`,
      );
    }
    const unique = [...new Set(expected as string[])];
    queries.push(
      kind === undefined ? { query, expected: unique } : { query, expected: unique, kind: kind as QueryKind },
    );
  });

  return {
    id: basename(path).replace(/\.json$/i, ""),
    path,
    ...(typeof raw.source === "string" ? { source: raw.source } : {}),
    ...(typeof raw.license === "string" ? { license: raw.license } : {}),
    tools,
    queries,
    documents: tools.map((tool) =>
      rankDocumentOf({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema }),
    ),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function invalid(path: string, problem: string, cause?: unknown): ToolsiftError {
  return new ToolsiftError(
    "BENCH_DATASET_INVALID",
    `Dataset ${path}: ${problem}`,
    cause === undefined ? undefined : { cause },
  );
}
