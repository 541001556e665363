// Type-checked in a fresh project against the packed toolsift, with the strictest settings a
// consumer may use (see tsconfig.consumer.json): no DOM, no @types/node, no optional packages,
// and no zod (whose own declarations need a global URL; consumer-zod.ts covers zod users).
import {
  DependencyError,
  EmbeddingRanker,
  HybridRanker,
  createToolSearch,
  defineTool,
  type RankDocument,
  type RankedTool,
  type Ranker,
  type RankOptions,
  type ToolDefinition,
  type ToolHost,
  type ToolSearchEvent,
} from "toolsift";
import {
  FileUsageStore,
  MemoryUsageStore,
  PostgresUsageStore,
  type Lesson,
  type LearningOptions,
  type UsageStore,
} from "toolsift/learning";

const createIssue = defineTool<{ project: string; summary: string }>({
  name: "jira__create_issue",
  description: "Create a Jira issue in a project.",
  inputSchema: {
    type: "object",
    properties: { project: { type: "string" }, summary: { type: "string" } },
    required: ["project", "summary"],
  },
  execute: async (input) => `${input.project}: ${input.summary.toUpperCase()}`,
});

const plain: ToolDefinition = {
  name: "slack__post_message",
  description: "Post a message to a Slack channel.",
  inputSchema: { type: "object", properties: { channel: { type: "string" } }, required: ["channel"] },
  destructive: false,
};

class FirstWordRanker implements Ranker {
  readonly name = "first-word";
  private names: string[] = [];
  update(documents: readonly RankDocument[]): void {
    this.names = documents.map((document) => document.name);
  }
  search(query: string, options: RankOptions): RankedTool[] {
    const word = query.split(" ")[0] ?? "";
    return this.names
      .filter((name) => name.includes(word) && (options.filter?.(name) ?? true))
      .map((name) => ({ name, score: 1 }));
  }
}

const host: ToolHost = { listTools: async () => [createIssue as ToolDefinition, plain] };

/** A store of the user's own: the interface is small enough to write by hand. */
const kept: Lesson[] = [];
const ownStore: UsageStore = {
  add: async (lessons) => void kept.push(...lessons),
  lessons: async (scope) => kept.filter((lesson) => lesson.scope === scope),
  forget: async (scope) => void kept.splice(0, kept.length, ...kept.filter((lesson) => lesson.scope !== scope)),
};
const learningChoices: LearningOptions[] = [
  { store: ownStore, halfLifeDays: 14, maxLessonsPerTool: 16 },
  { store: new MemoryUsageStore({ maxScopes: 10 }) },
  {
    store: new FileUsageStore({
      cacheDir: "/tmp/toolsift-consumer",
      onWarning: (code, message) => void [code, message],
    }),
  },
  { store: new PostgresUsageStore({ pool: { query: async () => ({ rows: [] }) }, table: "app.lessons" }) },
];

export async function main(): Promise<string[]> {
  const events: ToolSearchEvent["type"][] = [];
  const toolSearch = await createToolSearch({
    tools: host,
    ranker: new HybridRanker({
      lexical: new FirstWordRanker(),
      semantic: new EmbeddingRanker({ index: { kind: "exact" } }),
    }),
    onEvent: (event) => events.push(event.type),
    approve: async (tool, input) => tool.name.length > 0 && input !== undefined,
  });
  const session = toolSearch.session("typed");
  const tools = await session.tools();
  const learner = await createToolSearch({ tools: [plain], learning: learningChoices[0]! });
  await learner.learn("tell the team", "slack__post_message", { scope: "acme", at: new Date() });
  const learned = await learner.search("tell the team", { scope: learner.session("scoped", { scope: "acme" }).scope });
  await learner.forget("acme");
  await learner.close();
  const result = await session.execute({
    type: "tool_use",
    id: "1",
    name: "jira__create_issue",
    input: { project: "OPS", summary: "x" },
  });
  const error: unknown = new Error("x");
  const missing = error instanceof DependencyError ? [error.packageName] : [];
  return [
    ...tools.map((tool) => tool.name),
    String(result.is_error ?? false),
    ...events,
    ...missing,
    ...learned.map((match) => match.name),
    String(learningChoices.length),
  ];
}

// Every subpath face but toolsift/testing type-checks under these settings too, without its
// optional peers. toolsift/testing's servers are Node's (node:http): consumer-testing.ts, with
// @types/node as any test setup has, checks it.
import type { RunAgentOptions } from "toolsift/agent";
import type { McpServerConfig } from "toolsift/mcp";
import type { GatewayOptions } from "toolsift/gateway";
import { estimateEnrichment, type EnrichCatalogueOptions } from "toolsift/enrichment";

const server: McpServerConfig = { command: "github-mcp", args: ["--read-only"] };
export const facesUsed: [RunAgentOptions["model"], McpServerConfig, GatewayOptions["mode"]] = [
  "claude-sonnet-4-6",
  server,
  "search",
];
// A structural client: neither SDK is needed to type-check enrichCatalogue's options.
export const enrichmentUsed: [EnrichCatalogueOptions["client"], number] = [
  { chat: { completions: { create: async () => ({}) } } },
  estimateEnrichment({ tools: [plain] }).calls,
];
