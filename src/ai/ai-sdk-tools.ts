import type { JSONSchema7, Tool, ToolCallRepairFunction, ToolSet } from "ai";
import type { ToolResultContentBlock } from "../catalogue/index.js";
import { ToolsiftError } from "../errors.js";
import { optionalPackage } from "../util/optional-package.js";
import { buildToolBlock, type PrefetchOptions, type ToolSearchSession } from "../session/index.js";
import { readPrefetchOption } from "../agent/index.js";
import type { AnthropicTool, ToolResultBlock } from "../wire/index.js";
import { checkKeys, optionKeys } from "../util/option-keys.js";

type AiModule = typeof import("ai");

/**
 * What {@link aiSdkTools} returns: three options of `generateText` / `streamText`, to spread
 * into the call. `tools` is the session's tool block as an AI SDK `ToolSet`; `prepareStep`
 * brings it up to date before every step, so a tool hydrated by a call is sent in full from
 * the next step; `experimental_repairToolCall` sends a call to a tool the block does not list
 * through the session too: one search found in a catalogue too large for stubs runs, and an
 * unknown or denied one gets the session's answer (and its event), as with every other format.
 */
export interface AiSdkTools {
  /** The session's tools: `search_tools`, keep and hydrated tools in full, then stubs. Updated in place before each step. */
  readonly tools: ToolSet;
  /**
   * Refreshes `tools` from the session before each step (with `prefetch`, first ranking the
   * user's message when the step follows one); it changes no other setting. To add your own,
   * call this one from yours, passing the step's `messages`, and return your settings. (Typed without the AI SDK's
   * `PrepareStepFunction<ToolSet>`, which does not type-check under `exactOptionalPropertyTypes`.)
   */
  readonly prepareStep: (step?: { messages?: readonly unknown[] }) => Promise<undefined>;
  /** Sends a call to a tool the block does not list through the session, like any other call. */
  readonly experimental_repairToolCall: ToolCallRepairFunction<ToolSet>;
}

/**
 * The error a toolsift tool throws to the AI SDK when its call failed (invalid input, a denied
 * or unknown tool, the tool's own failure): the AI SDK reports it to the model as the tool's
 * error text, and to you as a `tool-error` part whose `error` is this, with the full result.
 */
export class ToolCallError extends ToolsiftError {
  constructor(
    message: string,
    /** The `tool_result` toolsift answered the call with. */
    readonly result: ToolResultBlock,
  ) {
    super("tool_call_failed", message);
  }
}

/**
 * A session's tools for the Vercel AI SDK (`ai` 6 or 7): spread the result into `generateText` or
 * `streamText`. Every call runs through the session (validation against the real schema,
 * hydration, `permit`, `approve`, events), with the AI SDK's abort signal as the call's signal.
 * The tool set is kept current between steps through `prepareStep`: a stub the model calls is
 * sent in full from the next step. Do not pass `activeTools` with it: the session's block
 * decides what is listed.
 *
 * @throws {@link DependencyError} when the `ai` package is not installed.
 * @example
 * ```ts
 * import { generateText, stepCountIs } from "ai";
 * import { aiSdkTools } from "toolsift/ai";
 *
 * const session = toolSearch.session(chatId, { context: { userId } });
 * const result = await generateText({ model, prompt, stopWhen: stepCountIs(8), ...(await aiSdkTools(session)) });
 * ```
 */
export async function aiSdkTools(session: ToolSearchSession, options: AiSdkToolsOptions = {}): Promise<AiSdkTools> {
  checkKeys("aiSdkTools", "", options, AI_SDK_TOOLS_KEYS, "{ prefetch: true }");
  const ai = await loadAi();
  const prefetch = readPrefetchOption(options.prefetch);
  // No prototype: the AI SDK looks a called name up with tools[name], and a model may call
  // "__proto__" or "constructor"; only the session's own entries may answer.
  const tools: ToolSet = Object.create(null) as ToolSet;
  /** One AI SDK tool per wire definition: a definition unchanged between steps keeps its object. */
  const made = new WeakMap<AnthropicTool, Tool>();
  let fullByName: ReadonlyMap<string, AnthropicTool> = new Map();

  const toolOf = (definition: AnthropicTool): Tool => {
    let tool = made.get(definition);
    if (!tool) made.set(definition, (tool = aiToolOf(ai, session, definition)));
    return tool;
  };

  const refresh = async () => {
    const view = await session.view();
    fullByName = view.fullByName;
    // Rebuilt in block order: the AI SDK sends tools in the set's key order, and the block's
    // order is the one that keeps the prompt cache warm.
    for (const name of Object.keys(tools)) delete tools[name];
    for (const definition of buildToolBlock(view)) setTool(tools, definition.name, toolOf(definition));
  };
  await refresh();

  return {
    tools,
    prepareStep: async (step) => {
      const text = prefetch ? newestUserText(step?.messages) : undefined;
      if (prefetch && text !== undefined) await session.prefetch(text, prefetch).catch(() => undefined);
      await refresh();
      return undefined;
    },
    experimental_repairToolCall: async ({ toolCall, error }) => {
      const name = toolCall.toolName;
      if (ai.NoSuchToolError.isInstance(error)) {
        // Added for this step only (the next prepareStep rebuilds the set from the block): a
        // tool search found is validated against its real schema and runs; the session
        // answers an unknown or denied name as it would in any format, and reports it.
        setTool(tools, name, toolOf(fullByName.get(name) ?? unlisted(name)));
        return toolCall;
      }
      // Its input is not JSON, so it will not run; the session hydrates the tool as execute
      // would, so the model gets its schema from the next step.
      if (fullByName.has(name)) await session.hydrate([name]);
      return null;
    },
  };
}

