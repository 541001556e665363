import type { RankDocument } from "../ranking/index.js";
import type { DefinitionFields } from "./read-definition.js";
import type { JsonSchemaObject, ZodSchemaLike, ToolContext, ToolDefinition } from "./tool-definition.js";
import type { InputValidator } from "./input-validator.js";
import type { SchemaMends } from "./mend-schema.js";

/**
 * A tool as toolsift holds it after checking its definition: the wire form the model sees,
 * the metadata that never goes on the wire, and the ranking document. Every field is read
 * once from the definition and kept: nothing here changes if the definition object does.
 */
export interface CatalogueTool {
  readonly name: string;
  readonly description: string;
  /** The real input schema as JSON Schema (a zod schema is converted once); toolsift's own copy. */
  readonly inputSchema: JsonSchemaObject;
  readonly destructive: boolean;
  /** Reaches outside the application (MCP `openWorldHint`): lessons do not lift it by default. */
  readonly openWorld: boolean;
  readonly server: string | undefined;
  readonly tags: readonly string[];
  /** The definition the user gave, for `permit` and `approve`. */
  readonly definition: ToolDefinition;
  /** The definition's `execute`, as read when the tool was listed, called with the definition as `this`. */
  readonly run: ((input: unknown, context: ToolContext) => unknown) | undefined;
  /** The zod schema, when the definition gave one: its refinements and transforms apply after ajv's checks. */
  readonly zodSchema: ZodSchemaLike | undefined;
  /** Checks inputs against `inputSchema`; compiled on the tool's first call. */
  readonly validator: InputValidator;
  readonly document: RankDocument;
  /**
   * Changes whenever anything the model sees or the gate checks changes (description,
   * schema, `destructive`, server, tags), so a re-listed tool with a new schema or a new
   * `destructive` flag is never mistaken for the old one.
   */
  readonly contentKey: string;
  /** What the tool was parsed from, to tell whether a re-listed definition still says the same. */
  readonly fields: DefinitionFields;
  /**
   * How its schema was mended so that its inputs could be checked (a "STRING" type, a draft-3
   * `required: true`; see `mendSchema`); absent for a schema that needed nothing, as nearly all do.
   */
  readonly mends?: SchemaMends;
}
