import { describe, expect, it } from "vitest";
import { createToolSearch } from "../../src/index.js";
import { OptionsError } from "../../src/errors.js";
import { toolDefinitionsOf } from "../strategy/strategy-catalogues.js";
import { generateSkewedCatalogue, MAX_SKEWED_SIZE } from "./generate-skewed-catalogue.js";
import { SKEWED_NOUNS, SKEWED_PARAMS, SKEWED_VERBS, withArticle } from "./skewed-vocabulary.js";

/** Counts, most frequent first. */
function frequencies(items: readonly string[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]);
}

const wordsOf = (text: string) => text.toLowerCase().match(/[a-z]+/g) ?? [];
const VERB_WORDS = new Set(SKEWED_VERBS.map((verb) => verb.word));
const NOUN_WORDS = new Set(SKEWED_NOUNS);

describe("generateSkewedCatalogue", () => {
  const large = generateSkewedCatalogue({ size: 10_000, queries: 200 });

  it("makes exactly the requested number of unique, valid server__verb_noun[_qualifier] tools and queries", () => {
    for (const size of [1, 50, 1_000]) {
      const dataset = generateSkewedCatalogue({ size, queries: 25 });
      expect(dataset.id).toBe(`skewed-${size}`);
      expect(dataset.tools).toHaveLength(size);
      expect(dataset.queries).toHaveLength(25);
    }
    expect(new Set(large.tools.map((tool) => tool.name)).size).toBe(10_000);
    for (const tool of large.tools) {
      expect(tool.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      const [server, rest] = tool.name.split("__") as [string, string];
      expect(server).toMatch(/^[a-z0-9]+$/);
      const verb = rest.slice(0, rest.indexOf("_"));
      expect(VERB_WORDS.has(verb)).toBe(true);
      const noun = rest.slice(verb.length + 1);
      // The noun, or the noun and one qualifier word.
      expect(NOUN_WORDS.has(noun) || NOUN_WORDS.has(noun.slice(0, noun.lastIndexOf("_")))).toBe(true);
    }
  });

  it("is deterministic for a seed and differs across seeds", () => {
    const a = generateSkewedCatalogue({ size: 800, queries: 40, seed: 7 });
    const b = generateSkewedCatalogue({ size: 800, queries: 40, seed: 7 });
    const c = generateSkewedCatalogue({ size: 800, queries: 40, seed: 8 });
    expect(JSON.stringify(b.tools)).toBe(JSON.stringify(a.tools));
    expect(JSON.stringify(b.queries)).toBe(JSON.stringify(a.queries));
    expect(JSON.stringify(c.tools)).not.toBe(JSON.stringify(a.tools));
    expect(JSON.stringify(c.queries)).not.toBe(JSON.stringify(a.queries));
  });

  it("shares a few dozen verbs and a few hundred nouns across thousands of tools, with a Zipf head", () => {
    const verbs = frequencies(large.tools.map((tool) => tool.name.split("__")[1]!.split("_")[0]!));
    expect(verbs.length).toBeLessThanOrEqual(40);
    expect(verbs.length).toBeGreaterThanOrEqual(30);
    // The most common verb names over a thousand tools, and the head outweighs the tail.
    expect(verbs[0]![1]).toBeGreaterThan(1_000);
    expect(verbs[0]![1]).toBeGreaterThan(10 * verbs.at(-1)![1]);
    const nounsInNames = frequencies(
      large.tools.map((tool) => SKEWED_NOUNS.find((noun) => tool.name.includes(`_${noun}`)) ?? ""),
    );
    expect(nounsInNames.length).toBeGreaterThan(150);
    expect(nounsInNames[0]![1]).toBeGreaterThan(800);
    // Qualifiers make many tools distinct, but most names are plain verb_noun.
    const qualified = large.tools.filter(
      (tool) => !NOUN_WORDS.has(tool.name.split("__")[1]!.replace(/^[a-z]+_/, "")),
    ).length;
    expect(qualified).toBeGreaterThan(1_000);
    expect(qualified).toBeLessThan(6_000);
  });

  it("describes tools in one or two sentences of mostly common words, and asks queries in the same words", () => {
    for (const tool of large.tools) {
      const sentences = tool.description.split(/(?<=\.)\s+/);
      expect(sentences.length).toBeGreaterThanOrEqual(1);
      expect(sentences.length).toBeLessThanOrEqual(2);
      expect(tool.description).toMatch(/^[A-Z][^.]+\.( [A-Z][\s\S]+\.)?$/);
    }
    const words = large.tools.flatMap((tool) => wordsOf(tool.description));
    const counts = frequencies(words);
    const top100 = counts.slice(0, 100).reduce((sum, [, n]) => sum + n, 0);
    expect(top100 / words.length).toBeGreaterThan(0.75);
    const common = new Set(counts.slice(0, 100).map(([word]) => word));
    const queryWords = large.queries.flatMap((query) => wordsOf(query.query));
    expect(queryWords.filter((word) => common.has(word)).length / queryWords.length).toBeGreaterThan(0.6);
  });

  it("labels each query with the tool it was drawn from, whose verb and noun it uses", () => {
    const names = new Set(large.tools.map((tool) => tool.name));
    for (const query of large.queries) {
      expect(query.expected).toHaveLength(1);
      const name = query.expected[0]!;
      expect(names.has(name)).toBe(true);
      const [verb, ...rest] = name.split("__")[1]!.split("_");
      const words = wordsOf(query.query);
      expect(words).toContain(verb);
      expect(words.some((word) => rest.some((part) => word.startsWith(part.slice(0, 4))))).toBe(true);
    }
  });

  it("gives every tool a small object schema of mostly common parameter names", () => {
    const common = new Set(SKEWED_PARAMS.map(([name]) => name));
    let commonUses = 0;
    let uses = 0;
    for (const tool of large.tools) {
      expect(tool.inputSchema?.type).toBe("object");
      const properties = Object.keys(tool.inputSchema?.properties as object);
      expect(properties.length).toBeLessThanOrEqual(7);
      for (const name of properties) {
        uses++;
        if (common.has(name)) commonUses++;
      }
      for (const required of tool.inputSchema!.required as string[]) expect(properties).toContain(required);
    }
    expect(commonUses / uses).toBeGreaterThan(0.4);
  });

  it("is a catalogue createToolSearch accepts, and whose queries bm25 answers", async () => {
    const dataset = generateSkewedCatalogue({ size: 1_000, queries: 50 });
    const toolSearch = await createToolSearch({ tools: toolDefinitionsOf(dataset) });
    let found = 0;
    for (const query of dataset.queries) {
      const names = (await toolSearch.search(query.query, { limit: 10 })).map((match) => match.name);
      if (names.includes(query.expected[0]!)) found++;
    }
    // Common-word queries are ambiguous by design, but the drawn tool is usually near the top.
    expect(found / dataset.queries.length).toBeGreaterThan(0.5);
  });

  it("rejects sizes and query counts it cannot produce", () => {
    expect(() => generateSkewedCatalogue({ size: 0 })).toThrow(OptionsError);
    expect(() => generateSkewedCatalogue({ size: MAX_SKEWED_SIZE + 1 })).toThrow(/not an integer from 1/);
    expect(() => generateSkewedCatalogue({ size: 10, queries: 0 })).toThrow(/positive integer/);
  });
});

describe("withArticle", () => {
  it("writes a or an by sound for the words the generator uses", () => {
    expect(["invoice", "user", "unpaid bill", "order", "urgent ticket", "unit", "card"].map(withArticle)).toEqual([
      "an invoice",
      "a user",
      "an unpaid bill",
      "an order",
      "an urgent ticket",
      "a unit",
      "a card",
    ]);
  });
});
