import type { AbortSignalLike } from "../catalogue/index.js";
import type { PrefetchOptions, PrefetchSkipReason } from "../session/index.js";
import type { ToolSearch } from "../tool-search/index.js";
import type {
  AssistantMessage,
  MessageParam,
  MessagesClient,
  MessagesRequestParams,
  StopReason,
  SystemTextBlock,
  ToolChangeMode,
} from "../wire/index.js";
import type { FallbackModel } from "./fallback.js";
import type { ModelProvider, ProviderName } from "./providers/model-provider.js";
import type { StrategyName } from "./strategies/index.js";
import type { AgentStopReason, AgentTurn, TurnUsage } from "./turn-types.js";

export type { AgentStopReason, AgentTurn, TurnUsage } from "./turn-types.js";

/**
 * What `onEvent` of {@link runAgent} receives, narrowed on `type`:
 * - `text`: a piece of the model's text as it arrives (with `stream: true` only);
 * - `tool-use`: a tool call the model made, as soon as its input is complete (while it streams,
 *   or when the reply arrives); it runs once the whole reply has arrived and been checked;
 * - `tool-result`: a call answered (whether it failed says `isError`);
 * - `turn`: once per model call, when its reply has arrived;
 * - `prefetch`: the user's message was ranked before the model call (`prefetch` option), and
 *   what it hydrated;
 * - `fallback`: the API was down (overloaded, rate-limited, a server error, no answer) and a
 *   `fallback` takes over.
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
  | { type: "tool-result"; sessionId: string; turn: number; toolUseId: string; name: string; isError: boolean }
  | {
      type: "prefetch";
      sessionId: string;
      turn: number;
      /** The tools the user's message hydrated before this model call, best first. */
      hydrated: string[];
      /** The matches it left, and why (weak, already hydrated, over the cap…). */
      skipped: { name: string; reason: PrefetchSkipReason }[];
    }
  | {
      type: "fallback";
      sessionId: string;
      turn: number;
      /** The API that failed, and the one that takes the turn (and the rest of the run). */
      from: ProviderName;
      to: ProviderName;
      /** Why: the failure's message. */
      reason: string;
    };

