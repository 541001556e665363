import { exampleCatalogue } from "../../examples/catalogue/index.js";
import { parseTool } from "../../src/catalogue/index.js";
import type { JsonSchemaObject, ToolDefinition } from "../../src/index.js";
import { sampleQueries } from "../evaluate-ranker.js";
import type { BenchDataset } from "../load-dataset.js";
import { EXAMPLE_QUERIES } from "./example-queries.js";
import type { StrategyCatalogue } from "./measure-strategies.js";

const EMPTY_SCHEMA: JsonSchemaObject = { type: "object", properties: {} };

/**
 * A bench dataset's tools as definitions: input schemas as given (an empty object schema when
 * a tool has none or a non-object one) and no `execute`, so a call with valid input ends in a
 * "cannot be run here" result, which is still a call and still hydrates the tool.
 */
export function toolDefinitionsOf(dataset: BenchDataset): ToolDefinition[] {
  return dataset.tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema?.type === "object" ? (tool.inputSchema as JsonSchemaObject) : EMPTY_SCHEMA,
  }));
}

/**
 * A bench dataset as a strategy catalogue: its tools as definitions ({@link toolDefinitionsOf})
 * and its answerable single-tool queries, at most `maxQueries` of them taken evenly across the
 * file as the retrieval runs do.
 */
export function strategyCatalogueOf(dataset: BenchDataset, maxQueries?: number): StrategyCatalogue {
  const single = dataset.queries.filter((query) => query.expected.length === 1);
  const queries = sampleQueries(single, maxQueries).map((query) => ({
    query: query.query,
    expected: query.expected[0]!,
  }));
  return { id: dataset.id, tools: toolDefinitionsOf(dataset), queries };
}

/** The example catalogue (97 tools on 8 servers, with offline `execute` fakes) and {@link EXAMPLE_QUERIES}. */
export function exampleStrategyCatalogue(): StrategyCatalogue {
  return { id: "example-catalogue", tools: exampleCatalogue, queries: EXAMPLE_QUERIES };
}

/**
 * A catalogue without the tools whose schema toolsift refuses (it never runs a tool whose input
 * it cannot check, so `createToolSearch` would throw), and without the queries that expect them;
 * `dropped` names the tools left out, for the report to say.
 */
export function usableCatalogue(catalogue: StrategyCatalogue): { catalogue: StrategyCatalogue; dropped: string[] } {
  const dropped = new Set<string>();
  const tools = catalogue.tools.filter((tool, index) => {
    try {
      parseTool(tool, `tools[${index}]`);
      return true;
    } catch {
      dropped.add(tool.name);
      return false;
    }
  });
  if (dropped.size === 0) return { catalogue, dropped: [] };
  const queries = catalogue.queries.filter((query) => !dropped.has(query.expected));
  return { catalogue: { ...catalogue, tools, queries }, dropped: [...dropped] };
}
