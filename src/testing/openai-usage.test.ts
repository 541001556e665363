// Usage on the local OpenAI server, read by the real `openai` SDK: scripted counts and the
// prompt-cache simulation. Field names as OpenAI's API reference gives them: Chat's
// `usage.prompt_tokens` and `usage.prompt_tokens_details.cached_tokens`, Responses'
// `usage.input_tokens` and `usage.input_tokens_details.cached_tokens`. The caching rule is the
// Prompt Caching guide's: automatic for prompts of 1024 tokens or more, hits in steps of 128.
import OpenAI from "openai";
import { afterEach, describe, expect, it } from "vitest";
import { openAIServerPerTest, type OpenAIReply } from "./openai-api-server.js";

const serve = openAIServerPerTest(afterEach);
const MODEL = "gpt-test";
/** About 1500 tokens at 4 characters a token: over the 1024 OpenAI caches from. */
const LONG = "The deploy checklist, step by step. ".repeat(170);
const user = (content: string) => ({ role: "user" as const, content });

/** What the simulation reads of a prefix of `characters`: a token is 4 of them, nothing below 1024, then steps of 128. */
const cachedOf = (characters: number) => {
  const tokens = Math.floor(characters / 4);
  return tokens < 1024 ? 0 : tokens - (tokens % 128);
};

async function openai(turns: number, options = {}, reply: OpenAIReply = { text: "ok" }) {
  const server = await serve(
    Array.from({ length: turns }, () => () => reply),
    options,
  );
  return { server, client: new OpenAI({ apiKey: "test", baseURL: server.url, maxRetries: 0 }) };
}

describe("scripted usage", () => {
  it("reports what the turn says, cached tokens included, on both endpoints", async () => {
    const { client } = await openai(2, {}, { text: "ok", usage: { input: 4096, cached: 3968, output: 12 } });
    const chat = await client.chat.completions.create({ model: MODEL, messages: [user("hi")] });
    expect(chat.usage).toMatchObject({ prompt_tokens: 4096, completion_tokens: 12, total_tokens: 4108 });
    expect(chat.usage?.prompt_tokens_details?.cached_tokens).toBe(3968);
    const response = await client.responses.create({ model: MODEL, input: "hi" });
    expect(response.usage).toMatchObject({ input_tokens: 4096, output_tokens: 12, total_tokens: 4108 });
    expect(response.usage?.input_tokens_details.cached_tokens).toBe(3968);
  });

  it("reports 10 in, 10 out and nothing cached when neither the turn nor the options say otherwise", async () => {
    const { client } = await openai(1);
    const chat = await client.chat.completions.create({ model: MODEL, messages: [user(LONG)] });
    expect(chat.usage).toMatchObject({
      prompt_tokens: 10,
      completion_tokens: 10,
      prompt_tokens_details: { cached_tokens: 0 },
    });
  });
});

describe("the promptCache simulation", () => {
  it("Chat: reads the longest prefix an earlier request shares, in steps of 128 from 1024 tokens", async () => {
    const { client } = await openai(4, { promptCache: true });
    const first = await client.chat.completions.create({ model: MODEL, messages: [user(LONG)] });
    expect(first.usage?.prompt_tokens_details?.cached_tokens).toBe(0);
    expect(first.usage?.prompt_tokens).toBeGreaterThan(1024);

    const longer = [user(LONG), { role: "assistant" as const, content: "ok ".repeat(200) }, user("and then?")];
    const second = await client.chat.completions.create({ model: MODEL, messages: longer });
    // The serialized prompt is `tools`, a newline, then `messages`; the two share up to the end of the first message.
    const shared = `null\n[${JSON.stringify(user(LONG))}`.length;
    expect(second.usage?.prompt_tokens_details?.cached_tokens).toBe(cachedOf(shared));
    expect(cachedOf(shared)).toBeGreaterThanOrEqual(1024);
    expect(second.usage!.prompt_tokens).toBeGreaterThan(first.usage!.prompt_tokens);

    // The same request again reads more: the whole of the second request's prompt, rounded down to a step.
    const third = await client.chat.completions.create({ model: MODEL, messages: longer });
    expect(third.usage!.prompt_tokens_details!.cached_tokens).toBeGreaterThan(
      second.usage!.prompt_tokens_details!.cached_tokens!,
    );
    expect(third.usage!.prompt_tokens_details!.cached_tokens! % 128).toBe(0);
    expect(third.usage!.prompt_tokens - third.usage!.prompt_tokens_details!.cached_tokens!).toBeLessThan(128);

    // A change at the start breaks the prefix: nothing is read.
    const changed = await client.chat.completions.create({ model: MODEL, messages: [user(`Now: ${LONG}`)] });
    expect(changed.usage?.prompt_tokens_details?.cached_tokens).toBe(0);
  });

  it("Responses: the same on tools, instructions and input; per model; nothing for a prompt under 1024 tokens", async () => {
    const { client } = await openai(5, { promptCache: true });
    const cached = async (request: OpenAI.Responses.ResponseCreateParamsNonStreaming) =>
      (await client.responses.create(request)).usage?.input_tokens_details.cached_tokens;
    expect(await cached({ model: MODEL, instructions: LONG, input: "first" })).toBe(0);
    const hit = await cached({ model: MODEL, instructions: LONG, input: "second" });
    expect(hit).toBe(cachedOf(`null\n${JSON.stringify(LONG)}\n"`.length));
    expect(await cached({ model: "gpt-other", instructions: LONG, input: "second" })).toBe(0);
    expect(await cached({ model: MODEL, instructions: "short", input: "first" })).toBe(0);
    expect(await cached({ model: MODEL, instructions: "short", input: "first" })).toBe(0);
  });

  it("streams the simulated usage: the usage chunk and response.completed carry the cached tokens", async () => {
    const { client } = await openai(4, { promptCache: true });
    const chat = async () => {
      const stream = await client.chat.completions.create({
        model: MODEL,
        messages: [user(LONG)],
        stream: true,
        stream_options: { include_usage: true },
      });
      let usage: OpenAI.CompletionUsage | null | undefined;
      for await (const chunk of stream) usage = chunk.usage ?? usage;
      return usage?.prompt_tokens_details?.cached_tokens;
    };
    expect(await chat()).toBe(0);
    expect(await chat()).toBeGreaterThanOrEqual(1024);
    const responses = () => client.responses.stream({ model: MODEL, input: LONG }).finalResponse();
    expect((await responses()).usage?.input_tokens_details.cached_tokens).toBe(0);
    expect((await responses()).usage?.input_tokens_details.cached_tokens).toBeGreaterThanOrEqual(1024);
  });
});
