import { traced } from "../telemetry/index.js";
import type { TurnFailure } from "./providers/model-call-failure.js";
import type { ModelProvider, ProviderCallOptions, ProviderReply } from "./providers/model-provider.js";

/** What a model call's span tells besides the request: where in the run it happened. */
export interface ModelCallScope {
  sessionId: string;
  turn: number;
  strategy: string;
  toolsSent: number;
  stream: boolean;
}

/**
 * A provider's call inside a `chat {model}` span (when OpenTelemetry is installed), with the
 * GenAI semantic conventions' request, response and usage attributes, and toolsift's own: the
 * session, the turn, the strategy and how many tools the request carried. A failed call marks
 * the span failed with its AgentError code as `error.type`.
 */
export function tracedModelCall<Message, Reply>(
  provider: ModelProvider<Message, Reply>,
  body: Record<string, unknown>,
  scope: ModelCallScope,
  options: ProviderCallOptions,
): Promise<{ ok: true; reply: ProviderReply<Message, Reply> } | { ok: false; failure: TurnFailure }> {
  const model = String(body.model);
  const attributes = {
    "gen_ai.operation.name": "chat",
    "gen_ai.provider.name": provider.system,
    "gen_ai.system": provider.system,
    "gen_ai.request.model": model,
    "gen_ai.request.max_tokens": numberOr(body.max_tokens ?? body.max_completion_tokens ?? body.max_output_tokens),
    "gen_ai.request.temperature": numberOr(body.temperature),
    "gen_ai.request.top_p": numberOr(body.top_p),
    "toolsift.provider": provider.name,
    "toolsift.session.id": scope.sessionId,
    "toolsift.turn": scope.turn,
    "toolsift.strategy": scope.strategy,
    "toolsift.tools.sent": scope.toolsSent,
    "toolsift.stream": scope.stream,
  };
  return traced(`chat ${model}`, "client", attributes, async (span) => {
    const outcome = await provider.call(body, options);
    if (outcome.ok) {
      const { reply } = outcome;
      span.set({
        "gen_ai.response.id": reply.responseId,
        "gen_ai.response.model": reply.responseModel,
        "gen_ai.response.finish_reasons": reply.stopReason === null ? undefined : [reply.stopReason],
        "gen_ai.usage.input_tokens": reply.usage.input_tokens,
        "gen_ai.usage.output_tokens": reply.usage.output_tokens,
        "toolsift.usage.cache_read_input_tokens": reply.usage.cache_read_input_tokens,
        "toolsift.usage.cache_creation_input_tokens": reply.usage.cache_creation_input_tokens,
        "toolsift.tool_calls": reply.calls.length,
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

function numberOr(value: unknown): number | undefined {
  return typeof value === "number" ? value : undefined;
}
