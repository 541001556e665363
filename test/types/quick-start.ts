// The README's quick start, type-checked by `npm test` (tsc) so the documented loop keeps compiling
// against the real SDK types. Not run: it would need an API key.
import Anthropic from "@anthropic-ai/sdk";
import { z } from "zod";
import { createToolSearch, defineTool, type ToolDefinition } from "../../src/index.js";

export async function quickStart(tools: ToolDefinition[], confirmWithUser: (name: string, input: unknown) => Promise<boolean>) {
  const toolSearch = await createToolSearch({
    tools,
    ranker: "hybrid",
    approve: async (tool, input) => confirmWithUser(tool.name, input),
  });

  const session = toolSearch.session("run-42");
  const client = new Anthropic();
  const messages: Anthropic.MessageParam[] = [{ role: "user", content: "File a bug about the checkout crash" }];

  for (let turn = 0; turn < 8; turn++) {
    const response = await client.messages.create({
      model: "claude-sonnet-4-6",
      max_tokens: 1024,
      messages,
      tools: await session.tools(),
    });
    messages.push({ role: "assistant", content: response.content });
    const calls = response.content.filter((block) => block.type === "tool_use");
    if (calls.length === 0) break;
    messages.push({ role: "user", content: await Promise.all(calls.map((call) => session.execute(call))) });
  }
}

// The README's tool definition: defineTool infers execute's input from the zod schema.
export const createIssue = defineTool({
  name: "jira__create_issue",
  description: "Create a Jira issue in a project. Returns its key and URL.",
  inputSchema: z.object({ project: z.string(), summary: z.string(), issue_type: z.enum(["Bug", "Task"]) }),
  server: "jira",
  destructive: false,
  execute: async (input) => {
    const project: string = input.project;
    const type: "Bug" | "Task" = input.issue_type;
    return { key: `${project}-1`, type };
  },
});

export const catalogue: ToolDefinition[] = [createIssue];
