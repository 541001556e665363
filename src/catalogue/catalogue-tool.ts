import type { RankDocument } from "../ranking/index.js";
import type { JsonSchemaObject, ToolDefinition } from "./tool-definition.js";

/**
 * A tool as toolsift holds it after checking its definition: the wire form the model sees,
 * the metadata that never goes on the wire, and the ranking document.
 */
export interface CatalogueTool {
  readonly name: string;
  readonly description: string;
  /** The real input schema as JSON Schema (a zod schema is converted once). */
  readonly inputSchema: JsonSchemaObject;
  readonly destructive: boolean;
  readonly server: string | undefined;
  readonly tags: readonly string[];
  /** The definition the user gave, for `execute`, `permit` and `approve`. */
  readonly definition: ToolDefinition;
  readonly document: RankDocument;
  /**
   * Changes whenever anything the model sees or the gate checks changes (description,
   * schema, `destructive`, server, tags), so a re-listed tool with a new schema or a new
   * `destructive` flag is never mistaken for the old one.
   */
  readonly contentKey: string;
}
