import { describe, expect, it } from "vitest";
import { sampleTools, toolUse } from "../../test/support/sample-tools.js";
import {
  OptionsError,
  createToolSearch,
  toolOutput,
  type ToolDefinition,
  type ToolSearchEvent,
  type ToolUseBlock,
} from "../index.js";
import { firstSentence } from "./first-sentence.js";

const LOW = { toolSearchThresholdTokens: 100 };
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function throwingField(field: string): ToolUseBlock {
  const block = {
    type: "tool_use",
    id: "toolu_getter",
    name: "slack__post_message",
    input: { channel: "c", text: "t" },
  };
  return Object.defineProperty(block, field, {
    get() {
      throw new Error(`${field} getter exploded`);
    },
  }) as ToolUseBlock;
}

describe("execute() always resolves to a result (defect 8)", () => {
  it.each([
    ["null", null],
    ["a number", 42],
    ["a string", "slack__post_message"],
    ["a block without a name", { type: "tool_use", id: "toolu_1", input: {} }],
    ["a block whose name is not a string", { type: "tool_use", id: "toolu_1", name: 5, input: {} }],
    ["a block without an id", { type: "tool_use", name: "slack__post_message", input: { channel: "c", text: "t" } }],
    ["a name getter that throws", throwingField("name")],
    ["an input getter that throws", throwingField("input")],
    ["an id getter that throws", throwingField("id")],
  ])("answers %s with an is_error result and runs nothing", async (_label, block) => {
    const calls: { name: string; input: unknown }[] = [];
    const session = (await createToolSearch({ tools: sampleTools(calls), tuning: LOW })).session();
    const result = await session.execute(block as ToolUseBlock);
    expect(result).toMatchObject({ type: "tool_result", is_error: true, content: expect.stringMatching(/./) });
    expect(typeof result.tool_use_id).toBe("string");
    expect(calls).toEqual([]);
  });

  it("answers a search_tools call whose input getter throws", async () => {
    const session = (await createToolSearch({ tools: sampleTools(), tuning: LOW })).session();
    const input = Object.defineProperty({}, "query", {
      get() {
        throw new Error("query getter exploded");
      },
      enumerable: true,
    });
    expect(await session.execute(toolUse("search_tools", input))).toMatchObject({ is_error: true });
    // runAgent calls searchTools directly: it must not reject either.
    expect(await session.searchTools(input, "toolu_1")).toMatchObject({
      ok: false,
      error: expect.stringMatching(/query getter exploded/),
    });
  });

  it.each([
    ["a BigInt", () => ({ id: 10n })],
    [
      "a cycle",
      () => {
        const output: Record<string, unknown> = {};
        output.self = output;
        return output;
      },
    ],
    ["malformed toolOutput blocks", () => toolOutput({ content: [{ type: "video" }] as never })],
  ])(
    "reports a tool whose output is %s as run, not failed, so the model does not repeat it",
    async (_label, output) => {
      let runs = 0;
      const events: ToolSearchEvent[] = [];
      const tool: ToolDefinition = {
        name: "pay__send",
        description: "Send money.",
        inputSchema: { type: "object" },
        execute: () => (runs++, output()),
      };
      const session = (await createToolSearch({ tools: [tool], onEvent: (event) => events.push(event) })).session();
      const result = await session.execute(toolUse("pay__send", {}));
      expect(runs).toBe(1);
      expect(result.is_error).toBeUndefined();
      expect(result.content).toMatch(/pay__send ran, but its output could not be serialised.*do not call it again/);
      expect(events).toContainEqual(
        expect.objectContaining({
          type: "tool-call",
          outcome: "ok",
          error: expect.stringMatching(/could not be serialised/),
        }),
      );
    },
  );
});

describe("options that were read wrongly (defect 8)", () => {
  it.each([
    ["tuning: null", { tuning: null }, /tuning must be an object/],
    ["tuning: 5", { tuning: 5 }, /tuning must be an object/],
    [
      'toolSearch: "false"',
      { tuning: { toolSearch: "false" } },
      /tuning.toolSearch must be true or false, got "false"/,
    ],
    ["an unknown tuning key", { tuning: { maxHydrated: 3 } }, /Unknown tuning option "maxHydrated"/],
    ["keepTools that is not an array", { tuning: { keepTools: "github__create_issue" } }, /keepTools must be an array/],
    ["an estimateTokens that is not a function", { estimateTokens: 4 }, /estimateTokens must be a function/],
    ["an approve that is not a function", { approve: true }, /approve must be a function/],
    ["a permit that is not a function", { permit: "all" }, /permit must be a function/],
    ["an onEvent that is not a function", { onEvent: {} }, /onEvent must be a function/],
  ])("rejects %s with an OptionsError that says what to pass", async (_label, options, message) => {
    const error = await createToolSearch({ tools: sampleTools(), ...(options as object) }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(OptionsError);
    expect((error as Error).message).toMatch(message);
  });

  it("de-duplicates keepTools, so the block never holds a tool twice", async () => {
    const session = (
      await createToolSearch({
        tools: sampleTools(),
        tuning: { ...LOW, keepTools: ["postgres__query", "slack__post_message", "postgres__query"] },
      })
    ).session();
    const names = (await session.tools()).map((tool) => tool.name);
    expect(names.slice(0, 3)).toEqual(["search_tools", "postgres__query", "slack__post_message"]);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each([
    ["NaN", () => Number.NaN],
    ["a negative number", () => -50],
    ["a string", () => "12" as unknown as number],
    [
      "a throw",
      (): number => {
        throw new Error("tokenizer down");
      },
    ],
  ])(
    "falls back to the default estimate, with one warning, when the estimator returns %s",
    async (_label, estimateTokens) => {
      const events: ToolSearchEvent[] = [];
      const toolSearch = await createToolSearch({
        tools: sampleTools(),
        tuning: LOW,
        estimateTokens,
        onEvent: (event) => events.push(event),
      });
      const session = toolSearch.session();
      const view = await session.view();
      expect(view.progressive).toBe(true);
      expect(Number.isFinite(view.fullTokens) && view.fullTokens > 100).toBe(true);
      await session.tools();
      expect(events.filter((event) => event.type === "warning" && event.code === "estimate_invalid")).toHaveLength(1);
    },
  );
});

describe("stub descriptions are well-formed text (defect 8)", () => {
  it("never ends a cut first sentence in half a surrogate pair", () => {
    for (let offset = 0; offset < 4; offset++) {
      const cut = firstSentence(`${"a".repeat(150 + offset)}${"😀".repeat(20)} end.`);
      expect(cut).not.toMatch(LONE_SURROGATE);
      expect(cut.endsWith("…")).toBe(true);
    }
  });

  it("replaces a lone surrogate in a description before it goes on the wire", async () => {
    const tool: ToolDefinition = {
      name: "t__odd",
      description: "Odd \uD800 text. More.",
      inputSchema: { type: "object" },
    };
    const [definition] = await (await createToolSearch({ tools: [tool] })).session().tools();
    expect(definition!.description).toBe("Odd \uFFFD text. More.");
  });
});
