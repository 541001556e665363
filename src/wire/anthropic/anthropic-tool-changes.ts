/**
 * The Messages API's mid-conversation tool changes: a `role: "system"` message in `messages`
 * holding `tool_addition` and `tool_removal` blocks, each naming one tool. An addition names a
 * tool the request's `tools` declares (beta `mid-conversation-tool-changes-2026-07-01`) or
 * carries its definition inline (`{ type: "tool_definition", definition }`, beta
 * `inline-tools-2026-09-15`); a removal names a tool declared in `tools` or defined earlier in
 * `messages`. The tools array is left as it was, so its cached prefix still serves.
 *
 * @module
 */
import type { ToolChange, ToolChangeCodec, ToolChangeMode } from "../tool-changes.js";
import type { AnthropicTool } from "./anthropic.js";

/** The beta that lets a `role: "system"` message add (by reference) and remove tools. */
export const TOOL_CHANGES_BETA = "mid-conversation-tool-changes-2026-07-01";
/** The beta that lets a `tool_addition` carry a whole definition (`tool_definition`). */
export const INLINE_TOOLS_BETA = "inline-tools-2026-09-15";

/** A reference to one tool by the name the model calls it by. */
export interface ToolChangeReference {
  type: "tool_reference";
  name: string;
}

/** A tool given by value: `definition` is a `tools` entry. */
export interface ToolChangeDefinition {
  type: "tool_definition";
  definition: AnthropicTool;
}

/** Offers a tool to the model from this point of the conversation on. */
export interface ToolAdditionBlock {
  type: "tool_addition";
  tool: ToolChangeReference | ToolChangeDefinition;
}

/** Withdraws a tool from this point of the conversation on. */
export interface ToolRemovalBlock {
  type: "tool_removal";
  tool: ToolChangeReference;
}

/** The `role: "system"` message that carries one turn's tool changes. */
export interface ToolChangeMessage {
  role: "system";
  content: (ToolAdditionBlock | ToolRemovalBlock)[];
}

/** The Messages API's {@link ToolChangeCodec}. */
export const anthropicToolChanges: ToolChangeCodec<ToolChangeMessage> = {
  write(changes, mode, definitionOf) {
    return {
      role: "system",
      content: changes.map((change): ToolAdditionBlock | ToolRemovalBlock => {
        const reference: ToolChangeReference = { type: "tool_reference", name: change.name };
        if (change.type === "remove") return { type: "tool_removal", tool: reference };
        const definition = mode === "inline" ? definitionOf(change.name) : undefined;
        // A definition that cannot be found is named instead: the request then fails clearly at the API.
        return {
          type: "tool_addition",
          tool: definition ? { type: "tool_definition", definition: plainDefinition(definition) } : reference,
        };
      }),
    };
  },
  read(entry) {
    if (entry.role !== "system" || !Array.isArray(entry.content)) return [];
    const changes: ToolChange[] = [];
    for (const block of entry.content as unknown[]) {
      const change = readChange(block);
      if (change) changes.push(change);
    }
    return changes;
  },
  loads(entry) {
    if (entry.role !== "user" || !Array.isArray(entry.content)) return [];
    const names: string[] = [];
    for (const block of entry.content as unknown[]) {
      const { type, content } = (typeof block === "object" && block !== null ? block : {}) as {
        type?: unknown;
        content?: unknown;
      };
      if (type !== "tool_result" || !Array.isArray(content)) continue;
      for (const inner of content as unknown[]) {
        const reference = (typeof inner === "object" && inner !== null ? inner : {}) as {
          type?: unknown;
          tool_name?: unknown;
        };
        if (reference.type === "tool_reference" && typeof reference.tool_name === "string")
          names.push(reference.tool_name);
      }
    }
    return names;
  },
};

