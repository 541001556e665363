import { describeValue } from "../../describe-value.js";
import { parseArgumentsText } from "../../wire/index.js";
import { isRecord } from "../../util/is-record.js";

/**
 * The input of an OpenAI function call, whose `arguments` is a JSON string: the object it holds,
 * or what it held instead (`unreadable`), for the loop to answer with an error without running.
 * Read as the session reads a call's arguments (`parseArgumentsText`: empty is `{}`).
 */
export function readArguments(
  raw: unknown,
): { input: Record<string, unknown> } | { input: Record<string, never>; unreadable: string } {
  if (typeof raw !== "string") return { input: {}, unreadable: describeValue(raw) };
  const parsed = parseArgumentsText(raw);
  if (!parsed.ok) return { input: {}, unreadable: `text that is not JSON (${describeValue(raw)})` };
  const value = parsed.value;
  if (isRecord(value)) return { input: value };
  return { input: {}, unreadable: describeValue(value) };
}

/**
 * OpenAI's usage in toolsift's terms, which are the Messages API's: `input_tokens` are the ones
 * not read from the cache. OpenAI counts cached tokens inside its input total and does not
 * report cache writes (its cache fills by itself), so `cache_creation_input_tokens` is 0.
 */
export function openAIUsageOf(input: unknown, output: unknown, cached: unknown) {
  const count = (value: unknown) =>
    typeof value === "number" && Number.isFinite(value) && value >= 0 ? Math.floor(value) : 0;
  const read = Math.min(count(cached), count(input));
  return {
    input_tokens: count(input) - read,
    output_tokens: count(output),
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: read,
  };
}

/** A system prompt as one string: OpenAI's instructions take text, so text blocks are joined. */
export function systemText(system: string | readonly { text: string }[] | undefined): string | undefined {
  if (system === undefined) return undefined;
  const text = typeof system === "string" ? system : system.map((block) => block.text).join("\n\n");
  return text === "" ? undefined : text;
}
