// The local OpenAI server's streams, read by the real `openai` SDK. Field names as OpenAI's API
// reference gives them: Chat's `chat.completion.chunk` with `choices[].delta` (`role`, `content`,
// `tool_calls[{ index, id, type, function: { name, arguments } }]`), `finish_reason`, and with
// `stream_options: { include_usage: true }` a last chunk of empty `choices` carrying `usage`, then
// `data: [DONE]`; Responses' typed events (`response.created`, `response.output_item.added`,
// `response.output_text.delta`, `response.function_call_arguments.delta` / `.done`,
// `response.output_item.done`, `response.completed`), each with a `sequence_number`.
import OpenAI from "openai";
import { afterEach, describe, expect, it } from "vitest";
import { openAIServerPerTest, type OpenAIReply } from "./openai-api-server.js";

const serve = openAIServerPerTest(afterEach);
const MODEL = "gpt-test";
const TEXT = "It is sunny in Paris today.";
const ARGS = { city: "Paris", units: "metric", detail: "hourly" };
const CALLS: OpenAIReply = {
  text: TEXT,
  calls: [
    { name: "get_weather", arguments: ARGS, id: "call_a" },
    { name: "get_time", arguments: { zone: "Europe/Paris" }, id: "call_b" },
  ],
};
const CHAT_TOOL = (name: string) => ({
  type: "function" as const,
  function: { name, parameters: { type: "object", properties: {} } },
});
const CHAT = {
  model: MODEL,
  messages: [{ role: "user" as const, content: "weather?" }],
  tools: [CHAT_TOOL("get_weather"), CHAT_TOOL("get_time")],
};
const RESPONSES_TOOL = (name: string) => ({
  type: "function" as const,
  name,
  parameters: { type: "object", properties: {} },
  strict: false,
});
const RESPONSES = {
  model: MODEL,
  input: "weather?",
  tools: [RESPONSES_TOOL("get_weather"), RESPONSES_TOOL("get_time")],
};

async function client(reply: OpenAIReply) {
  const server = await serve([() => reply]);
  return { server, openai: new OpenAI({ apiKey: "test", baseURL: server.url, maxRetries: 0 }) };
}

