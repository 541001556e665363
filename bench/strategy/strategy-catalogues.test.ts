import { describe, expect, it } from "vitest";
import { exampleCatalogue } from "../../examples/catalogue/index.js";
import { parseDataset } from "../load-dataset.js";
import { EXAMPLE_QUERIES } from "./example-queries.js";
import { exampleStrategyCatalogue, strategyCatalogueOf } from "./strategy-catalogues.js";

const schema = { type: "object", properties: { city: { type: "string" } }, required: ["city"] };

describe("strategyCatalogueOf", () => {
  const dataset = parseDataset(
    {
      tools: [
        { name: "weather__forecast", description: "Get the forecast.", input_schema: schema },
        { name: "weather__alerts", description: "List weather alerts." },
        { name: "mail__send", description: "Send an email." },
      ],
      queries: [
        { query: "rain tomorrow?", expected: ["weather__forecast"] },
        { query: "storm warnings", expected: ["weather__alerts"] },
        { query: "forecast and mail it", expected: ["weather__forecast", "mail__send"] },
        { query: "book a flight", expected: [] },
        { query: "email Ana", expected: ["mail__send"] },
      ],
    },
    "tiny.json",
  );

  it("keeps the answerable single-tool queries and gives every tool an object schema", () => {
    const catalogue = strategyCatalogueOf(dataset);
    expect(catalogue.queries).toEqual([
      { query: "rain tomorrow?", expected: "weather__forecast" },
      { query: "storm warnings", expected: "weather__alerts" },
      { query: "email Ana", expected: "mail__send" },
    ]);
    expect(catalogue.tools.map((tool) => tool.inputSchema)).toEqual([
      schema,
      { type: "object", properties: {} },
      { type: "object", properties: {} },
    ]);
  });

  it("spreads a query cap evenly over the single-tool queries", () => {
    expect(strategyCatalogueOf(dataset, 2).queries.map((query) => query.expected)).toEqual([
      "weather__forecast",
      "weather__alerts",
    ]);
  });
});

describe("the example catalogue's queries", () => {
  it("each name a tool of the catalogue, with no query twice", () => {
    const names = new Set(exampleCatalogue.map((tool) => tool.name));
    expect(EXAMPLE_QUERIES.filter((entry) => !names.has(entry.expected))).toEqual([]);
    expect(new Set(EXAMPLE_QUERIES.map((entry) => entry.query)).size).toBe(EXAMPLE_QUERIES.length);
    expect(exampleStrategyCatalogue().tools).toBe(exampleCatalogue);
  });
});
