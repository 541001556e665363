// Faults of the local OpenAI server, met by the real `openai` SDK: broken connections, a reply
// that never comes (and the AbortSignal that gives up on it), a stream held mid-reply, and the
// mid-stream errors OpenAI sends: on Chat a `data:` line of `{ "error": { message, type, param,
// code } }`; on Responses an `error` event (`code`, `message`, `param`, `sequence_number`) or a
// `response.failed` event whose `response` has `status: "failed"` and an `error`.
import OpenAI from "openai";
import { afterEach, describe, expect, it } from "vitest";
import { openAIServerPerTest, type OpenAIReply } from "./openai-api-server.js";

const serve = openAIServerPerTest(afterEach);
const MODEL = "gpt-test";
const CHAT = { model: MODEL, messages: [{ role: "user" as const, content: "hi" }] };
const LONG_TEXT = "A reply long enough to stream in many pieces.";

async function client(...replies: OpenAIReply[]) {
  const server = await serve(replies.map((reply) => () => reply));
  return { server, openai: new OpenAI({ apiKey: "test", baseURL: server.url, maxRetries: 0 }) };
}

describe("transport faults", () => {
  it("reset-before-headers and reset-mid-body break the connection, unstreamed and streamed", async () => {
    const { openai } = await client(
      { fault: "reset-before-headers" },
      { fault: "reset-mid-body" },
      { fault: "reset-before-headers" },
    );
    await expect(openai.chat.completions.create(CHAT)).rejects.toBeInstanceOf(OpenAI.APIConnectionError);
    await expect(openai.responses.create({ model: MODEL, input: "hi" })).rejects.toThrow();
    await expect(openai.responses.create({ model: MODEL, input: "hi", stream: true })).rejects.toBeInstanceOf(
      OpenAI.APIConnectionError,
    );
  });

  it("reset-mid-body on a streamed request sends the first events, then cuts the stream", async () => {
    const { openai } = await client({ fault: "reset-mid-body" });
    const stream = await openai.chat.completions.create({ ...CHAT, stream: true });
    const chunks: unknown[] = [];
    await expect(
      (async () => {
        for await (const chunk of stream) chunks.push(chunk);
      })(),
    ).rejects.toThrow();
    expect(chunks.length).toBeGreaterThan(0);
  });

  it("hang answers nothing: an AbortSignal ends the wait, and the SDK's timeout does too", async () => {
    const { openai, server } = await client({ fault: "hang" }, { fault: "hang" });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await expect(openai.chat.completions.create(CHAT, { signal: controller.signal })).rejects.toBeInstanceOf(
      OpenAI.APIUserAbortError,
    );
    await expect(
      openai.responses.create({ model: MODEL, input: "hi", stream: true }, { timeout: 100 }),
    ).rejects.toBeInstanceOf(OpenAI.APIConnectionTimeoutError);
    expect(server.requests).toHaveLength(2);
  });

  it("an HTTP error scripted for a streamed request is an error before any event", async () => {
    const { openai } = await client({ status: 429, error: { message: "Slow down", type: "rate_limit_error" } });
    await expect(openai.chat.completions.create({ ...CHAT, stream: true })).rejects.toMatchObject({
      status: 429,
      message: expect.stringContaining("Slow down"),
    });
  });
});

describe("stream scripts", () => {
  it("pause holds the stream after that many events until the promise settles", async () => {
    let release!: () => void;
    const until = new Promise<void>((resolve) => (release = resolve));
    const { openai } = await client({ text: LONG_TEXT, stream: { pause: { after: 3, until } } });
    const stream = await openai.chat.completions.create({ ...CHAT, stream: true });
    const chunks: unknown[] = [];
    const read = (async () => {
      for await (const chunk of stream) chunks.push(chunk);
    })();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(chunks).toHaveLength(3);
    release();
    await read;
    expect(chunks.length).toBeGreaterThan(3);
  });

  it("a paused stream ends when the client aborts it mid-reply", async () => {
    const { openai } = await client({
      text: LONG_TEXT,
      stream: { pause: { after: 2, until: new Promise(() => {}) } },
    });
    const controller = new AbortController();
    const stream = await openai.responses.create(
      { model: MODEL, input: "hi", stream: true },
      { signal: controller.signal },
    );
    const events: string[] = [];
    const read = (async () => {
      for await (const event of stream) {
        events.push(event.type);
        if (events.length === 2) setTimeout(() => controller.abort(), 20);
      }
    })();
    // The SDK ends an aborted for-await quietly; a hung server would keep this waiting past the test's timeout.
    await read;
    expect(events).toEqual(["response.created", "response.in_progress"]);
  });

  it("Chat: error sends OpenAI's mid-stream error after that many chunks, and the SDK throws it", async () => {
    const { openai } = await client({
      text: LONG_TEXT,
      stream: { error: { after: 4, message: "The server had an error while processing your request." } },
    });
    const stream = await openai.chat.completions.create({ ...CHAT, stream: true });
    const chunks: unknown[] = [];
    const failure = await (async () => {
      for await (const chunk of stream) chunks.push(chunk);
    })().catch((error: unknown) => error);
    expect(chunks).toHaveLength(4);
    expect(failure).toBeInstanceOf(OpenAI.APIError);
    expect(failure).toMatchObject({ message: expect.stringContaining("while processing"), type: "server_error" });
  });

  it("Responses: error sends an error event at that sequence_number, and the stream ends without response.completed", async () => {
    const { openai } = await client({
      text: LONG_TEXT,
      stream: { error: { after: 5, message: "overloaded", code: "server_is_overloaded" } },
    });
    const events: OpenAI.Responses.ResponseStreamEvent[] = [];
    for await (const event of await openai.responses.create({ model: MODEL, input: "hi", stream: true }))
      events.push(event);
    expect(events).toHaveLength(6);
    expect(events.at(-1)).toEqual({
      type: "error",
      code: "server_is_overloaded",
      message: "overloaded",
      param: null,
      sequence_number: 5,
    });
    expect(events.some((event) => event.type === "response.completed")).toBe(false);
  });

  it("Responses: error with event response.failed ends on a failed response naming the error", async () => {
    const { openai } = await client({
      text: LONG_TEXT,
      stream: { error: { after: 3, message: "overloaded", event: "response.failed" } },
    });
    const events: OpenAI.Responses.ResponseStreamEvent[] = [];
    for await (const event of await openai.responses.create({ model: MODEL, input: "hi", stream: true }))
      events.push(event);
    expect(events.map((event) => event.sequence_number)).toEqual([0, 1, 2, 3]);
    const failed = events.at(-1) as OpenAI.Responses.ResponseFailedEvent;
    expect(failed.type).toBe("response.failed");
    expect(failed.response).toMatchObject({ status: "failed", error: { code: "server_error", message: "overloaded" } });
  });

  it("the SDK's responses.stream() helper rejects on the error event", async () => {
    const { openai } = await client({ text: LONG_TEXT, stream: { error: { after: 2, message: "overloaded" } } });
    await expect(openai.responses.stream({ model: MODEL, input: "hi" }).finalResponse()).rejects.toMatchObject({
      type: "error",
      message: "overloaded",
    });
  });
});
