import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { afterEach, describe, expect, it } from "vitest";
import {
  countingEmbedder,
  lastToolResults,
  openAIServerPerTest,
  reply,
  sampleTools,
  serverPerTest,
  startMessagesApiServer,
  type MessagesApiServer,
} from "./index.js";

const serve = serverPerTest(afterEach);
const serveOpenAI = openAIServerPerTest(afterEach);

describe("toolsift/testing's Messages API server, through the real Anthropic SDK", () => {
  it("plays a tool call and a text turn, streamed or not, and records the requests", async () => {
    const server = await serve([
      () => reply.toolUse({ name: "slack__post_message", input: { channel: "#ops", text: "hi" }, id: "toolu_post" }),
      (request) => reply.text(`got ${lastToolResults(request).length} result`),
    ]);
    const client = new Anthropic({ apiKey: "test", baseURL: server.url, maxRetries: 0 });
    const tools = [
      {
        name: "slack__post_message",
        description: "Post to Slack.",
        input_schema: { type: "object" as const, properties: {} },
      },
    ];
    const first = await client.messages.create({
      model: "claude-test",
      max_tokens: 100,
      tools,
      messages: [{ role: "user", content: "post hi" }],
    });
    expect(first.stop_reason).toBe("tool_use");
    expect(first.content).toEqual([
      { type: "tool_use", id: "toolu_post", name: "slack__post_message", input: { channel: "#ops", text: "hi" } },
    ]);
    const second = await client.messages
      .stream({
        model: "claude-test",
        max_tokens: 100,
        tools,
        messages: [
          { role: "user", content: "post hi" },
          { role: "assistant", content: first.content },
          { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_post", content: "posted" }] },
        ],
      })
      .finalMessage();
    expect(second.content).toMatchObject([{ type: "text", text: "got 1 result" }]);
    expect(server.requests.map((request) => request.body.messages.length)).toEqual([1, 3]);
  });

  it("rejects, as the real API does, a transcript that leaves a tool_use unanswered", async () => {
    // Started by hand, so closed by hand.
    const server = await startMessagesApiServer([() => reply.text("never")]);
    try {
      const client = new Anthropic({ apiKey: "test", baseURL: server.url, maxRetries: 0 });
      const call = client.messages.create({
        model: "claude-test",
        max_tokens: 100,
        messages: [
          { role: "user", content: "go" },
          { role: "assistant", content: [{ type: "tool_use", id: "toolu_1", name: "x", input: {} }] },
          { role: "user", content: "and?" },
        ],
      });
      await expect(call).rejects.toMatchObject({ status: 400, message: expect.stringContaining("toolu_1") });
    } finally {
      await server.close();
    }
  });

  it("answers text blocks without a citations field, as the API does when a reply cites nothing", async () => {
    // The API omits `citations` unless the reply cites a document; a null there is refused by
    // clients that parse strictly (the AI SDK's Anthropic provider answers "Invalid JSON response").
    const server = await serve([() => reply.text("plain"), () => reply.text("streamed")]);
    const post = (stream: boolean) =>
      fetch(`${server.url}/v1/messages`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ model: "m", max_tokens: 10, stream, messages: [{ role: "user", content: "hi" }] }),
      }).then((response) => response.text());
    const plain = JSON.parse(await post(false)) as { content: Record<string, unknown>[] };
    expect(plain.content).toEqual([{ type: "text", text: "plain" }]);
    const streamed = await post(true);
    expect(streamed).toContain('"content_block":{"type":"text","text":""}');
    expect(streamed).not.toContain("citations");
  });

  let previous: MessagesApiServer | undefined;
  it("serverPerTest starts a server for the test…", async () => {
    previous = await serve([() => reply.text("hi")]);
    expect((await fetch(`${previous.url}/v1/messages`, { method: "GET" })).status).toBe(404);
  });
  it("…and closes it after that test", async () => {
    await expect(fetch(`${previous!.url}/v1/messages`)).rejects.toThrow();
  });
});

describe("toolsift/testing's OpenAI server, through the real openai SDK", () => {
  it("plays function calls and text on Chat Completions and on Responses", async () => {
    const server = await serveOpenAI([
      () => ({ calls: [{ name: "search_tools", arguments: { query: "weather" }, id: "call_1" }] }),
      () => ({ text: "Sunny." }),
    ]);
    const client = new OpenAI({ apiKey: "test", baseURL: server.url, maxRetries: 0 });
    const chat = await client.chat.completions.create({
      model: "gpt-test",
      messages: [{ role: "user", content: "weather?" }],
    });
    expect(chat.choices[0]?.message.tool_calls).toMatchObject([
      { id: "call_1", function: { name: "search_tools", arguments: '{"query":"weather"}' } },
    ]);
    const response = await client.responses.create({ model: "gpt-test", input: "weather?" });
    expect(response.output_text).toBe("Sunny.");
    expect(server.requests.map((request) => request.endpoint)).toEqual(["chat", "responses"]);
  });
});

describe("toolsift/testing's fixtures", () => {
  it("sampleTools records what ran; countingEmbedder records what was embedded", async () => {
    const calls: { name: string; input: unknown }[] = [];
    const post = sampleTools(calls).find((tool) => tool.name === "slack__post_message");
    await post?.execute?.({ channel: "#ops", text: "hi" }, { sessionId: undefined, stage: "execute" });
    expect(calls).toEqual([{ name: "slack__post_message", input: { channel: "#ops", text: "hi" } }]);

    const embedder = await countingEmbedder({
      id: "fake",
      dimensions: 1,
      embed: async (texts) => texts.map(() => Float32Array.of(1)),
    });
    expect(await embedder.embed(["open a ticket"])).toEqual([Float32Array.of(1)]);
    expect(embedder.embedded).toEqual(["open a ticket"]);
  });

  it("depend on Node's built-ins and toolsift's own modules only: no test framework, nothing of test/", () => {
    const here = dirname(fileURLToPath(import.meta.url));
    const src = resolve(here, "..");
    const sources = readdirSync(here).filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"));
    expect(sources).toContain("index.ts");
    for (const file of sources) {
      const text = readFileSync(join(here, file), "utf8");
      const specifiers = [...text.matchAll(/^(?:import|export)\b(?:[^;"]*?\bfrom)?\s*"([^"]+)"/gms)].map(
        (match) => match[1],
      );
      for (const specifier of specifiers) {
        const where = `${file} imports ${specifier}`;
        if (specifier!.startsWith("node:")) continue;
        expect(specifier!.startsWith("."), where).toBe(true);
        expect(resolve(here, specifier!).startsWith(src), where).toBe(true);
      }
    }
  });
});
