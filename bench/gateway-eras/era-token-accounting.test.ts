import { describe, expect, it } from "vitest";
import { accountSession, modelToolOf, searchAnswerTokens, type ListedTool } from "./era-token-accounting.js";

// Hand-counted JSON lengths (estimateTokens: ⌈characters / 3.5⌉):
// {"name":"search_tools","description":"Find tools.","input_schema":{"type":"object"}}  84 → 24
// {"name":"a__x","description":"Do x.","input_schema":{"type":"object"}}                70 → 20
// {"name":"call_tool","description":"","input_schema":{"type":"object"}}                70 → 20
// {"type":"tool_result","tool_use_id":"toolu_1","content":"ab"}                         61 → 18
// the same with "abcdefghi" as content                                                  68 → 20
const search: ListedTool = { name: "search_tools", description: "Find tools.", inputSchema: { type: "object" } };
const found: ListedTool = { name: "a__x", description: "Do x.", inputSchema: { type: "object" } };
const callTool: ListedTool = { name: "call_tool" };

describe("the eras' token accounting", () => {
  it("lays a listed tool out as the model's definition, an empty description and a bare object schema when missing", () => {
    expect(modelToolOf(callTool)).toEqual({ name: "call_tool", description: "", input_schema: { type: "object" } });
  });

  it("counts a search answer as the tool_result block it is in the transcript", () => {
    expect(searchAnswerTokens("ab")).toBe(18);
    expect(searchAnswerTokens("abcdefghi")).toBe(20);
  });

  it("counts a 2025-era session whose list grows after the search", () => {
    const tokens = accountSession([{ tools: [search], searchAnswer: "ab" }, { tools: [search, found] }]);
    expect(tokens).toEqual({
      requests: 2,
      toolTokens: [24, 44],
      transcriptTokens: [0, 18],
      toolsFirst: 24,
      toolsMedian: 24,
      toolsLast: 44,
      searchAnswerTokens: 18,
      // 24 + (44 + 18)
      sessionTokens: 86,
    });
  });

  it("counts a stateless session: a fixed list, a longer answer resent with every later request", () => {
    const tokens = accountSession([
      { tools: [search, callTool], searchAnswer: "abcdefghi" },
      { tools: [search, callTool] },
      { tools: [search, callTool], searchAnswer: "ab" },
    ]);
    expect(tokens.toolTokens).toEqual([44, 44, 44]);
    expect(tokens.transcriptTokens).toEqual([0, 20, 20]);
    expect(tokens.toolsMedian).toBe(44);
    // The last answer is added (20 + 18) but no later request resends it.
    expect(tokens.searchAnswerTokens).toBe(38);
    // 44 + (44 + 20) + (44 + 20)
    expect(tokens.sessionTokens).toBe(172);
  });

  it("takes the lower middle request as the median of an even count", () => {
    const tokens = accountSession([{ tools: [found, found] }, { tools: [] }, { tools: [found] }, { tools: [search] }]);
    expect(tokens.toolTokens).toEqual([40, 0, 20, 24]);
    expect(tokens.toolsMedian).toBe(20);
    expect(accountSession([])).toMatchObject({ requests: 0, toolsFirst: 0, toolsMedian: 0, sessionTokens: 0 });
  });
});
