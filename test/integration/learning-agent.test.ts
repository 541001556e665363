import Anthropic from "@anthropic-ai/sdk";
import { afterEach, describe, expect, it } from "vitest";
import { createToolSearch, type ToolSearchEvent } from "../../src/index.js";
import { runAgent, type StrategyName } from "../../src/public/agent.js";
import { lastToolResults, reply, sampleTools, serverPerTest, type WireBlock } from "../../src/testing/index.js";

const startServer = serverPerTest(afterEach);
/** Words no sample tool uses: unaided, every ranker finds nothing. */
const SLANG = "ping the crew";

/** The names a search result block offers, in any strategy's format. */
function offered(result: WireBlock): string[] {
  if (Array.isArray(result.content)) {
    const blocks = result.content as WireBlock[];
    const references = blocks
      .filter((block) => block.type === "tool_reference")
      .map((block) => String(block.tool_name));
    if (references.length > 0 || blocks.length === 0) return references;
    return (JSON.parse(String(blocks[0]!.text)) as { matches: { name: string }[] }).matches.map((match) => match.name);
  }
  return (JSON.parse(String(result.content)) as { matches: { name: string }[] }).matches.map((match) => match.name);
}

describe("an agent run teaches the tool search it runs on", () => {
  it.each<StrategyName>(["stubs", "native", "stable"])(
    "%s: the third run finds the tool two earlier runs searched for and used",
    async (strategy) => {
      const events: ToolSearchEvent[] = [];
      const toolSearch = await createToolSearch({
        tools: sampleTools(),
        tuning: { toolSearchThresholdTokens: 100 },
        learning: true,
        onEvent: (event) => events.push(event),
      });
      const found: string[][] = [];
      const server = await startServer([
        // Run 1: the search does not put it first; the model calls the tool it knows by name anyway.
        () => reply.toolUse({ name: "search_tools", input: { query: SLANG } }),
        (request) => (
          found.push(offered(lastToolResults(request)[0]!)),
          reply.toolUse({ name: "slack__post_message", input: { channel: "#ops", text: "done" } })
        ),
        () => reply.text("Done."),
        // Run 2: one run's lesson only nudges another, under the first match, so this one teaches the same.
        () => reply.toolUse({ name: "search_tools", input: { query: SLANG } }),
        (request) => (
          found.push(offered(lastToolResults(request)[0]!)),
          reply.toolUse({ name: "slack__post_message", input: { channel: "#ops", text: "done" } })
        ),
        () => reply.text("Done."),
        // Run 3: the same request, now answered from what two runs taught.
        () => reply.toolUse({ name: "search_tools", input: { query: SLANG } }),
        (request) => (found.push(offered(lastToolResults(request)[0]!)), reply.text("Found it.")),
      ]);
      const client = new Anthropic({ apiKey: "test", baseURL: server.url, maxRetries: 0 });
      try {
        for (let run = 0; run < 3; run++)
          await runAgent({
            client,
            model: "claude-test",
            toolSearch,
            strategy,
            prompt: "Tell the crew the deploy is done.",
          });
        // Runs 1 and 2 get the same weak guesses by meaning, the tool not first: one run's lesson
        // re-orders another run's tools a little but brings in none and displaces no first match.
        // Run 3, once two sessions agree, gets the tool first.
        expect(found[0]![0]).not.toBe("slack__post_message");
        expect(found[0]).toContain("slack__post_message");
        expect(found[1]![0]).toBe(found[0]![0]);
        expect([...found[1]!].sort()).toEqual([...found[0]!].sort());
        expect(found[1]!.indexOf("slack__post_message")).toBeLessThanOrEqual(found[0]!.indexOf("slack__post_message"));
        expect(found[2]![0]).toBe("slack__post_message");
        const lesson = {
          type: "lesson",
          sessionId: expect.any(String),
          scope: "default",
          name: "slack__post_message",
          queries: [SLANG],
        };
        expect(events.filter((event) => event.type === "lesson")).toEqual([lesson, lesson]);
      } finally {
        await toolSearch.close();
      }
    },
  );
});
