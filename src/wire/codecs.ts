/**
 * The registry of wire codecs, one per model API (see `codec.ts`). Adding an API is its folder,
 * its name in `ToolFormat` (tool-format.ts) and one entry below; the compiler then holds every
 * use of the registry to it.
 *
 * @module
 */
import type { CatalogueSnapshot, CatalogueTool } from "../catalogue/index.js";
import { anthropicCodec } from "./anthropic/anthropic-codec.js";
import type { AnyWireCodec } from "./codec.js";
import { geminiCodec } from "./gemini/gemini-codec.js";
import { openAIChatCodec } from "./openai-chat/openai-chat-codec.js";
import { openAIResponsesCodec } from "./openai-responses/openai-responses-codec.js";
import type { ToolFormat } from "./tool-format.js";

/** Every API's codec, by its format. */
export const CODECS: { readonly [F in ToolFormat]: AnyWireCodec } = {
  anthropic: anthropicCodec,
  "openai-chat": openAIChatCodec,
  "openai-responses": openAIResponsesCodec,
  gemini: geminiCodec,
};

/** The codec of a format. */
export function codecFor(format: ToolFormat): AnyWireCodec {
  return CODECS[format];
}

/**
 * The codec whose shape a call has. The Messages API's `tool_use` block is the fallback, so a
 * call of no known shape is refused in its words.
 */
export function codecOfCall(call: object): AnyWireCodec {
  for (const codec of Object.values(CODECS)) {
    if (codec !== anthropicCodec && codec.recognises(call)) return codec;
  }
  return anthropicCodec;
}

/**
 * The catalogue's tool a call's name stands for: the tool of that name, else the one a codec
 * renamed to it for its API (a Gemini transcript names a renamed tool by its Gemini name).
 */
export function toolOfCallName(snapshot: CatalogueSnapshot, name: string): CatalogueTool | undefined {
  const own = snapshot.byName.get(name);
  if (own) return own;
  for (const codec of Object.values(CODECS)) {
    const tool = codec.toolByCallName?.(snapshot, name);
    if (tool) return tool;
  }
  return undefined;
}
