import { describe, expect, it } from "vitest";
import { readToolCall } from "./read-tool-call.js";

/** An object whose `field` getter throws, as a hostile or broken caller might hand `execute`. */
function withThrowingField<T extends object>(value: T, field: string): T {
  return Object.defineProperty(value, field, {
    get() {
      throw new Error(`${field} getter exploded`);
    },
  });
}

const JSON_ERROR =
  /^Its arguments are not valid JSON \(.+\)\. Send the arguments as one JSON object, such as \{"name": "value"\}\.$/;

describe("readToolCall: values that are not a call at all", () => {
  it.each([
    ["null", null, "null"],
    ["undefined", undefined, "undefined"],
    ["a number", 42, "number"],
    ["a string", "slack__post_message", "string"],
  ])("answers %s as an unreadable Anthropic call that names what it got", (_label, value, got) => {
    expect(readToolCall(value)).toStrictEqual({
      ok: false,
      format: "anthropic",
      id: "",
      error: `This is not a tool_use block (got ${got}), so nothing was run.`,
    });
  });
});

describe("readToolCall: Anthropic tool_use blocks", () => {
  it("reads the id, name and input as they are", () => {
    const input = { channel: "#ops", text: "hi" };
    const read = readToolCall({ type: "tool_use", id: "toolu_1", name: "slack__post_message", input });
    expect(read).toStrictEqual({ ok: true, format: "anthropic", id: "toolu_1", name: "slack__post_message", input });
    // The input is handed on as given (validation happens later, against the real schema).
    expect(read.ok && read.input).toBe(input);
  });

  it("reads a block without a type field as a tool_use block", () => {
    expect(readToolCall({ id: "toolu_2", name: "postgres__query", input: { sql: "select 1" } })).toStrictEqual({
      ok: true,
      format: "anthropic",
      id: "toolu_2",
      name: "postgres__query",
      input: { sql: "select 1" },
    });
  });

  it("reads a block whose type getter throws as a tool_use block", () => {
    const block = withThrowingField({ id: "toolu_3", name: "postgres__query", input: {} }, "type");
    expect(readToolCall(block)).toMatchObject({
      ok: true,
      format: "anthropic",
      id: "toolu_3",
      name: "postgres__query",
    });
  });

  it.each([
    ["no id", { name: "slack__post_message", input: {} }, ""],
    ["an empty id", { id: "", name: "slack__post_message", input: {} }, ""],
    ["an id that is not a string", { id: 7, name: "slack__post_message", input: {} }, ""],
  ])("refuses a block with %s, answering with an empty id", (_label, block, id) => {
    expect(readToolCall({ type: "tool_use", ...block })).toStrictEqual({
      ok: false,
      format: "anthropic",
      id,
      error:
        "This tool_use block cannot be run: it has no id, so its result could not be matched to it. Nothing was run.",
    });
  });

  it.each([
    ["no name", { id: "toolu_1", input: {} }],
    ["an empty name", { id: "toolu_1", name: "", input: {} }],
    ["a name that is not a string", { id: "toolu_1", name: 5, input: {} }],
  ])("refuses a block with %s, keeping its id so the answer matches the call", (_label, block) => {
    expect(readToolCall({ type: "tool_use", ...block })).toStrictEqual({
      ok: false,
      format: "anthropic",
      id: "toolu_1",
      error: "This tool_use block cannot be run: it names no tool. Nothing was run.",
    });
  });

  it("reports the id before the name when both are missing", () => {
    expect(readToolCall({ type: "tool_use", input: {} })).toMatchObject({
      ok: false,
      error: expect.stringContaining("it has no id"),
    });
  });

  it.each(["id", "name", "input"])("refuses a block whose %s getter throws, saying which field and why", (field) => {
    const block = withThrowingField({ type: "tool_use", id: "toolu_1", name: "slack__post_message", input: {} }, field);
    const read = readToolCall(block);
    expect(read).toStrictEqual({
      ok: false,
      format: "anthropic",
      id: field === "id" ? "" : "toolu_1",
      error: `This tool_use block cannot be run: its "${field}" could not be read (${field} getter exploded). Nothing was run.`,
    });
  });
});

