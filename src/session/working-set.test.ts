import { describe, expect, it } from "vitest";
import { OptionsError } from "../errors.js";
import { sampleTools } from "../testing/index.js";
import { createToolSearch } from "../tool-search/index.js";
import { INLINE_TOOLS_BETA, TOOL_CHANGES_BETA, type MessageParam, type ToolUseBlock } from "../wire/index.js";

async function session(maxHydratedTools = 2) {
  const toolSearch = await createToolSearch({
    tools: sampleTools(),
    tuning: { toolSearchThresholdTokens: 100, maxHydratedTools },
  });
  return toolSearch.session("own-loop");
}

const search = (query: string, id: string): ToolUseBlock & { type: "tool_use" } => ({
  type: "tool_use",
  id,
  name: "search_tools",
  input: { query },
});

describe('the "changes" presentation for a loop of one\'s own', () => {
  it("lays out one tools array that stays byte-identical while the working set changes", async () => {
    const own = await session();
    const first = JSON.stringify(await own.tools({ presentation: "changes" }));
    await own.execute(search("post a slack message", "s1"), { presentation: "changes" });
    await own.execute({ type: "tool_use", id: "c1", name: "github__create_issue", input: { repo: "a/b", title: "t" } });
    expect(own.hydrated().length).toBeGreaterThan(0);
    expect(JSON.stringify(await own.tools({ presentation: "changes" }))).toBe(first);
    const names = JSON.parse(first).map((tool: { name: string; defer_loading?: boolean }) =>
      tool.defer_loading ? `?${tool.name}` : tool.name,
    );
    expect(names[0]).toBe("search_tools");
    expect(names.slice(1).every((name: string) => name.startsWith("?"))).toBe(true);
  });

  it("says which changes to append, the same answer until they are appended, then none", async () => {
    const own = await session();
    const messages: MessageParam[] = [{ role: "user", content: "Tell #ops." }];
    expect(await own.toolChanges(messages)).toEqual({ message: undefined, added: [], removed: [], betas: [] });

    const answer = await own.execute(search("post a slack message", "s1"), { presentation: "changes" });
    expect(JSON.parse(String(answer.content)).note).toContain("slack__post_message");
    messages.push(
      { role: "assistant", content: [search("post a slack message", "s1")] },
      { role: "user", content: [answer] },
    );

    const changes = await own.toolChanges(messages);
    expect(await own.toolChanges(messages)).toEqual(changes);
    expect(changes.added).toContain("slack__post_message");
    expect(changes.betas).toEqual([TOOL_CHANGES_BETA]);
    messages.push(changes.message!);
    const after = await own.toolChanges(messages);
    expect(after.message).toBeUndefined();
    expect(after.betas).toEqual([TOOL_CHANGES_BETA]);
  });

  it("holds the working set to maxHydratedTools, removing the least recently used", async () => {
    const own = await session(2);
    const messages: MessageParam[] = [{ role: "user", content: "Do three things." }];
    const use = async (name: string, id: string) => {
      await own.execute({ type: "tool_use", id, name, input: {} });
      const { message } = await own.toolChanges(messages);
      if (message) messages.push(message);
      return message;
    };
    await use("slack__post_message", "c1");
    await use("calendar__create_event", "c2");
    const third = await use("postgres__query", "c3");
    expect(third?.content).toEqual([
      { type: "tool_removal", tool: { type: "tool_reference", name: "slack__post_message" } },
      { type: "tool_addition", tool: { type: "tool_reference", name: "postgres__query" } },
    ]);
  });

  it("carries whole definitions in inline mode, with only the loaded tools in the array", async () => {
    const own = await session();
    await own.execute({ type: "tool_use", id: "c1", name: "slack__post_message", input: {} });
    const tools = await own.tools({ presentation: "changes", mode: "inline" });
    expect(tools.map((tool) => tool.name)).toEqual(["search_tools"]);
    const { message, betas } = await own.toolChanges([{ role: "user", content: "hi" }], { mode: "inline" });
    const [block] = message!.content;
    expect(block).toMatchObject({ type: "tool_addition", tool: { type: "tool_definition" } });
    expect(JSON.stringify(block)).toContain('"input_schema"');
    expect(betas).toEqual([TOOL_CHANGES_BETA, INLINE_TOOLS_BETA]);
  });

  it("refuses a format without tool changes, a mode it does not know and a transcript that is not an array", async () => {
    const own = await session();
    const code = (promise: Promise<unknown>) =>
      promise.then(
        () => "resolved",
        (error: unknown) => (error instanceof OptionsError ? error.code : String(error)),
      );
    expect(await code(own.tools({ format: "gemini", presentation: "changes" } as never))).toBe("no_tool_changes");
    expect(await code(own.toolChanges([], { format: "openai-chat" } as never))).toBe("no_tool_changes");
    expect(await code(own.toolChanges([], { mode: "by-value" } as never))).toBe("invalid_tool_change_mode");
    expect(await code(own.toolChanges("messages" as never))).toBe("invalid_transcript");
    const hostile = {
      get role(): string {
        throw new Error("no role for you");
      },
    };
    expect(await code(own.toolChanges([hostile]))).toBe("invalid_transcript");
  });
});
