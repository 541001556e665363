// An AI SDK user's view of the packed toolsift/ai (with the DOM lib, which ai's own types need): what aiSdkTools returns spreads into
// generateText and streamText as they are, with ai's own types. Type-checked once ai is
// installed in the consumer, after the checks that must run without it.
import { generateText, stepCountIs, streamText, type LanguageModel } from "ai";
import { createToolSearch, type ToolDefinition } from "toolsift";
import { ToolCallError, aiSdkTools, type AiSdkTools } from "toolsift/ai";

export async function main(model: LanguageModel, tools: ToolDefinition[]): Promise<string> {
  const toolSearch = await createToolSearch({ tools });
  const sift: AiSdkTools = await aiSdkTools(toolSearch.session("chat-1", { context: { userId: "u-7" } }));
  const result = await generateText({ model, prompt: "Tidy up.", stopWhen: stepCountIs(8), ...sift });
  const failed = result.steps
    .flatMap((step) => step.content)
    .filter((part) => part.type === "tool-error" && part.error instanceof ToolCallError);
  const stream = streamText({ model, prompt: "Again.", ...sift });
  return `${result.text} ${failed.length} ${await stream.text}`;
}
