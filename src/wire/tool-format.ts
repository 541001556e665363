/**
 * The names of the model APIs a session lays tools out for and answers calls in: one per codec
 * folder of `wire/` (see `codecs.ts`, the registry).
 *
 * @module
 */
import { OptionsError, errorText } from "../errors.js";

/** The wire formats a session lays out tools and answers calls in. */
export type ToolFormat = "anthropic" | "openai-chat" | "openai-responses" | "gemini";

/** Every {@link ToolFormat}, for checking a value at run time. */
export const TOOL_FORMATS: readonly ToolFormat[] = ["anthropic", "openai-chat", "openai-responses", "gemini"];

/**
 * The `format` of a `tools()` options object: `"anthropic"` when absent.
 *
 * @throws {@link OptionsError} `invalid_format` for anything but a {@link ToolFormat}, or options that cannot be read.
 */
export function readToolFormat(options: unknown): ToolFormat {
  let format: unknown;
  try {
    format = typeof options === "object" && options !== null ? (options as { format?: unknown }).format : undefined;
  } catch (error) {
    throw new OptionsError("invalid_format", `tools() could not read options.format (${errorText(error)}).`);
  }
  if (format === undefined) return "anthropic";
  if (typeof format === "string" && (TOOL_FORMATS as readonly string[]).includes(format)) return format as ToolFormat;
  throw new OptionsError(
    "invalid_format",
    `tools() takes format ${TOOL_FORMATS.map((known) => `"${known}"`).join(", ")}; got ${JSON.stringify(format) ?? String(format)}.`,
  );
}
