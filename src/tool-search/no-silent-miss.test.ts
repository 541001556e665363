import { describe, expect, it } from "vitest";
import { sampleTools } from "../../test/support/sample-tools.js";
import type { ToolDefinition } from "../catalogue/index.js";
import type { ToolSearchEvent } from "../events.js";
import type { Ranker } from "../ranking/index.js";
import { analyzeIdentifier, analyzeText } from "../ranking/text/index.js";
import { SemanticFallback } from "./semantic-fallback.js";
import { createToolSearch } from "./tool-search.js";

// Common words that many tools share, rare ones few do, and everyday words none has.
const COMMON = ["get", "list", "create", "update", "delete", "file", "user", "report", "message"];
const RARE = ["invoice", "forecast", "playlist", "warehouse", "ticket", "calendar", "pipeline", "contract"];
const FOREIGN = ["banana", "holiday", "guitar", "restaurant", "tonight", "mountain"];

function generated(seed: number, size: number): ToolDefinition[] {
  let state = seed;
  const next = () => ((state = (state * 1_103_515_245 + 12_345) >>> 0), state / 2 ** 32);
  const pick = (words: readonly string[]) => words[Math.floor(next() * words.length)]!;
  return Array.from({ length: size }, (_, i) => ({
    name: `s${i % 5}__${pick(COMMON)}_${pick(RARE)}_${i}`,
    description: `${pick(COMMON)} the ${pick(RARE)} of a ${pick(COMMON)}.`,
    inputSchema: {
      type: "object",
      properties: { [`${pick(RARE)}_id`]: { type: "string", description: `The ${pick(COMMON)} to use.` } },
    },
  }));
}

/** The content terms (stemmed, no stop words) a tool's name, description and parameters hold. */
function contentTerms(tool: ToolDefinition): Set<string> {
  const properties = Object.entries(
    (tool.inputSchema as { properties?: Record<string, { description?: string }> }).properties ?? {},
  );
  return new Set([
    ...analyzeIdentifier(tool.name),
    ...analyzeText(tool.description),
    ...properties.flatMap(([name, property]) => [
      ...analyzeIdentifier(name),
      ...analyzeText(property.description ?? ""),
    ]),
  ]);
}

describe("no silent misses", () => {
  it.each([1, 2, 3])(
    "never answers nothing while a permitted tool shares a content word with the query (seed %i), even without the fallback",
    async (seed) => {
      const tools = generated(seed, 80);
      // Hides a fifth of the catalogue: what it hides must not count, and must not be found.
      const permit = (tool: ToolDefinition) => !tool.name.startsWith("s3__");
      const toolSearch = await createToolSearch({ tools, permit, semanticFallback: false });
      let state = seed * 7;
      const next = () => ((state = (state * 1_103_515_245 + 12_345) >>> 0), state / 2 ** 32);
      const pick = (words: readonly string[]) => words[Math.floor(next() * words.length)]!;
      let sharing = 0;
      for (let q = 0; q < 120; q++) {
        const words = Array.from({ length: 1 + Math.floor(next() * 4) }, () =>
          pick(next() < 0.4 ? FOREIGN : next() < 0.5 ? COMMON : RARE),
        );
        const query = `please ${words.join(" and the ")}`;
        const terms = new Set(analyzeText(query));
        const shares = tools.some((tool) => permit(tool) && [...contentTerms(tool)].some((term) => terms.has(term)));
        const matches = await toolSearch.search(query, { limit: 5 });
        expect(
          matches.every((match) => permit(tools.find((tool) => tool.name === match.name)!)),
          query,
        ).toBe(true);
        if (shares) {
          sharing++;
          expect(matches.length, query).toBeGreaterThan(0);
        }
      }
      expect(sharing).toBeGreaterThan(60);
      await toolSearch.close();
    },
  );

  it("ranks by meaning when no word matches, with the bundled model, and marks those matches weak unless close", async () => {
    const events: ToolSearchEvent[] = [];
    const toolSearch = await createToolSearch({ tools: sampleTools(), onEvent: (event) => events.push(event) });
    const matches = await toolSearch.search("let the team know the deploy finished");
    expect(matches.length).toBeGreaterThan(0);
    expect(matches.every((match) => match.confidence === "weak" || match.score >= 0.5)).toBe(true);
    expect(events.filter((event) => event.type === "warning")).toEqual([]);
    await toolSearch.close();
  });

  it("adds no fallback to a ranker that has an embedder of its own: it already ranks by meaning", async () => {
    let searches = 0;
    const semantic: Ranker = {
      name: "own",
      update: () => undefined,
      search: () => (searches++, []),
      embedder: async () => undefined,
    };
    const toolSearch = await createToolSearch({ tools: sampleTools(), ranker: semantic });
    expect(await toolSearch.search("let the team know the deploy finished")).toEqual([]);
    expect(searches).toBe(1);
    await toolSearch.close();
  });

  it("reports a fallback model that cannot load once, and answers as the ranker did", async () => {
    const events: ToolSearchEvent[] = [];
    let made = 0;
    const fallback = new SemanticFallback(
      (event) => events.push(event),
      () => {
        made++;
        throw new Error("model folder missing");
      },
    );
    const catalogue = { version: 1, documents: () => [] };
    expect(await fallback.search("anything", catalogue, { limit: 5 })).toEqual([]);
    expect(await fallback.search("anything else", catalogue, { limit: 5 })).toEqual([]);
    expect(made).toBe(1);
    expect(events).toEqual([
      { type: "warning", code: "ranker_fallback_failed", message: expect.stringContaining("model folder missing") },
    ]);
  });

  it("re-indexes the fallback only when the catalogue version changes", async () => {
    const updates: number[] = [];
    const ranker: Ranker = {
      name: "meaning",
      update: (documents) => void updates.push(documents.length),
      search: () => [
        { name: "close", score: 0.8 },
        { name: "far", score: 0.2 },
      ],
    };
    const fallback = new SemanticFallback(
      () => undefined,
      () => ranker,
    );
    const documents = () => [];
    await fallback.search("a", { version: 1, documents }, { limit: 5 });
    const hits = await fallback.search("b", { version: 1, documents }, { limit: 5 });
    await fallback.search("c", { version: 2, documents }, { limit: 5 });
    expect(updates).toHaveLength(2);
    expect(hits).toEqual([
      { name: "close", score: 0.8, confidence: "strong" },
      { name: "far", score: 0.2, confidence: "weak" },
    ]);
  });

  it("refuses a semanticFallback that is not a boolean", async () => {
    await expect(
      createToolSearch({ tools: sampleTools(), semanticFallback: "yes" as unknown as boolean }),
    ).rejects.toThrow(/semanticFallback must be true or false/);
  });
});

