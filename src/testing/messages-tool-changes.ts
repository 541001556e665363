// The Messages API's rules for mid-conversation system messages and tool changes, for the local server.
import type { IncomingHttpHeaders } from "node:http";
import type { WireBlock, WireRequest, WireTool } from "./messages-wire.js";

/** The beta that lets a `tool_addition` or `tool_removal` name a tool by reference. */
export const TOOL_CHANGES_BETA = "mid-conversation-tool-changes-2026-07-01";
/** The beta that lets a `tool_addition` carry a whole tool definition inline. */
export const INLINE_TOOLS_BETA = "inline-tools-2026-09-15";

/**
 * The models the mid-conversation system messages page lists (family and version). Claude
 * Sonnet 5 is named there as not supported, and so is every Claude model left off the list.
 */
const SUPPORTED_MODELS = [
  "fable-5-1",
  "mythos-5-1",
  "fable-5",
  "mythos-5",
  "opus-5-5",
  "opus-4-8",
  "opus-5",
  "sonnet-5-5",
  "haiku-5-5",
];
/** A real Claude model id (`claude-opus-4-8`, `claude-3-5-haiku-…`), as opposed to a test stand-in such as `claude-test`. */
const CLAUDE_MODEL_ID = /^claude-(?:\d|(?:opus|sonnet|haiku|fable|mythos)-\d)/;
const DATE_SUFFIX = /-\d{8}$/;

const SYSTEM_BLOCK_TYPES = new Set(["text", "tool_addition", "tool_removal"]);
const CLEAR_AT = new Set(["never", "next_user_message"]);

/** What one request's tool changes change: the definitions each addition brings into the prompt, by message and block. */
export interface ToolChangesOutcome {
  /** Set when the request breaks a rule: the 400 message. */
  problem?: string;
  /** `messages.<i>.content.<j>` → the definitions a `tool_addition` (or a `tool_reference` search result) renders there. */
  rendered: Map<string, WireTool[]>;
}

/**
 * Checks the `role: "system"` messages of a request and walks the tool changes they carry, in
 * order, keeping the set of tools loaded at each point: the non-deferred tools of `tools`, the
 * deferred tools a `tool_reference` search result or a `tool_addition` loaded since, less those
 * a `tool_removal` withdrew. An addition by reference needs {@link TOOL_CHANGES_BETA} and a tool
 * of `tools` with `defer_loading: true` (or, under {@link INLINE_TOOLS_BETA}, a tool defined
 * inline earlier); an inline definition needs {@link INLINE_TOOLS_BETA}; a removal needs a tool
 * loaded at that point.
 */
export function checkToolChanges(body: WireRequest, headers: IncomingHttpHeaders): ToolChangesOutcome {
  const rendered = new Map<string, WireTool[]>();
  const render = (where: string, tool: WireTool) => rendered.set(where, [...(rendered.get(where) ?? []), tool]);
  const fail = (problem: string): ToolChangesOutcome => ({ problem, rendered });
  const systemAt = body.messages.findIndex((message) => message.role === "system");
  const modelProblem = systemAt === -1 ? undefined : unsupportedModel(body.model);
  if (modelProblem) return fail(`messages.${systemAt}: ${modelProblem}`);

  const betas = betasOf(headers);
  const tools = body.tools ?? [];
  const declared = new Map(tools.map((tool) => [tool.name, tool]));
  const loaded = new Map(tools.filter((tool) => tool.defer_loading !== true).map((tool) => [tool.name, tool]));
  const inline = new Map<string, WireTool>();

  for (const [index, message] of body.messages.entries()) {
    const blocks = typeof message.content === "string" ? [] : message.content;
    if (message.role !== "system") {
      for (const [at, block] of blocks.entries()) {
        for (const name of referencedNames(block)) {
          const tool = declared.get(name);
          if (!tool) continue;
          loaded.set(name, tool);
          render(`messages.${index}.content.${at}`, tool);
        }
      }
      continue;
    }
    const shape = systemMessageProblem(message as unknown as Record<string, unknown>);
    if (shape) return fail(`messages.${index}: ${shape}`);
    for (const [at, block] of blocks.entries()) {
      const where = `messages.${index}.content.${at}`;
      if (block.type === "text") continue;
      const tool = block.tool as Record<string, unknown> | undefined;
      if (!tool || typeof tool !== "object" || Array.isArray(tool))
        return fail(`${where}.tool: Field required (an object such as { "type": "tool_reference", "name": "…" }).`);
      if (tool.type === "mcp_tool_reference" || tool.type === "mcp_toolset_reference")
        return fail(
          `${where}.tool: ${String(tool.type)} needs an MCP server of the request; this local server has none.`,
        );
      if (block.type === "tool_addition" && tool.type === "tool_definition") {
        if (!betas.has(INLINE_TOOLS_BETA))
          return fail(
            `${where}: a tool_addition with an inline tool_definition requires the anthropic-beta header "${INLINE_TOOLS_BETA}".`,
          );
        const definition = tool.definition as WireTool | undefined;
        const problem = definitionProblem(definition);
        if (problem) return fail(`${where}.tool.definition: ${problem}`);
        inline.set(definition!.name, definition!);
        loaded.set(definition!.name, definition!);
        render(where, definition!);
        continue;
      }
      if (tool.type !== "tool_reference")
        return fail(
          `${where}.tool.type: Input tag '${String(tool.type)}' found using 'type' does not match any of the expected tags: ` +
            `'tool_reference', 'mcp_tool_reference', 'mcp_toolset_reference'${block.type === "tool_addition" ? ", 'tool_definition'" : ""}.`,
        );
      if (typeof tool.name !== "string" || tool.name === "") return fail(`${where}.tool.name: Field required.`);
      const name = tool.name;
      const definedInline = inline.has(name);
      if (!betas.has(TOOL_CHANGES_BETA) && !(definedInline && betas.has(INLINE_TOOLS_BETA)))
        return fail(
          `${where}: a ${block.type} by tool_reference requires the anthropic-beta header "${TOOL_CHANGES_BETA}".`,
        );
      if (block.type === "tool_addition") {
        const target = definedInline ? inline.get(name) : declared.get(name);
        if (!target || (!definedInline && target.defer_loading !== true))
          return fail(
            `${where}.tool.name: '${name}' ${target ? "is in tools without defer_loading: true" : "is not in tools"}; ` +
              "a tool_addition by reference names a tool of tools with defer_loading: true " +
              `(or one defined inline earlier, beta "${INLINE_TOOLS_BETA}").`,
          );
        loaded.set(name, target);
        render(where, target);
      } else {
        if (!loaded.has(name))
          return fail(
            `${where}.tool.name: '${name}' is not loaded at this point of the conversation, so it cannot be removed ` +
              `(loaded: ${[...loaded.keys()].slice(0, 20).join(", ") || "none"}).`,
          );
        loaded.delete(name);
      }
    }
  }
  return { rendered };
}

