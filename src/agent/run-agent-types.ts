import type { AbortSignalLike } from "../catalogue/index.js";
import type { ToolSearch } from "../tool-search/index.js";
import type {
  AssistantMessage,
  MessageParam,
  MessagesClient,
  MessagesRequestParams,
  StopReason,
  SystemTextBlock,
} from "../wire/index.js";
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

/**
 * What `onEvent` of {@link runAgent} receives, narrowed on `type`:
 * - `text`: a piece of the model's text as it arrives (with `stream: true` only);
 * - `tool-use`: a tool call the model made, as soon as its input is complete (while it streams,
 *   or when the reply arrives); it runs once the whole reply has arrived and been checked;
 * - `tool-result`: a call answered (whether it failed says `isError`);
 * - `turn`: once per model call, when its reply has arrived.
 */
export type AgentEvent =
  | {
      type: "turn";
      sessionId: string;
      /** 1 for the first model call. */
      turn: number;
      usage: TurnUsage;
      stopReason: StopReason | null;
      toolsSent: number;
      /** How many `tool_use` blocks the model sent on this turn. */
      toolCalls: number;
    }
  | { type: "text"; sessionId: string; turn: number; text: string }
  | { type: "tool-use"; sessionId: string; turn: number; id: string; name: string; input: unknown }
  | { type: "tool-result"; sessionId: string; turn: number; toolUseId: string; name: string; isError: boolean };

export interface RunAgentBase {
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
  /**
   * Receives the run's events: text as it streams, tool calls and their results, and one `turn`
   * event per model call. Tool search events go to `createToolSearch({ onEvent })`, as always.
   * Must not throw (errors are swallowed).
   */
  onEvent?: (event: AgentEvent) => void;
  /**
   * Stream every model call (`client.messages.stream()`, which the Anthropic SDK's client has):
   * `text` and `tool-use` events reach `onEvent` as they arrive. The run's result is the same
   * as without streaming.
   * @defaultValue false
   */
  stream?: boolean;
  /**
   * Cancels the run. A model call in flight is aborted; tool calls not yet run are answered
   * without running, and running ones are answered at once as aborted (each tool gets the signal
   * as `context.signal` to stop itself). The run then throws an {@link AgentError} with code
   * `aborted`, whose `messages` answer every `tool_use`, so they can be passed back to resume.
   */
  signal?: AbortSignalLike;
  /**
   * More Messages API parameters for every model call, passed on as they are: `thinking`,
   * `temperature`, `tool_choice`, `metadata`, and so on. The ones runAgent sets (`model`,
   * `max_tokens`, `messages`, `system`, `tools`, `stream`) have their own options.
   *
   * @example
   * ```ts
   * request: { thinking: { type: "enabled", budget_tokens: 2048 }, temperature: 1 }
   * ```
   */
  request?: MessagesRequestParams;
  /**
   * The application's own value for this run (the user, a tenant, an auth token): every tool's
   * `execute`, and `permit` and `approve`, get it as `context.context`, with the session id and
   * the stage. toolsift never reads it.
   */
  context?: unknown;
  /**
   * The tool search session: reuse an id to carry its hydrated tools over from an earlier run.
   * When `messages` are given and this instance does not know the session (another worker ran
   * the earlier turns, or it restarted), its hydration is rebuilt from their tool calls, so the
   * block is the one the earlier run would have sent.
   * @defaultValue a fresh random id
   */
  sessionId?: string;
}

/** Options of {@link runAgent}: either `prompt` (one user message) or the `messages` to continue. */
export type RunAgentOptions = RunAgentBase &
  ({ prompt: string; messages?: never } | { messages: readonly MessageParam[]; prompt?: never });

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
