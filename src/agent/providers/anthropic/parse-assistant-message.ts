import { describeValue } from "../../../describe-value.js";
import type { AssistantMessage } from "../../../wire/index.js";
import { isRecord } from "../../../util/is-record.js";

/** The outcome of {@link parseAssistantMessage}. */
export type ParsedReply =
  | {
      ok: true;
      message: AssistantMessage;
      /**
       * The calls whose `input` was not an object, by `tool_use` id, each with what it held. In
       * `message` their input is `{}`, so the transcript stays one the API takes back; they must
       * be answered with an error, not run.
       */
      unreadableInputs?: ReadonlyMap<string, string>;
    }
  | {
      ok: false;
      /** What is wrong, for a person: the fields and what they held. */
      problem: string;
      /** The `error.type` of an error body sent with a success status. */
      apiErrorType?: string;
    };

/** A reply runAgent can use: the message, and the calls in it to answer with an error instead of running. */
export type AcceptedReply = Extract<ParsedReply, { ok: true }>;

/** Problems listed in one report; a body that is wrong everywhere would otherwise give a wall of text. */
const MAX_PROBLEMS = 5;
const SNIPPET_LENGTH = 120;

/**
 * Checks that a Messages API response body is a message runAgent can use: the fields it reads
 * are there with the right types, every `tool_use` block has a non-empty `id` and `name`, and ids
 * are unique. Nothing else is read, so fields and block types the API adds later pass through.
 * The value is not copied, but for one thing: a `tool_use` whose `input` is not an object is one
 * bad call, not a bad reply, so the reply is accepted with that input replaced by `{}` and the
 * call listed in `unreadableInputs`, for runAgent to answer with an error.
 */
export function parseAssistantMessage(body: unknown): ParsedReply {
  if (typeof body === "string") return { ok: false, problem: `the body is text, not a JSON message: ${snippet(body)}` };
  if (!isRecord(body)) return { ok: false, problem: `the body is ${describe(body)}, not a message object` };
  if (body.type === "error") {
    const error = isRecord(body.error) ? body.error : {};
    const type = typeof error.type === "string" ? error.type : undefined;
    const text = typeof error.message === "string" ? error.message : "no message";
    return {
      ok: false,
      problem: `the body is an error body (${type ?? "no type"}: ${text}), not a message`,
      ...(type ? { apiErrorType: type } : {}),
    };
  }

  const problems: string[] = [];
  const expect = (ok: boolean, field: string, wanted: string, value: unknown) => {
    if (!ok) problems.push(`${field} is ${describe(value)}, expected ${wanted}`);
    return ok;
  };
  // What runAgent reads first, so a body of the wrong shape is reported by those fields.
  const unreadableInputs = new Map<string, string>();
  if (expect(Array.isArray(body.content), "content", "an array of content blocks (it is not an array)", body.content)) {
    checkBlocks(body.content as unknown[], problems, unreadableInputs);
  }
  if (expect(isRecord(body.usage), "usage", "an object with input_tokens and output_tokens", body.usage)) {
    const usage = body.usage as Record<string, unknown>;
    for (const field of ["input_tokens", "output_tokens"])
      expect(isCount(usage[field]), `usage.${field}`, "a whole number of at least 0", usage[field]);
    for (const field of ["cache_creation_input_tokens", "cache_read_input_tokens"]) {
      expect(
        usage[field] == null || isCount(usage[field]),
        `usage.${field}`,
        "a whole number of at least 0, or null",
        usage[field],
      );
    }
  }
  expect(
    body.stop_reason === null || typeof body.stop_reason === "string",
    "stop_reason",
    "a string or null",
    body.stop_reason,
  );
  expect(body.type === "message", "type", '"message"', body.type);
  expect(body.role === "assistant", "role", '"assistant"', body.role);
  expect(typeof body.id === "string", "id", "a string", body.id);
  expect(typeof body.model === "string", "model", "a string", body.model);
  expect(
    body.stop_sequence == null || typeof body.stop_sequence === "string",
    "stop_sequence",
    "a string or null",
    body.stop_sequence,
  );
  if (problems.length === 0 && unreadableInputs.size === 0) return { ok: true, message: body as AssistantMessage };
  if (problems.length === 0) {
    const content = (body.content as Record<string, unknown>[]).map((block) =>
      block.type === "tool_use" && unreadableInputs.has(block.id as string) ? { ...block, input: {} } : block,
    );
    return { ok: true, message: { ...body, content } as AssistantMessage, unreadableInputs };
  }
  const shown = problems.slice(0, MAX_PROBLEMS);
  if (problems.length > shown.length) shown.push(`and ${problems.length - shown.length} more`);
  return { ok: false, problem: shown.join("; ") };
}

function checkBlocks(content: unknown[], problems: string[], unreadableInputs: Map<string, string>): void {
  const ids = new Set<string>();
  content.forEach((block, index) => {
    const at = `content[${index}]`;
    if (!isRecord(block) || typeof block.type !== "string") {
      problems.push(`${at} is ${describe(block)}, expected a content block with a string type`);
      return;
    }
    if (block.type === "text" && typeof block.text !== "string")
      problems.push(`${at} is a text block whose text is ${describe(block.text)}`);
    if (block.type !== "tool_use") return;
    // A call without a usable id could only be answered with a tool_use_id the API rejects, so none of its calls may run.
    if (typeof block.id !== "string" || block.id === "")
      problems.push(`${at} is a tool_use block whose id is ${describe(block.id)}, expected a non-empty string`);
    else if (ids.has(block.id))
      problems.push(`${at} is a tool_use block with the id "${block.id}", which appears more than once`);
    else {
      ids.add(block.id);
      // Its id is usable, so the call can be answered (with an error) and the others can run.
      if (!isRecord(block.input)) unreadableInputs.set(block.id, describe(block.input));
    }
    if (typeof block.name !== "string" || block.name === "")
      problems.push(`${at} is a tool_use block whose name is ${describe(block.name)}, expected a non-empty string`);
  });
}

function isCount(value: unknown): boolean {
  return typeof value === "number" && Number.isInteger(value) && value >= 0;
}

/** A field's value for a problem report: a field left out is `missing`. */
function describe(value: unknown): string {
  return value === undefined ? "missing" : describeValue(value);
}

function snippet(text: string): string {
  const cut = text.length > SNIPPET_LENGTH ? `${text.slice(0, SNIPPET_LENGTH)}…` : text;
  return JSON.stringify(cut);
}
