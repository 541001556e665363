import { createHash } from "node:crypto";
import { errorText } from "../../errors.js";
import type { ToolDefinition } from "../../index.js";
import { canonicalJson } from "../../for-apps.js";

/**
 * The part of a tool's definition that is pinned: what reaches the model (name, description,
 * input schema, the title and original name a search reads, kept as `tags`) and the annotations
 * the gateway acts on (`destructive` gates a call behind the user's confirmation, `openWorld`
 * keeps learning from lifting it). Those are the annotations as toolsift reads them from MCP's
 * `destructiveHint`, `readOnlyHint` and `openWorldHint`: an upstream hint toolsift does not use
 * (`idempotentHint`) changes nothing a client sees or does through the gateway.
 */
export interface PinnedDefinition {
  name: string;
  description: string;
  inputSchema: unknown;
  annotations: { destructive: boolean; openWorld: boolean };
  tags: readonly string[];
}

/** The pinned part of a catalogue tool. */
export function pinnedDefinitionOf(tool: ToolDefinition): PinnedDefinition {
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
    annotations: { destructive: tool.destructive === true, openWorld: tool.openWorld === true },
    tags: tool.tags ?? [],
  };
}

/**
 * The hex SHA-256 of a definition's canonical JSON: key order does not matter, every value does.
 * A definition nested too deep to write is hashed as such (with its name and the reason), so it
 * is still pinned and compared; the library never serves such a schema anyway.
 *
 * @example
 * ```ts
 * definitionHash(pinnedDefinitionOf(tool)); // "3f1c…" (64 hex digits)
 * ```
 */
export function definitionHash(definition: PinnedDefinition): string {
  let text: string;
  try {
    text = canonicalJson(definition);
  } catch (error) {
    text = `unhashable ${JSON.stringify(definition.name)}: ${errorText(error)}`;
  }
  return createHash("sha256").update(text).digest("hex");
}

/**
 * Hashes of catalogue tools, computed once per definition object: a host's listing hands out the
 * very same objects until a server's tools change, and a listing or search asks about a tool many
 * times.
 */
export class FingerprintCache {
  private readonly hashes = new WeakMap<ToolDefinition, string>();

  /** The tool's {@link definitionHash}. */
  of(tool: ToolDefinition): string {
    let hash = this.hashes.get(tool);
    if (hash === undefined) {
      hash = definitionHash(pinnedDefinitionOf(tool));
      this.hashes.set(tool, hash);
    }
    return hash;
  }
}