/** Why a model cannot take mid-conversation system messages, or undefined when it can (test stand-ins can). */
export function unsupportedModel(model: string): string | undefined {
  if (!CLAUDE_MODEL_ID.test(model)) return undefined;
  const family = model.replace(/^claude-/, "").replace(DATE_SUFFIX, "");
  if (SUPPORTED_MODELS.includes(family)) return undefined;
  return (
    `${model} does not support role "system" messages (nor tool changes) in messages; use the top-level system field ` +
    `and tools instead, or a model that does: ${SUPPORTED_MODELS.map((name) => `claude-${name}`).join(", ")}.`
  );
}

function systemMessageProblem(message: Record<string, unknown>): string | undefined {
  const { content, clear_at: clearAt, output_config: outputConfig } = message;
  if (clearAt !== undefined && clearAt !== null && !CLEAR_AT.has(String(clearAt)))
    return `clear_at: '${String(clearAt)}' is not one of 'never', 'next_user_message'.`;
  const hasContent = typeof content === "string" ? content !== "" : Array.isArray(content) && content.length > 0;
  if (!hasContent && (outputConfig === undefined || outputConfig === null))
    return "a system message needs content (text, tool_addition or tool_removal blocks) or output_config.";
  if (!Array.isArray(content)) return undefined;
  for (const [at, block] of (content as WireBlock[]).entries()) {
    if (!block || typeof block !== "object" || !SYSTEM_BLOCK_TYPES.has(String(block.type)))
      return `content.${at}.type: '${String(block?.type)}' is not allowed in a system message; it takes text, tool_addition and tool_removal blocks.`;
    if (block.type === "text" && typeof block.text !== "string") return `content.${at}.text: Field required.`;
  }
  return undefined;
}

function definitionProblem(definition: WireTool | undefined): string | undefined {
  if (!definition || typeof definition !== "object" || Array.isArray(definition))
    return "Field required (a tools entry: name, description, input_schema).";
  if (typeof definition.name !== "string" || !/^[a-zA-Z0-9_-]{1,128}$/.test(definition.name))
    return "name: a tool name of 1 to 128 letters, digits, '_' or '-' is required.";
  const custom = definition.type === undefined || definition.type === "custom";
  const schema = definition.input_schema as unknown;
  if (custom && (!schema || typeof schema !== "object" || Array.isArray(schema)))
    return "input_schema: Field required (a JSON Schema object).";
  if (definition.cache_control) return "cache_control: not allowed on an inline definition; put it on the block.";
  return undefined;
}

/** The tool names a `tool_result` of a native search expands (its `tool_reference` blocks). */
function referencedNames(block: WireBlock): string[] {
  if (block.type !== "tool_result" || !Array.isArray(block.content)) return [];
  return (block.content as WireBlock[])
    .filter((inner) => inner.type === "tool_reference" && typeof inner.tool_name === "string")
    .map((inner) => String(inner.tool_name));
}

function betasOf(headers: IncomingHttpHeaders): Set<string> {
  const raw = headers["anthropic-beta"];
  const values = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return new Set(values.flatMap((value) => value.split(",")).map((value) => value.trim()));
}