/** Options of {@link aiSdkTools}. */
export interface AiSdkToolsOptions {
  /**
   * Retrieve on the user's turn, before the model: a step that follows a user message (the
   * first step of a call) first ranks that message and hydrates its strong matches
   * (`session.prefetch`), so the step's tools already carry them in full. `true` considers the
   * best match alone, `{ limit }` sets how many. Off by default.
   *
   * @example
   * ```ts
   * await generateText({ model, prompt, ...(await aiSdkTools(session, { prefetch: { limit: 1 } })) });
   * ```
   */
  prefetch?: boolean | PrefetchOptions;
}

/** Every option of {@link aiSdkTools}; the compiler holds the list to {@link AiSdkToolsOptions}. */
const AI_SDK_TOOLS_KEYS = optionKeys<keyof AiSdkToolsOptions>({ prefetch: true });

/** The text of the newest message when it is the user's (the AI SDK's `ModelMessage`: a string, or text parts). */
function newestUserText(messages: readonly unknown[] | undefined): string | undefined {
  const last = messages?.at(-1) as { role?: unknown; content?: unknown } | undefined;
  if (last?.role !== "user") return undefined;
  const text =
    typeof last.content === "string"
      ? last.content
      : Array.isArray(last.content)
        ? last.content
            .map((part: { type?: unknown; text?: unknown }) =>
              part?.type === "text" && typeof part.text === "string" ? part.text : "",
            )
            .join(" ")
        : "";
  return text.trim() === "" ? undefined : text;
}

/** Defines the entry as an own property, whatever the name (a model may send `__proto__`). */
function setTool(tools: ToolSet, name: string, tool: Tool): void {
  Object.defineProperty(tools, name, { value: tool, enumerable: true, configurable: true, writable: true });
}

/** A stand-in for a name the session does not offer: the session answers the call. */
function unlisted(name: string): AnthropicTool {
  return { name, description: "Not available.", input_schema: { type: "object" } };
}

function aiToolOf(ai: AiModule, session: ToolSearchSession, definition: AnthropicTool): Tool {
  const { name } = definition;
  return ai.dynamicTool({
    description: definition.description,
    // No validation here: the session checks the input against the tool's real schema, and a
    // stub's schema accepts anything on purpose.
    inputSchema: ai.jsonSchema(definition.input_schema as JSONSchema7),
    execute: async (input, { toolCallId, abortSignal }) => {
      const result = await session.execute(
        { type: "tool_use", id: toolCallId, name, input },
        abortSignal ? { signal: abortSignal } : {},
      );
      if (result.is_error) throw new ToolCallError(textOf(result.content), result);
      return result.content;
    },
    toModelOutput: ({ output }) => modelOutputOf(output),
  });
}

/** A result's content as the AI SDK sends tool output to a model: text, or text and images. */
function modelOutputOf(output: unknown): Awaited<ReturnType<NonNullable<Tool["toModelOutput"]>>> {
  if (typeof output === "string") return { type: "text", value: output };
  if (!Array.isArray(output)) return { type: "json", value: output === undefined ? null : (output as never) };
  return {
    type: "content",
    value: (output as ToolResultContentBlock[]).map((block) =>
      block.type === "text"
        ? { type: "text" as const, text: block.text }
        : block.type === "image"
          ? { type: "image-data" as const, data: block.source.data, mediaType: block.source.media_type }
          : { type: "text" as const, text: `[Tool available: ${block.tool_name}]` },
    ),
  };
}

function textOf(content: ToolResultBlock["content"]): string {
  if (typeof content === "string") return content;
  return content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("\n") || "The tool call failed.";
}

/** The `ai` package, loaded on first use, so `toolsift/ai` can be imported without it and say what is missing. */
const loadAiPackage = optionalPackage({
  name: "ai",
  range: "^6.0.0 || ^7.0.0",
  install: "ai",
  load: (): Promise<AiModule> => import("ai"),
  pick: (ai) => ai,
});
const loadAi = () => loadAiPackage({ neededBy: "toolsift/ai", what: "the Vercel AI SDK" });
