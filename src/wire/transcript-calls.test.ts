import { describe, expect, it } from "vitest";
import { thrownBy } from "../../test/support/thrown-by.js";
import { OptionsError } from "../errors.js";
import { transcriptCalls } from "./transcript-calls.js";

const thrown = (run: () => unknown) => thrownBy(run, OptionsError);

describe("transcriptCalls: the calls of each format", () => {
  it("reads tool_use blocks of Anthropic assistant messages, in order", () => {
    const transcript = [
      { role: "user", content: "Tell #ops." },
      {
        role: "assistant",
        content: [
          { type: "text", text: "On it." },
          { type: "tool_use", id: "toolu_1", name: "search_tools", input: { query: "slack" } },
          { type: "tool_use", id: "toolu_2", name: "slack__post_message", input: {} },
        ],
      },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "…" }] },
    ];
    expect(transcriptCalls(transcript)).toEqual([
      { name: "search_tools", id: "toolu_1" },
      { name: "slack__post_message", id: "toolu_2" },
    ]);
  });

  it("reads function entries of Chat Completions assistant messages' tool_calls", () => {
    const transcript = [
      { role: "system", content: "Be brief." },
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "call_1", type: "function", function: { name: "postgres__query", arguments: "{}" } }],
      },
      { role: "tool", tool_call_id: "call_1", content: "[]" },
    ];
    expect(transcriptCalls(transcript)).toEqual([{ name: "postgres__query", id: "call_1" }]);
  });

  it("reads Responses function_call items, which have no role", () => {
    const transcript = [
      { role: "user", content: "hi" },
      { type: "function_call", call_id: "call_1", name: "calendar__create_event", arguments: "{}", id: "fc_1" },
      { type: "function_call_output", call_id: "call_1", output: "ok" },
    ];
    expect(transcriptCalls(transcript)).toEqual([{ name: "calendar__create_event", id: "call_1" }]);
  });

  it("reads tool-call parts of Vercel AI SDK assistant messages", () => {
    const transcript = [
      {
        role: "assistant",
        content: [{ type: "tool-call", toolCallId: "tc_1", toolName: "github__create_issue", input: {} }],
      },
    ];
    expect(transcriptCalls(transcript)).toEqual([{ name: "github__create_issue", id: "tc_1" }]);
  });

  it("reads mixed formats in transcript order, a message's content before its tool_calls", () => {
    const transcript = [
      { type: "function_call", call_id: "r1", name: "a__one" },
      {
        role: "assistant",
        content: [{ type: "tool_use", id: "t1", name: "a__two" }],
        tool_calls: [{ id: "c1", type: "function", function: { name: "a__three" } }],
      },
      { role: "assistant", content: [{ type: "tool-call", toolCallId: "v1", toolName: "a__four" }] },
    ];
    expect(transcriptCalls(transcript).map((call) => call.name)).toEqual(["a__one", "a__two", "a__three", "a__four"]);
  });

  it("returns no calls for an empty transcript or one without calls", () => {
    expect(transcriptCalls([])).toEqual([]);
    expect(
      transcriptCalls([
        { role: "user", content: "hi" },
        { role: "assistant", content: "hello" },
      ]),
    ).toEqual([]);
  });
});

