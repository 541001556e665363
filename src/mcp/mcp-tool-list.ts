import type { JsonSchemaObject, ToolContext, ToolDefinition } from "../catalogue/tool-definition.js";
import type { ToolOutput } from "../catalogue/tool-output.js";
import { describeValue } from "../describe-value.js";
import { ToolsiftError } from "../errors.js";
import { boundText } from "../catalogue/bounded-text.js";
import { mcpToolName } from "./mcp-tool-name.js";
import { readPresentation, type McpToolPresentation } from "./mcp-tool-presentation.js";
import { isRecord } from "../util/is-record.js";

/**
 * Bounds on what one server's `tools/list` may hand toolsift. Each is far beyond what real servers
 * send, and each keeps a hostile or broken server from costing unbounded memory or text analysis.
 */
export const MCP_LIST_LIMITS = {
  /** Longer descriptions are cut, with a warning: 16,000 characters is about 4,000 tokens, more than any tool should cost. */
  descriptionChars: 16_000,
  /** Longer titles are cut, with a warning; a title is a label. */
  titleChars: 512,
  /** A longer name is not a name (the MCP spec allows 128); the tool is skipped. */
  nameChars: 512,
  /** A tool whose input schema is longer than this as JSON is skipped: real ones are a few kilobytes. */
  schemaChars: 256_000,
  /** Tools past this many in one server's list are skipped. */
  toolsPerServer: 10_000,
} as const;

/** A catalogue name's tool on its server: its original name, and its presentation, if any. */
export interface McpToolOrigin {
  readonly tool: string;
  readonly presentation?: McpToolPresentation;
}

/** The definitions read from one server's list, and what was wrong with the rest. */
export interface ReadToolList {
  definitions: ToolDefinition[];
  /**
   * Behind each catalogue name: the original MCP name, and what clients show of the tool besides
   * what its model reads, when it has any (see {@link McpToolPresentation}).
   */
  origins: Map<string, McpToolOrigin>;
  /** One warning per skipped tool and per field that was cut or ignored; `tool` is its catalogue name or position. */
  issues: { tool: string; error: ToolsiftError }[];
  /** Tools left out for no fault of the server's (task-only tools), for a log line each. */
  notices: { tool: string; code: string; message: string }[];
}

/**
 * Turns the `tools` array of a server's `tools/list` into tool definitions, one tool at a time: a
 * malformed tool is skipped or healed with a warning, never the whole list.
 *
 * Skipped: entries that are not objects, without a usable name, without an object input schema
 * (`type: "object"`, as MCP requires), with an oversized schema, that only run as tasks, or whose
 * catalogue name is already taken. Healed: a description or title that is not a string is ignored,
 * one that is too long is cut. Safety flags fail closed: `annotations` that are not an object, or
 * a `destructiveHint`/`readOnlyHint` that is not a boolean, make the tool destructive.
 *
 * @param call - Runs the tool with its original MCP name (and the call's context, for its signal);
 *   becomes each definition's `execute`.
 */
export function readToolList(
  server: string,
  tools: readonly unknown[],
  call: (tool: string, input: unknown, context?: ToolContext) => Promise<ToolOutput>,
): ReadToolList {
  const definitions: ToolDefinition[] = [];
  const origins = new Map<string, McpToolOrigin>();
  const issues: ReadToolList["issues"] = [];
  const notices: ReadToolList["notices"] = [];
  const where = `MCP server "${server}"`;
  const limit = Math.min(tools.length, MCP_LIST_LIMITS.toolsPerServer);
  if (tools.length > limit) {
    issues.push({
      tool: "#list",
      error: new ToolsiftError(
        "mcp_too_many_tools",
        `${where} lists ${tools.length} tools; only the first ${limit} are offered. Split the server or filter its tools.`,
      ),
    });
  }
  for (let index = 0; index < limit; index++) {
    const tool = tools[index];
    const skip = (tool: string, reason: string) =>
      issues.push({
        tool,
        error: new ToolsiftError(
          "mcp_invalid_tool",
          `${where} lists a tool that is skipped: ${reason}. Fix the server's tool list.`,
        ),
      });
    if (!isRecord(tool)) {
      skip(`#${index}`, `entry ${index} of tools/list is ${describeValue(tool)}, not a tool object`);
      continue;
    }
    const original = tool.name;
    if (typeof original !== "string" || original === "" || original.length > MCP_LIST_LIMITS.nameChars) {
      const what =
        typeof original !== "string"
          ? `has no string name (${original === undefined ? "none" : typeof original})`
          : original === ""
            ? "has an empty name"
            : `has a name of ${original.length} characters (at most ${MCP_LIST_LIMITS.nameChars}), starting ${JSON.stringify(original.slice(0, 40))}`;
      skip(`#${index}`, `entry ${index} of tools/list ${what}`);
      continue;
    }
    const named = JSON.stringify(boundText(original, 100));
    // Such a tool only runs through the experimental task API, which toolsift does not drive.
    if (isRecord(tool.execution) && tool.execution.taskSupport === "required") {
      notices.push({
        tool: original,
        code: "mcp_task_only_tool",
        message:
          `${where} lists the tool ${named}, which runs only as an MCP task (execution.taskSupport: "required"); ` +
          "toolsift does not run tasks, so it is left out. The server's other tools are offered.",
      });
      continue;
    }
    const schemaProblem = inputSchemaProblem(tool.inputSchema);
    if (schemaProblem) {
      skip(`#${index}`, `${named} ${schemaProblem}`);
      continue;
    }
    const name = mcpToolName(server, original);
    const earlier = origins.get(name)?.tool;
    if (earlier !== undefined) {
      issues.push({
        tool: name,
        error: new ToolsiftError(
          "mcp_duplicate_tool",
          `${where} lists the tool ${named} whose catalogue name "${name}" is already taken by ` +
            `${JSON.stringify(boundText(earlier, 100))}; only the first is offered. Fix the server's tool list.`,
        ),
      });
      continue;
    }
    const warn = (code: string, message: string) =>
      issues.push({ tool: name, error: new ToolsiftError(code, `${where}: the tool ${named} ${message}`) });
    const title = titleOf(tool, warn);
    definitions.push(definition(server, name, original, tool, title, warn, call));
    const presentation = readPresentation(tool, title, MCP_LIST_LIMITS, warn);
    origins.set(name, presentation === undefined ? { tool: original } : { tool: original, presentation });
  }
  return { definitions, origins, issues, notices };
}

