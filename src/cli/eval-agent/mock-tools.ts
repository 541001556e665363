import type { ToolDefinition } from "../../index.js";
import type { ToolSearchEvent } from "../../index.js";

export type ToolEventHandler = (event: ToolSearchEvent) => void;

/** What a `--mock` run passes as runAgent's `context`: the task's canned results. */
export interface MockContext {
  taskId: string;
  mock: Readonly<Record<string, unknown>>;
}

/**
 * The tools with `execute` replaced by the task's canned result, so an eval never reaches a real
 * tool: the definitions (and so the schemas inputs are checked against) are the real ones. A
 * tool the task gives no result for answers an error that says how to add one.
 */
export function mockedTools(tools: readonly ToolDefinition[]): ToolDefinition[] {
  return tools.map((tool) => ({
    ...tool,
    execute: (_input: unknown, context: { context?: unknown }) => {
      const { taskId, mock } = context.context as MockContext;
      if (!Object.hasOwn(mock, tool.name))
        throw new Error(
          `toolsift eval --mock: task "${taskId}" has no canned result for ${tool.name}; add "mock": {"${tool.name}": <result>} to its line.`,
        );
      return mock[tool.name];
    },
  }));
}
