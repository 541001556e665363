import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../index.js";
import { canonicalJson } from "../../catalogue/canonical-json.js";
import { definitionHash, FingerprintCache, pinnedDefinitionOf } from "./tool-fingerprint.js";

const tool = (more: Partial<ToolDefinition> = {}): ToolDefinition => ({
  name: "gh__create_issue",
  description: "Create an issue.",
  inputSchema: {
    type: "object",
    properties: { title: { type: "string" }, body: { type: "string" } },
    required: ["title"],
  },
  server: "gh",
  execute: () => "ok",
  ...more,
});
const hash = (definition: ToolDefinition) => definitionHash(pinnedDefinitionOf(definition));

describe("definition hashes", () => {
  it("do not depend on key order, at any depth", () => {
    const reordered = tool({
      inputSchema: {
        required: ["title"],
        properties: { body: { type: "string" }, title: { type: "string" } },
        type: "object",
      },
    });
    expect(hash(reordered)).toBe(hash(tool()));
    expect(canonicalJson({ b: 1, a: { d: 2, c: 3 } })).toBe('{"a":{"c":3,"d":2},"b":1}');
  });

  it("change with the description, the schema, each annotation and the tags", () => {
    const base = hash(tool());
    const variants = [
      tool({ description: "Create an issue, and close every other." }),
      tool({ inputSchema: { type: "object", properties: { title: { type: "string" } } } }),
      tool({ destructive: true }),
      tool({ openWorld: true }),
      tool({ tags: ["Create Issue"] }),
    ];
    const hashes = variants.map(hash);
    expect(new Set([base, ...hashes]).size).toBe(variants.length + 1);
    expect(hashes.every((value) => /^[0-9a-f]{64}$/.test(value))).toBe(true);
  });

  it("keep a __proto__ key as a key", () => {
    const withProto = tool({ inputSchema: JSON.parse('{"type":"object","__proto__":{"x":1}}') });
    const without = tool({ inputSchema: { type: "object" } });
    expect(hash(withProto)).not.toBe(hash(without));
  });

  it("hash a definition nested too deep to write, stably, and differently from its neighbours", () => {
    let deep: Record<string, unknown> = { type: "string" };
    for (let level = 0; level < 400; level++) deep = { items: deep };
    const tooDeep = tool({ inputSchema: { type: "object", properties: { x: deep } } });
    expect(hash(tooDeep)).toBe(hash(tooDeep));
    expect(hash(tooDeep)).not.toBe(hash(tool()));
    // Two such definitions differ by their names at least.
    expect(hash({ ...tooDeep, name: "gh__other" })).not.toBe(hash(tooDeep));
  });

  it("are computed once per definition object", () => {
    const cache = new FingerprintCache();
    const one = tool();
    expect(cache.of(one)).toBe(hash(one));
    (one as { description: string }).description = "mutated in place";
    expect(cache.of(one)).not.toBe(hash(one));
    expect(cache.of(tool({ description: "mutated in place" }))).toBe(hash(one));
  });
});