export interface RunAgentBase {
  /** The model name, e.g. `"claude-sonnet-4-6"` or `"gpt-5.4"`. */
  model: string;
  /** A string or text blocks; a cache breakpoint is put on its last block. */
  system?: string | readonly SystemTextBlock[];
  /** Tools, search and the safety rules of the run. */
  toolSearch: ToolSearch;
  /**
   * How tools reach the model: `stubs` (stubs plus hydration), `native` (the API's own tool
   * search: on the Messages API deferred loading with `tool_reference` results, on the Responses
   * API `defer_loading` in namespaces with a `tool_search` tool; Chat Completions has none) or
   * `stable` (a fixed array; schemas arrive in search results).
   * @defaultValue "stubs"
   */
  strategy?: StrategyName;
  /**
   * Mid-conversation tool changes on the Messages API (docs/sessions-and-strategies.md). With
   * `strategy: "changes"`, how an added tool is given: `"reference"` (the default: every tool
   * declared deferred, each addition a name) or `"inline"` (only `search_tools` and the keep
   * tools declared, each addition carrying the definition). With `strategy: "native"`,
   * `"reference"` caps the loaded tools at `maxHydratedTools`, removing the least recently used
   * with a `tool_removal`; left out, `native` never removes. Other strategies refuse it
   * (`invalid_tool_change_mode`), as does a model without tool changes
   * (`tool_changes_unsupported_model`).
   * @example
   * ```ts
   * await runAgent({ client, model: "claude-opus-5-5", prompt, toolSearch, strategy: "native", toolChanges: "reference" });
   * ```
   */
  toolChanges?: ToolChangeMode;
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
   * Stream every model call (the Messages API's `messages.stream()`, OpenAI's `stream: true`):
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
   * More API parameters for every model call, passed on as they are: on the Messages API
   * `thinking`, `temperature`, `tool_choice`, `metadata`, and so on; on OpenAI's APIs their own
   * (`reasoning`, `temperature`…). The ones runAgent sets (the model, the token cap, the
   * transcript, the system prompt, the tools, `stream`) have their own options.
   *
   * @example
   * ```ts
   * request: { thinking: { type: "enabled", budget_tokens: 2048 }, temperature: 1 }
   * ```
   */
  request?: MessagesRequestParams | Readonly<Record<string, unknown>>;
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
  /**
   * Where to turn when the API is down: on a 429, 529 or 5xx answer (after the client's own
   * retries), a dropped connection or a timeout, the turn goes to the next fallback, which keeps
   * the rest of the run. The transcript stays in this run's format (the fallback reads and
   * writes it through the canonical form: text, calls and answers carry over, reasoning does
   * not), and the session's hydration carries over, with the tools a native search discovered
   * hydrated so the fallback sees them in full. A fallback runs the run's strategy when it has
   * it, `stubs` instead of `native`.
   *
   * @example
   * ```ts
   * fallback: { provider: openAIResponsesProvider(new OpenAI()), model: "gpt-5.4" }
   * ```
   */
  fallback?: FallbackModel | readonly FallbackModel[];
  /**
   * Retrieve on the user's turn, before the model: before each model call that follows a user
   * message, rank that message and hydrate its strong matches (`session.prefetch`), so the first
   * request already carries the tool in full and the model can call it without a search turn.
   * Weak matches are never hydrated, permissions apply, nothing runs, and nothing is evicted.
   * `true` considers the best match alone; `{ limit }` sets how many.
   *
   * Under `stubs`, and under `changes` (or `native` with `toolChanges`), where the next tool
   * change message adds what it hydrated. Plain `native` loads deferred tools only through the
   * API's own references, and `stable` sends one fixed array; prefetching for them would change
   * a tools array they keep byte-identical for the whole session, so it is skipped there.
   *
   * @defaultValue false
   * @example
   * ```ts
   * await runAgent({ client, model, prompt: "Open a pull request for my branch", toolSearch, prefetch: { limit: 1 } });
   * ```
   */
  prefetch?: boolean | PrefetchOptions;
}

/**
 * Which API a run talks to: `client`, a Messages API client (`new Anthropic()`, or anything with
 * the same `messages.create`), or `provider`, an adapter for any API (`anthropicProvider`,
 * `openAIChatProvider`, `openAIResponsesProvider`). The client's own settings (`maxRetries`,
 * timeout, base URL) apply to every call.
 */
export type RunAgentTarget<M, R> =
  | { client: MessagesClient; provider?: never }
  | { provider: ModelProvider<M, R>; client?: never };

/**
 * Options of {@link runAgent}: the API (`client` or `provider`), and either `prompt` (one user
 * message) or the `messages` to continue, in that API's format.
 */
export type RunAgentOptions<M = MessageParam, R = AssistantMessage> = RunAgentBase &
  RunAgentTarget<M, R> &
  ({ prompt: string; messages?: never } | { messages: readonly M[]; prompt?: never });

/** What {@link runAgent} returns; `M` is the API's message type, `R` its reply. */
export interface AgentResult<M = MessageParam, R = AssistantMessage> {
  /** The last reply, as the API sent it (a Messages API message, a chat completion, a response). */
  message: R;
  /**
   * The full transcript, in the API's format: the initial messages, then every reply and the
   * answers to its calls. It never ends with unanswered tool calls: when the model stopped for another
   * reason than `tool_use` (e.g. `max_tokens`) in the middle of a call, those calls are answered
   * with `is_error` results saying they were not run, so the transcript can be passed back as
   * `messages` to resume.
   */
  messages: M[];
  turns: AgentTurn[];
  stopReason: AgentStopReason;
  /** The tool search session the run used. */
  sessionId: string;
  /** The API that answered the last turn. */
  provider: ProviderName;
}
