import { afterEach, describe, expect, it } from "vitest";
import { sampleTools, toolUse } from "../../test/support/sample-tools.js";
import {
  OptionsError,
  QueryError,
  createToolSearch,
  type RankedTool,
  type Ranker,
  type ToolDefinition,
  type ToolSearch,
  type ToolSearchEvent,
} from "../index.js";
import { MAX_PREFETCH_TEXT_LENGTH } from "./prefetch.js";

const LOW = { toolSearchThresholdTokens: 100 };
const SLACK_REQUEST = "Post a message to the #ops Slack channel saying the deploy is done";
const open: ToolSearch[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((toolSearch) => toolSearch.close()));
});

/** A ranker that answers each query with fixed matches (the filter applied, as a real ranker does), recording every query. */
function scriptedRanker(answers: Record<string, RankedTool[]>, queries: string[] = []): Ranker {
  return {
    name: "scripted",
    update: () => undefined,
    search: (query, { limit, filter }) => {
      queries.push(query);
      return (answers[query] ?? []).filter((hit) => !filter || filter(hit.name)).slice(0, limit);
    },
  };
}

async function sampleSearch(
  options: { ranker?: Ranker; tuning?: object; permit?: (tool: ToolDefinition) => boolean } = {},
) {
  const events: ToolSearchEvent[] = [];
  const calls: { name: string; input: unknown }[] = [];
  const toolSearch = await createToolSearch({
    tools: sampleTools(calls),
    tuning: { ...LOW, ...options.tuning },
    ...(options.ranker ? { ranker: options.ranker } : {}),
    ...(options.permit ? { permit: options.permit } : {}),
    semanticFallback: false,
    onEvent: (event) => events.push(event),
  });
  open.push(toolSearch);
  return { toolSearch, events, calls };
}

const strong = (name: string, score: number): RankedTool => ({ name, score, confidence: "strong" });
const weak = (name: string, score: number): RankedTool => ({ name, score, confidence: "weak" });

