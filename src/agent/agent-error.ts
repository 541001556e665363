import { ToolsiftError } from "../errors.js";
import type { MessageParam } from "../wire/index.js";
import type { AgentStage, AgentTurn } from "./turn-types.js";

export type { AgentStage } from "./turn-types.js";

/**
 * An agent run stopped before the model finished. Nothing is lost: `messages` is the transcript
 * up to the failure and `turns` the turns that completed. Every `tool_use` in `messages` has its
 * `tool_result`, so passing `messages` back to `runAgent` resumes the run.
 *
 * Codes: `api_error` (the API answered with an error status, see `status`), `connection_error`
 * (no answer, or the answer was cut off), `timeout` (no answer within the client's timeout),
 * `aborted` (the request's signal fired), `client_error` (the client refused the request before
 * sending it, e.g. no API key), `malformed_response` (a
 * success status with a body that is not a well-formed message), `build_failed` / `tools_failed`
 * (an unexpected failure in those stages), or the code of the toolsift error that stopped the
 * run (e.g. `too_many_deferred_tools`). `stage` says where it happened.
 *
 * @example
 * ```ts
 * try {
 *   await runAgent({ client, model, prompt, toolSearch });
 * } catch (error) {
 *   if (error instanceof AgentError && error.status === 529) retryLater(error.messages);
 * }
 * ```
 */
export class AgentError<M = MessageParam> extends ToolsiftError {
  constructor(
    code: string,
    message: string,
    /** The transcript up to the failure, the initial messages included; every tool call in it is answered. */
    readonly messages: M[],
    /** The turns that completed before the failure. */
    readonly turns: AgentTurn[],
    details: {
      /** Where in the turn the run stopped. */
      stage: AgentStage;
      /** The HTTP status the API answered with, when it answered. */
      status?: number | undefined;
      /** The API's error type, e.g. `overloaded_error` or `invalid_request_error`. */
      apiErrorType?: string | undefined;
      requestId?: string | undefined;
      cause?: unknown;
    },
  ) {
    super(code, message, { cause: details.cause });
    this.stage = details.stage;
    this.status = details.status;
    this.apiErrorType = details.apiErrorType;
    this.requestId = details.requestId;
  }

  /** Where in the turn the run stopped; see {@link AgentStage}. */
  readonly stage: AgentStage;
  /** The HTTP status the API answered with; `undefined` when there was no answer. */
  readonly status: number | undefined;
  /** The API's error type, e.g. `overloaded_error`; `undefined` when the body had none. */
  readonly apiErrorType: string | undefined;
  /** The API's request id, for support requests. */
  readonly requestId: string | undefined;
}
