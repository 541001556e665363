import { describe, expect, it } from "vitest";
import { exampleCatalogue } from "../../examples/catalogue/index.js";
import type { ToolDefinition } from "../../src/index.js";
import { EXAMPLE_QUERIES } from "./example-queries.js";
import { measureBlockSaving, queriesFromNames } from "./measure-block-saving.js";

const tiny: ToolDefinition[] = [
  {
    name: "notes__create_note",
    description: "Create a note. It is saved at once.",
    inputSchema: {
      type: "object",
      properties: { text: { type: "string", description: "The note text" } },
      required: ["text"],
    },
  },
  {
    name: "notes__list_notes",
    description: "List the notes.",
    inputSchema: { type: "object", properties: { limit: { type: "integer" } } },
  },
  {
    name: "notes__delete_note",
    description: "Delete a note by id.",
    inputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
  },
];

describe("measureBlockSaving", () => {
  it("compares the block after one search and one hydration with every tool in full", async () => {
    const run = await measureBlockSaving(
      { id: "example-catalogue", source: "examples/catalogue", tools: exampleCatalogue, queries: EXAMPLE_QUERIES },
      { maxSessions: 6 },
    );
    expect(run.error).toBeUndefined();
    expect(run).toMatchObject({
      catalogue: "example-catalogue",
      tools: exampleCatalogue.length,
      sessions: 6,
      progressiveByDefault: true,
    });
    // A hydrated tool costs more than its stub, and the whole block far less than every tool in full.
    expect(run.afterTokens).toBeGreaterThan(run.stubTokens);
    expect(run.stubTokens).toBeLessThan(run.fullTokens / 2);
    expect(run.saving).toBeCloseTo(1 - run.afterTokens / run.fullTokens, 12);
    expect(run.fullBytes).toBeGreaterThan(run.afterBytes);
  });

  it("measures a catalogue under the threshold with the threshold at 0, and says so", async () => {
    const run = await measureBlockSaving({ id: "tiny", source: "test", tools: tiny, queries: queriesFromNames(tiny) });
    expect(run.error).toBeUndefined();
    expect(run.progressiveByDefault).toBe(false);
    expect(run.sessions).toBe(3);
    // For three small tools, search_tools alone outweighs what the stubs save: why the threshold exists.
    expect(run.afterTokens).toBeGreaterThan(run.fullTokens);
    expect(run.saving).toBeLessThan(0);
  });

  it("fails the run when a query's tool is not in the catalogue", async () => {
    const run = await measureBlockSaving({
      id: "tiny",
      source: "test",
      tools: tiny,
      queries: [{ query: "note", expected: "notes__missing" }],
    });
    expect(run.error).toMatch(/notes__missing/);
  });
});

describe("queriesFromNames", () => {
  it("asks for each tool by the words of its name", () => {
    expect(queriesFromNames(tiny.slice(0, 1))).toEqual([{ query: "create note", expected: "notes__create_note" }]);
  });
});
