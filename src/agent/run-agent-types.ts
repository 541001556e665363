import type { ToolSearch } from "../tool-search/index.js";
import type { AssistantMessage, MessageParam, MessagesClient, StopReason, SystemTextBlock } from "./messages-api.js";
import type { StrategyName } from "./strategies/index.js";

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
}

/** Why a run ended: the model's own stop reason, or `max_turns` when the loop was cut off. */
export type AgentStopReason = StopReason | "max_turns";

/** What `onEvent` of {@link runAgent} receives, once per model call. */
export type AgentEvent = {
  type: "turn";
  sessionId: string;
  /** 1 for the first model call. */
  turn: number;
  usage: TurnUsage;
  stopReason: StopReason | null;
  toolsSent: number;
  /** How many `tool_use` blocks the model sent on this turn. */
  toolCalls: number;
};

interface RunAgentBase {
  /**
   * The client of the Messages API: `new Anthropic()` from Anthropic's TypeScript SDK (or anything with
   * the same `messages.create`). Its own settings (`maxRetries`, timeout, base URL) apply to every call.
   */
  client: MessagesClient;
  /** The model name, e.g. `"claude-sonnet-4-6"`. */
  model: string;
  /** A string or text blocks; a cache breakpoint is put on its last block. */
  system?: string | readonly SystemTextBlock[];
  /** Tools, search and the safety rules of the run. */
  toolSearch: ToolSearch;
  /**
   * How tools reach the model: `stubs` (stubs plus hydration), `native` (the API's deferred
   * loading with `tool_reference` results) or `stable` (a fixed array; schemas arrive in search results).
   * @defaultValue "stubs"
   */
  strategy?: StrategyName;
  /**
   * The most model calls in one run; the run ends with `stopReason: "max_turns"` after it.
   * @defaultValue 8
   */
  maxTurns?: number;
  /** @defaultValue 4096 */
  maxTokens?: number;
  /** Receives one event per turn. Tool search events go to `createToolSearch({ onEvent })`, as always. */
  onEvent?: (event: AgentEvent) => void;
  /**
   * The tool search session: reuse an id to carry its hydrated tools over from an earlier run.
   * @defaultValue a fresh random id, so every run starts clean
   */
  sessionId?: string;
}

/** Options of {@link runAgent}: either `prompt` (one user message) or the `messages` to continue. */
export type RunAgentOptions = RunAgentBase & ({ prompt: string; messages?: never } | { messages: readonly MessageParam[]; prompt?: never });

/** What {@link runAgent} returns. */
export interface AgentResult {
  /** The last assistant message. */
  message: AssistantMessage;
  /**
   * The full transcript: the initial messages, then every assistant message and tool_result
   * message. It never ends with unanswered `tool_use` blocks: when the model stopped for another
   * reason than `tool_use` (e.g. `max_tokens`) in the middle of a call, those calls are answered
   * with `is_error` results saying they were not run, so the transcript can be passed back as
   * `messages` to resume.
   */
  messages: MessageParam[];
  turns: AgentTurn[];
  stopReason: AgentStopReason;
  /** The tool search session the run used. */
  sessionId: string;
}
