import type { ToolDefinition } from "../catalogue/index.js";

/**
 * One execution of a {@link sampleTools} tool: its name and the input it was given.
 *
 * @example
 * ```ts
 * const calls: SampleToolCall[] = [];
 * const tools = sampleTools(calls);
 * ```
 */
export interface SampleToolCall {
  name: string;
  input: unknown;
}

/**
 * A small catalogue of six tools over five servers (GitHub, Slack, a calendar, Postgres, a
 * filesystem) with heavy schemas, so the full block is well over a low
 * `toolSearchThresholdTokens`. One tool is destructive (`github__delete_repository`), and
 * `postgres__query` throws for SQL that contains "boom". `calls` records every execution, for
 * asserting what actually ran.
 *
 * @example
 * ```ts
 * const calls: SampleToolCall[] = [];
 * const toolSearch = await createToolSearch({ tools: sampleTools(calls), tuning: { toolSearchThresholdTokens: 100 } });
 * // ... run an agent loop against a scripted model ...
 * expect(calls.map((call) => call.name)).toEqual(["slack__post_message"]);
 * ```
 */
export function sampleTools(calls: SampleToolCall[] = []): ToolDefinition[] {
  const record = (name: string) => (input: unknown) => {
    calls.push({ name, input });
    return { ok: true, tool: name };
  };
  const padding = (topic: string) =>
    Object.fromEntries(
      Array.from({ length: 6 }, (_, i) => [
        `${topic}_option_${i}`,
        {
          type: "string",
          description: `Optional ${topic} setting number ${i}, rarely needed but documented at length.`,
        },
      ]),
    );
  return [
    {
      name: "github__create_issue",
      description: "Create a GitHub issue in a repository. Returns the new issue number and URL.",
      server: "github",
      inputSchema: {
        type: "object",
        properties: {
          repo: { type: "string", description: "owner/name of the repository" },
          title: { type: "string" },
          priority: { type: "integer", minimum: 1, maximum: 5 },
          labels: { type: "array", items: { type: "string" } },
          ...padding("issue"),
        },
        required: ["repo", "title"],
      },
      execute: record("github__create_issue"),
    },
    {
      name: "github__delete_repository",
      description: "Delete a repository permanently. This cannot be undone.",
      server: "github",
      destructive: true,
      inputSchema: {
        type: "object",
        properties: { repo: { type: "string" }, ...padding("delete") },
        required: ["repo"],
      },
      execute: record("github__delete_repository"),
    },
    {
      name: "slack__post_message",
      description: "Post a message to a Slack channel. Supports threads and mentions.",
      server: "slack",
      inputSchema: {
        type: "object",
        properties: { channel: { type: "string" }, text: { type: "string" }, ...padding("message") },
        required: ["channel", "text"],
      },
      execute: record("slack__post_message"),
    },
    {
      name: "calendar__create_event",
      description: "Schedule a calendar event with attendees. Sends invitations by email.",
      server: "calendar",
      inputSchema: {
        type: "object",
        properties: {
          title: { type: "string" },
          start: { type: "string", format: "date-time" },
          attendees: { type: "array", items: { type: "string", format: "email" } },
          ...padding("event"),
        },
        required: ["title", "start"],
      },
      execute: record("calendar__create_event"),
    },
    {
      name: "postgres__query",
      description: "Run a read-only SQL query against the analytics database. Returns rows as JSON.",
      server: "postgres",
      inputSchema: { type: "object", properties: { sql: { type: "string" }, ...padding("query") }, required: ["sql"] },
      execute: (input: { sql: string }) => {
        calls.push({ name: "postgres__query", input });
        if (input.sql.includes("boom")) throw new Error("connection reset by peer");
        return [{ id: 1 }];
      },
    },
    {
      name: "filesystem__read_file",
      description: "Read a text file from the workspace. Returns its contents.",
      server: "filesystem",
      inputSchema: { type: "object", properties: { path: { type: "string" }, ...padding("file") }, required: ["path"] },
      execute: record("filesystem__read_file"),
    },
  ];
}

/**
 * A `tool_use` block as the model would send it, with the id `toolu_<name>` unless given.
 *
 * @example
 * ```ts
 * const result = await session.execute(toolUse("slack__post_message", { channel: "#ops", text: "hi" }));
 * ```
 */
export function toolUse(
  name: string,
  input: unknown,
  id = `toolu_${name}`,
): { type: "tool_use"; id: string; name: string; input: unknown } {
  return { type: "tool_use" as const, id, name, input };
}
