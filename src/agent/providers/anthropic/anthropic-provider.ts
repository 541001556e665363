import { OptionsError } from "../../../errors.js";
import type {
  AssistantMessage,
  MessageParam,
  MessagesClient,
  MessagesRequest,
  ResponseToolUseBlock,
  ResponseUsage,
  ToolResultBlock,
} from "../../../wire/index.js";
import { toolChangeBetas } from "../../../wire/index.js";
import { withoutReferences } from "../canonical-blocks.js";
import type { TurnUsage } from "../../turn-types.js";
import type { ModelProvider, ProviderCall } from "../model-provider.js";
import { placeCacheBreakpoints } from "./cache-breakpoints.js";
import { callMessagesApi } from "./call-messages-api.js";
import { checkMessages } from "./check-messages.js";
import { referencedToolNames, toolChangeNames } from "./referenced-tools.js";

/**
 * The Messages API, through a client such as `new Anthropic()` from Anthropic's TypeScript SDK
 * (or anything with the same `messages.create`, and `messages.stream` to stream). Every
 * strategy is available: `native` is the API's own deferred loading (`defer_loading` and
 * `tool_reference` results), and `changes` its mid-conversation tool changes (sent with the
 * `anthropic-beta` header they need). Cache breakpoints are placed so the unchanged prefix (tools,
 * system, earlier turns) is read from the prompt cache.
 *
 * Betas: pass your own as `request: { betas: [...] }` (as with the SDK's `beta.messages.create`);
 * each request's `anthropic-beta` header is yours joined with those its tool changes need. A
 * beta header set in the client's `defaultHeaders` is not read (the SDK offers no public way
 * to): it is sent on requests that need no beta, and replaced on those that hold tool changes.
 *
 * `runAgent({ client })` is short for `runAgent({ provider: anthropicProvider(client) })`.
 *
 * @example
 * ```ts
 * const result = await runAgent({ provider: anthropicProvider(new Anthropic()), model: "claude-sonnet-4-6", prompt, toolSearch });
 * ```
 */
export function anthropicProvider(client: MessagesClient): ModelProvider<MessageParam, AssistantMessage> {
  if (typeof client !== "object" || client === null || typeof client.messages?.create !== "function") {
    throw new OptionsError(
      "invalid_client",
      "anthropicProvider needs a Messages API client such as new Anthropic() from Anthropic's TypeScript SDK, or any object with messages.create().",
    );
  }
  return {
    name: "anthropic",
    system: "anthropic",
    strategies: ["stubs", "native", "stable", "changes"],
    canStream: typeof client.messages.stream === "function",
    reservedParams: {
      model: "model",
      max_tokens: "maxTokens",
      messages: "prompt or messages",
      system: "system",
      tools: "toolSearch and strategy",
      stream: "stream",
    },
    checkMessages,
    userMessage: (prompt) => ({ role: "user", content: prompt }),
    request({ model, maxTokens, system, messages, previousLastMessage, strategy, view, params }) {
      readBetas(params.betas);
      const tools = strategy.tools(view, [...referencedToolNames(messages), ...toolChangeNames(messages)]);
      const cached = placeCacheBreakpoints(
        {
          tools,
          system: system === undefined || typeof system === "string" ? system : [...system],
          messages: [...messages],
        },
        { previousLastMessage, stableToolCount: strategy.stableToolCount?.(view) },
      );
      const body: MessagesRequest = {
        ...params,
        model,
        max_tokens: maxTokens,
        messages: cached.messages,
        ...(cached.system === undefined ? {} : { system: cached.system }),
        ...(tools.length === 0 ? {} : { tools: cached.tools }),
      };
      return { body: body as unknown as Record<string, unknown>, toolsSent: tools.length };
    },
    async call(body, { turn, signal, onPart }) {
      // request.betas goes in the header, as the SDK's beta.messages.create does: the body refuses it.
      const { betas: own, ...request } = body as unknown as MessagesRequest & { betas?: unknown };
      // The betas follow the transcript: its tool changes need theirs on every request that holds them.
      const betas = [...new Set([...readBetas(own), ...toolChangeBetas(request.messages)])];
      const headers = betas.length > 0 ? { "anthropic-beta": betas.join(",") } : undefined;
      const outcome = await callMessagesApi(client, request, turn, { signal, onPart, headers });
      if (!outcome.ok) return outcome;
      const { message } = outcome;
      const unreadable = outcome.unreadableInputs;
      const calls = message.content
        .filter((block): block is ResponseToolUseBlock => block.type === "tool_use")
        .map((block): ProviderCall => {
          const held = unreadable?.get(block.id);
          return {
            id: block.id,
            name: block.name,
            input: block.input,
            ...(held === undefined ? {} : { unreadable: held }),
          };
        });
      return {
        ok: true,
        reply: {
          reply: message,
          added: [{ role: "assistant", content: message.content }],
          calls,
          stopReason: message.stop_reason,
          usage: usageOf(message.usage),
          responseId: message.id,
          responseModel: message.model,
        },
      };
    },
    // The canonical form is this API's own; instructions are the run's system option.
    toCanonical: (messages) =>
      messages.filter((message) => message.role !== "system").map((message) => ({ ...message })),
    // References name deferred tools, which only a native request defines: the session's
    // hydration carries what they loaded instead.
    fromCanonical: (messages) =>
      messages.map((message) =>
        typeof message.content === "string"
          ? { ...message }
          : {
              ...message,
              content: message.content.map((block) =>
                block.type === "tool_result"
                  ? { ...block, content: withoutReferences((block as unknown as ToolResultBlock).content) }
                  : block,
              ),
            },
      ),
    replyOf: messageOf,
    // One user message holds every result of the turn, in call order, as the API asks.
    answers: (answers) => [
      {
        role: "user",
        content: answers.flatMap((answer) => ("result" in answer ? [answer.result] : [])),
      },
    ],
  };
}

/** The Messages API's answer for a turn runAgent played: one assistant message of what the turn added. */
const messageOf: ModelProvider<MessageParam, AssistantMessage>["replyOf"] = (added, answered) => ({
  id: answered.responseId ?? "",
  type: "message",
  role: "assistant",
  model: answered.responseModel ?? "",
  content: added.flatMap((message) =>
    typeof message.content === "string" ? [{ type: "text", text: message.content }] : message.content,
  ) as AssistantMessage["content"],
  stop_reason: answered.stopReason,
  stop_sequence: null,
  usage: { ...answered.usage },
});

function usageOf(usage: ResponseUsage): TurnUsage {
  return {
    input_tokens: usage.input_tokens,
    output_tokens: usage.output_tokens,
    cache_creation_input_tokens: usage.cache_creation_input_tokens ?? 0,
    cache_read_input_tokens: usage.cache_read_input_tokens ?? 0,
  };
}

/**
 * The caller's `request.betas`: beta names, sent in the `anthropic-beta` header with those the
 * transcript's tool changes need.
 *
 * @throws {@link OptionsError} `invalid_request` when it is not an array of non-empty strings.
 */
function readBetas(betas: unknown): string[] {
  if (betas === undefined) return [];
  if (!Array.isArray(betas) || !betas.every((beta) => typeof beta === "string" && beta.trim() !== ""))
    throw new OptionsError(
      "invalid_request",
      'request.betas must be an array of beta names, e.g. ["context-1m-2025-08-07"]; they are sent in the anthropic-beta header.',
    );
  return betas.map((beta: string) => beta.trim());
}
