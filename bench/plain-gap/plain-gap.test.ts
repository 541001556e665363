import { describe, expect, it } from "vitest";
import { rankDocumentOf } from "../../src/ranking/index.js";
import { compactRequest } from "./compact-request.js";
import { OkapiBm25Ranker, plainTokens } from "./okapi-bm25-ranker.js";
import { queryWins } from "./query-wins.js";
import {
  datasetOf,
  familyOf,
  withApiFirstNames,
  GENERIC_PARAMETERS,
  withApiBlurbs,
  withChainedRequests,
  withDistractors,
  withGenericParameters,
  withRequestsAcrossApis,
  withRequestsOfOneApi,
  withUnnamedRequests,
} from "./stress-variants.js";

const documents = [
  { name: "alpha", description: "disk disk usage" },
  { name: "beta", description: "memory usage of the whole machine today" },
  { name: "gamma", description: "cpu load" },
].map((tool) => rankDocumentOf(tool));

describe("OkapiBm25Ranker", () => {
  it("tokenises without stemming, stop words or identifier splitting", () => {
    expect(plainTokens("Get_userProfiles, the Users!")).toEqual(["get", "userprofiles", "the", "users"]);
  });

  it("scores idf · tf(k1+1) / (tf + k1(1 − b + b·len/avg)) over name + description", async () => {
    const ranker = new OkapiBm25Ranker({ k1: 1.5, b: 0.75 });
    await ranker.update(documents);
    const results = await ranker.search("usage", { limit: 5 });
    // Lengths 4, 8, 3 (name + description): average 5. df(usage) = 2 of n = 3.
    const idf = Math.log(1 + (3 - 2 + 0.5) / (2 + 0.5));
    const term = (tf: number, length: number) => (idf * tf * 2.5) / (tf + 1.5 * (0.25 + (0.75 * length) / 5));
    expect(results.map((hit) => hit.name)).toEqual(["alpha", "beta"]);
    expect(results[0]!.score).toBeCloseTo(term(1, 4), 10);
    expect(results[1]!.score).toBeCloseTo(term(1, 8), 10);
  });

  it("counts a word repeated in the query as often as it is written, and skips unknown words", async () => {
    const ranker = new OkapiBm25Ranker();
    await ranker.update(documents);
    const once = (await ranker.search("cpu", { limit: 1 }))[0]!.score;
    expect((await ranker.search("cpu cpu zzz", { limit: 1 }))[0]!.score).toBeCloseTo(2 * once, 10);
    expect(await ranker.search("zzz", { limit: 5 })).toEqual([]);
  });
});

describe("queryWins", () => {
  it("counts the queries each side answers better, and both means", () => {
    expect(queryWins([1, 0.5, 0, 1], [0.5, 0.5, 1, 0])).toEqual({
      queries: 4,
      recall: 0.625,
      against: 0.5,
      wins: 2,
      losses: 1,
      ties: 1,
    });
  });

  it("refuses lists measured on different queries", () => {
    expect(() => queryWins([1], [1, 0])).toThrow(/same queries/);
  });
});

const tools = [
  { name: "concert_for_songkick", description: "Concert info." },
  { name: "artist_for_songkick", description: "Artist info." },
  {
    name: "forecast_for_weather",
    description: "Daily forecast.",
    inputSchema: { type: "object", properties: { city: { type: "string" } } },
  },
];
const base = datasetOf("tiny", tools, [
  { query: "concerts", expected: ["concert_for_songkick"] },
  { query: "artists", expected: ["artist_for_songkick"] },
  { query: "rain", expected: ["forecast_for_weather"] },
  { query: "nothing", expected: [] },
]);

