import { describe, expect, it } from "vitest";
import { Catalogue, type ToolDefinition } from "../catalogue/index.js";
import { countScripts, type Script } from "../ranking/text/index.js";
import { createToolSearch } from "../tool-search/index.js";
import { otherScriptNote } from "./other-script.js";
import type { SearchMatch } from "./search-match.js";
import { searchResultBlock } from "./tool-result.js";

const tool = (name: string, description: string) => ({ name, description, inputSchema: { type: "object" as const } });
const ENGLISH = [
  tool("get_current_weather", "Get the current weather in a city."),
  tool("get_tickets", "List a company's open support tickets."),
];
const weak: SearchMatch = { name: "get_tickets", description: "List tickets.", score: 0.1, confidence: "weak" };
const strong: SearchMatch = { ...weak, confidence: "strong" };

async function catalogueTools(tools: ToolDefinition[]) {
  return (await Catalogue.fromArray(tools).snapshot()).tools;
}

describe("countScripts", () => {
  it("counts each script's letters, and ASCII text as Latin in one scan", () => {
    const counts = new Map<Script, number>();
    countScripts("查询 weather in Zürich, 東京のニュース, 날씨", counts);
    expect(Object.fromEntries(counts)).toEqual({
      Latin: 15,
      "Chinese characters": 4,
      // The prolonged-sound mark ー is of no one script (Common), so not a letter of any.
      "Japanese kana": 4,
      "Korean Hangul": 2,
    });
    countScripts("abc 123", counts);
    expect(counts.get("Latin")).toBe(18);
  });
});

describe("otherScriptNote", () => {
  it("tells a query no tool's script can match to search again in the tools' script", async () => {
    const tools = await catalogueTools(ENGLISH);
    expect(otherScriptNote("北京后天的天气如何？", [], tools)).toBe(
      "This query is written in Chinese characters, which no tool's text uses: the tools are described in " +
        "Latin script. Search again with the request translated into the tools' language.",
    );
    expect(otherScriptNote("获取阿迪达斯的p4工单", [weak], tools)).toMatch(
      /^Part of this query is written in Chinese characters/,
    );
    expect(otherScriptNote("ช่วยหาคุณแม่บ้าน", [], tools)).toMatch(/written in Thai,/);
  });

  it("says nothing when the answer is strong, the tools use the script, or the query has no letters", async () => {
    const tools = await catalogueTools([...ENGLISH, tool("maps_weather", "查询指定城市的天气")]);
    expect(otherScriptNote("北京后天的天气如何？", [strong], await catalogueTools(ENGLISH))).toBeUndefined();
    expect(otherScriptNote("北京后天的天气如何？", [], tools)).toBeUndefined();
    expect(otherScriptNote("12306 ?!", [], tools)).toBeUndefined();
    expect(otherScriptNote("the weather", [], await catalogueTools(ENGLISH))).toBeUndefined();
    // A catalogue described in Chinese, asked in English: its names are Latin (tool names are
    // ASCII), and a ranker matches them, so the script is not foreign to it.
    expect(
      otherScriptNote("weather", [], await catalogueTools([tool("weather_cn", "查询指定城市的天气")])),
    ).toBeUndefined();
  });

  it("reads no tool for a strong answer or a query in Latin letters alone", () => {
    const unread: Iterable<never> = {
      [Symbol.iterator]: () => {
        throw new Error("the tools were read");
      },
    };
    expect(otherScriptNote("北京后天的天气如何？", [strong], unread)).toBeUndefined();
    expect(otherScriptNote("the weather in Zürich", [], unread)).toBeUndefined();
    expect(() => otherScriptNote("北京的天气", [], unread)).toThrow("the tools were read");
  });

  it("reads the parameters a ranker reads, not only names and descriptions", async () => {
    const tools = await catalogueTools([
      {
        name: "control_appliance",
        description: "Control a home appliance.",
        inputSchema: { type: "object", properties: { room: { type: "string", description: "거실 또는 침실" } } },
      },
    ]);
    expect(otherScriptNote("거실 에어컨 실행", [], tools)).toBeUndefined();
  });
});

describe("search_tools's language note", () => {
  it("reaches the answer the model reads, and counts only the tools the session may see", async () => {
    const tools = [...ENGLISH, tool("hidden__maps_weather", "查询指定城市的天气")];
    const toolSearch = await createToolSearch({ tools, permit: (t) => !t.name.startsWith("hidden__") });
    const outcome = await toolSearch.session("s").searchTools({ query: "北京后天的天气如何？" });
    expect(outcome.ok && outcome.matches).toEqual([]);
    const answer = JSON.parse(searchResultBlock("toolu_1", outcome).content as string) as Record<string, unknown>;
    expect(answer.language).toMatch(/^This query is written in Chinese characters, .* Latin script\./);
    expect(answer.hint).toMatch(/^No tool matched\./);
    // The same tools, all visible: a tool is in Chinese, so no note (and it is found).
    const open = await createToolSearch({ tools });
    const found = await open.session("s").searchTools({ query: "北京后天的天气如何？" });
    expect(found.ok && found.matches.map((match) => match.name)).toContain("hidden__maps_weather");
    expect(found.ok && found.language).toBeUndefined();
  });

  it("asks permit nothing more once the session knows what it may see", async () => {
    let asked = 0;
    const tools = Array.from({ length: 50 }, (_, i) => tool(`tool_${i}`, `Do thing number ${i}.`));
    const toolSearch = await createToolSearch({ tools, permit: () => (asked++, true), semanticFallback: false });
    const session = toolSearch.session("s");
    const first = await session.searchTools({ query: "北京后天的天气如何？" });
    expect(first.ok && first.language).toBeDefined();
    const before = asked;
    const again = await session.searchTools({ query: "上海的天气" });
    expect(again.ok && again.language).toBeDefined();
    expect(asked - before).toBe(0);
  });

  it("is left out of a search narrowed with server: terms", async () => {
    const tools = ENGLISH.map((t) => ({ ...t, server: "util" }));
    const toolSearch = await createToolSearch({ tools });
    const outcome = await toolSearch.session("s").searchTools({ query: "server:util 北京后天的天气如何？" });
    expect(outcome.ok && outcome.language).toBeUndefined();
  });
});
