import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import {
  openAIServerPerTest,
  type RecordedOpenAIRequest,
  type ScriptedOpenAITurn,
} from "../../test/support/openai-api-server.js";
import { sampleTools, toolUse } from "../../test/support/sample-tools.js";
import { OptionsError, createToolSearch, toolOutput, type ToolDefinition, type ToolSearchEvent } from "../index.js";
import type { ToolSearchOptions } from "../tool-search/index.js";
import type { ToolFormat } from "../wire/index.js";

const LOW = { toolSearchThresholdTokens: 100 };
const MODEL = "gpt-test";
const SLACK_SCHEMA = sampleTools()[2]!.inputSchema;
const serve = openAIServerPerTest();

function client(url: string) {
  return new OpenAI({ apiKey: "test", baseURL: url, maxRetries: 0 });
}

/** The names in a Chat Completions request's tools, stubs (`{"type":"object"}` only) marked with ~. */
function chatToolNames(request: RecordedOpenAIRequest): string[] {
  return (request.body.tools as { function: { name: string; parameters: object } }[]).map(
    ({ function: fn }) => `${Object.keys(fn.parameters).join() === "type" ? "~" : ""}${fn.name}`,
  );
}

function responsesToolNames(request: RecordedOpenAIRequest): string[] {
  return (request.body.tools as { name: string; parameters: object }[]).map(
    (tool) => `${Object.keys(tool.parameters).join() === "type" ? "~" : ""}${tool.name}`,
  );
}

/** Search, call the found tool from its stub, answer: the run each format must complete. */
function searchCallAnswer(discovered: (request: RecordedOpenAIRequest) => string): ScriptedOpenAITurn[] {
  return [
    () => ({ calls: [{ name: "search_tools", arguments: { query: "post a message to a slack channel" } }] }),
    (request) => ({ calls: [{ name: discovered(request), arguments: { channel: "#ops", text: "deploy done" } }] }),
    () => ({ text: "Posted to #ops." }),
  ];
}

const STUBS = [
  "~github__create_issue",
  "~github__delete_repository",
  "~slack__post_message",
  "~calendar__create_event",
  "~postgres__query",
  "~filesystem__read_file",
];