describe("Chat Completions streaming", () => {
  it("sends the role first, text and arguments in pieces, the finish_reason, the usage chunk, then [DONE]", async () => {
    const { openai } = await client({ ...CALLS, usage: { input: 1300, cached: 1280, output: 7 } });
    const stream = await openai.chat.completions.create({
      ...CHAT,
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks: OpenAI.Chat.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);

    expect(chunks.every((chunk) => chunk.object === "chat.completion.chunk" && chunk.id === chunks[0]!.id)).toBe(true);
    expect(chunks[0]!.choices[0]!.delta.role).toBe("assistant");
    const deltas = chunks.flatMap((chunk) => chunk.choices.map((choice) => choice.delta));
    const text = deltas.map((delta) => delta.content ?? "");
    expect(text.filter(Boolean).length).toBeGreaterThan(2);
    expect(text.join("")).toBe(TEXT);
    const toolDeltas = deltas.flatMap((delta) => delta.tool_calls ?? []);
    // Each call opens with its index, id, type and name, with empty arguments; later pieces carry only arguments.
    expect(toolDeltas.filter((delta) => delta.id)).toEqual([
      { index: 0, id: "call_a", type: "function", function: { name: "get_weather", arguments: "" } },
      { index: 1, id: "call_b", type: "function", function: { name: "get_time", arguments: "" } },
    ]);
    const weatherPieces = toolDeltas.filter((delta) => delta.index === 0 && !delta.id);
    expect(weatherPieces.length).toBeGreaterThan(2);
    expect(weatherPieces.every((delta) => Object.keys(delta.function!).join() === "arguments")).toBe(true);
    expect(JSON.parse(weatherPieces.map((delta) => delta.function!.arguments).join(""))).toEqual(ARGS);

    const finishes = chunks.flatMap((chunk) => chunk.choices.map((choice) => choice.finish_reason)).filter(Boolean);
    expect(finishes).toEqual(["tool_calls"]);
    const last = chunks.at(-1)!;
    expect(last.choices).toEqual([]);
    expect(last.usage).toEqual({
      prompt_tokens: 1300,
      completion_tokens: 7,
      total_tokens: 1307,
      prompt_tokens_details: { cached_tokens: 1280 },
      completion_tokens_details: { reasoning_tokens: 0 },
    });
    expect(chunks.slice(0, -1).every((chunk) => chunk.usage === null)).toBe(true);
  });

  it("ends the body with data: [DONE], and leaves usage out unless include_usage asks for it", async () => {
    const { server } = await client({ text: "hi" });
    const body = await fetch(`${server.url}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...CHAT, stream: true }),
    });
    expect(body.headers.get("content-type")).toBe("text/event-stream");
    const text = await body.text();
    expect(text.endsWith("data: [DONE]\n\n")).toBe(true);
    expect(text).not.toContain("usage");
    expect(text).not.toMatch(/^event:/m);
  });

  it("accumulates, through the SDK's stream() helper, to what the same reply answers unstreamed", async () => {
    const whole = await (await client(CALLS)).openai.chat.completions.create(CHAT);
    const streamed = await (await client(CALLS)).openai.chat.completions
      .stream({ ...CHAT, stream_options: { include_usage: true } })
      .finalChatCompletion();
    // The helper adds `parsed: null` to a message it had no schema to parse by; nothing else differs.
    const withParsed = whole.choices.map((choice) => ({ ...choice, message: { ...choice.message, parsed: null } }));
    expect(streamed).toEqual({ ...whole, choices: withParsed });
    expect(whole.choices[0]!.message.tool_calls).toHaveLength(2);
  });
});

describe("Responses streaming", () => {
  it("sends the documented events in order, each with its type and a rising sequence_number", async () => {
    const { openai } = await client({ ...CALLS, usage: { input: 2000, cached: 1920 } });
    const stream = await openai.responses.create({ ...RESPONSES, stream: true });
    const events: OpenAI.Responses.ResponseStreamEvent[] = [];
    for await (const event of stream) events.push(event);

    expect(events.map((event) => event.sequence_number)).toEqual(events.map((_, index) => index));
    const kinds = [...new Set(events.map((event) => event.type))];
    expect(kinds).toEqual([
      "response.created",
      "response.in_progress",
      "response.output_item.added",
      "response.content_part.added",
      "response.output_text.delta",
      "response.output_text.done",
      "response.content_part.done",
      "response.output_item.done",
      "response.function_call_arguments.delta",
      "response.function_call_arguments.done",
      "response.completed",
    ]);
    const created = events[0] as OpenAI.Responses.ResponseCreatedEvent;
    expect(created.response).toMatchObject({ status: "in_progress", output: [] });
    const textDeltas = events.filter((event) => event.type === "response.output_text.delta");
    expect(textDeltas.length).toBeGreaterThan(2);
    expect(textDeltas.map((event) => event.delta).join("")).toBe(TEXT);
    const argDeltas = events.filter(
      (event) => event.type === "response.function_call_arguments.delta" && event.output_index === 1,
    ) as OpenAI.Responses.ResponseFunctionCallArgumentsDeltaEvent[];
    expect(argDeltas.length).toBeGreaterThan(2);
    expect(JSON.parse(argDeltas.map((event) => event.delta).join(""))).toEqual(ARGS);
    const done = events.filter((event) => event.type === "response.function_call_arguments.done");
    expect(done.map((event) => [event.output_index, event.item_id, JSON.parse(event.arguments)])).toEqual([
      [1, "fc_call_a", ARGS],
      [2, "fc_call_b", { zone: "Europe/Paris" }],
    ]);
    const added = events.filter((event) => event.type === "response.output_item.added");
    expect(
      added.map((event) => [event.output_index, event.item.type, (event.item as { status?: string }).status]),
    ).toEqual([
      [0, "message", "in_progress"],
      [1, "function_call", "in_progress"],
      [2, "function_call", "in_progress"],
    ]);
    const completed = events.at(-1) as OpenAI.Responses.ResponseCompletedEvent;
    expect(completed.response.status).toBe("completed");
    expect(completed.response.usage).toEqual({
      input_tokens: 2000,
      output_tokens: 10,
      total_tokens: 2010,
      input_tokens_details: { cached_tokens: 1920 },
      output_tokens_details: { reasoning_tokens: 0 },
    });
  });

  it("frames each event as an event: line naming its type, then its data: line, with no [DONE]", async () => {
    const { server } = await client({ text: "hi" });
    const text = await (
      await fetch(`${server.url}/responses`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ model: MODEL, input: "hi", stream: true }),
      })
    ).text();
    const frames = text.trimEnd().split("\n\n");
    for (const frame of frames) {
      const [event, data, ...rest] = frame.split("\n");
      expect(rest).toEqual([]);
      expect(event).toBe(`event: ${JSON.parse(data!.slice("data: ".length)).type}`);
    }
    expect(text).not.toContain("[DONE]");
  });

  it("accumulates, through the SDK's stream() helper, to what the same reply answers unstreamed", async () => {
    // parse() is create() with the helper's parsing fields (`output_parsed`, `parsed_arguments`) added, as stream() adds them.
    const whole = await (await client(CALLS)).openai.responses.parse(RESPONSES);
    const streamed = await (await client(CALLS)).openai.responses.stream(RESPONSES).finalResponse();
    expect(streamed).toEqual(whole);
    expect(whole.output.map((item) => item.type)).toEqual(["message", "function_call", "function_call"]);
  });

  it("streams a hosted tool search's tool_search_call and tool_search_output as output items", async () => {
    const deferred = { ...RESPONSES_TOOL("slack_post"), defer_loading: true };
    const tools = [
      { type: "tool_search", execution: "server" },
      { type: "namespace", name: "slack", description: "Slack.", tools: [deferred] },
    ];
    const reply: OpenAIReply = {
      toolSearches: [{ arguments: { query: "post to slack" }, load: ["slack_post"] }],
      calls: [{ name: "slack_post", arguments: { text: "hi" } }],
    };
    const request = { model: MODEL, input: "post hi", tools: tools as OpenAI.Responses.Tool[] };
    const { openai } = await client(reply);
    const events: OpenAI.Responses.ResponseStreamEvent[] = [];
    for await (const event of await openai.responses.create({ ...request, stream: true })) events.push(event);
    const items = events.filter((event) => event.type === "response.output_item.done").map((event) => event.item);
    expect(items.map((item) => item.type)).toEqual(["tool_search_call", "tool_search_output", "function_call"]);
    expect(items[1]).toMatchObject({ execution: "server", tools: [{ type: "namespace", name: "slack" }] });
    expect(items[2]).toMatchObject({ name: "slack_post", namespace: "slack" });
    const whole = await (await client(reply)).openai.responses.parse(request);
    expect(await (await client(reply)).openai.responses.stream(request).finalResponse()).toEqual(whole);
  });
});

describe("a long streamed text", () => {
  // About 1 MB: a model's long answer, or a hostile one. Cut into deltas of a few characters it
  // was ~175,000 events, spread into one push() call on Responses (a stack overflow).
  const LONG = "All work and no play makes a long answer. ".repeat(25_000);

  it("streams whole on Chat Completions, in a bounded number of chunks", async () => {
    const { openai } = await client({ text: LONG });
    const stream = await openai.chat.completions.create({ ...CHAT, stream: true });
    let text = "";
    let chunks = 0;
    for await (const chunk of stream) {
      chunks++;
      text += chunk.choices[0]?.delta.content ?? "";
    }
    expect(text).toBe(LONG);
    expect(chunks).toBeLessThanOrEqual(1100);
  });

  it("streams whole on Responses, in a bounded number of events", async () => {
    const { openai } = await client({ text: LONG });
    const stream = await openai.responses.create({ ...RESPONSES, stream: true });
    let text = "";
    let events = 0;
    for await (const event of stream) {
      events++;
      if (event.type === "response.output_text.delta") text += event.delta;
    }
    expect(text).toBe(LONG);
    expect(events).toBeLessThanOrEqual(1100);
  });
});
