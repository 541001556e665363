const TOOL_OUTPUT = Symbol.for("toolsift.tool-output");

/** The image types a `tool_result` may carry. */
export type ToolResultImageType = "image/jpeg" | "image/png" | "image/gif" | "image/webp";

/**
 * A content block of a `tool_result`, as the Anthropic Messages API takes it. The union is
 * closed on purpose, so a `tool_result` toolsift builds type-checks as the SDK's own param.
 */
export type ToolResultContentBlock =
  | { type: "text"; text: string }
  | { type: "image"; source: { type: "base64"; media_type: ToolResultImageType; data: string } }
  | { type: "tool_reference"; tool_name: string };

/** A tool's result with explicit content blocks, made by {@link toolOutput}. */
export interface ToolOutput {
  readonly [TOOL_OUTPUT]: true;
  readonly content: readonly ToolResultContentBlock[];
  readonly isError: boolean;
}

/**
 * Wraps content blocks as a tool's result, for tools that return more than text
 * (images, several blocks) or that report their own failure without throwing.
 *
 * @example
 * ```ts
 * execute: async () => toolOutput({ content: [{ type: "text", text: "disk full" }], isError: true })
 * ```
 */
export function toolOutput(output: { content: readonly ToolResultContentBlock[]; isError?: boolean }): ToolOutput {
  return { [TOOL_OUTPUT]: true, content: output.content, isError: output.isError ?? false };
}

/** Whether a value returned by `execute` was made by {@link toolOutput}. */
export function isToolOutput(value: unknown): value is ToolOutput {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[TOOL_OUTPUT] === true;
}
