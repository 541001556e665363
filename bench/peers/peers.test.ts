import { generateText, jsonSchema, tool, toolSearch, type Tool } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { describe, expect, it } from "vitest";
import type { Ranker } from "../../src/ranking/index.js";
import { DEFAULT_FIELD_WEIGHTS } from "../../src/ranking/bm25/index.js";
import { Bm25Ranker, rankDocumentOf } from "../../src/ranking/index.js";
import {
  AiSdkToolSearchRanker,
  MiniSearchRanker,
  RegistryBm25Ranker,
  SubstringKeywordRanker,
  TUNED_MINISEARCH,
  TunedMiniSearchRanker,
} from "./index.js";
import { tinyCatalogue } from "./tiny-catalogue.fixture.js";

async function top(ranker: Ranker, query: string, limit = 5): Promise<string[]> {
  return (await ranker.search(query, { limit })).map((match) => match.name);
}

const peers: [string, () => Ranker][] = [
  ["substring+keyword", () => new SubstringKeywordRanker()],
  ["registry BM25", () => new RegistryBm25Ranker()],
  ["AI SDK toolSearch", () => new AiSdkToolSearchRanker()],
  ["MiniSearch", () => new MiniSearchRanker()],
  ["MiniSearch tuned", () => new TunedMiniSearchRanker()],
];

describe.each(peers)("peer %s on a tiny catalogue", (_label, create) => {
  it("puts the obviously matching tool first", async () => {
    const ranker = create();
    await ranker.update(tinyCatalogue);
    expect((await top(ranker, "weather forecast"))[0]).toBe("weather__get_forecast");
    expect((await top(ranker, "send email"))[0]).toBe("mail__send_email");
    expect((await top(ranker, "pull requests"))[0]).toBe("github__list_pull_requests");
  });

  it("returns nothing for words no tool contains, and respects the limit", async () => {
    const ranker = create();
    await ranker.update(tinyCatalogue);
    expect(await top(ranker, "zzzz qqqq")).toEqual([]);
    expect((await top(ranker, "create", 1)).length).toBe(1);
  });

  it("scores in descending order and only returns catalogue tools", async () => {
    const ranker = create();
    await ranker.update(tinyCatalogue);
    const results = await ranker.search("create a github issue", { limit: 10 });
    const known = new Set(tinyCatalogue.map((document) => document.name));
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((match) => known.has(match.name))).toBe(true);
    for (let i = 1; i < results.length; i++) expect(results[i - 1]!.score).toBeGreaterThanOrEqual(results[i]!.score);
    expect(results[0]?.name).toBe("github__create_issue");
  });

  it("forgets the old catalogue on update", async () => {
    const ranker = create();
    await ranker.update(tinyCatalogue);
    await ranker.update(tinyCatalogue.filter((document) => document.name !== "weather__get_forecast"));
    expect(await top(ranker, "weather forecast")).not.toContain("weather__get_forecast");
  });
});

describe("SubstringKeywordRanker scoring", () => {
  it("ranks a whole-query substring hit above scattered keyword hits", async () => {
    const ranker = new SubstringKeywordRanker();
    await ranker.update([
      { name: "a", description: "read the file then list it", parameters: [], tags: [], fingerprint: "1" },
      { name: "b", description: "list file names", parameters: [], tags: [], fingerprint: "2" },
    ]);
    // "list file" is a substring of b's description (+5 +1 +1); a only has both words (+1 +1).
    const results = await ranker.search("list file", { limit: 5 });
    expect(results).toEqual([
      { name: "b", score: 7 },
      { name: "a", score: 2 },
    ]);
  });
});

describe("RegistryBm25Ranker scoring", () => {
  it("computes Σ idf·tf/(tf+1.2) with idf = ln(1 + n/df)", async () => {
    const ranker = new RegistryBm25Ranker();
    await ranker.update([
      { name: "alpha", description: "disk disk usage", parameters: [], tags: [], fingerprint: "1" },
      { name: "beta", description: "memory usage", parameters: [], tags: ["disk"], fingerprint: "2" },
      { name: "gamma", description: "cpu load", parameters: [], tags: [], fingerprint: "3" },
    ]);
    const results = await ranker.search("disk", { limit: 5 });
    // n = 3, df(disk) = 2 (alpha's description, beta's tag): idf = ln(2.5).
    const idf = Math.log(2.5);
    expect(results.map((match) => match.name)).toEqual(["alpha", "beta"]);
    expect(results[0]?.score).toBeCloseTo((idf * 2) / 3.2, 10);
    expect(results[1]?.score).toBeCloseTo(idf / 2.2, 10);
  });
});

