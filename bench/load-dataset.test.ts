import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ToolsiftError } from "../src/errors.js";
import { loadDataset, parseDataset } from "./load-dataset.js";

const good = {
  source: "hand-written",
  license: "MIT",
  tools: [
    {
      name: "weather__get_forecast",
      description: "Get the weather forecast for a city.",
      input_schema: {
        type: "object",
        properties: { city: { type: "string", description: "City name" }, days: { type: "integer" } },
      },
    },
    { name: "mail__send", description: "Send an email." },
  ],
  queries: [
    { query: "will it rain in Oslo", expected: ["weather__get_forecast"], kind: "paraphrase" },
    { query: "book a flight", expected: [], kind: "unanswerable" },
    { query: "email the forecast", expected: ["mail__send", "weather__get_forecast", "mail__send"] },
  ],
};

async function fileWith(content: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "toolsift-bench-"));
  const path = join(dir, "tiny-set.json");
  await writeFile(path, content);
  return path;
}

function problemOf(raw: unknown): string {
  try {
    parseDataset(raw, "sets/bad.json");
  } catch (error) {
    expect(error).toBeInstanceOf(ToolsiftError);
    expect((error as ToolsiftError).code).toBe("BENCH_DATASET_INVALID");
    return (error as Error).message;
  }
  throw new Error("the dataset was accepted");
}

describe("loadDataset", () => {
  it("reads tools, queries and builds rank documents from the schema's top-level properties", async () => {
    const dataset = await loadDataset(await fileWith(JSON.stringify(good)));
    expect(dataset.id).toBe("tiny-set");
    expect(dataset.tools.map((tool) => tool.name)).toEqual(["weather__get_forecast", "mail__send"]);
    const forecast = dataset.documents[0];
    expect(forecast?.parameters).toEqual([{ name: "city", description: "City name" }, { name: "days" }]);
    expect(forecast?.tags).toEqual([]);
    expect(forecast?.fingerprint).not.toBe(dataset.documents[1]?.fingerprint);
    expect(dataset.queries[1]).toEqual({ query: "book a flight", expected: [], kind: "unanswerable" });
    // Repeated labels are merged, so recall counts each expected tool once.
    expect(dataset.queries[2]?.expected).toEqual(["mail__send", "weather__get_forecast"]);
  });

  it("names the file when it is missing or not JSON", async () => {
    await expect(loadDataset("/nonexistent/set.json")).rejects.toThrow(
      /\/nonexistent\/set\.json: cannot be read \(no such file\)/,
    );
    const path = await fileWith("{ tools: ");
    await expect(loadDataset(path)).rejects.toThrow(
      new RegExp(`${path.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}: not valid JSON`),
    );
  });
});

describe("parseDataset rejects bad files with the file and the problem", () => {
  it("a top level that is not an object", () => {
    expect(problemOf([])).toMatch(/^Dataset sets\/bad\.json: the top level must be a JSON object/);
  });

  it("missing or empty tools and queries", () => {
    expect(problemOf({ ...good, tools: [] })).toMatch(/`tools` must be a non-empty array/);
    expect(problemOf({ tools: good.tools })).toMatch(/`queries` must be a non-empty array/);
  });

  it("a tool without a name, a duplicate name, or no description", () => {
    expect(problemOf({ ...good, tools: [{ description: "x" }] })).toMatch(
      /tools\[0\]\.name must be a non-empty string/,
    );
    expect(problemOf({ ...good, tools: [...good.tools, good.tools[1]] })).toMatch(
      /tools\[2\]\.name "mail__send" appears twice/,
    );
    expect(problemOf({ ...good, tools: [{ name: "a" }] })).toMatch(/tools\[0\] \("a"\) has no string description/);
  });

  it("a schema that is not an object", () => {
    expect(problemOf({ ...good, tools: [{ name: "a", description: "b", input_schema: "object" }] })).toMatch(
      /tools\[0\] \("a"\)\.input_schema must be a JSON Schema object/,
    );
  });

  it("an expected tool that is not in the catalogue", () => {
    const queries = [{ query: "q", expected: ["weather__get_forecast", "nope"] }];
    expect(problemOf({ ...good, queries })).toMatch(/queries\[0\]\.expected\[1\] "nope" is not the name of any tool/);
  });

  it("an empty query, a missing expected list, or an unknown kind", () => {
    expect(problemOf({ ...good, queries: [{ query: " ", expected: [] }] })).toMatch(
      /queries\[0\]\.query must be a non-empty string/,
    );
    expect(problemOf({ ...good, queries: [{ query: "q" }] })).toMatch(/queries\[0\]\.expected must be an array/);
    expect(problemOf({ ...good, queries: [{ query: "q", expected: [], kind: "vague" }] })).toMatch(
      /kind "vague" is not one of/,
    );
  });

  it("a kind that contradicts the labels", () => {
    const unanswerable = [{ query: "q", expected: ["mail__send"], kind: "unanswerable" }];
    expect(problemOf({ ...good, queries: unanswerable })).toMatch(/kind "unanswerable" but expects tools/);
    const direct = [{ query: "q", expected: [], kind: "direct" }];
    expect(problemOf({ ...good, queries: direct })).toMatch(/kind "direct" but expects no tool/);
  });
});
