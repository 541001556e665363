import { OptionsError } from "../errors.js";
import type { ToolSearchSession } from "../session/index.js";
import type { ModelProvider } from "./providers/model-provider.js";
import { referencedToolNames } from "./providers/anthropic/referenced-tools.js";
import { stubsStrategy, type AgentStrategy } from "./strategies/index.js";

/**
 * A second API for `runAgent` to turn to when the first is down: its provider, the model to
 * ask there, and that API's own extra parameters.
 *
 * @example
 * ```ts
 * fallback: { provider: openAIResponsesProvider(new OpenAI()), model: "gpt-5.4" }
 * ```
 */
export interface FallbackModel {
  provider: ModelProvider<unknown, unknown>;
  model: string;
  /** This API's own parameters for every call made to it (the run's `request` is for the first API). */
  request?: Readonly<Record<string, unknown>>;
}

/** The API a turn is sent to: the run's own, or a fallback that took over. */
export interface ActiveModel {
  provider: ModelProvider<unknown, unknown>;
  model: string;
  params: Readonly<Record<string, unknown>>;
  strategy: AgentStrategy;
  /** Whether this is the run's own API, whose format the transcript is kept in. */
  primary: boolean;
}

/**
 * Checks `runAgent`'s `fallback` and gives each API the strategy it runs with: the run's own
 * when that API has it and it is not `native`, `stubs` otherwise. A native transcript holds the
 * first API's own search items, which another API's native search cannot take back; stubs
 * carry what was discovered through the session's hydration instead.
 *
 * @throws {@link OptionsError} `invalid_fallback`.
 */
export function readFallbacks(option: unknown, strategy: AgentStrategy): ActiveModel[] {
  if (option === undefined) return [];
  const list = Array.isArray(option) ? option : [option];
  return list.map((entry: unknown, index) => {
    const at = Array.isArray(option) ? `fallback[${index}]` : "fallback";
    const { provider, model, request } = (typeof entry === "object" && entry !== null ? entry : {}) as Record<
      string,
      unknown
    >;
    const known = provider as Partial<ModelProvider<unknown, unknown>> | undefined;
    if (typeof known?.call !== "function" || typeof known.fromCanonical !== "function")
      throw new OptionsError(
        "invalid_fallback",
        `${at}.provider must be a model provider, e.g. { provider: openAIResponsesProvider(new OpenAI()), model: "gpt-5.4" }.`,
      );
    if (typeof model !== "string" || model === "")
      throw new OptionsError("invalid_fallback", `${at}.model must be the model to ask on that API, e.g. "gpt-5.4".`);
    if (request !== undefined && (typeof request !== "object" || request === null || Array.isArray(request)))
      throw new OptionsError("invalid_fallback", `${at}.request must be an object of that API's parameters.`);
    const fallback = known as ModelProvider<unknown, unknown>;
    const kept = strategy.name !== "native" && fallback.strategies.includes(strategy.name);
    return {
      provider: fallback,
      model,
      params: { ...((request as Record<string, unknown> | undefined) ?? {}) },
      strategy: kept ? strategy : stubsStrategy,
      primary: false,
    };
  });
}

/**
 * Readies the session for a fallback taking over: the tools the conversation discovered
 * without calling them (native search results) are hydrated, so the fallback's block carries
 * them in full, as Pydantic AI replays discovered tools on a fallback. Best effort: a catalogue
 * that cannot be listed now leaves the hydration as it was, and the fallback can search again.
 */
export async function replayDiscovered(
  session: ToolSearchSession,
  primary: ModelProvider<unknown, unknown>,
  messages: readonly unknown[],
): Promise<void> {
  try {
    const discovered = referencedToolNames(primary.toCanonical(messages));
    if (discovered.length > 0) await session.hydrate(discovered);
  } catch {
    // See above.
  }
}

/**
 * Converts a conversation from one API's format to another's, through the canonical form:
 * text, tool calls and their answers carry over; reasoning, thinking and other items with no
 * counterpart are left out. Pass the result as `messages` to `runAgent` with the other provider
 * and the same `sessionId`: its hydration carries over too (on another worker it is rebuilt
 * from the transcript's calls).
 *
 * Mid-conversation tool changes (the Messages API's `tool_addition` / `tool_removal` system
 * messages) are left out: Chat Completions, Responses and Gemini have no terms for them, and a
 * session on those APIs carries its working set as tools in full instead. A tool loaded by a
 * search but never called is therefore not in the converted transcript's calls. On another
 * worker, open the session from the transcript the changes were told in before running on the
 * converted one, so its working set is rebuilt from them:
 * `toolSearch.session(sessionId, { transcript: result.messages })`.
 *
 * @example
 * ```ts
 * const messages = convertTranscript(result.messages, anthropicProvider(anthropic), openAIChatProvider(openai));
 * await runAgent({ provider: openAIChatProvider(openai), model: "gpt-5.4", messages: [...messages, { role: "user", content: "And now?" }], toolSearch, sessionId: result.sessionId });
 * ```
 */
export function convertTranscript<To>(
  messages: readonly unknown[],
  from: ModelProvider<unknown, unknown>,
  to: ModelProvider<To, unknown>,
): To[] {
  return to.fromCanonical(from.toCanonical(messages));
}
