// A zod user's view of the packed toolsift: defineTool infers execute's input from the schema.
// zod's declarations need a global URL, so this consumer has @types/node (tsconfig.consumer-zod.json).
import { z } from "zod";
import { createToolSearch, defineTool, type ToolDefinition } from "toolsift";

const createIssue = defineTool({
  name: "jira__create_issue",
  description: "Create a Jira issue in a project.",
  inputSchema: z.object({ project: z.string(), summary: z.string(), priority: z.number().int().optional() }),
  execute: async (input) => `${input.project}: ${input.summary.toUpperCase()} (${input.priority ?? 3})`,
});

defineTool({
  name: "x",
  description: "x",
  inputSchema: z.object({ summary: z.string() }),
  // @ts-expect-error: the schema says summary is a string.
  execute: async (input) => input.summary * 2,
});

export async function main(): Promise<string | undefined> {
  const toolSearch = await createToolSearch({ tools: [createIssue as ToolDefinition] });
  return (await toolSearch.search("file an issue"))[0]?.name;
}