describe("session.prefetch(): what it hydrates", () => {
  it("hydrates a strong match of the user's words, which the next block carries in full in every format, and runs nothing", async () => {
    const { toolSearch, events, calls } = await sampleSearch();
    const session = toolSearch.session("s");
    const outcome = await session.prefetch(SLACK_REQUEST);
    expect(outcome.hydrated).toContain("slack__post_message");
    expect(outcome.hydrated[0]).toBe("slack__post_message");
    expect(outcome.truncated).toBe(false);
    expect(calls).toEqual([]);

    const anthropic = await session.tools();
    const slack = anthropic.find((tool) => tool.name === "slack__post_message")!;
    expect(slack.input_schema).toMatchObject({ required: ["channel", "text"] });
    const chat = await session.tools({ format: "openai-chat" });
    const chatSlack = chat.find((tool) => tool.type === "function" && tool.function.name === "slack__post_message");
    expect(chatSlack).toMatchObject({ function: { parameters: { required: ["channel", "text"] } } });
    const responses = await session.tools({ format: "openai-responses" });
    expect(responses.find((tool) => tool.name === "slack__post_message")).toMatchObject({
      parameters: { required: ["channel", "text"] },
    });

    // Its search and its hydration are told apart from the model's.
    const search = events.find((event) => event.type === "search");
    expect(search).toMatchObject({ type: "search", sessionId: "s", prefetch: true });
    expect(events.filter((event) => event.type === "hydrate")).toContainEqual({
      type: "hydrate",
      sessionId: "s",
      name: "slack__post_message",
      prefetch: true,
    });
    await session.execute(toolUse("filesystem__read_file", { path: "a.txt" }));
    expect(events.filter((event) => event.type === "hydrate").at(-1)).toEqual({
      type: "hydrate",
      sessionId: "s",
      name: "filesystem__read_file",
    });
  });

  it("hydrates nothing for a message with only weak matches, and leaves the block byte-identical", async () => {
    const ranker = scriptedRanker({ "what's up": [weak("slack__post_message", 0.4), weak("postgres__query", 0.2)] });
    const { toolSearch } = await sampleSearch({ ranker });
    const session = toolSearch.session();
    const before = JSON.stringify(await session.tools());
    const outcome = await session.prefetch("what's up", { limit: 3 });
    expect(outcome).toEqual({
      hydrated: [],
      skipped: [
        { name: "slack__post_message", reason: "weak" },
        { name: "postgres__query", reason: "weak" },
      ],
      truncated: false,
    });
    expect(session.hydrated()).toEqual([]);
    expect(JSON.stringify(await session.tools())).toBe(before);
  });

  it("hydrates only the strong ones when strong and weak matches mix", async () => {
    const ranker = scriptedRanker({ mixed: [strong("postgres__query", 3), weak("slack__post_message", 1)] });
    const { toolSearch } = await sampleSearch({ ranker });
    const outcome = await toolSearch.session().prefetch("mixed", { limit: 3 });
    expect(outcome.hydrated).toEqual(["postgres__query"]);
    expect(outcome.skipped).toEqual([{ name: "slack__post_message", reason: "weak" }]);
  });

  it("never hydrates or names a tool permit denies", async () => {
    const { toolSearch } = await sampleSearch({ permit: (tool) => tool.name !== "slack__post_message" });
    const session = toolSearch.session();
    const outcome = await session.prefetch(SLACK_REQUEST);
    expect(outcome.hydrated).not.toContain("slack__post_message");
    expect(outcome.skipped.map((skip) => skip.name)).not.toContain("slack__post_message");
    expect((await session.tools()).map((tool) => tool.name)).not.toContain("slack__post_message");
  });

  it("considers the best `limit` matches, the best one alone when left out", async () => {
    const four = [
      strong("postgres__query", 4),
      strong("slack__post_message", 3),
      strong("filesystem__read_file", 2),
      strong("calendar__create_event", 1),
    ];
    const ranker = scriptedRanker({ many: four });
    const { toolSearch } = await sampleSearch({ ranker });
    expect((await toolSearch.session("a").prefetch("many", { limit: 2 })).hydrated).toEqual([
      "postgres__query",
      "slack__post_message",
    ]);
    expect((await toolSearch.session("b").prefetch("many")).hydrated).toEqual(["postgres__query"]);
    const session = toolSearch.session("c");
    expect((await session.prefetch("many", { limit: 3 })).hydrated).toEqual([
      "postgres__query",
      "slack__post_message",
      "filesystem__read_file",
    ]);
    // Best last in recency: the last to be evicted.
    expect(session.hydrated()).toEqual(["filesystem__read_file", "slack__post_message", "postgres__query"]);
  });

  it("fills only the LRU cap's free room and never evicts a tool the model used", async () => {
    const ranker = scriptedRanker({
      many: [strong("postgres__query", 3), strong("slack__post_message", 2), strong("calendar__create_event", 1)],
    });
    const { toolSearch, events } = await sampleSearch({ ranker, tuning: { maxHydratedTools: 2 } });
    const session = toolSearch.session();
    await session.execute(toolUse("filesystem__read_file", { path: "a.txt" }));
    const outcome = await session.prefetch("many", { limit: 3 });
    expect(outcome.hydrated).toEqual(["postgres__query"]);
    expect(outcome.skipped).toEqual([
      { name: "slack__post_message", reason: "cap" },
      { name: "calendar__create_event", reason: "cap" },
    ]);
    expect(session.hydrated()).toEqual(["filesystem__read_file", "postgres__query"]);
    expect(events.some((event) => event.type === "evict")).toBe(false);
    const none = await toolSearch.session("none", {}).prefetch("many", { limit: 3 });
    expect(none.hydrated.length).toBe(2);
  });

  it("changes nothing when the same text is prefetched again: same block bytes, same LRU order", async () => {
    const { toolSearch } = await sampleSearch();
    const session = toolSearch.session();
    await session.prefetch(SLACK_REQUEST);
    await session.execute(toolUse("filesystem__read_file", { path: "a.txt" }));
    const block = JSON.stringify(await session.tools());
    const order = session.hydrated();
    const again = await session.prefetch(SLACK_REQUEST);
    expect(again.hydrated).toEqual([]);
    expect(again.skipped).toContainEqual({ name: "slack__post_message", reason: "hydrated" });
    expect(session.hydrated()).toEqual(order);
    expect(JSON.stringify(await session.tools())).toBe(block);
  });

  it("skips a keep tool, which is always in full", async () => {
    const ranker = scriptedRanker({ keep: [strong("postgres__query", 2)] });
    const { toolSearch } = await sampleSearch({ ranker, tuning: { keepTools: ["postgres__query"] } });
    const outcome = await toolSearch.session().prefetch("keep");
    expect(outcome).toMatchObject({ hydrated: [], skipped: [{ name: "postgres__query", reason: "keep" }] });
  });
});