describe("readToolCall: Chat Completions tool calls", () => {
  it("reads a function call, parsing its JSON arguments", () => {
    expect(
      readToolCall({
        id: "call_1",
        type: "function",
        function: { name: "slack__post_message", arguments: '{"channel":"#ops"}' },
      }),
    ).toStrictEqual({
      ok: true,
      format: "openai-chat",
      id: "call_1",
      name: "slack__post_message",
      input: { channel: "#ops" },
    });
  });

  it.each([
    ["no id", { type: "function", function: { name: "a__b", arguments: "{}" } }],
    ["an empty id", { id: "", type: "function", function: { name: "a__b", arguments: "{}" } }],
    ["an id that is not a string", { id: 3, type: "function", function: { name: "a__b", arguments: "{}" } }],
  ])("refuses a call with %s", (_label, call) => {
    expect(readToolCall(call)).toStrictEqual({
      ok: false,
      format: "openai-chat",
      id: "",
      error: "This tool call cannot be run: it has no id, so its result could not be matched to it. Nothing was run.",
    });
  });

  it("refuses a call whose id getter throws", () => {
    const call = withThrowingField({ type: "function", function: { name: "a__b", arguments: "{}" } }, "id");
    expect(readToolCall(call)).toStrictEqual({
      ok: false,
      format: "openai-chat",
      id: "",
      error: 'This tool call cannot be run: its "id" could not be read (id getter exploded). Nothing was run.',
    });
  });

  it("refuses a custom tool call, telling the model to call it as a function", () => {
    expect(readToolCall({ id: "call_9", type: "custom", custom: { name: "a__b", input: "hi" } })).toStrictEqual({
      ok: false,
      format: "openai-chat",
      id: "call_9",
      error:
        "This tool call cannot be run: it is a custom tool call, and every tool here is a function tool. Call it as a function, with JSON arguments. Nothing was run.",
    });
  });

  it("refuses a custom tool call without an id for its missing id first", () => {
    expect(readToolCall({ type: "custom", custom: { name: "a__b", input: "hi" } })).toMatchObject({
      ok: false,
      format: "openai-chat",
      error: expect.stringContaining("it has no id"),
    });
  });

  it.each([
    ["no function object", undefined],
    ["a null function", null],
    ["a function that is a string", "a__b"],
  ])("refuses a call with %s", (_label, fn) => {
    expect(readToolCall({ id: "call_1", type: "function", function: fn })).toStrictEqual({
      ok: false,
      format: "openai-chat",
      id: "call_1",
      error: 'This tool call cannot be run: it has no "function" object with the name and arguments. Nothing was run.',
    });
  });

  it("refuses a call whose function getter throws", () => {
    const call = withThrowingField({ id: "call_1", type: "function" }, "function");
    expect(readToolCall(call)).toMatchObject({
      ok: false,
      error:
        'This tool call cannot be run: its "function" could not be read (function getter exploded). Nothing was run.',
    });
  });

  it.each([
    ["no name", { arguments: "{}" }],
    ["an empty name", { name: "", arguments: "{}" }],
  ])("refuses a function with %s", (_label, fn) => {
    expect(readToolCall({ id: "call_1", type: "function", function: fn })).toStrictEqual({
      ok: false,
      format: "openai-chat",
      id: "call_1",
      error: "This tool call cannot be run: it names no tool. Nothing was run.",
    });
  });

  it("refuses a function whose name getter throws", () => {
    const fn = withThrowingField({ arguments: "{}" }, "name");
    expect(readToolCall({ id: "call_1", type: "function", function: fn })).toMatchObject({
      ok: false,
      error: 'This tool call cannot be run: its "name" could not be read (name getter exploded). Nothing was run.',
    });
  });
});

