import type { StopReason } from "../wire/index.js";

/** The providers toolsift ships an adapter for. */
export type ProviderName = "anthropic" | "openai-chat" | "openai-responses";

/**
 * Where in a turn an agent run stopped:
 * - `build`: laying out the request (the session's tools, the strategy, cache breakpoints);
 *   nothing was sent.
 * - `request`: the model call: the API answered with an error status (after the client's own
 *   retries), could not be reached, did not answer in time, or the client refused to send it.
 * - `response`: the API answered with a success status but the reply could not be read (not
 *   JSON, not a well-formed message, or the connection was cut off while it was read). Nothing
 *   of the reply is in the transcript and none of its tool calls ran.
 * - `tools`: answering the reply's tool calls. Every call of the turn still has a result in the
 *   transcript: the real one for calls that ran, an `is_error` one for the others.
 */
export type AgentStage = "build" | "request" | "response" | "tools";

/** Token counts of one model call; the cache fields are 0 when the API reports none. */
export interface TurnUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

/** One model call of a run. */
export interface AgentTurn {
  usage: TurnUsage;
  stopReason: StopReason | null;
  /** How many tools the request carried (deferred ones included). */
  toolsSent: number;
  /** The API that answered: the run's own, or a fallback that took over. */
  provider: ProviderName;
}

/** Why a run ended: the model's own stop reason, or `max_turns` when the loop was cut off. */
export type AgentStopReason = StopReason | "max_turns";
