import { describe, expect, it } from "vitest";
import { isProviderOutage, requestFailure } from "../model-call-failure.js";
import { readResponsesStream, StreamedResponseError } from "./read-responses-stream.js";

async function* events(...list: unknown[]) {
  yield* list;
}

const LABEL = { name: "The Responses API", client: "OpenAI", requestIdHeader: "x-request-id" };

async function thrown(stream: AsyncIterable<unknown>): Promise<StreamedResponseError> {
  const error = await readResponsesStream(stream, () => {}).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(StreamedResponseError);
  return error as StreamedResponseError;
}

describe("readResponsesStream's error events", () => {
  it("reads the code and message on the event, as OpenAI's reference has them", async () => {
    const error = await thrown(
      events(
        { type: "response.created", sequence_number: 0 },
        { type: "error", code: "server_is_overloaded", message: "Try again later", param: null, sequence_number: 1 },
      ),
    );
    expect(error).toMatchObject({ type: "server_is_overloaded", message: "Try again later" });
  });

  it("reads them nested in an error object, as some of OpenAI's backends send them", async () => {
    const error = await thrown(
      events({
        type: "error",
        sequence_number: 2,
        error: { type: "service_unavailable_error", code: "server_is_overloaded", message: "Overloaded", param: null },
      }),
    );
    expect(error).toMatchObject({ type: "server_is_overloaded", message: "Overloaded" });
  });

  it("names an event that says nothing as a plain error, not as undefined or null", async () => {
    const error = await thrown(events({ type: "error", code: null, message: null }));
    expect(error).toMatchObject({ type: "error", message: "the stream reported an error" });
  });
});

describe("a mid-stream failure as openai 7 throws it", () => {
  // openai 7 throws the event as an APIError with no status: the event's own fields become the
  // error's type and code, and its body the error's `error`.
  const apiError = (body: Record<string, unknown>) =>
    Object.assign(new Error(String(body.message)), {
      status: undefined,
      type: body.type,
      code: body.code,
      error: body,
    });

  it("takes the code where the type only says error, and counts an overload as an outage", () => {
    const failure = requestFailure(
      apiError({ type: "error", code: "server_is_overloaded", message: "Try again later", sequence_number: 4 }),
      3,
      LABEL,
    );
    expect(failure).toMatchObject({ code: "api_error", stage: "response", apiErrorType: "server_is_overloaded" });
    expect(failure.message).toContain("Try again later");
    expect(isProviderOutage(failure)).toBe(true);
  });

  it("keeps a named type, and a refusal is no outage", () => {
    const refused = requestFailure(
      apiError({ type: "invalid_request_error", code: "invalid_prompt", message: "No" }),
      1,
      LABEL,
    );
    expect(refused).toMatchObject({ apiErrorType: "invalid_request_error", stage: "response" });
    expect(isProviderOutage(refused)).toBe(false);
  });
});