describe("session.prefetch(): hostile and wrong input", () => {
  it("ranks only the first 2,000 characters of a message of megabytes, and says it cut it", async () => {
    const queries: string[] = [];
    const { toolSearch } = await sampleSearch({ ranker: scriptedRanker({}, queries) });
    const huge = `   ${"slack ".repeat(1_000_000)}`;
    const outcome = await toolSearch.session().prefetch(huge);
    expect(outcome.truncated).toBe(true);
    expect(queries.every((query) => query.length <= MAX_PREFETCH_TEXT_LENGTH)).toBe(true);
    expect(queries[0]!.startsWith("slack slack")).toBe(true);
    expect(MAX_PREFETCH_TEXT_LENGTH).toBe(2_000);
  });

  it("never cuts a character in half", async () => {
    const queries: string[] = [];
    const { toolSearch } = await sampleSearch({ ranker: scriptedRanker({}, queries) });
    await toolSearch.session().prefetch(`${"a".repeat(MAX_PREFETCH_TEXT_LENGTH - 1)}😀 more`);
    expect(queries[0]).toBe("a".repeat(MAX_PREFETCH_TEXT_LENGTH - 1));
  });

  it.each([
    ["a limit of 0", { limit: 0 }, "invalid_limit"],
    ["a limit over 50", { limit: 51 }, "invalid_limit"],
    ["a fractional limit", { limit: 1.5 }, "invalid_limit"],
    ["a limit as a string", { limit: "3" }, "invalid_limit"],
    ["an unknown option", { limt: 3 }, "invalid_prefetch_options"],
    ["options that are not an object", 3, "invalid_prefetch_options"],
  ])("refuses %s with an OptionsError, before ranking", async (_label, options, code) => {
    const queries: string[] = [];
    const { toolSearch } = await sampleSearch({ ranker: scriptedRanker({}, queries) });
    const error = await toolSearch
      .session()
      .prefetch("post to slack", options as never)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OptionsError);
    expect(error).toMatchObject({ code });
    expect(queries).toEqual([]);
  });

  it.each([
    ["a text that is not a string", 42],
    ["an empty text", "   \n "],
  ])("refuses %s with a QueryError", async (_label, text) => {
    const { toolSearch } = await sampleSearch();
    const error = await toolSearch
      .session()
      .prefetch(text as never)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(QueryError);
    expect(error).toMatchObject({ code: "invalid_query" });
  });

  it("answers a failing search with an error outcome, not a rejection, and hydrates nothing", async () => {
    const ranker: Ranker = {
      name: "broken",
      update: () => undefined,
      search: () => {
        throw new Error("index is gone");
      },
    };
    const { toolSearch } = await sampleSearch({ ranker });
    const session = toolSearch.session();
    const outcome = await session.prefetch("post to slack");
    expect(outcome).toEqual({
      hydrated: [],
      skipped: [],
      truncated: false,
      error: "prefetch failed: index is gone",
    });
    expect(session.hydrated()).toEqual([]);
  });
});