describe("Chat Completions, end to end through the openai SDK", () => {
  async function chatLoop(
    turns: ScriptedOpenAITurn[],
    options: Partial<ToolSearchOptions> = {},
    calls: { name: string; input: unknown }[] = [],
  ) {
    const server = await serve(turns);
    const openai = client(server.url);
    const toolSearch = await createToolSearch({ tools: sampleTools(calls), tuning: LOW, ...options });
    const session = toolSearch.session("chat");
    const messages: OpenAI.ChatCompletionMessageParam[] = [
      { role: "user", content: "Tell #ops that the deploy is done." },
    ];
    for (let turn = 0; turn < turns.length; turn++) {
      const completion = await openai.chat.completions.create({
        model: MODEL,
        messages,
        tools: await session.tools({ format: "openai-chat" }),
      });
      const message = completion.choices[0]!.message;
      messages.push(message);
      if (!message.tool_calls?.length) break;
      messages.push(...(await Promise.all(message.tool_calls.map((call) => session.execute(call)))));
    }
    return { server, session, messages };
  }

  it("searches, calls a stub, and sends that tool in full from the next request", async () => {
    const calls: { name: string; input: unknown }[] = [];
    const discovered = (request: RecordedOpenAIRequest) => {
      const last = (request.body.messages as { role: string; content: string }[]).at(-1)!;
      return (JSON.parse(last.content) as { matches: { name: string }[] }).matches[0]!.name;
    };
    const { server, messages } = await chatLoop(searchCallAnswer(discovered), {}, calls);
    expect(calls).toEqual([{ name: "slack__post_message", input: { channel: "#ops", text: "deploy done" } }]);
    expect(server.requests).toHaveLength(3);
    const [first, second, third] = server.requests;
    expect(chatToolNames(first!)).toEqual(["search_tools", ...STUBS]);
    expect(chatToolNames(second!)).toEqual(["search_tools", ...STUBS]);
    expect(chatToolNames(third!)).toEqual([
      "search_tools",
      "slack__post_message",
      ...STUBS.filter((name) => name !== "~slack__post_message"),
    ]);
    const slack = (third!.body.tools as { function: { name: string; parameters: unknown; strict: unknown } }[]).find(
      (tool) => tool.function.name === "slack__post_message",
    )!;
    expect(slack.function.parameters).toEqual(SLACK_SCHEMA);
    // Strict mode cannot express a stub, so no tool is strict.
    for (const request of server.requests) {
      expect(
        (request.body.tools as { function: { strict: unknown } }[]).every((tool) => tool.function.strict === false),
      ).toBe(true);
    }
    const toolMessages = messages.filter((message) => message.role === "tool");
    expect(toolMessages).toHaveLength(2);
    expect(JSON.parse(String(toolMessages[1]!.content))).toEqual({ ok: true, tool: "slack__post_message" });
    expect(messages.at(-1)).toMatchObject({ role: "assistant", content: "Posted to #ops." });
  });

  it("answers arguments that are not JSON with an error that says so, runs nothing, and hydrates the tool", async () => {
    const calls: { name: string; input: unknown }[] = [];
    const { server, messages } = await chatLoop(
      [
        () => ({ calls: [{ name: "slack__post_message", arguments: '{"channel": "#ops", "text": ' }] }),
        () => ({ text: "I will try again." }),
      ],
      {},
      calls,
    );
    expect(calls).toEqual([]);
    const answer = messages.find((message) => message.role === "tool")!;
    expect(answer.content).toMatch(
      /^Error: Invalid input for slack__post_message; it was not run\.\nIts arguments are not valid JSON \(/,
    );
    expect(answer.content).toContain(JSON.stringify(SLACK_SCHEMA));
    expect(chatToolNames(server.requests[1]!)).toContain("slack__post_message");
  });

  it("answers every call of a parallel turn, in order, so the API accepts the next request", async () => {
    const calls: { name: string; input: unknown }[] = [];
    const { server, messages } = await chatLoop(
      [
        () => ({
          calls: [
            { name: "slack__post_message", arguments: { channel: "#ops", text: "a" } },
            { name: "no_such_tool", arguments: {} },
            { name: "postgres__query", arguments: { sql: "select 1" } },
          ],
        }),
        () => ({ text: "Done." }),
      ],
      {},
      calls,
    );
    expect(server.requests).toHaveLength(2);
    const tools = messages.filter(
      (message): message is OpenAI.ChatCompletionToolMessageParam => message.role === "tool",
    );
    expect(tools.map((message) => message.tool_call_id)).toEqual(["call_1", "call_2", "call_3"]);
    expect(tools[1]!.content).toMatch(/^Error: There is no tool named "no_such_tool"/);
    expect(calls.map((call) => call.name)).toEqual(["slack__post_message", "postgres__query"]);
  });
});

describe("long descriptions in the OpenAI formats", () => {
  const long: ToolDefinition = {
    name: "docs__search",
    description: `Search the documentation. ${"It covers every product, every version and every integration in detail. ".repeat(40)}Pass the product's slug as \`product\`.`,
    inputSchema: { type: "object", properties: { query: { type: "string" } }, required: ["query"] },
    execute: () => "found",
  };

  it("a long description goes out whole, and the API accepts the hydrated tool", async () => {
    const server = await serve([
      () => ({ calls: [{ name: "docs__search", arguments: { query: "rate limits" } }] }),
      () => ({ text: "Found it." }),
    ]);
    const openai = client(server.url);
    const session = (await createToolSearch({ tools: [long, ...sampleTools()], tuning: LOW })).session();
    const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: "user", content: "What are the rate limits?" }];
    const first = await openai.chat.completions.create({
      model: MODEL,
      messages,
      tools: await session.tools({ format: "openai-chat" }),
    });
    messages.push(
      first.choices[0]!.message,
      ...(await Promise.all(first.choices[0]!.message.tool_calls!.map((call) => session.execute(call)))),
    );
    // The hydrated tool now goes out in full, its last sentence too: the API takes long descriptions.
    await openai.chat.completions.create({
      model: MODEL,
      messages,
      tools: await session.tools({ format: "openai-chat" }),
    });
    const sent = (server.requests[1]!.body.tools as { function: { name: string; description: string } }[]).find(
      (tool) => tool.function.name === "docs__search",
    )!;
    expect(long.description.length).toBeGreaterThan(2000);
    expect(sent.function.description).toBe(long.description);
    const responses = await (await createToolSearch({ tools: [long] })).session().tools({ format: "openai-responses" });
    expect(responses[0]!.description).toBe(long.description);
  });
});