function inputSchemaProblem(schema: unknown): string | undefined {
  if (schema === undefined) return "has no inputSchema";
  if (!isRecord(schema)) return `has an inputSchema that is ${describeValue(schema)}, not an object`;
  if (schema.type !== "object")
    return `has an inputSchema whose type is ${JSON.stringify(schema.type) ?? "missing"}; MCP tool inputs are "object"`;
  // Measured after the cheap checks, so a malformed tool costs no serialisation.
  const size = JSON.stringify(schema).length;
  if (size > MCP_LIST_LIMITS.schemaChars)
    return `has an inputSchema of ${size} characters as JSON (at most ${MCP_LIST_LIMITS.schemaChars})`;
  return undefined;
}

function definition(
  server: string,
  name: string,
  original: string,
  tool: Record<string, unknown>,
  title: string | undefined,
  warn: (code: string, message: string) => void,
  call: (tool: string, input: unknown, context?: ToolContext) => Promise<ToolOutput>,
): ToolDefinition {
  const annotations = tool.annotations;
  const description = text(tool.description, "description", MCP_LIST_LIMITS.descriptionChars, warn);
  const tags: string[] = [];
  if (title !== undefined) tags.push(title);
  if (name !== `${server}__${original}`) tags.push(original);
  return {
    name,
    description: description ?? title ?? `Tool ${boundText(original, 100)} of server ${server}.`,
    inputSchema: tool.inputSchema as JsonSchemaObject,
    destructive: isDestructive(annotations, warn),
    // Explicit hints only, as for destructiveHint; a hint that is not a boolean fails closed.
    openWorld: isRecord(annotations) && annotations.openWorldHint !== undefined && annotations.openWorldHint !== false,
    server,
    ...(tags.length > 0 ? { tags } : {}),
    // The context carries the caller's signal, so a cancelled call is cancelled upstream too.
    execute: (input: unknown, context?: ToolContext) => call(original, input, context),
  };
}

/** A tool's title: `title` (MCP 2025-06-18), or else `annotations.title` (2025-03-26), bounded. */
function titleOf(tool: Record<string, unknown>, warn: (code: string, message: string) => void): string | undefined {
  const { annotations } = tool;
  return (
    text(tool.title, "title", MCP_LIST_LIMITS.titleChars, warn) ??
    text(isRecord(annotations) ? annotations.title : undefined, "annotations.title", MCP_LIST_LIMITS.titleChars, warn)
  );
}

/** A non-blank string field, bounded; anything else is ignored, with a warning if it was there at all. */
function text(
  value: unknown,
  field: string,
  max: number,
  warn: (code: string, message: string) => void,
): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") {
    warn("mcp_invalid_tool_field", `has a ${field} that is ${describeValue(value)}, not a string; it is ignored.`);
    return undefined;
  }
  if (value.trim() === "") return undefined;
  if (value.length > max) {
    warn("mcp_tool_text_truncated", `has a ${field} of ${value.length} characters; it is cut to ${max}.`);
    return boundText(value, max);
  }
  return value;
}

/**
 * Explicit hints only: the spec reads a missing `destructiveHint` as "may be destructive", but
 * gating every unannotated tool behind `approve` would make most servers unusable. A hint that is
 * there but unreadable is another matter: it fails closed.
 */
function isDestructive(annotations: unknown, warn: (code: string, message: string) => void): boolean {
  if (annotations === undefined || annotations === null) return false;
  if (!isRecord(annotations)) {
    warn(
      "mcp_invalid_annotations",
      `has annotations that are ${describeValue(annotations)}, not an object; it is treated as destructive.`,
    );
    return true;
  }
  const { destructiveHint, readOnlyHint } = annotations;
  const unreadable = [
    ["destructiveHint", destructiveHint],
    ["readOnlyHint", readOnlyHint],
  ].filter(([, hint]) => hint !== undefined && typeof hint !== "boolean");
  if (unreadable.length > 0) {
    warn(
      "mcp_invalid_annotations",
      `has ${unreadable.map(([key, hint]) => `${String(key)} ${JSON.stringify(hint)?.slice(0, 40) ?? typeof hint}`).join(" and ")}, not a boolean; it is treated as destructive.`,
    );
    return true;
  }
  return destructiveHint === true && readOnlyHint !== true;
}
