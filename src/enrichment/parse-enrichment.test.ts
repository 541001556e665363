import { describe, expect, it } from "vitest";
import { ENRICHMENT_FORMAT, ENRICHMENT_LIMITS } from "./enrichment-file.js";
import { EnrichmentError, parseEnrichment } from "./parse-enrichment.js";

const HASH = "a".repeat(64);
const file = (tools: unknown, extra: Record<string, unknown> = {}) => ({
  format: ENRICHMENT_FORMAT,
  model: "claude-test",
  createdAt: "2026-12-01T12:00:00.000Z",
  tools,
  ...extra,
});
const refused = (value: unknown) => {
  try {
    parseEnrichment(value, "enrich.json");
  } catch (error) {
    expect(error).toBeInstanceOf(EnrichmentError);
    return (error as Error).message;
  }
  throw new Error("accepted");
};

describe("parseEnrichment", () => {
  it("reads a well-formed file as it is", () => {
    const value = file(
      { t: { hash: HASH, requests: ["open a ticket"], synonyms: ["bug"], description: "Opens a ticket." } },
      { provider: "openai" },
    );
    expect(parseEnrichment(value, "enrich.json")).toEqual({ file: value, warnings: [] });
  });

  it("refuses what is not an enrichment file, naming the file and the fix", () => {
    expect(refused(null)).toBe("enrich.json: is not a JSON object. Write it with `toolsift enrich`.");
    expect(refused([])).toMatch(/is not a JSON object/);
    expect(refused(file({}, { format: "toolsift.enrichment/2" }))).toMatch(
      /has format "toolsift.enrichment\/2", not "toolsift.enrichment\/1"/,
    );
    expect(refused(file({}, { model: 7 }))).toMatch(/has no "model"/);
    expect(refused(file({}, { model: "m".repeat(201) }))).toMatch(/has no "model"/);
    expect(refused(file({}, { createdAt: "x".repeat(65) }))).toMatch(/has no "createdAt"/);
    expect(refused(file({}, { provider: "gemini" }))).toMatch(/"provider" other than/);
    expect(refused(file([]))).toMatch(/has no "tools" object/);
    expect(refused(file({ t: "requests" }))).toMatch(/tools\["t"\] is not an object/);
    expect(refused(file({ t: { hash: "abc", requests: [] } }))).toMatch(/tools\["t"\]\.hash is not 64 hex digits/);
    expect(refused(file({ t: { hash: HASH.toUpperCase(), requests: [] } }))).toMatch(/hash is not 64 hex digits/);
    expect(refused(file({ t: { hash: HASH, requests: "open a ticket" } }))).toMatch(
      /requests is not an array of strings/,
    );
    expect(refused(file({ t: { hash: HASH, synonyms: { 0: "x" } } }))).toMatch(/synonyms is not an array of strings/);
  });

  it("cuts a name quoted in a message to 100 characters", () => {
    const long = "n".repeat(5_000);
    expect(refused(file({ [long]: 1 })).length).toBeLessThan(300);
  });

  it("refuses more tools than it keeps, before reading them", () => {
    const tools = Object.fromEntries(Array.from({ length: ENRICHMENT_LIMITS.maxTools + 1 }, (_, i) => [`t${i}`, 0]));
    expect(refused(file(tools))).toMatch(/has 100001 tools, over 100000/);
  });

  it("cuts a huge array to its limit with one warning, reading only a bounded prefix", () => {
    const requests = Array.from({ length: 1_000_000 }, (_, i) => `request ${i}`);
    const started = Date.now();
    const { file: parsed, warnings } = parseEnrichment(
      file({ t: { hash: HASH, requests, synonyms: requests } }),
      "enrich.json",
    );
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(parsed.tools.t!.requests).toEqual(requests.slice(0, ENRICHMENT_LIMITS.maxRequests));
    expect(parsed.tools.t!.synonyms).toHaveLength(ENRICHMENT_LIMITS.maxSynonyms);
    expect(warnings).toEqual([
      'tools["t"].requests: 999968 entries left out (not a string, empty, over 500 characters, or past the 32 kept).',
      'tools["t"].synonyms: 999968 entries left out (not a string, empty, over 500 characters, or past the 32 kept).',
    ]);
  });

  it("drops wrong types, empty and over-long texts, folds white space and duplicates", () => {
    const requests = [
      "  open   a\nticket ",
      "OPEN A TICKET",
      7,
      null,
      { text: "x" },
      "",
      "   ",
      "x".repeat(501),
      "x".repeat(500),
    ];
    const { file: parsed, warnings } = parseEnrichment(file({ t: { hash: HASH, requests } }), "enrich.json");
    expect(parsed.tools.t).toEqual({ hash: HASH, requests: ["open a ticket", "x".repeat(500)], synonyms: [] });
    expect(warnings).toEqual([
      'tools["t"].requests: 6 entries left out (not a string, empty, over 500 characters, or past the 32 kept).',
    ]);
  });

  it("leaves out a description of the wrong type or length, with a warning, and keeps the rest", () => {
    const { file: parsed, warnings } = parseEnrichment(
      file({
        a: { hash: HASH, requests: [], description: 42 },
        b: { hash: HASH, requests: [], description: "d".repeat(ENRICHMENT_LIMITS.maxDescriptionChars + 1) },
        c: { hash: HASH, requests: [], description: "   " },
      }),
      "enrich.json",
    );
    expect(Object.values(parsed.tools).map((tool) => tool.description)).toEqual([undefined, undefined, undefined]);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/tools\["a"\]\.description is not a string of at most 2000 characters; left out/);
  });

  it("gives tools a prototype-free map, so a tool named __proto__ is just a tool", () => {
    const value = JSON.parse(
      `{"format":"${ENRICHMENT_FORMAT}","model":"m","createdAt":"now","tools":{"__proto__":{"hash":"${HASH}","requests":["a"]}}}`,
    );
    const { file: parsed } = parseEnrichment(value, "enrich.json");
    expect(Object.keys(parsed.tools)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(parsed.tools)).toBe(null);
  });
});