describe("the Responses API, end to end through the openai SDK", () => {
  async function responsesLoop(
    turns: ScriptedOpenAITurn[],
    calls: { name: string; input: unknown }[] = [],
    tools: ToolDefinition[] = sampleTools(calls),
  ) {
    const server = await serve(turns);
    const openai = client(server.url);
    const toolSearch = await createToolSearch({ tools, tuning: LOW });
    const session = toolSearch.session("responses");
    const input: OpenAI.Responses.ResponseInput = [{ role: "user", content: "Tell #ops that the deploy is done." }];
    let text = "";
    for (let turn = 0; turn < turns.length; turn++) {
      const response = await openai.responses.create({
        model: MODEL,
        input,
        tools: await session.tools({ format: "openai-responses" }),
      });
      // The SDK types output items apart from input items; the API takes them back as they are.
      input.push(...(response.output as OpenAI.Responses.ResponseInputItem[]));
      const functionCalls = response.output.filter((item) => item.type === "function_call");
      text = response.output_text;
      if (functionCalls.length === 0) break;
      input.push(...(await Promise.all(functionCalls.map((call) => session.execute(call)))));
    }
    return { server, input, text };
  }

  it("searches, calls a stub, and sends that tool in full from the next request", async () => {
    const calls: { name: string; input: unknown }[] = [];
    const discovered = (request: RecordedOpenAIRequest) => {
      const output = (request.body.input as { type?: string; output?: string }[])
        .filter((item) => item.type === "function_call_output")
        .at(-1)!;
      return (JSON.parse(String(output.output)) as { matches: { name: string }[] }).matches[0]!.name;
    };
    const { server, input, text } = await responsesLoop(searchCallAnswer(discovered), calls);
    expect(text).toBe("Posted to #ops.");
    expect(calls).toEqual([{ name: "slack__post_message", input: { channel: "#ops", text: "deploy done" } }]);
    const [first, , third] = server.requests;
    expect(responsesToolNames(first!)).toEqual(["search_tools", ...STUBS]);
    expect(responsesToolNames(third!)).toEqual([
      "search_tools",
      "slack__post_message",
      ...STUBS.filter((name) => name !== "~slack__post_message"),
    ]);
    // The server treats a tool without strict: false as strict, as the Responses API does, and
    // would refuse the stubs: every request went through, so every tool said so.
    for (const request of server.requests)
      expect((request.body.tools as { strict: unknown }[]).every((tool) => tool.strict === false)).toBe(true);
    const outputs = input.filter((item) => "type" in item && item.type === "function_call_output");
    expect(outputs).toHaveLength(2);
    expect(outputs[1]).toMatchObject({
      type: "function_call_output",
      call_id: "call_2",
      output: JSON.stringify({ ok: true, tool: "slack__post_message" }),
    });
  });

  it("answers arguments that are not JSON with an error that says so, and runs nothing", async () => {
    const calls: { name: string; input: unknown }[] = [];
    const { input } = await responsesLoop(
      [() => ({ calls: [{ name: "slack__post_message", arguments: "channel=#ops" }] }), () => ({ text: "Sorry." })],
      calls,
    );
    expect(calls).toEqual([]);
    const output = input.find((item) => "type" in item && item.type === "function_call_output") as { output: string };
    expect(output.output).toMatch(
      /^Error: Invalid input for slack__post_message; it was not run\.\nIts arguments are not valid JSON/,
    );
  });

  it("returns a tool's image as an input_image data URL", async () => {
    const chart: ToolDefinition = {
      name: "charts__render",
      description: "Render a chart as a PNG image.",
      inputSchema: { type: "object", properties: { title: { type: "string" } } },
      execute: () =>
        toolOutput({
          content: [
            { type: "text", text: "Here it is." },
            { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw0K" } },
          ],
        }),
    };
    const { input } = await responsesLoop(
      [() => ({ calls: [{ name: "charts__render", arguments: { title: "Q3" } }] }), () => ({ text: "Shown." })],
      [],
      [chart],
    );
    const output = input.find((item) => "type" in item && item.type === "function_call_output") as { output: unknown };
    expect(output.output).toEqual([
      { type: "input_text", text: "Here it is." },
      { type: "input_image", image_url: "data:image/png;base64,iVBORw0K", detail: "auto" },
    ]);
  });

  it("is refused by the API when a stub claims to be strict (why toolsift sends strict: false)", async () => {
    const server = await serve([() => ({ text: "never" })]);
    const session = (await createToolSearch({ tools: sampleTools(), tuning: LOW })).session();
    const stubs = (await session.tools({ format: "openai-responses" })).filter((tool) => tool.name !== "search_tools");
    const tools = stubs.map((tool) => ({ ...tool, strict: true }));
    await expect(client(server.url).responses.create({ model: MODEL, input: "hi", tools })).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(
        /Invalid schema for function 'github__create_issue': In context=\(\), 'additionalProperties' is required/,
      ),
    });
  });
});

