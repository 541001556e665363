import { describeValue } from "../describe-value.js";
import { ConfigError, readJsonFile } from "../gateway/index.js";
import type { ToolDefinition } from "../index.js";
import { definitionProblem } from "./definition-problem.js";
import type { Finding } from "./inspect/finding.js";
import { isRecord } from "../util/is-record.js";

/**
 * The largest file of tool definitions read: a `tools/list` dump of a thousand tools with rich
 * schemas is a few MiB, so this leaves room, while `/dev/zero` or a stray log file is refused.
 */
export const TOOLS_FILE_MAX_BYTES = 16 * 1024 * 1024;

/** What a file of tool definitions held: the usable tools, and a finding for each that is not. */
export interface ToolsFile {
  tools: ToolDefinition[];
  problems: Finding[];
}

/**
 * Reads tool definitions from a JSON file, for `inspect --tools` and `search --tools`: an array, or
 * an object with a `tools` array (an MCP `tools/list` result). Each item may be an MCP tool
 * (`inputSchema`), an Anthropic one (`input_schema`) or an OpenAI function
 * (`{"type": "function", "function": {name, description, parameters}}`). A tool with no
 * description is kept (so its cost is still counted) under a placeholder, and reported; a tool
 * toolsift cannot use at all (a bad name, a schema that is not an object) is left out, and reported.
 *
 * @throws {@link ConfigError} when the file cannot be read or is not such JSON at all.
 */
export function readToolsFile(file: string): ToolsFile {
  const value = readJsonFile(
    file,
    "Pass the path of a JSON file with an array of tool definitions.",
    TOOLS_FILE_MAX_BYTES,
  );
  const list = Array.isArray(value) ? value : isRecord(value) && Array.isArray(value.tools) ? value.tools : undefined;
  if (list === undefined) {
    throw new ConfigError(
      file,
      "",
      `must hold an array of tool definitions (or {"tools": [...]}), not ${describeValue(value)}.`,
    );
  }
  const tools: ToolDefinition[] = [];
  const problems: Finding[] = [];
  const seen = new Set<string>();
  list.forEach((item: unknown, index) => {
    const where = `${file}: tools[${index}]`;
    const definition = definitionOf(item);
    const name = typeof definition?.name === "string" ? definition.name : `tools[${index}]`;
    if (definition && (typeof definition.description !== "string" || definition.description.trim() === "")) {
      problems.push({
        severity: "error",
        code: "missing-description",
        tools: [name],
        message:
          "has no description. Give it one whose first sentence says what it does: that sentence is all a stub shows.",
      });
      definition.description = `Tool ${name}.`;
    }
    const problem = definitionProblem(definition ?? item, name, where);
    if (problem) problems.push(problem);
    if (problem?.severity === "error") return;
    if (seen.has(name)) {
      problems.push({
        severity: "error",
        code: "unusable-definition",
        tools: [name],
        message: "is left out: an earlier tool has the same name, and names must be unique.",
      });
      return;
    }
    seen.add(name);
    tools.push(definition!);
  });
  return { tools, problems };
}

/** A tool definition from any of the three shapes, or undefined for something that is none. */
function definitionOf(item: unknown): (ToolDefinition & { description: unknown }) | undefined {
  if (!isRecord(item)) return undefined;
  const source = item.type === "function" && isRecord(item.function) ? item.function : item;
  const schema = source.inputSchema ?? source.input_schema ?? source.parameters ?? { type: "object", properties: {} };
  const annotations = isRecord(source.annotations) ? source.annotations : {};
  const name = source.name;
  const server =
    typeof source.server === "string"
      ? source.server
      : typeof name === "string" && name.includes("__")
        ? name.slice(0, name.indexOf("__"))
        : undefined;
  const destructive =
    source.destructive === true || (annotations.destructiveHint === true && annotations.readOnlyHint !== true);
  return {
    name: name as string,
    description: source.description,
    inputSchema: schema as ToolDefinition["inputSchema"],
    ...(server === undefined ? {} : { server }),
    ...(destructive ? { destructive } : {}),
  } as ToolDefinition & { description: unknown };
}
