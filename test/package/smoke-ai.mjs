// Runs in the fresh project once ai is installed there too: the packed toolsift/ai gives the
// AI SDK's generateText the session's tools, and a stub the model calls is sent in full from
// the next step. The model is the AI SDK's own mock: no network.
import assert from "node:assert/strict";
import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { createToolSearch } from "toolsift";
import { aiSdkTools } from "toolsift/ai";

const padding = Object.fromEntries(
  Array.from({ length: 12 }, (_, i) => [
    `option_${i}`,
    { type: "string", description: `A rarely needed option, number ${i}.` },
  ]),
);
const ran = [];
const tools = ["github__create_issue", "slack__post_message", "calendar__create_event"].map((name) => ({
  name,
  description: `The ${name.replace("__", " ").replace(/_/g, " ")} tool.`,
  inputSchema: { type: "object", properties: { text: { type: "string" }, ...padding }, required: ["text"] },
  execute: (input) => (ran.push([name, input]), "done"),
}));
const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};
const replies = [
  {
    content: [{ type: "tool-call", toolCallId: "c1", toolName: "slack__post_message", input: '{"text":"hi"}' }],
    finishReason: { unified: "tool-calls", raw: "tool_calls" },
    usage,
    warnings: [],
  },
  { content: [{ type: "text", text: "Posted." }], finishReason: { unified: "stop", raw: "stop" }, usage, warnings: [] },
];
const model = new MockLanguageModelV3({ doGenerate: async () => replies.shift() });
const toolSearch = await createToolSearch({ tools, tuning: { toolSearchThresholdTokens: 50 } });
const result = await generateText({
  model,
  prompt: "Say hi in Slack.",
  stopWhen: stepCountIs(3),
  ...(await aiSdkTools(toolSearch.session("ai"))),
});
assert.equal(result.text, "Posted.");
assert.deepEqual(ran, [["slack__post_message", { text: "hi" }]]);
const full = (call) => call.tools.filter((tool) => Object.keys(tool.inputSchema).length > 1).map((tool) => tool.name);
assert.deepEqual(full(model.doGenerateCalls[0]), ["search_tools"]);
assert.deepEqual(full(model.doGenerateCalls[1]), ["search_tools", "slack__post_message"]);
console.log(JSON.stringify({ module: "esm", ai: true, steps: result.steps.length }));
