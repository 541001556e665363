import { exampleCatalogue } from "../../examples/catalogue/index.js";
import { parseTool } from "../../src/catalogue/index.js";
import { EXAMPLE_QUERIES } from "../strategy/example-queries.js";

/** A tool as a probe reads it from JSON: what a user's program holds after listing its MCP servers. */
export interface ProbeTool {
  name: string;
  description: string;
  inputSchema: unknown;
}

/** A catalogue file for a probe: the tools and the queries it searches. */
export interface ProbeCatalogue {
  tools: ProbeTool[];
  queries: string[];
}

/**
 * Where the copies of a server live: a real deployment connects the same server for several
 * teams or regions, so the copies differ by their namespace and a sentence of description.
 */
const TENANTS = [
  "acme",
  "globex",
  "initech",
  "umbrella",
  "hooli",
  "stark",
  "wayne",
  "wonka",
  "tyrell",
  "cyberdyne",
  "soylent",
  "oscorp",
  "aperture",
];

/**
 * `size` tools with the example catalogue's full JSON schemas (zod ones converted as toolsift
 * converts them), the catalogue repeated with each copy's server renamed (`github__x` →
 * `github_acme__x`) and its description given the copy's tenant, so every name and description
 * is distinct, as in a real large catalogue, while the schemas stay real. The first copy is the
 * catalogue itself; the queries are the strategy bench's, written for it.
 *
 * @example
 * ```ts
 * realisticCatalogue(1_000).tools.length; // 1000
 * ```
 */
export function realisticCatalogue(size: number): ProbeCatalogue {
  const base = exampleCatalogue.map((definition) => parseTool(definition, "the example catalogue"));
  const tools: ProbeTool[] = [];
  for (let index = 0; index < size; index++) {
    const tool = base[index % base.length]!;
    const copy = Math.floor(index / base.length);
    if (copy === 0) {
      tools.push({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema });
      continue;
    }
    const tenant = `${TENANTS[(copy - 1) % TENANTS.length]}${copy > TENANTS.length ? copy : ""}`;
    const split = tool.name.indexOf("__");
    const name =
      split > 0 ? `${tool.name.slice(0, split)}_${tenant}${tool.name.slice(split)}` : `${tenant}_${tool.name}`;
    tools.push({
      name,
      description: `${tool.description} Connected to the ${tenant} workspace.`,
      inputSchema: tool.inputSchema,
    });
  }
  return { tools, queries: EXAMPLE_QUERIES.map((entry) => entry.query) };
}

/** Mean characters of a tool's JSON definition. */
export function meanToolChars(catalogue: ProbeCatalogue): number {
  return catalogue.tools.length === 0
    ? 0
    : catalogue.tools.reduce((sum, tool) => sum + JSON.stringify(tool).length, 0) / catalogue.tools.length;
}
