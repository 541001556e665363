/**
 * `toolsift/testing`: what you need to test your own tools and agent loops without a network
 * or an API key. Local stand-ins for the Anthropic Messages API and for OpenAI's Chat
 * Completions and Responses APIs play scripted turns to the real SDKs and record what those
 * send; a sample catalogue records what ran; an embedder wrapper records what was embedded.
 * The servers use Node's built-ins only and no test framework: pass yours its `afterEach`.
 *
 * @example
 * ```ts
 * import Anthropic from "@anthropic-ai/sdk";
 * import { afterEach, expect, it } from "vitest";
 * import { createToolSearch } from "toolsift";
import { runAgent } from "toolsift/agent";
 * import { reply, sampleTools, serverPerTest, type SampleToolCall } from "toolsift/testing";
 *
 * const serve = serverPerTest(afterEach);
 *
 * it("posts to Slack after a search", async () => {
 *   const server = await serve([
 *     () => reply.toolUse({ name: "search_tools", input: { query: "post a message to slack" } }),
 *     () => reply.toolUse({ name: "slack__post_message", input: { channel: "#ops", text: "deploy done" } }),
 *     () => reply.text("Posted."),
 *   ]);
 *   const calls: SampleToolCall[] = [];
 *   const toolSearch = await createToolSearch({ tools: sampleTools(calls) });
 *   const client = new Anthropic({ apiKey: "test", baseURL: server.url, maxRetries: 0 });
 *   await runAgent({ client, model: "claude-test", prompt: "Post 'deploy done' to #ops", toolSearch });
 *   expect(calls.map((call) => call.name)).toEqual(["slack__post_message"]);
 * });
 * ```
 *
 * @module
 */

export {
  lastToolResults,
  messageBody,
  previousToolUses,
  reply,
  serverPerTest,
  startMessagesApiServer,
  type MessagesApiServer,
  type MessagesApiServerOptions,
  type PromptCacheOptions,
  type RecordedRequest,
  type ScriptedReply,
  type ScriptedTurn,
  type StreamScript,
  type TransportFault,
  type UsageEntry,
  type UsageRecord,
  type WireBlock,
  type WireMessage,
  type WireRequest,
  type WireTool,
} from "../testing/messages-api-server.js";
export { INLINE_TOOLS_BETA, TOOL_CHANGES_BETA } from "../testing/messages-tool-changes.js";
export {
  openAIServerPerTest,
  startOpenAIApiServer,
  type OpenAIApiServer,
  type OpenAIApiServerOptions,
  type OpenAIEndpoint,
  type OpenAIReply,
  type OpenAIScriptedUsage,
  type OpenAIStreamScript,
  type RecordedOpenAIRequest,
  type ScriptedCall,
  type ScriptedOpenAITurn,
  type ScriptedToolSearch,
} from "../testing/openai-api-server.js";
export { sampleTools, toolUse, type SampleToolCall } from "../testing/sample-tools.js";
export { countingEmbedder, type CountingEmbedder } from "../testing/counting-embedder.js";
export type { AfterEachHook } from "../testing/per-test.js";
/**
 * What a ranker indexes for a tool (its words and a fingerprint): to test a `Ranker` of
 * your own without a tool search, e.g. `await myRanker.update(tools.map(rankDocumentOf))`.
 */
export { rankDocumentOf } from "../ranking/index.js";
