// The local OpenAI server's function rules, each met through the real `openai` SDK, as a real
// client's request meets them: what OpenAI takes must be taken, what it refuses refused.
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { openAIServerPerTest } from "../../test/support/openai-api-server.js";

const serve = openAIServerPerTest();
const USER = { role: "user", content: "go" } as const;

async function client() {
  const server = await serve([() => ({ text: "ok" })]);
  return new OpenAI({ apiKey: "test", baseURL: server.url, maxRetries: 0 });
}

describe("the local OpenAI server's function rules", () => {
  it("takes a Chat function without parameters, as Qwen Code 0.24.4 sends its get_goal", async () => {
    // "Omitting parameters defines a function with an empty parameter list" (the API's reference).
    const tools = [{ type: "function", function: { name: "get_goal", description: "The goal." } }];
    const answer = (await client()).chat.completions.create({ model: "gpt-4o", messages: [USER], tools } as never);
    await expect(answer).resolves.toMatchObject({ choices: [{ message: { content: "ok" } }] });
  });

  it("takes a Responses function whose parameters are null, as the SDK types them", async () => {
    const tools = [{ type: "function", name: "get_goal", description: "The goal.", parameters: null, strict: false }];
    const answer = (await client()).responses.create({ model: "gpt-5.4", input: [USER], tools } as never);
    await expect(answer).resolves.toMatchObject({ output_text: "ok" });
  });

  it.each([
    [
      "a Chat function whose parameters are not an object schema",
      { type: "function", function: { name: "f", parameters: { type: "string" } } },
    ],
    [
      "a Chat function whose parameters are not a schema at all",
      { type: "function", function: { name: "f", parameters: "a" } },
    ],
  ])("refuses %s", async (_case, tool) => {
    const answer = (await client()).chat.completions.create({
      model: "gpt-4o",
      messages: [USER],
      tools: [tool],
    } as never);
    await expect(answer).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/Invalid schema for function 'f'/),
    });
  });

  it("refuses a Responses function that leaves out parameters, which the SDK types as required", async () => {
    const tools = [{ type: "function", name: "f", strict: false }];
    const answer = (await client()).responses.create({ model: "gpt-5.4", input: [USER], tools } as never);
    await expect(answer).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/Invalid schema for function 'f'/),
    });
  });
});