function readChange(block: unknown): ToolChange | undefined {
  if (typeof block !== "object" || block === null) return undefined;
  const { type, tool } = block as { type?: unknown; tool?: unknown };
  if (type !== "tool_addition" && type !== "tool_removal") return undefined;
  if (typeof tool !== "object" || tool === null) return undefined;
  const named = tool as { type?: unknown; name?: unknown; definition?: unknown };
  const name =
    named.type === "tool_definition"
      ? (named.definition as { name?: unknown } | null | undefined)?.name
      : named.type === "tool_reference"
        ? named.name
        : undefined;
  if (typeof name !== "string" || name === "") return undefined;
  return { type: type === "tool_addition" ? "add" : "remove", name };
}

/** A definition as a `tool_definition` takes it: no `defer_loading` or `cache_control`. */
function plainDefinition(tool: AnthropicTool): AnthropicTool {
  return { name: tool.name, description: tool.description, input_schema: tool.input_schema };
}

/**
 * The betas a request needs for the tool changes its messages hold: none without any,
 * {@link TOOL_CHANGES_BETA} for changes, and {@link INLINE_TOOLS_BETA} as well once an
 * addition carries a definition.
 *
 * @example
 * ```ts
 * toolChangeBetas(messages); // ["mid-conversation-tool-changes-2026-07-01"]
 * ```
 */
export function toolChangeBetas(messages: readonly unknown[]): string[] {
  let changes = false;
  let inline = false;
  for (const message of messages) {
    if (typeof message !== "object" || message === null) continue;
    const { role, content } = message as { role?: unknown; content?: unknown };
    if (role !== "system" || !Array.isArray(content)) continue;
    for (const block of content as unknown[]) {
      const { type, tool } = (typeof block === "object" && block !== null ? block : {}) as {
        type?: unknown;
        tool?: { type?: unknown } | null;
      };
      if (type !== "tool_addition" && type !== "tool_removal") continue;
      changes = true;
      if (tool?.type === "tool_definition") inline = true;
    }
  }
  return changes ? betasOfMode(inline ? "inline" : "reference") : [];
}

/** The mode whose betas a request needs. */
export function betasOfMode(mode: ToolChangeMode): string[] {
  return mode === "inline" ? [TOOL_CHANGES_BETA, INLINE_TOOLS_BETA] : [TOOL_CHANGES_BETA];
}

/**
 * The models the mid-conversation documentation lists for tool changes: Claude Fable 5.1,
 * Mythos 5.1, Fable 5, Mythos 5, Opus 5.5, Opus 4.8, Opus 5, Sonnet 5.5 and Haiku 5.5.
 */
const SUPPORTED = new Set([
  "fable-5.1",
  "mythos-5.1",
  "fable-5.0",
  "mythos-5.0",
  "opus-5.5",
  "opus-4.8",
  "opus-5.0",
  "sonnet-5.5",
  "haiku-5.5",
]);

/**
 * Why a model cannot take mid-conversation tool changes, or `undefined` when it can or is not
 * known (a newer model, another provider's name for one: the API has the last word). The page
 * names Claude Sonnet 5 as taking no mid-conversation system messages; models older than Claude Opus 4.8 predate them.
 *
 * @example
 * ```ts
 * toolChangesRefusal("claude-sonnet-5"); // "Claude Sonnet 5 does not take ..."
 * toolChangesRefusal("claude-opus-5-5"); // undefined
 * ```
 */
export function toolChangesRefusal(model: string): string | undefined {
  const id = model.toLowerCase().slice(Math.max(0, model.toLowerCase().indexOf("claude-")));
  if (/^claude-(\d|instant)/.test(id))
    return `${model} is older than Claude Opus 4.8 and has no mid-conversation tool changes.`;
  const match = /^claude-([a-z]+)-(\d+)(?:-(\d{1,2}))?(?:$|[-@])/.exec(id);
  if (!match) return undefined;
  const [, family, major, minor = "0"] = match;
  const version = Number(major) + Number(minor) / 10;
  if (SUPPORTED.has(`${family}-${major}.${minor}`)) return undefined;
  if (family === "sonnet" && version === 5)
    return `Claude Sonnet 5 (${model}) takes no mid-conversation system messages, so no tool changes: the documentation says to use the top-level system field there.`;
  if (version < 4.8) return `${model} is older than Claude Opus 4.8 and has no mid-conversation tool changes.`;
  return undefined;
}
