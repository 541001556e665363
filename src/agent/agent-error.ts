import type Anthropic from "@anthropic-ai/sdk";
import { ToolsiftError } from "../errors.js";
import type { AgentTurn } from "./run-agent-types.js";

/**
 * An agent run stopped before the model finished: the Messages API returned an error (after
 * the client's own retries), could not be reached, or the request could not be built. Nothing
 * is lost: `messages` is the transcript up to the failure and `turns` the turns that completed,
 * so the run can be inspected or resumed.
 *
 * Codes: `api_error` (the API answered with an error status, see `status`), `connection_error`
 * (no answer), `client_error` (the SDK refused the request before sending it), or the code of
 * the toolsift error that stopped the run (e.g. `too_many_deferred_tools`).
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
export class AgentError extends ToolsiftError {
  constructor(
    code: string,
    message: string,
    /** The transcript up to the failure, the initial messages included. */
    readonly messages: Anthropic.MessageParam[],
    /** The turns that completed before the failure. */
    readonly turns: AgentTurn[],
    details: {
      /** The HTTP status the API answered with, when it answered. */
      status?: number | undefined;
      /** The API's error type, e.g. `overloaded_error` or `invalid_request_error`. */
      apiErrorType?: string | undefined;
      requestId?: string | undefined;
      cause?: unknown;
    } = {},
  ) {
    super(code, message, { cause: details.cause });
    this.status = details.status;
    this.apiErrorType = details.apiErrorType;
    this.requestId = details.requestId;
  }

  /** The HTTP status the API answered with; `undefined` when there was no answer. */
  readonly status: number | undefined;
  /** The API's error type, e.g. `overloaded_error`; `undefined` when the body had none. */
  readonly apiErrorType: string | undefined;
  /** The API's request id, for support requests. */
  readonly requestId: string | undefined;
}
