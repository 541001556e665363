export { anthropicProvider } from "./anthropic/anthropic-provider.js";
export { openAIChatProvider } from "./openai-chat/openai-chat-provider.js";
export {
  openAIResponsesProvider,
  type OpenAIResponsesProviderOptions,
} from "./openai-responses/openai-responses-provider.js";
export {
  isProviderOutage,
  type ApiLabel,
  type TurnFailure,
} from "./model-call-failure.js";
export type {
  ModelProvider,
  ProviderAnswer,
  ProviderCall,
  ProviderCallOptions,
  ProviderName,
  ProviderReply,
  ProviderTurn,
  StreamedPart,
} from "./model-provider.js";
