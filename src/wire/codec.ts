/**
 * One model API's wire codec: how a session's tool block is laid out for it, how its tool calls
 * are read, and how their answers are written. Each API is one folder of `wire/` with its codec,
 * and `codecs.ts` is the registry; a session, `runAgent`'s providers and the transcript readers
 * go through the registry, so a new API is a new folder and one line there, not a new branch.
 *
 * @module
 */
import type { CatalogueSnapshot, CatalogueTool } from "../catalogue/index.js";
import type { AnthropicTool, ToolResultBlock } from "./anthropic/anthropic.js";
import type { ReadToolCall, UnreadableToolCall } from "./read-fields.js";
import type { ToolChangeCodec } from "./tool-changes.js";
import type { ToolFormat } from "./tool-format.js";

/**
 * A call of a kept transcript: the tool's name and the call's id (`""` when the format has none);
 * or, with `change`, a mid-conversation tool change naming a tool (`id` is `""`).
 */
export interface TranscriptCall {
  name: string;
  id: string;
  change?: "add" | "remove";
}

/** The wire codec of one model API (see the module's comment). */
export interface WireCodec<Tool, Call extends object, Answer> {
  readonly format: ToolFormat;
  /**
   * The most tools one request may carry, from `tools()`'s options (`undefined`: no cap): past
   * it the block is cut, `search_tools`, keep and hydrated tools first, so every tool stays reachable.
   *
   * @throws `OptionsError` for an option of the format's own that is out of range.
   */
  maxTools(options: Readonly<Record<string, unknown>>): number | undefined;
  /** Whether `tools({ presentation: "native" })` has a layout in this format (the API's own tool search). */
  readonly nativePresentation: boolean;
  /**
   * Mid-conversation tool changes in this API's terms (added and removed without touching
   * `tools`), or `undefined` for an API that has none.
   */
  // biome-ignore lint/suspicious/noExplicitAny: each API's transcript entry is its own shape.
  readonly toolChanges: ToolChangeCodec<any> | undefined;
  /** The block, a session's own tool shapes, as this API's `tools`. */
  layOut(block: readonly AnthropicTool[]): Tool[];
  /** Whether a call object has this format's shape (read under guards; the fallback format says yes to any object). */
  recognises(call: object): call is Call;
  /** The call's fields, each read once under a guard: `execute` never throws, whatever it is given. */
  readCall(call: object): ReadToolCall | UnreadableToolCall;
  /**
   * The call in the catalogue's terms, before it is validated or run: a format that renames tools
   * or properties for its API (Gemini's) names them back here.
   */
  resolveCall?(call: ReadToolCall, snapshot: CatalogueSnapshot): ReadToolCall;
  /** The answer (built as a `tool_result`, a session's own shape) in this format, for the call read. */
  writeAnswer(block: ToolResultBlock, call: ReadToolCall | UnreadableToolCall): Answer;
  /**
   * The calls one entry of a kept transcript holds in this format (a message, an item or a
   * content part), appended in order; entries of other formats add nothing.
   */
  transcriptCalls(entry: Readonly<Record<string, unknown>>, calls: TranscriptCall[]): void;
  /** The tool a call's name stands for in the catalogue, when the format renames tools (Gemini's). */
  toolByCallName?(snapshot: CatalogueSnapshot, name: string): CatalogueTool | undefined;
}

/** Appends a transcript's call when it has a name and an id, as `execute` would have run it (`idOptional`: formats whose calls may lack one). */
export function pushCall(calls: TranscriptCall[], name: unknown, id: unknown, idOptional = false): void {
  if (typeof name !== "string" || name === "") return;
  if (typeof id === "string" && id !== "") calls.push({ name, id });
  else if (idOptional) calls.push({ name, id: typeof id === "string" ? id : "" });
}

/** A codec of any API, as the registry holds them. */
// biome-ignore lint/suspicious/noExplicitAny: the registry holds codecs of every API's own shapes.
export type AnyWireCodec = WireCodec<any, any, any>;
