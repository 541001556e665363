import { OptionsError } from "../../../errors.js";
import { capToolBlock, type SessionView } from "../../../session/index.js";
import type { AgentStrategy } from "../../strategies/index.js";
import {
  MAX_OPENAI_CHAT_TOOLS,
  type AnthropicTool,
  chatToolMessageOf,
  layOutTools,
  type OpenAIChatClient,
  type OpenAIChatCompletion,
  type OpenAIChatMessage,
  type OpenAIChatRequest,
  type OpenAIChatTool,
} from "../../../wire/index.js";
import type { ApiLabel } from "../model-call-failure.js";
import type { TurnUsage } from "../../turn-types.js";
import type { ModelProvider } from "../model-provider.js";
import { openAIUsageOf, systemText } from "../openai-shared.js";
import { withCallSignal } from "../call-signal.js";
import { sendModelCall, type ModelSend } from "../send-model-call.js";
import { chatFromCanonical, chatToCanonical } from "./chat-transcript.js";
import { checkChatMessages } from "./check-chat-messages.js";
import { parseChatCompletion } from "./parse-chat-completion.js";
import { readChatStream } from "./read-chat-stream.js";

const CHAT_API: ApiLabel = { name: "The Chat Completions API", client: "OpenAI", requestIdHeader: "x-request-id" };

/**
 * OpenAI Chat Completions, through a client such as `new OpenAI()` from OpenAI's TypeScript SDK
 * (or any server that speaks the same API). Strategies `stubs` and `stable`: Chat Completions
 * has no tool search of its own, so `native` is refused. The system prompt goes first as a
 * `system` message on every request; it is not part of the transcript. The token cap is sent
 * as `max_completion_tokens`. OpenAI caches a repeated prefix by itself: the stable tool order
 * keeps it warm, and the cached part is reported as `cache_read_input_tokens`. A request carries
 * at most `MAX_OPENAI_CHAT_TOOLS` (128) tools: past it, `search_tools` goes first and stubs are
 * cut (search still finds them), even for a catalogue under the threshold.
 *
 * @example
 * ```ts
 * const result = await runAgent({ provider: openAIChatProvider(new OpenAI()), model: "gpt-5.4", prompt, toolSearch });
 * const messages = result.messages; // Chat Completions messages, ready for the next run
 * ```
 */
export function openAIChatProvider(client: OpenAIChatClient): ModelProvider<OpenAIChatMessage, OpenAIChatCompletion> {
  if (typeof client !== "object" || client === null || typeof client.chat?.completions?.create !== "function")
    throw new OptionsError(
      "invalid_client",
      "openAIChatProvider needs an OpenAI client such as new OpenAI() from OpenAI's TypeScript SDK, or any object with chat.completions.create().",
    );
  return {
    name: "openai-chat",
    system: "openai",
    strategies: ["stubs", "stable"],
    // The SDK streams through the same create(), with stream: true.
    canStream: true,
    reservedParams: {
      model: "model",
      max_completion_tokens: "maxTokens",
      max_tokens: "maxTokens",
      messages: "prompt or messages",
      tools: "toolSearch and strategy",
      stream: "stream",
      stream_options: "stream",
    },
    checkMessages: checkChatMessages,
    userMessage: (prompt) => ({ role: "user", content: prompt }),
    request({ model, maxTokens, system, messages, strategy, view, params }) {
      const tools = layOutTools(cappedBlock(strategy, view), "openai-chat") as OpenAIChatTool[];
      const instructions = systemText(system);
      const body: OpenAIChatRequest & Record<string, unknown> = {
        ...params,
        model,
        max_completion_tokens: maxTokens,
        messages: instructions === undefined ? [...messages] : [{ role: "system", content: instructions }, ...messages],
        ...(tools.length === 0 ? {} : { tools }),
      };
      return { body, toolsSent: tools.length };
    },
    async call(body, { turn, signal, onPart }) {
      const streamed = { ...body, stream: true, stream_options: { include_usage: true } };
      const parsed = await withCallSignal(signal, (callSignal) => {
        const options = callSignal ? { signal: callSignal } : undefined;
        const send: ModelSend = onPart
          ? {
              stream: async () =>
                readChatStream(
                  (await client.chat.completions.create(
                    streamed as unknown as OpenAIChatRequest,
                    options,
                  )) as AsyncIterable<unknown>,
                  onPart,
                ),
            }
          : { create: () => client.chat.completions.create(body as unknown as OpenAIChatRequest, options) };
        return sendModelCall(CHAT_API, turn, send, parseChatCompletion);
      });
      if (!parsed.ok) return parsed;
      const usage = parsed.completion.usage;
      return {
        ok: true,
        reply: {
          reply: parsed.completion,
          added: [parsed.message],
          calls: parsed.calls,
          stopReason: parsed.stopReason,
          usage: openAIUsageOf(
            usage?.prompt_tokens,
            usage?.completion_tokens,
            usage?.prompt_tokens_details?.cached_tokens,
          ),
          responseId: parsed.completion.id,
          responseModel: parsed.completion.model,
        },
      };
    },
    toCanonical: chatToCanonical,
    fromCanonical: chatFromCanonical,
    replyOf: (added, answered) => ({
      id: answered.responseId ?? "",
      object: "chat.completion",
      model: answered.responseModel ?? "",
      choices: added
        .filter((message) => message.role === "assistant")
        .map((message, index) => ({ index, message, finish_reason: finishReasonOf(answered.stopReason) })),
      usage: openAIUsage(answered.usage),
    }),
    // One tool message per call, in call order.
    answers: (answers) => answers.flatMap((answer) => ("result" in answer ? [chatToolMessageOf(answer.result)] : [])),
  };
}

/** A stop reason back in Chat Completions' words (see parseChatCompletion). */
function finishReasonOf(stopReason: string | null): string | null {
  if (stopReason === "tool_use") return "tool_calls";
  if (stopReason === "end_turn") return "stop";
  if (stopReason === "max_tokens") return "length";
  if (stopReason === "refusal") return "content_filter";
  return stopReason;
}

function openAIUsage(usage: TurnUsage) {
  const prompt = usage.input_tokens + usage.cache_read_input_tokens;
  return {
    prompt_tokens: prompt,
    completion_tokens: usage.output_tokens,
    total_tokens: prompt + usage.output_tokens,
    prompt_tokens_details: { cached_tokens: usage.cache_read_input_tokens },
  };
}

/**
 * The strategy's block within Chat Completions' cap. Past it: under `stubs`, the block as
 * `session.tools({ format: "openai-chat" })` caps it (search first, keep and hydrated tools, then
 * stubs; the view gives hydration order, so the earliest hydrated go first when even the full
 * tools exceed it); under `stable`, its fixed array of search, keep tools and stubs, cut, so it
 * still never changes.
 */
function cappedBlock(strategy: AgentStrategy, view: SessionView): AnthropicTool[] {
  const block = strategy.tools(view);
  if (block.length <= MAX_OPENAI_CHAT_TOOLS) return block;
  if (strategy.name === "stubs") return capToolBlock(view, MAX_OPENAI_CHAT_TOOLS, view.hydrated);
  return [view.searchTool, ...view.keep, ...view.others.map((tool) => tool.stub)].slice(0, MAX_OPENAI_CHAT_TOOLS);
}
