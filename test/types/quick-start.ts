// The README's quick start, type-checked by `npm test` (tsc) so the documented loop keeps compiling
// against the real SDK types. Not run: it would need an API key.
import Anthropic from "@anthropic-ai/sdk";
import { z } from "zod";
import { createToolSearch, defineTool, type ToolDefinition } from "../../src/index.js";
import {
  AgentError,
  nativeStrategy,
  placeCacheBreakpoints,
  referencedToolNames,
  runAgent,
  stableStrategy,
  type AgentResult,
  type AgentStage,
  type MessageParam,
  type MessagesClient,
} from "../../src/public/agent.js";

export async function quickStart(
  tools: ToolDefinition[],
  confirmWithUser: (name: string, input: unknown) => Promise<boolean>,
) {
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

// The README's runAgent example, with the real SDK's client and messages: toolsift's own
// structural types (which name no SDK type) must accept them.
export async function agentLoop(tools: ToolDefinition[], history: Anthropic.MessageParam[]) {
  const toolSearch = await createToolSearch({ tools });
  const client = new Anthropic();
  const asClient: MessagesClient = client;
  const result: AgentResult = await runAgent({
    client,
    model: "claude-sonnet-4-6",
    toolSearch,
    prompt: "…",
    strategy: "native",
  });
  const text: string[] = result.message.content.flatMap((block) => (block.type === "text" ? [block.text] : []));
  const calls = result.message.content.filter((block) => block.type === "tool_use");
  const ids: string[] = calls.map((call) => call.id);
  // A conversation typed by the SDK continues, and the transcript goes back in as it is.
  const resumed = await runAgent({ client: asClient, model: "claude-sonnet-4-6", toolSearch, messages: history });
  const readonlyHistory: readonly Anthropic.MessageParam[] = history;
  await runAgent({
    client,
    model: "claude-sonnet-4-6",
    toolSearch,
    messages: readonlyHistory,
    system: [{ type: "text", text: "Be brief." }],
  });
  // Literal blocks carry their own fields.
  await runAgent({
    client,
    model: "claude-sonnet-4-6",
    toolSearch,
    messages: [
      {
        role: "user",
        content: [
          { type: "text", text: "hi", cache_control: { type: "ephemeral" } },
          { type: "image", source: { type: "url", url: "https://example.com/a.png" } },
        ],
      },
    ],
  });
  try {
    await runAgent({ client, model: "claude-sonnet-4-6", toolSearch, messages: resumed.messages });
  } catch (error) {
    if (error instanceof AgentError) {
      const stage: AgentStage = error.stage;
      const status: number | undefined = stage === "request" ? error.status : undefined;
      void status;
      const again: MessageParam[] = error.messages;
      await runAgent({ client, model: "claude-sonnet-4-6", toolSearch, messages: again });
    }
  }
  return { text, ids, turns: result.turns };
}

// A hand-written loop with a strategy and cache breakpoints: what they return is what the SDK takes.
export async function strategyLoop(tools: ToolDefinition[], messages: Anthropic.MessageParam[]) {
  const toolSearch = await createToolSearch({ tools });
  const session = toolSearch.session();
  const client = new Anthropic();
  for (const strategy of [nativeStrategy, stableStrategy]) {
    const view = await session.view();
    const placed = placeCacheBreakpoints({
      tools: strategy.tools(view, referencedToolNames(messages)),
      system: "Be brief.",
      messages,
    });
    const typed: Anthropic.MessageParam[] = placed.messages;
    const response = await client.messages.create({
      model: "claude-sonnet-4-6",
      max_tokens: 1024,
      messages: typed,
      tools: placed.tools,
      ...(placed.system === undefined ? {} : { system: placed.system }),
    });
    const results: Anthropic.ToolResultBlockParam[] = [];
    for (const call of response.content) {
      if (call.type !== "tool_use") continue;
      if (call.name === "search_tools") {
        const outcome = await session.searchTools(call.input, call.id);
        results.push(strategy.searchResult(call.id, outcome, await session.view()));
      } else {
        results.push(await session.execute(call, { shownInFull: strategy.showsFullDefinitions }));
      }
    }
    messages.push({ role: "assistant", content: response.content }, { role: "user", content: results });
  }
}