describe("requests in scripts written without spaces", () => {
  // Tools as Chinese, Japanese, Korean and Thai MCP servers describe them: no spaces between words.
  const tools: ToolDefinition[] = [
    {
      name: "maps_weather",
      description: "根据城市名称或者adcode查询指定城市的天气预报",
      inputSchema: { type: "object" },
    },
    { name: "maps_direction_driving", description: "根据起点和终点规划驾车出行路线", inputSchema: { type: "object" } },
    { name: "train_tickets", description: "查询12306火车票余票信息", inputSchema: { type: "object" } },
    { name: "news_search", description: "キーワードで最新のニュース記事を検索します", inputSchema: { type: "object" } },
    { name: "restaurant_booking", description: "식당 예약을 생성합니다", inputSchema: { type: "object" } },
    { name: "laundry_service", description: "ค้นหาแม่บ้านที่ให้บริการรีดผ้า", inputSchema: { type: "object" } },
    { name: "get_forecast", description: "Get the weather forecast for a city.", inputSchema: { type: "object" } },
  ];

  it.each(["bm25", "hybrid"] as const)("finds the tool a request's words are in, with %s", async (ranker) => {
    const toolSearch = await createToolSearch({ tools, ranker });
    const best = async (query: string) => (await toolSearch.search(query, { limit: 3 }))[0]?.name;
    expect(await best("北京明天的天气怎么样")).toBe("maps_weather");
    expect(await best("帮我规划一条驾车路线")).toBe("maps_direction_driving");
    expect(await best("还有没有去上海的火车票")).toBe("train_tickets");
    expect(await best("東京の最新ニュースを探して")).toBe("news_search");
    expect(await best("식당 예약해줘")).toBe("restaurant_booking");
    expect(await best("ช่วยหาคนรีดผ้าให้หน่อย")).toBe("laundry_service");
  });

  it.each(["bm25", "hybrid"] as const)(
    "with %s, calls weak a match on a number alone of a request written in a script the tools do not use",
    async (ranker) => {
      const english: ToolDefinition[] = [
        { name: "set_countdown", description: "Set a countdown of 10 to 90 minutes.", inputSchema: { type: "object" } },
        { name: "order_food", description: "Order a meal for delivery.", inputSchema: { type: "object" } },
        { name: "get_weather", description: "Get the weather in a city.", inputSchema: { type: "object" } },
      ];
      const toolSearch = await createToolSearch({ tools: english, ranker });
      const [first] = await toolSearch.search("我想在肯德基买10个汉堡", { limit: 3 });
      expect(first).toMatchObject({ name: "set_countdown", confidence: "weak" });
      const outcome = await toolSearch.session("s").searchTools({ query: "我想在肯德基买10个汉堡" });
      expect(outcome.ok && outcome.language).toMatch(/^This query is written in Chinese characters/);
    },
  );
});

describe("requests typed without accents", () => {
  // Tools described in French, Spanish, Vietnamese and German, asked on a plain keyboard, and the
  // other way round. Only the accented words are shared, so each is found by folding alone.
  const tools: ToolDefinition[] = [
    { name: "book_table", description: "Réserver un dîner.", inputSchema: { type: "object" } },
    { name: "search_flights", description: "Búsqueda económica.", inputSchema: { type: "object" } },
    { name: "book_hotel", description: "Đặt phòng khách sạn.", inputSchema: { type: "object" } },
    { name: "city_map", description: "Zeigt den Straßenplan.", inputSchema: { type: "object" } },
    { name: "find_coffee", description: "Find a cafe.", inputSchema: { type: "object" } },
    { name: "get_forecast", description: "Get the weather forecast for a city.", inputSchema: { type: "object" } },
  ];

  it.each(["bm25", "hybrid"] as const)("finds the tool whatever the accents, with %s", async (ranker) => {
    const toolSearch = await createToolSearch({ tools, ranker });
    for (const [query, name] of [
      ["reserver un diner", "book_table"],
      ["busqueda economica", "search_flights"],
      ["dat phong khach san", "book_hotel"],
      ["strassenplan", "city_map"],
      ["un café", "find_coffee"],
    ] as const) {
      const [first] = await toolSearch.search(query, { limit: 3 });
      expect(first?.name, query).toBe(name);
      expect(first?.confidence, query).toBe("strong");
    }
  });
});
