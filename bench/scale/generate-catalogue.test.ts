import { describe, expect, it } from "vitest";
import { OptionsError } from "../../src/errors.js";
import { generateCatalogue, MAX_CATALOGUE_SIZE } from "./generate-catalogue.js";

describe("generateCatalogue", () => {
  it("produces exactly the requested number of unique server__verb_noun tools and queries", () => {
    for (const size of [1, 100, 1_000, 10_000]) {
      const dataset = generateCatalogue({ size, queries: 25 });
      expect(dataset.tools).toHaveLength(size);
      expect(new Set(dataset.tools.map((tool) => tool.name)).size).toBe(size);
      expect(dataset.queries).toHaveLength(25);
      expect(dataset.id).toBe(`generated-${size}`);
      for (const tool of dataset.tools) expect(tool.name).toMatch(/^[a-z0-9]+__[a-z]+_[a-z_]+$/);
    }
  });

  it("is deterministic for a seed and differs across seeds", () => {
    const a = generateCatalogue({ size: 500, queries: 40, seed: 7 });
    const b = generateCatalogue({ size: 500, queries: 40, seed: 7 });
    const c = generateCatalogue({ size: 500, queries: 40, seed: 8 });
    expect(JSON.stringify(b.tools)).toBe(JSON.stringify(a.tools));
    expect(JSON.stringify(b.queries)).toBe(JSON.stringify(a.queries));
    expect(JSON.stringify(c.tools)).not.toBe(JSON.stringify(a.tools));
  });

  it("gives tools a description, a small object schema and parameters, and labels queries with real tools", () => {
    const dataset = generateCatalogue({ size: 200, queries: 50 });
    const names = new Set(dataset.tools.map((tool) => tool.name));
    for (const tool of dataset.tools) {
      expect(tool.description.length).toBeGreaterThan(20);
      expect(tool.inputSchema?.type).toBe("object");
      const count = Object.keys(tool.inputSchema?.properties as object).length;
      expect(count).toBeGreaterThanOrEqual(1);
      expect(count).toBeLessThanOrEqual(8);
    }
    for (const document of dataset.documents) expect(document.parameters.length).toBeGreaterThan(0);
    for (const query of dataset.queries) {
      expect(query.expected).toHaveLength(1);
      expect(names.has(query.expected[0] as string)).toBe(true);
      // A query names the tool's server, in its display form, so it can be told apart.
      expect(query.query.length).toBeGreaterThan(10);
    }
  });

  it("spreads tools over several servers as the catalogue grows", () => {
    const servers = (size: number) => new Set(generateCatalogue({ size, queries: 1 }).tools.map((tool) => tool.name.split("__")[0])).size;
    expect(servers(100)).toBeGreaterThanOrEqual(5);
    expect(servers(10_000)).toBeGreaterThan(servers(100));
  });

  it("rejects sizes it cannot produce", () => {
    expect(() => generateCatalogue({ size: 0 })).toThrow(OptionsError);
    expect(() => generateCatalogue({ size: MAX_CATALOGUE_SIZE + 1 })).toThrow(/not an integer from 1/);
    expect(() => generateCatalogue({ size: 10, queries: 0 })).toThrow(/positive integer/);
  });
});