/** One call in each format, with the same name and input. */
function callIn(format: ToolFormat, name: string, input: unknown, id = "call_1") {
  const calls = {
    "openai-chat": () => ({ id, type: "function" as const, function: { name, arguments: JSON.stringify(input) } }),
    "openai-responses": () => ({ type: "function_call" as const, call_id: id, name, arguments: JSON.stringify(input) }),
    anthropic: () => toolUse(name, input, id),
    gemini: () => toolUse(name, input, id),
  };
  return calls[format]();
}

/** The text of an answer in any format, without the OpenAI error mark, and whether it is an error. */
function answerText(answer: unknown): { text: string; error: boolean } {
  const record = answer as { content?: unknown; output?: unknown; is_error?: boolean };
  const body = record.content ?? record.output;
  const text = typeof body === "string" ? body : JSON.stringify(body);
  if ("is_error" in record || "tool_use_id" in record) return { text, error: record.is_error === true };
  return text.startsWith("Error: ") ? { text: text.slice("Error: ".length), error: true } : { text, error: false };
}

describe("the same contract in every format", () => {
  const FORMATS: ToolFormat[] = ["anthropic", "openai-chat", "openai-responses"];
  const SCENARIOS: [string, Partial<ToolSearchOptions>, string, unknown][] = [
    ["a valid call runs", {}, "slack__post_message", { channel: "#ops", text: "hi" }],
    ["an invalid input is refused with the schema", {}, "slack__post_message", { channel: 5 }],
    [
      "a denied tool is unknown",
      { permit: (tool) => tool.server !== "slack" },
      "slack__post_message",
      { channel: "#ops", text: "hi" },
    ],
    ["a destructive tool without approve does not run", {}, "github__delete_repository", { repo: "a/b" }],
    ["a destructive tool runs once approved", { approve: () => true }, "github__delete_repository", { repo: "a/b" }],
    ["a refused approval stops it", { approve: () => false }, "github__delete_repository", { repo: "a/b" }],
    ["search_tools answers", {}, "search_tools", { query: "post a message" }],
    ["an unknown tool is refused", {}, "nope", {}],
  ];

  it.each(SCENARIOS)("%s: the same text, runs and events in each format", async (_label, options, name, input) => {
    const outcomes = [];
    for (const format of FORMATS) {
      const calls: { name: string; input: unknown }[] = [];
      const events: ToolSearchEvent[] = [];
      const toolSearch = await createToolSearch({
        tools: sampleTools(calls),
        tuning: LOW,
        onEvent: (event) => events.push(event),
        ...options,
      });
      const session = toolSearch.session("s");
      const answer = await session.execute(callIn(format, name, input));
      const id =
        "tool_use_id" in answer
          ? answer.tool_use_id
          : "tool_call_id" in answer
            ? answer.tool_call_id
            : "call_id" in answer
              ? answer.call_id
              : answer.functionResponse.id;
      expect(id).toBe("call_1");
      outcomes.push({
        ...answerText(answer),
        calls,
        hydrated: session.hydrated(),
        events: events.filter((event) => event.type !== "search").map((event) => ({ ...event, ms: 0 })),
      });
    }
    expect(outcomes[1]).toEqual(outcomes[0]);
    expect(outcomes[2]).toEqual(outcomes[0]);
  });

  it("answers a custom tool call with an error and runs nothing", async () => {
    const calls: { name: string; input: unknown }[] = [];
    const session = (await createToolSearch({ tools: sampleTools(calls), tuning: LOW })).session();
    const answer = await session.execute({
      id: "call_9",
      type: "custom",
      custom: { name: "slack__post_message", input: "hi" },
    });
    expect(answer).toEqual({
      role: "tool",
      tool_call_id: "call_9",
      content: expect.stringMatching(/^Error: This tool call cannot be run: it is a custom tool call/),
    });
    expect(calls).toEqual([]);
  });

  it.each([
    ["no function object", { id: "c", type: "function" }],
    ["no name", { id: "c", type: "function", function: { arguments: "{}" } }],
    [
      "arguments that are an object, not a JSON string",
      { id: "c", type: "function", function: { name: "slack__post_message", arguments: { channel: "#ops" } } },
    ],
    ["no call_id", { type: "function_call", name: "slack__post_message", arguments: "{}" }],
    [
      "arguments that are JSON but not an object",
      { type: "function_call", call_id: "c", name: "slack__post_message", arguments: "[1,2]" },
    ],
  ])("answers an OpenAI call with %s with an error, in its format, and runs nothing", async (_label, call) => {
    const calls: { name: string; input: unknown }[] = [];
    const session = (await createToolSearch({ tools: sampleTools(calls), tuning: LOW })).session();
    const answer = await session.execute(call as never);
    expect(answerText(answer).error).toBe(true);
    expect(calls).toEqual([]);
  });

  it("treats empty arguments as no arguments", async () => {
    const calls: { name: string; input: unknown }[] = [];
    const tools: ToolDefinition[] = [
      {
        name: "clock__now",
        description: "The time now.",
        inputSchema: { type: "object" },
        execute: (input) => {
          calls.push({ name: "now", input });
          return "12:00";
        },
      },
    ];
    const session = (await createToolSearch({ tools })).session();
    expect(await session.execute({ type: "function_call", call_id: "c", name: "clock__now", arguments: "" })).toEqual({
      type: "function_call_output",
      call_id: "c",
      output: "12:00",
    });
    expect(calls).toEqual([{ name: "now", input: {} }]);
  });

  it("lays out the same block in each format", async () => {
    const session = (await createToolSearch({ tools: sampleTools(), tuning: LOW })).session();
    await session.execute(toolUse("slack__post_message", { channel: "#ops", text: "hi" }));
    const anthropic = await session.tools();
    const chat = await session.tools({ format: "openai-chat" });
    const responses = await session.tools({ format: "openai-responses" });
    expect(chat).toEqual(
      anthropic.map((tool) => ({
        type: "function",
        function: { name: tool.name, description: tool.description, parameters: tool.input_schema, strict: false },
      })),
    );
    expect(responses).toEqual(
      anthropic.map((tool) => ({
        type: "function",
        name: tool.name,
        description: tool.description,
        parameters: tool.input_schema,
        strict: false,
      })),
    );
  });

  it("refuses an unknown format, naming the known ones", async () => {
    const session = (await createToolSearch({ tools: sampleTools(), tuning: LOW })).session();
    await expect(session.tools({ format: "bedrock" } as never)).rejects.toThrow(OptionsError);
    await expect(session.tools({ format: "bedrock" } as never)).rejects.toThrow(
      /"anthropic", "openai-chat", "openai-responses", "gemini"; got "bedrock"/,
    );
  });
});
