import { readFileSync } from "node:fs";
import { Ajv } from "ajv";
import { beforeAll, describe, expect, it } from "vitest";
import { buildToolsiftServers, serialise, TOOLSIFT_SERVERS_PATH } from "./build-toolsift-servers.js";
import { checkDataset, type DatasetReport } from "./check-dataset.js";
import type { Dataset } from "./dataset-format.js";

// These tests read the committed JSON, not the sources, because the JSON is what the bench loads.
let text: string;
let dataset: Dataset;
let report: DatasetReport;

beforeAll(() => {
  text = readFileSync(TOOLSIFT_SERVERS_PATH, "utf8");
  dataset = JSON.parse(text) as Dataset;
  report = checkDataset(dataset);
});

const toolNames = (): Set<string> => new Set(dataset.tools.map((tool) => tool.name));

describe("toolsift-servers.json", () => {
  it("passes every structural check of the dataset checker", () => {
    expect(report.problems).toEqual([]);
  });

  it("is MIT-licensed and says it was written for toolsift", () => {
    expect(dataset.license).toBe("MIT");
    expect(dataset.source).toMatch(/written for toolsift/);
  });

  it("is what the build script makes from the sources today", () => {
    expect(text).toBe(serialise(buildToolsiftServers()));
  });

  it("has at least 300 tools across at least 15 servers, every one named server__tool", () => {
    expect(report.toolCount).toBeGreaterThanOrEqual(300);
    expect(Object.keys(report.servers).length).toBeGreaterThanOrEqual(15);
    expect(report.servers[""]).toBeUndefined();
    for (const tool of dataset.tools) expect(tool.name).toMatch(/^[a-z0-9-]+__[a-z0-9_]+$/);
  });

  it("has at least 400 answerable queries, a few multi-tool ones among them", () => {
    expect(report.answerable).toBeGreaterThanOrEqual(400);
    expect(report.counts.multi).toBeGreaterThanOrEqual(5);
  });

  it("has at least 40% of answerable queries as paraphrases sharing no content stem with their target", () => {
    expect(report.paraphraseOffences).toEqual([]);
    expect(report.cleanParaphraseShare).toBeGreaterThanOrEqual(0.4);
  });

  it("labels as direct only queries that use their target's own words", () => {
    expect(report.directWithoutSharedWord).toEqual([]);
  });

  it("has at least 60 unanswerable queries, and some share a content word with a tool", () => {
    expect(report.counts.unanswerable).toBeGreaterThanOrEqual(60);
    const vocabulary = new Set(dataset.tools.flatMap((tool) => tool.name.split(/__|_|-/)));
    const hardNegatives = dataset.queries.filter(
      (query) =>
        query.kind === "unanswerable" &&
        query.query
          .toLowerCase()
          .split(/[^a-z0-9]+/)
          .some((word) => vocabulary.has(word)),
    );
    expect(hardNegatives.length).toBeGreaterThanOrEqual(10);
  });

  it("names only existing tools in expected", () => {
    const names = toolNames();
    for (const query of dataset.queries) for (const name of query.expected) expect(names.has(name), name).toBe(true);
  });

  it("contains near neighbours that make retrieval hard", () => {
    const names = toolNames();
    for (const server of ["github", "gitlab", "jira", "linear"])
      expect(names.has(`${server}__create_issue`)).toBe(true);
    const serversWithSearchOrList = new Set(
      dataset.tools.filter((tool) => /__(search|list)/.test(tool.name)).map((tool) => tool.name.split("__")[0]),
    );
    expect(serversWithSearchOrList.size).toBeGreaterThanOrEqual(20);
  });

  it("gives every tool a description with a leading sentence and detail after it", () => {
    for (const tool of dataset.tools) {
      const sentences = tool.description.replace(/\b(e\.g|i\.e)\./g, "$1").split(/(?<=[.!?])\s+/);
      expect(sentences.length, tool.name).toBeGreaterThanOrEqual(2);
      expect(sentences[0], tool.name).toMatch(/^[A-Z]/);
    }
  });

  it("gives every tool an input schema that strict Ajv compiles", () => {
    // Union types stand for nullable values (`["string", "null"]`); formats are only annotations here.
    const ajv = new Ajv({ strict: true, allowUnionTypes: true, validateFormats: false });
    for (const tool of dataset.tools) expect(() => ajv.compile(tool.input_schema), tool.name).not.toThrow();
  });

  it("describes every top-level parameter", () => {
    for (const tool of dataset.tools) {
      const properties = (tool.input_schema.properties ?? {}) as Record<string, { description?: unknown }>;
      for (const [key, schema] of Object.entries(properties))
        expect(typeof schema.description, `${tool.name}.${key}`).toBe("string");
    }
  });

  it("keeps every query between 3 and 25 words", () => {
    for (const { query } of dataset.queries) {
      const words = query.trim().split(/\s+/).length;
      expect(words, query).toBeGreaterThanOrEqual(3);
      expect(words, query).toBeLessThanOrEqual(25);
    }
  });
});