describe("stress variants", () => {
  it("reads a RapidAPI-style tool's API from its name", () => {
    expect(familyOf("get_channel_clips_for_kick_com_api")).toBe("kick_com_api");
    expect(familyOf("math.factorial")).toBe("math");
  });

  it("adds distractors under names no query expects, keeping the queries", () => {
    const other = datasetOf("other", [{ name: "concert_for_songkick", description: "Another one." }], []);
    const grown = withDistractors(base, [other]);
    expect(grown.tools.map((tool) => tool.name)).toEqual([...tools.map((tool) => tool.name), "concert_for_songkick_x"]);
    expect(grown.queries).toBe(base.queries);
    expect(grown.documents).toHaveLength(4);
  });

  it("names a distractor uniquely even where its name is 64 characters and taken twice", () => {
    const long = `${"a".repeat(62)}_x`;
    const other = datasetOf(
      "other",
      [long, long, long].map((name) => ({ name, description: "The same name again." })),
      [],
    );
    const names = withDistractors(base, [other])
      .tools.map((tool) => tool.name)
      .slice(3);
    expect(names).toEqual([long, `${"a".repeat(58)}_2`, `${"a".repeat(58)}_3`]);
  });

  it("prefixes each description with its API's blurb, shared by siblings", () => {
    const blurbed = withApiBlurbs(base);
    const [concert, artist, forecast] = blurbed.tools;
    expect(concert!.description).toBe(
      'This is the subfunction for tool "songkick", you can use this tool. Concert info. Artist info. The description of this function is: "Concert info."',
    );
    expect(artist!.description).toContain(
      'Concert info. Artist info. The description of this function is: "Artist info."',
    );
    expect(forecast!.description).not.toContain("Concert");
  });

  it("gives every schema the generic parameters, keeping its own", () => {
    const padded = withGenericParameters(base);
    const forecast = padded.documents[2]!;
    expect(forecast.parameters.map((parameter) => parameter.name)).toEqual([
      ...Object.keys(GENERIC_PARAMETERS),
      "city",
    ]);
  });

  it("chains answerable requests with disjoint labels, seeded", () => {
    const chained = withChainedRequests(base, 3, 7);
    expect(chained.queries.length).toBe(3);
    for (const query of chained.queries) {
      expect(new Set(query.expected).size).toBe(3);
      expect(query.query.split(" ")).toHaveLength(3);
    }
    expect(withChainedRequests(base, 3, 7).queries).toEqual(chained.queries);
  });

  it("keeps the multi-tool requests across APIs, or of one API, as they are written", () => {
    const queries = [
      { query: "a concert and the weather", expected: ["concert_for_songkick", "forecast_for_weather"] },
      { query: "a concert and its artist", expected: ["concert_for_songkick", "artist_for_songkick"] },
      { query: "the weather", expected: ["forecast_for_weather"] },
      { query: "all three", expected: ["concert_for_songkick", "artist_for_songkick", "forecast_for_weather"] },
    ];
    const mixed = datasetOf("mixed", tools, queries);
    const across = withRequestsAcrossApis(mixed);
    expect(across.id).toBe("mixed+across-apis");
    expect(across.queries).toEqual([queries[0]]);
    const oneApi = withRequestsOfOneApi(mixed);
    expect(oneApi.id).toBe("mixed+one-api");
    expect(oneApi.queries).toEqual([queries[1]]);
    expect(across.tools).toBe(mixed.tools);
  });
});

describe("OkapiBm25Ranker's options", () => {
  it("counts a repeated query word once with distinctQueryTerms, and splits camelCase names with splitNames", async () => {
    const ranker = new OkapiBm25Ranker({ distinctQueryTerms: true, splitNames: true });
    await ranker.update([rankDocumentOf({ name: "getUser", description: "Reads one." }), ...documents]);
    const once = (await ranker.search("cpu", { limit: 1 }))[0]!.score;
    expect((await ranker.search("cpu cpu", { limit: 1 }))[0]!.score).toBeCloseTo(once, 10);
    expect((await ranker.search("user", { limit: 1 }))[0]!.name).toBe("getUser");
    const plain = new OkapiBm25Ranker();
    await plain.update([rankDocumentOf({ name: "getUser", description: "Reads one." })]);
    expect(await plain.search("user", { limit: 1 })).toEqual([]);
  });
});

describe("unnamed requests", () => {
  it("drops the words of a query its tools' names hold, and queries left empty", () => {
    const unnamed = withUnnamedRequests(
      datasetOf("tiny", tools, [
        { query: "Find concerts near me", expected: ["concert_for_songkick"] },
        { query: "forecast", expected: ["forecast_for_weather"] },
      ]),
    );
    expect(unnamed.queries).toEqual([{ query: "Find near me", expected: ["concert_for_songkick"] }]);
  });
});

describe("API-first names", () => {
  it("renames `<endpoint>_for_<api>` to `Api_Endpoint`, relabelling the queries", () => {
    const renamed = withApiFirstNames(base);
    expect(renamed.tools.map((tool) => tool.name)).toEqual(["Songkick_Concert", "Songkick_Artist", "Weather_Forecast"]);
    expect(renamed.queries[0]!.expected).toEqual(["Songkick_Concert"]);
  });

  it("numbers a clash and keeps names within 64 characters", () => {
    const long = "x".repeat(70);
    const renamed = withApiFirstNames(
      datasetOf(
        "clash",
        [
          { name: `${long}_for_a`, description: "" },
          { name: `${long}_for_a_`, description: "" },
        ],
        [],
      ),
    );
    const [first, second] = renamed.tools.map((tool) => tool.name);
    expect(first).toHaveLength(64);
    expect(second).toMatch(/_2$/);
    expect(second).toHaveLength(64);
  });
});

describe("compactRequest", () => {
  it("leaves a request within the limit as it is", () => {
    expect(compactRequest("Get the weather for the city of Paris", 500)).toBe("Get the weather for the city of Paris");
  });

  it("drops stop words and repeated words of a longer one, keeping a chain's cues, then cuts", () => {
    const request = "Please get the weather for Paris. Then get the weather for Rome and book a hotel in Rome.";
    expect(compactRequest(request, 60)).toBe("get weather Paris. Then Rome and book hotel.");
    expect(compactRequest(request, 20)).toHaveLength(20);
  });
});
