import { OptionsError, errorText } from "../errors.js";
import {
  CODECS,
  type AnthropicTool,
  type AnyWireCodec,
  type GeminiTool,
  type OpenAIChatTool,
  type OpenAIResponsesNativeTool,
  type OpenAIResponsesTool,
  type ToolFormat,
} from "../wire/index.js";

/**
 * Who answers the model's tool searches in OpenAI's native presentation: `"client"` (toolsift's
 * ranker, through `session.execute`) or `"hosted"` (OpenAI's own search over the deferred definitions).
 */
export type NativeSearch = "client" | "hosted";

/**
 * How `tools()` lays out a block: toolsift's own (stubs or search only), the provider's native
 * tool search, or `"changes"`: one fixed array for the Messages API's mid-conversation tool
 * changes (see `session.toolChanges()`).
 */
export type ToolPresentation = "toolsift" | "native" | "changes";

/** The options of `session.tools()`: see its overloads for which go together. */
export type ToolsOptions = {
  format?: ToolFormat;
  /**
   * With `presentation: "changes"`: `"reference"` (the default, every tool declared deferred) or
   * `"inline"` (only `search_tools` and the keep tools; additions carry definitions).
   *
   * @example
   * ```ts
   * const tools = await session.tools({ presentation: "changes", mode: "inline" });
   * ```
   */
  mode?: "reference" | "inline";
  presentation?: ToolPresentation;
  nativeSearch?: NativeSearch;
  maxDeclarations?: number;
};

/** What `session.tools()` returns, in some format (its overloads narrow it by the options). */
export type LaidOutTools =
  | AnthropicTool[]
  | OpenAIChatTool[]
  | OpenAIResponsesTool[]
  | OpenAIResponsesNativeTool[]
  | GeminiTool[];

/** The formats whose codec has a native presentation, as a message names them. */
const NATIVE_FORMATS = Object.values(CODECS)
  .filter((codec) => codec.nativePresentation)
  .map((codec) => `"${codec.format}"`)
  .join(", ");

/** The presentation and search of a `tools()` options object, checked against its format's codec. */
export function readNativeOptions(
  options: unknown,
  codec: AnyWireCodec,
): { presentation: ToolPresentation; nativeSearch: NativeSearch } {
  let presentation: unknown;
  let nativeSearch: unknown;
  try {
    const read = typeof options === "object" && options !== null ? (options as Record<string, unknown>) : {};
    presentation = read.presentation;
    nativeSearch = read.nativeSearch;
  } catch (error) {
    throw new OptionsError("invalid_presentation", `tools() could not read its options (${errorText(error)}).`);
  }
  if (presentation !== undefined && presentation !== "toolsift" && presentation !== "native")
    throw new OptionsError(
      "invalid_presentation",
      `tools() takes presentation "toolsift", "native" or "changes"; got ${JSON.stringify(presentation) ?? String(presentation)}.`,
    );
  if (nativeSearch !== undefined && nativeSearch !== "client" && nativeSearch !== "hosted")
    throw new OptionsError(
      "invalid_native_search",
      `tools() takes nativeSearch "client" or "hosted"; got ${JSON.stringify(nativeSearch) ?? String(nativeSearch)}.`,
    );
  if (presentation === "native" && !codec.nativePresentation)
    throw new OptionsError(
      "invalid_presentation",
      `tools() lays out presentation "native" for format ${NATIVE_FORMATS} only; got format "${codec.format}". ` +
        'For the Messages API\'s own deferral use runAgent({ strategy: "native" }).',
    );
  if (nativeSearch !== undefined && presentation !== "native")
    throw new OptionsError(
      "invalid_native_search",
      `tools() takes nativeSearch only with presentation "native" (format ${NATIVE_FORMATS}).`,
    );
  return { presentation: presentation ?? "toolsift", nativeSearch: nativeSearch ?? "client" };
}