describe("readToolCall: Responses function_call items", () => {
  it("reads the call_id (not the item id), the name and the JSON arguments", () => {
    expect(
      readToolCall({
        type: "function_call",
        id: "fc_1",
        call_id: "call_1",
        name: "postgres__query",
        arguments: '{"sql":"select 1"}',
      }),
    ).toStrictEqual({
      ok: true,
      format: "openai-responses",
      id: "call_1",
      name: "postgres__query",
      input: { sql: "select 1" },
    });
  });

  it.each([
    ["no call_id", {}],
    ["an empty call_id", { call_id: "" }],
    ["a call_id that is not a string", { call_id: 4 }],
  ])("refuses an item with %s", (_label, fields) => {
    expect(readToolCall({ type: "function_call", name: "postgres__query", arguments: "{}", ...fields })).toStrictEqual({
      ok: false,
      format: "openai-responses",
      id: "",
      error:
        "This function_call cannot be run: it has no call_id, so its output could not be matched to it. Nothing was run.",
    });
  });

  it("refuses an item whose call_id getter throws", () => {
    const item = withThrowingField({ type: "function_call", name: "postgres__query", arguments: "{}" }, "call_id");
    expect(readToolCall(item)).toStrictEqual({
      ok: false,
      format: "openai-responses",
      id: "",
      error:
        'This function_call cannot be run: its "call_id" could not be read (call_id getter exploded). Nothing was run.',
    });
  });

  it.each([
    ["no name", {}],
    ["an empty name", { name: "" }],
    ["a name that is not a string", { name: ["a__b"] }],
  ])("refuses an item with %s, keeping its call_id", (_label, fields) => {
    expect(readToolCall({ type: "function_call", call_id: "call_1", arguments: "{}", ...fields })).toStrictEqual({
      ok: false,
      format: "openai-responses",
      id: "call_1",
      error: "This function_call cannot be run: it names no tool. Nothing was run.",
    });
  });

  it("refuses an item whose name getter throws", () => {
    const item = withThrowingField({ type: "function_call", call_id: "call_1", arguments: "{}" }, "name");
    expect(readToolCall(item)).toMatchObject({
      ok: false,
      error: 'This function_call cannot be run: its "name" could not be read (name getter exploded). Nothing was run.',
    });
  });
});

describe("readToolCall: OpenAI arguments", () => {
  /** Reads `args` as the arguments of a Responses call; the Chat path shares the same reader. */
  function readArguments(args: unknown) {
    const read = readToolCall({ type: "function_call", call_id: "call_1", name: "a__b", arguments: args });
    if (!read.ok) throw new Error(`unexpectedly unreadable: ${read.error}`);
    return { input: read.input, inputProblem: read.inputProblem, hasProblem: "inputProblem" in read };
  }

  it.each([
    ["empty", ""],
    ["white space only", "  \n "],
  ])("reads %s arguments as no arguments, {}", (_label, args) => {
    expect(readArguments(args)).toEqual({ input: {}, inputProblem: undefined, hasProblem: false });
  });

  it("parses JSON with white space around it", () => {
    expect(readArguments(' {"a": [1, 2]} ')).toEqual({
      input: { a: [1, 2] },
      inputProblem: undefined,
      hasProblem: false,
    });
  });

  it("hands on JSON that is not an object as it is, for the schema check to refuse", () => {
    expect(readArguments("[1,2]")).toEqual({ input: [1, 2], inputProblem: undefined, hasProblem: false });
  });

  it("tells the model that arguments that are not JSON are not valid JSON, and how to send them", () => {
    const read = readArguments("channel=#ops");
    expect(read.input).toBeUndefined();
    expect(read.inputProblem).toMatch(JSON_ERROR);
  });

  it.each([
    ["missing", undefined, "Its arguments are missing, not a JSON string."],
    ["an object", { channel: "#ops" }, "Its arguments are an object, not a JSON string."],
    ["a number", 5, "Its arguments are a number, not a JSON string."],
  ])("says so when the arguments are %s rather than a JSON string", (_label, args, problem) => {
    expect(readArguments(args)).toEqual({ input: undefined, inputProblem: problem, hasProblem: true });
  });

  it("says so when the arguments getter throws", () => {
    const item = withThrowingField({ type: "function_call", call_id: "call_1", name: "a__b" }, "arguments");
    expect(readToolCall(item)).toStrictEqual({
      ok: true,
      format: "openai-responses",
      id: "call_1",
      name: "a__b",
      input: undefined,
      inputProblem: 'Its arguments could not be read: its "arguments" could not be read (arguments getter exploded).',
    });
  });

  it("reads Chat Completions arguments the same way", () => {
    const call = (args: unknown) =>
      readToolCall({ id: "call_1", type: "function", function: { name: "a__b", arguments: args } });
    expect(call("")).toMatchObject({ ok: true, input: {} });
    expect(call("not json")).toMatchObject({
      ok: true,
      input: undefined,
      inputProblem: expect.stringMatching(JSON_ERROR),
    });
    expect(call(undefined)).toMatchObject({
      ok: true,
      input: undefined,
      inputProblem: "Its arguments are missing, not a JSON string.",
    });
  });
});