describe("AiSdkToolSearchRanker drives the real ai package", () => {
  it("returns exactly what toolSearch() returns inside generateText", async () => {
    const query = "create issue github";
    const tools: Record<string, Tool> = {};
    for (const document of tinyCatalogue) {
      tools[document.name] = tool({
        description: document.description,
        inputSchema: jsonSchema({ type: "object", properties: {} }),
        deferLoading: true,
      });
    }
    const usage = {
      inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: 1, text: 1, reasoning: 0 },
    };
    const model = new MockLanguageModelV4({
      doGenerate: [
        {
          content: [
            { type: "tool-call", toolCallId: "call-1", toolName: "tool_search", input: JSON.stringify({ query }) },
          ],
          finishReason: { unified: "tool-calls", raw: undefined },
          usage,
          warnings: [],
        },
        {
          content: [{ type: "text", text: "done" }],
          finishReason: { unified: "stop", raw: undefined },
          usage,
          warnings: [],
        },
      ],
    });
    const result = await generateText({
      model,
      prompt: "find a tool",
      tools: { ...tools, tool_search: toolSearch({ maxResults: 5 }) },
    });
    const viaGenerate = (result.steps[0]!.toolResults[0]!.output as { tools: { name: string }[] }).tools.map(
      (t) => t.name,
    );

    const ranker = new AiSdkToolSearchRanker();
    ranker.update(tinyCatalogue);
    expect(viaGenerate.length).toBeGreaterThan(1);
    expect(await top(ranker, query, 5)).toEqual(viaGenerate);
  });
});

describe("TunedMiniSearchRanker reads tools as toolsift's BM25 does", () => {
  const doc = (name: string, description: string, inputSchema?: unknown, tags?: string[]) =>
    rankDocumentOf({ name, description, inputSchema, ...(tags ? { tags } : {}) });

  it("boosts fields by toolsift's default BM25F field weights", () => {
    const { name, tags, description, parameterNames, parameterText } = TUNED_MINISEARCH.boost;
    // The peers index no enrichment, so toolsift's examples field has no counterpart here.
    const { examples: _enrichmentOnly, ...indexed } = DEFAULT_FIELD_WEIGHTS;
    expect({ name, tags, description, parameters: parameterNames }).toEqual(indexed);
    expect(parameterText).toBe(DEFAULT_FIELD_WEIGHTS.parameters);
    expect(TUNED_MINISEARCH.bm25).toMatchObject({ k: 1.2, b: 0.75 });
  });

  it("splits identifiers, drops stop words and stems, where MiniSearch with defaults does not", async () => {
    const catalogue = [
      doc("github__listPullRequests", "x"),
      doc("billing__get_invoice", "Fetch an invoice."),
      doc("notes__search", "Find notes about a topic."),
    ];
    const tuned = new TunedMiniSearchRanker();
    const defaults = new MiniSearchRanker();
    tuned.update(catalogue);
    defaults.update(catalogue);
    expect(await top(tuned, "pull requests")).toEqual(["github__listPullRequests"]);
    expect(await top(defaults, "pull requests")).toEqual([]);
    expect(await top(tuned, "show me the invoices")).toEqual(["billing__get_invoice"]);
    expect(await top(defaults, "the invoices")).toEqual([]);
    expect(await top(tuned, "the of and")).toEqual([]);
  });

  it("ranks a name hit above a description hit, and finds parameters and tags", async () => {
    const ranker = new TunedMiniSearchRanker();
    ranker.update([
      doc("notes__archive", "Moves a note out of sight. Useful after a calendar event is over."),
      doc("calendar__list_events", "Lists what is scheduled."),
      doc("a__tool", "Does things.", {
        type: "object",
        properties: { timezone: { type: "string", description: "IANA zone" } },
      }),
      doc("b__tool", "Does other things.", undefined, ["kubernetes"]),
    ]);
    expect(await top(ranker, "calendar")).toEqual(["calendar__list_events", "notes__archive"]);
    expect(await top(ranker, "timezone")).toEqual(["a__tool"]);
    expect(await top(ranker, "iana")).toEqual(["a__tool"]);
    expect(await top(ranker, "kubernetes")).toEqual(["b__tool"]);
  });

  it("agrees with toolsift's BM25 on the tiny catalogue's obvious queries", async () => {
    const tuned = new TunedMiniSearchRanker();
    const bm25 = new Bm25Ranker();
    tuned.update(tinyCatalogue);
    bm25.update(tinyCatalogue);
    for (const query of ["weather forecast", "send email", "pull requests", "create a github issue"]) {
      expect((await top(tuned, query))[0], query).toBe((await top(bm25, query))[0]);
    }
  });
});