describe("transcriptCalls: what is left out, as execute would not have run it", () => {
  it("ignores calls in messages that are not the assistant's", () => {
    const transcript = [
      { role: "user", content: [{ type: "tool_use", id: "toolu_1", name: "a__b" }] },
      { role: "tool", tool_calls: [{ id: "call_1", type: "function", function: { name: "a__b" } }] },
    ];
    expect(transcriptCalls(transcript)).toEqual([]);
  });

  it("skips content parts and tool_calls entries that are not objects", () => {
    const transcript = [
      {
        role: "assistant",
        content: [null, "text", 5, { type: "tool_use", id: "toolu_1", name: "a__b" }],
        tool_calls: [null, "call", { id: "call_1", type: "function", function: { name: "a__c" } }],
      },
    ];
    expect(transcriptCalls(transcript)).toEqual([
      { name: "a__b", id: "toolu_1" },
      { name: "a__c", id: "call_1" },
    ]);
  });

  it("skips custom tool calls and function entries without a function object", () => {
    const transcript = [
      {
        role: "assistant",
        tool_calls: [
          { id: "call_1", type: "custom", custom: { name: "a__b", input: "x" } },
          { id: "call_2", type: "custom", function: { name: "a__b" } },
          { id: "call_3", type: "function" },
          { id: "call_4", type: "function", function: null },
          { id: "call_5", type: "function", function: "a__b" },
        ],
      },
    ];
    expect(transcriptCalls(transcript)).toEqual([]);
  });

  it("skips parts, entries and function fields that are functions, however call-like", () => {
    // Only plain data counts: a function is not a message part even when it carries call fields.
    const callLike = (fields: Record<string, unknown>) => Object.assign(function a__fn() {}, fields);
    const transcript = [
      {
        role: "assistant",
        content: [callLike({ type: "tool_use", id: "toolu_1" })],
        tool_calls: [
          callLike({ type: "function", id: "call_1", function: { name: "a__b" } }),
          { id: "call_2", type: "function", function: callLike({}) },
        ],
      },
    ];
    expect(transcriptCalls(transcript)).toEqual([]);
  });

  it("skips parts of other types", () => {
    const transcript = [
      { role: "assistant", content: [{ type: "text", id: "x", name: "a__b", toolCallId: "y", toolName: "a__c" }] },
    ];
    expect(transcriptCalls(transcript)).toEqual([]);
  });

  it.each([
    ["no name", { type: "function_call", call_id: "call_1" }],
    ["an empty name", { type: "function_call", call_id: "call_1", name: "" }],
    ["a name that is not a string", { type: "function_call", call_id: "call_1", name: 5 }],
    ["no id", { type: "function_call", name: "a__b" }],
    ["an empty id", { type: "function_call", call_id: "", name: "a__b" }],
    ["an id that is not a string", { type: "function_call", call_id: 9, name: "a__b" }],
  ])("skips a call with %s", (_label, entry) => {
    expect(transcriptCalls([entry, { type: "function_call", call_id: "ok", name: "a__ok" }])).toEqual([
      { name: "a__ok", id: "ok" },
    ]);
  });
});

describe("transcriptCalls: transcripts that cannot be read", () => {
  it.each([
    ["undefined", undefined],
    ["an object", { messages: [] }],
    ["a string", "[]"],
  ])("refuses %s, saying what a transcript is", (_label, transcript) => {
    const error = thrown(() => transcriptCalls(transcript));
    expect(error.code).toBe("invalid_transcript");
    expect(error.message).toBe(
      "options.transcript must be the conversation so far: an array of messages (Anthropic or OpenAI Chat), of Responses input items or of Gemini contents.",
    );
    // No cause at all, not an empty one: a logged error would otherwise show "[cause]: undefined".
    expect("cause" in error).toBe(false);
  });

  it.each([
    ["null", null, "null"],
    ["a string", "hello", "string"],
    ["a number", 3, "number"],
  ])("refuses an entry that is %s, naming its index", (_label, entry, got) => {
    const error = thrown(() => transcriptCalls([{ role: "user", content: "hi" }, entry]));
    expect(error.code).toBe("invalid_transcript");
    expect(error.message).toBe(`options.transcript[1] is ${got}; each entry is a message or an input item object.`);
  });

  it("refuses an entry whose fields cannot be read, with the reason and its cause", () => {
    const boom = new Error("role getter exploded");
    const entry = Object.defineProperty({}, "role", {
      get() {
        throw boom;
      },
    });
    const error = thrown(() => transcriptCalls([{ role: "user", content: "hi" }, entry]));
    expect(error.code).toBe("invalid_transcript");
    expect(error.message).toBe("options.transcript[1] could not be read (role getter exploded).");
    expect(error.cause).toBe(boom);
  });
});
