// The README's OpenAI loops, type-checked by `npm test` (tsc) against the real openai SDK types.
// Not run: it would need an API key.
import OpenAI from "openai";
import type { ToolSearch } from "../../src/index.js";

export async function chatLoop(toolSearch: ToolSearch) {
  const openai = new OpenAI();
  const session = toolSearch.session("run-42");
  const messages: OpenAI.ChatCompletionMessageParam[] = [
    { role: "user", content: "File a bug about the checkout crash" },
  ];
  for (let turn = 0; turn < 8; turn++) {
    const completion = await openai.chat.completions.create({
      model: "gpt-5",
      messages,
      tools: await session.tools({ format: "openai-chat" }),
    });
    const message = completion.choices[0]!.message;
    messages.push(message);
    if (!message.tool_calls?.length) break;
    messages.push(...(await Promise.all(message.tool_calls.map((call) => session.execute(call)))));
  }
}

export async function responsesLoop(toolSearch: ToolSearch) {
  const openai = new OpenAI();
  const session = toolSearch.session("run-43");
  const input: OpenAI.Responses.ResponseInput = [{ role: "user", content: "File a bug about the checkout crash" }];
  for (let turn = 0; turn < 8; turn++) {
    const response = await openai.responses.create({
      model: "gpt-5",
      input,
      tools: await session.tools({ format: "openai-responses" }),
    });
    input.push(...(response.output as OpenAI.Responses.ResponseInputItem[]));
    const calls = response.output.filter((item) => item.type === "function_call");
    if (calls.length === 0) break;
    input.push(...(await Promise.all(calls.map((call) => session.execute(call)))));
  }
}
