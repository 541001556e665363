import { traced } from "../telemetry/index.js";
import { callModel, type CallModelOptions, type TurnFailure } from "./call-model.js";
import type { MessagesClient, MessagesRequest } from "../wire/index.js";
import type { AcceptedReply } from "./parse-assistant-message.js";

/** What a model call's span tells besides the request: where in the run it happened. */
export interface ModelCallScope {
  sessionId: string;
  turn: number;
  strategy: string;
  toolsSent: number;
  stream: boolean;
}

/**
 * {@link callModel} inside a `chat {model}` span (when OpenTelemetry is installed), with the
 * GenAI semantic conventions' request, response and usage attributes, and toolsift's own: the
 * session, the turn, the strategy and how many tools the request carried. A failed call marks
 * the span failed with its AgentError code as `error.type`.
 */
export function tracedModelCall(
  client: MessagesClient,
  request: MessagesRequest & { temperature?: unknown; top_p?: unknown },
  scope: ModelCallScope,
  options: CallModelOptions,
): Promise<AcceptedReply | { ok: false; failure: TurnFailure }> {
  const attributes = {
    "gen_ai.operation.name": "chat",
    "gen_ai.provider.name": "anthropic",
    "gen_ai.system": "anthropic",
    "gen_ai.request.model": request.model,
    "gen_ai.request.max_tokens": request.max_tokens,
    "gen_ai.request.temperature": typeof request.temperature === "number" ? request.temperature : undefined,
    "gen_ai.request.top_p": typeof request.top_p === "number" ? request.top_p : undefined,
    "toolsift.session.id": scope.sessionId,
    "toolsift.turn": scope.turn,
    "toolsift.strategy": scope.strategy,
    "toolsift.tools.sent": scope.toolsSent,
    "toolsift.stream": scope.stream,
  };
  return traced(`chat ${request.model}`, "client", attributes, async (span) => {
    const outcome = await callModel(client, request, scope.turn, options);
    if (outcome.ok) {
      const { message } = outcome;
      span.set({
        "gen_ai.response.id": message.id,
        "gen_ai.response.model": message.model,
        "gen_ai.response.finish_reasons": message.stop_reason === null ? undefined : [message.stop_reason],
        "gen_ai.usage.input_tokens": message.usage.input_tokens,
        "gen_ai.usage.output_tokens": message.usage.output_tokens,
        "toolsift.usage.cache_read_input_tokens": message.usage.cache_read_input_tokens ?? undefined,
        "toolsift.usage.cache_creation_input_tokens": message.usage.cache_creation_input_tokens ?? undefined,
        "toolsift.tool_calls": message.content.filter((block) => block.type === "tool_use").length,
      });
    } else {
      span.set({
        "error.type": outcome.failure.code,
        "http.response.status_code": outcome.failure.status,
        "toolsift.stage": outcome.failure.stage,
      });
      span.fail(outcome.failure.message);
    }
    return outcome;
  });
}
