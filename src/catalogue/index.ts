export {
  defineTool,
  type AbortSignalLike,
  type JsonSchemaObject,
  type ToolContext,
  type ToolDefinition,
  type ToolHost,
  type ToolSourceStatus,
  MAX_REPORTED_SOURCES,
  type ZodSchemaLike,
} from "./tool-definition.js";
export {
  isToolOutput,
  toolOutput,
  type ToolOutput,
  type ToolResultContentBlock,
  type ToolResultImageType,
} from "./tool-output.js";
export type { CatalogueTool } from "./catalogue-tool.js";
export { describeMends, mendSchema, type SchemaMends } from "./mend-schema.js";
export { readOutputSchema, type OutputSchemaRead } from "./output-schema.js";
export { TOOL_NAME_PATTERN, parseTool } from "./parse-tool.js";
export { parseCatalogue, type BadToolPolicy } from "./parse-catalogue.js";
export { Catalogue, type CatalogueSnapshot, type CatalogueWarning } from "./catalogue.js";
export { CATALOGUE_LIMITS } from "./limits.js";
export { copyJson, type JsonCopyResult, type JsonLimits, type JsonValue } from "./copy-json.js";
export { formatIssues, validateInput, type InputIssue, type InputValidation } from "./validate-input.js";
