import {
  answerOf,
  brokenReply,
  malformedReply,
  requestFailure,
  type ApiLabel,
  type TurnFailure,
} from "./model-call-failure.js";

/** The most characters of text and arguments one streamed reply may carry before it is refused. */
export const MAX_STREAMED_CHARACTERS = 16 * 1024 * 1024;

/** A streamed reply that grew past {@link MAX_STREAMED_CHARACTERS}. */
export class OversizedStreamError extends RangeError {
  override name = "OversizedStreamError";
  constructor() {
    super(
      `the streamed reply carried over ${MAX_STREAMED_CHARACTERS.toLocaleString("en-US")} characters, more than any tool-using turn needs`,
    );
  }
}

/**
 * How a provider sends one call: `create`, a request whose promise is the SDK's (so the HTTP
 * answer behind a failure can be read from it), or `stream`, which reads a streamed reply into
 * the body the API would have sent without streaming.
 */
export type ModelSend = { create: () => PromiseLike<unknown> } | { stream: () => Promise<unknown> };

/** What a provider's check of a reply body says: the accepted reply, or what is wrong with it. */
export type CheckedBody<Accepted extends { ok: true }> =
  | Accepted
  | { ok: false; problem: string; apiErrorType?: string };

/**
 * One model call, the same for every provider: sends it, checks the body with `check`, and
 * never throws. A failure says at which stage it happened: when the SDK's raw response says an
 * HTTP answer had arrived, a reply that broke while it was read (`response`) is told apart from a
 * call that got no answer (`request`); a body the check refuses, or a stream past its bound, is
 * `malformed_response`.
 */
export async function sendModelCall<Accepted extends { ok: true }>(
  label: ApiLabel,
  turn: number,
  send: ModelSend,
  check: (body: unknown) => CheckedBody<Accepted>,
): Promise<Accepted | { ok: false; failure: TurnFailure }> {
  let pending: PromiseLike<unknown> | undefined;
  let body: unknown;
  try {
    if ("stream" in send) body = await send.stream();
    else {
      pending = send.create();
      body = await pending;
    }
  } catch (error) {
    if (error instanceof OversizedStreamError)
      return { ok: false, failure: malformedReply(label, error.message, turn, undefined) };
    const answer = pending && (await answerOf(pending, label));
    return {
      ok: false,
      failure: answer ? brokenReply(error, answer, turn, label) : requestFailure(error, turn, label),
    };
  }
  const checked = check(body);
  if (checked.ok) return checked as Accepted;
  const answer = pending && (await answerOf(pending, label));
  return { ok: false, failure: malformedReply(label, checked.problem, turn, answer, checked.apiErrorType) };
}
