import { OptionsError } from "../../../errors.js";
import { openAINativeBlock, type NativeSearch } from "../../../session/index.js";
import {
  layOutTools,
  responsesOutputOf,
  type OpenAIResponse,
  type OpenAIResponsesClient,
  type OpenAIResponsesItem,
  type OpenAIResponsesRequest,
  type OpenAIResponsesTool,
} from "../../../wire/index.js";
import type { ApiLabel } from "../model-call-failure.js";
import type { ModelProvider } from "../model-provider.js";
import { openAIUsageOf, systemText } from "../openai-shared.js";
import { withCallSignal } from "../call-signal.js";
import { sendModelCall, type ModelSend } from "../send-model-call.js";
import { checkResponsesInput } from "./check-responses-input.js";
import { parseResponse } from "./parse-response.js";
import { readResponsesStream } from "./read-responses-stream.js";
import { responsesFromCanonical, responsesToCanonical } from "./responses-transcript.js";

const RESPONSES_API: ApiLabel = { name: "The Responses API", client: "OpenAI", requestIdHeader: "x-request-id" };

/** Options of {@link openAIResponsesProvider}. */
export interface OpenAIResponsesProviderOptions {
  /**
   * Who answers the model's tool searches under strategy `native`: `"client"`, toolsift's
   * ranker (permissions, learning and enrichment apply), or `"hosted"`, OpenAI's own search over
   * the deferred definitions (permissions then apply only when a call is executed).
   * @defaultValue "client"
   * @example
   * ```ts
   * openAIResponsesProvider(new OpenAI(), { nativeSearch: "hosted" })
   * ```
   */
  nativeSearch?: NativeSearch;
}

/**
 * The OpenAI Responses API, through a client such as `new OpenAI()` from OpenAI's TypeScript SDK.
 * Every strategy is available: `native` is OpenAI's own tool search (every tool deferred in one
 * namespace per server, a `tool_search` tool; see `session.tools({ format: "openai-responses",
 * presentation: "native" })`), whose client-executed searches the session answers with
 * `tool_search_output` items. The conversation is sent in full as `input` on every request (no
 * `previous_response_id`), so any worker can continue it; the system prompt goes as
 * `instructions`, the token cap as `max_output_tokens`. Output items go back into the
 * transcript as they came, reasoning included.
 *
 * @throws {@link OptionsError} `invalid_client` for a client without `responses.create`, `invalid_native_search`.
 * @example
 * ```ts
 * const result = await runAgent({ provider: openAIResponsesProvider(new OpenAI()), model: "gpt-5.4", prompt, toolSearch, strategy: "native" });
 * ```
 */
export function openAIResponsesProvider(
  client: OpenAIResponsesClient,
  options: OpenAIResponsesProviderOptions = {},
): ModelProvider<OpenAIResponsesItem, OpenAIResponse> {
  if (typeof client !== "object" || client === null || typeof client.responses?.create !== "function")
    throw new OptionsError(
      "invalid_client",
      "openAIResponsesProvider needs an OpenAI client such as new OpenAI() from OpenAI's TypeScript SDK, or any object with responses.create().",
    );
  const nativeSearch = options.nativeSearch ?? "client";
  if (nativeSearch !== "client" && nativeSearch !== "hosted")
    throw new OptionsError(
      "invalid_native_search",
      `openAIResponsesProvider takes nativeSearch "client" or "hosted"; got ${JSON.stringify(nativeSearch) ?? String(nativeSearch)}.`,
    );
  return {
    name: "openai-responses",
    system: "openai",
    strategies: ["stubs", "native", "stable"],
    canStream: true,
    reservedParams: {
      model: "model",
      max_output_tokens: "maxTokens",
      input: "prompt or messages",
      instructions: "system",
      tools: "toolSearch and strategy",
      stream: "stream",
      previous_response_id: "messages (runAgent sends the whole conversation)",
    },
    checkMessages: checkResponsesInput,
    userMessage: (prompt) => ({ role: "user", content: prompt }),
    request({ model, maxTokens, system, messages, strategy, view, params }) {
      const tools =
        strategy.name === "native"
          ? openAINativeBlock(view, nativeSearch)
          : (layOutTools(strategy.tools(view), "openai-responses") as OpenAIResponsesTool[]);
      const instructions = systemText(system);
      const body: OpenAIResponsesRequest & Record<string, unknown> = {
        ...params,
        model,
        max_output_tokens: maxTokens,
        input: [...messages],
        ...(instructions === undefined ? {} : { instructions }),
        ...(tools.length === 0 ? {} : { tools }),
      };
      return { body, toolsSent: tools.length };
    },
    async call(body, { turn, signal, onPart }) {
      const streamed = { ...body, stream: true } as unknown as { model: string; input: string };
      const parsed = await withCallSignal(signal, (callSignal) => {
        const callOptions = callSignal ? { signal: callSignal } : undefined;
        const send: ModelSend = onPart
          ? {
              stream: async () =>
                readResponsesStream(
                  (await client.responses.create(streamed, callOptions)) as AsyncIterable<unknown>,
                  onPart,
                ),
            }
          : {
              create: () => client.responses.create(body as unknown as { model: string; input: string }, callOptions),
            };
        return sendModelCall(RESPONSES_API, turn, send, parseResponse);
      });
      if (!parsed.ok) return parsed;
      const { response } = parsed;
      const usage = response.usage;
      return {
        ok: true,
        reply: {
          reply: response,
          added: [...response.output],
          calls: parsed.calls,
          stopReason: parsed.stopReason,
          usage: openAIUsageOf(usage?.input_tokens, usage?.output_tokens, usage?.input_tokens_details?.cached_tokens),
          responseId: response.id,
          responseModel: response.model,
        },
      };
    },
    toCanonical: responsesToCanonical,
    fromCanonical: responsesFromCanonical,
    replyOf: responseOf,
    // One output item per call, in call order: a function_call_output, or the session's tool_search_output.
    answers: (answers) =>
      answers.map((answer) =>
        "result" in answer ? responsesOutputOf(answer.result) : (answer.nativeResult as OpenAIResponsesItem),
      ),
  };
}

/** The Responses API's answer for a turn runAgent played: its output items, status and usage. */
const responseOf: ModelProvider<OpenAIResponsesItem, OpenAIResponse>["replyOf"] = (added, answered) => {
  const input = answered.usage.input_tokens + answered.usage.cache_read_input_tokens;
  return {
    id: answered.responseId ?? "",
    object: "response",
    model: answered.responseModel ?? "",
    status: answered.stopReason === "max_tokens" || answered.stopReason === "refusal" ? "incomplete" : "completed",
    output: [...added],
    usage: {
      input_tokens: input,
      output_tokens: answered.usage.output_tokens,
      total_tokens: input + answered.usage.output_tokens,
      input_tokens_details: { cached_tokens: answered.usage.cache_read_input_tokens },
    },
  };
};
