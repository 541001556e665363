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
} from "./messages-api-server.js";
export { INLINE_TOOLS_BETA, TOOL_CHANGES_BETA } from "./messages-tool-changes.js";
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
} from "./openai-api-server.js";
export { sampleTools, toolUse, type SampleToolCall } from "./sample-tools.js";
export { countingEmbedder, type CountingEmbedder } from "./counting-embedder.js";
export type { AfterEachHook } from "./per-test.js";
// What a ranker indexes for a tool: to test a Ranker of your own without a tool search.
export { rankDocumentOf } from "../ranking/index.js";
