import { describe, expect, it } from "vitest";
import { checkGeminiTools } from "../../test/support/gemini-schema-check.js";
import { OptionsError, createToolSearch, type ToolDefinition } from "../index.js";

const LOW = { toolSearchThresholdTokens: 100 };

function manyTools(count: number): ToolDefinition[] {
  return Array.from({ length: count }, (_, index) => ({
    name: `tool_${index}`,
    description: `Does thing number ${index} for the user.`,
    inputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
    execute: async () => "ok",
  }));
}

/** A tool whose schema the conversion loosens: `const`, a URI format, a oneOf, no other properties. */
const strict: ToolDefinition = {
  name: "links__save",
  description: "Saves a link.",
  inputSchema: {
    type: "object",
    properties: {
      kind: { const: "bookmark" },
      url: { type: "string", format: "uri" },
      tag: { oneOf: [{ type: "string", maxLength: 3 }, { type: "integer" }] },
      "x-label": { type: "string" },
    },
    required: ["kind", "url"],
    additionalProperties: false,
  },
  execute: async (input) => `saved ${JSON.stringify(input)}`,
};

describe('tools({ format: "gemini" }) and execute with functionCall parts', () => {
  it("answers a functionCall with a functionResponse, renaming properties back", async () => {
    const toolSearch = await createToolSearch({ tools: [strict], tuning: { toolSearch: false } });
    const session = toolSearch.session("g");
    const tools = await session.tools({ format: "gemini" });
    expect(checkGeminiTools(tools)).toStrictEqual([]);
    const declaration = tools[0]!.functionDeclarations[0]!;
    expect(Object.keys(declaration.parameters!.properties as object)).toContain("x_label");
    const answer = await session.execute({
      functionCall: {
        name: "links__save",
        id: "fc_1",
        args: { kind: "bookmark", url: "https://a.example", x_label: "x" },
      },
    });
    expect(answer).toStrictEqual({
      functionResponse: {
        name: "links__save",
        id: "fc_1",
        response: { output: 'saved {"kind":"bookmark","url":"https://a.example","x-label":"x"}' },
      },
    });
  });

  it.each([
    ["a const Gemini saw as an enum", { kind: "other", url: "https://a.example" }],
    ["a format Gemini was only told of", { kind: "bookmark", url: "not a uri" }],
    ["a oneOf branch's maxLength", { kind: "bookmark", url: "https://a.example", tag: "toolong" }],
    ["additionalProperties: false", { kind: "bookmark", url: "https://a.example", extra: 1 }],
  ])("still refuses, at execution, input breaking %s", async (_, args) => {
    const toolSearch = await createToolSearch({ tools: [strict], tuning: { toolSearch: false } });
    const answer = await toolSearch.session("g").execute({ functionCall: { name: "links__save", args } });
    expect(answer.functionResponse.name).toBe("links__save");
    expect(answer.functionResponse).not.toHaveProperty("id");
    expect(answer.functionResponse.response).toHaveProperty("error");
  });

  it("never sends more declarations than the cap: search_tools, keep and hydrated first, stubs cut", async () => {
    const toolSearch = await createToolSearch({
      tools: manyTools(700),
      tuning: { ...LOW, maxStubTokens: 1_000_000, keepTools: ["tool_650"] },
    });
    const session = toolSearch.session("cap");
    await session.execute({ functionCall: { name: "tool_600", args: { id: "1" } } });
    const tools = await session.tools({ format: "gemini" });
    expect(checkGeminiTools(tools)).toStrictEqual([]);
    const names = tools[0]!.functionDeclarations.map((declaration) => declaration.name);
    expect(names).toHaveLength(512);
    expect(names.slice(0, 3)).toStrictEqual(["search_tools", "tool_650", "tool_600"]);
    const small = await session.tools({ format: "gemini", maxDeclarations: 2 });
    expect(small[0]!.functionDeclarations.map((declaration) => declaration.name)).toStrictEqual([
      "search_tools",
      "tool_650",
    ]);
    // Under the threshold every tool goes in full, and the cap still holds.
    const full = await createToolSearch({ tools: manyTools(600), tuning: { toolSearch: false } });
    const fullTools = await full.session("f").tools({ format: "gemini" });
    expect(fullTools[0]!.functionDeclarations).toHaveLength(512);
    expect(fullTools[0]!.functionDeclarations[0]!.name).toBe("search_tools");
    await expect(session.tools({ format: "gemini", maxDeclarations: 0 })).rejects.toThrow(OptionsError);
  });

  it("answers search_tools and resumes a session from Gemini contents", async () => {
    const toolSearch = await createToolSearch({ tools: manyTools(50), tuning: LOW });
    const found = await toolSearch
      .session("s")
      .execute({ functionCall: { name: "search_tools", args: { query: "thing number 7" } } });
    expect(found.functionResponse.response).toHaveProperty("output");
    const contents = [
      { role: "user", parts: [{ text: "do 7" }] },
      { role: "model", parts: [{ functionCall: { name: "tool_7", args: { id: "a" } } }] },
      { role: "user", parts: [{ functionResponse: { name: "tool_7", response: { output: "ok" } } }] },
    ];
    const resumed = toolSearch.session("t", { transcript: contents });
    expect(await resumed.tools({ format: "gemini" }).then(() => resumed.hydrated())).toStrictEqual(["tool_7"]);
  });

  it("answers an unreadable functionCall with an error and runs nothing", async () => {
    const toolSearch = await createToolSearch({ tools: [strict] });
    const answer = await toolSearch
      .session("u")
      .execute({ functionCall: { name: "links__save", args: "nope" } } as never);
    expect(answer).toMatchObject({
      functionResponse: { name: "links__save", response: { error: expect.stringContaining("args") } },
    });
  });
});
