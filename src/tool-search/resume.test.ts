import Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import { reply, serverPerTest } from "../../test/support/messages-api-server.js";
import { sampleTools } from "../../test/support/sample-tools.js";
import { runAgent } from "../agent/index.js";
import { OptionsError } from "../errors.js";
import type { ToolSearchEvent } from "../events.js";
import type { ToolSearchSession } from "../session/index.js";
import { createToolSearch } from "./tool-search.js";
import type { ToolSearchOptions } from "./tool-search-options.js";

/** Two hydrated tools at most, a keep tool, and one server denied: every rule of hydration is in play. */
function options(events: ToolSearchEvent[] = []): ToolSearchOptions {
  return {
    tools: sampleTools(),
    tuning: { toolSearchThresholdTokens: 100, maxHydratedTools: 2, keepTools: ["filesystem__read_file"] },
    permit: (tool) => tool.server !== "postgres",
    approve: () => true,
    onEvent: (event) => events.push(event),
  };
}

/** Calls in an order that hydrates, re-uses, evicts, and tries what must not hydrate. */
const CALLS: [string, Record<string, unknown>][] = [
  ["slack__post_message", { channel: "#ops", text: "deploying" }],
  ["search_tools", { query: "create an issue" }],
  ["github__create_issue", { repo: "a/b", title: "flaky test" }],
  ["no_such_tool", {}],
  ["postgres__query", { sql: "select 1" }], // denied
  ["filesystem__read_file", { path: "README.md" }], // a keep tool
  ["slack__post_message", { channel: "#ops", text: "done" }], // re-used: now the most recent
  ["calendar__create_event", { title: "retro" }], // invalid input (no start), still hydrates; evicts github
  ["github__delete_repository", { repo: "a/old" }], // evicts slack
  ["github__create_issue", { title: "no repo" }], // back in, after an eviction
];

/** Runs the calls one per turn in a format, and keeps the transcript as that format's API would. */
/** One model turn that calls `name`, and its answer, as each format keeps them in a transcript. */
type TurnFormat = "anthropic" | "openai-chat" | "openai-responses";
const turnIn: Record<
  TurnFormat,
  (session: ToolSearchSession, callId: string, name: string, input: unknown) => Promise<unknown[]>
> = {
  anthropic: async (session, callId, name, input) => {
    const call = { type: "tool_use" as const, id: callId, name, input };
    return [
      { role: "assistant", content: [{ type: "text", text: "On it." }, call] },
      { role: "user", content: [await session.execute(call)] },
    ];
  },
  "openai-chat": async (session, callId, name, input) => {
    const call = { id: callId, type: "function" as const, function: { name, arguments: JSON.stringify(input) } };
    return [{ role: "assistant", content: null, tool_calls: [call] }, await session.execute(call)];
  },
  "openai-responses": async (session, callId, name, input) => {
    const call = { type: "function_call" as const, call_id: callId, name, arguments: JSON.stringify(input) };
    return [call, await session.execute(call)];
  },
};

async function converse(format: TurnFormat, id: string) {
  const toolSearch = await createToolSearch(options());
  const session = toolSearch.session(id);
  const transcript: unknown[] = [{ role: "user", content: "Tidy up the release." }];
  for (const [index, [name, input]] of CALLS.entries()) {
    const callId = `call_${index}`;
    await session.tools({ format });
    transcript.push(...(await turnIn[format](session, callId, name, input)));
  }
  return { toolSearch, session, transcript };
}

describe("a session resumed from its transcript in another instance", () => {
  it.each<TurnFormat>(["anthropic", "openai-chat", "openai-responses"])(
    "%s: lays out a byte-identical block for the next turn",
    async (format) => {
      const { session, transcript } = await converse(format, "conversation-1");
      const expected = JSON.stringify(await session.tools({ format }));
      expect(session.hydrated()).toEqual(["github__delete_repository", "github__create_issue"]);

      const events: ToolSearchEvent[] = [];
      const elsewhere = await createToolSearch(options(events));
      const fresh = JSON.stringify(await elsewhere.session("someone-else").tools({ format }));
      expect(fresh).not.toBe(expected); // what a worker without the transcript would send
      const resumed = elsewhere.session("conversation-1", { transcript });
      expect(JSON.stringify(await resumed.tools({ format }))).toBe(expected);
      expect(resumed.hydrated()).toEqual(session.hydrated());
      // permit was asked about the denied tool, and the rebuild hydrated and evicted as the calls did.
      expect(events.filter((event) => event.type === "hydrate").map((event) => event.name)).toEqual([
        "slack__post_message",
        "github__create_issue",
        "calendar__create_event",
        "github__delete_repository",
        "github__create_issue",
      ]);
    },
  );

  it("continues as the original would: the next call and block match too", async () => {
    const { session, transcript } = await converse("anthropic", "conversation-2");
    const resumed = (await createToolSearch(options())).session("conversation-2", { transcript });
    const next = {
      type: "tool_use" as const,
      id: "next",
      name: "slack__post_message",
      input: { channel: "#ops", text: "again" },
    };
    expect(await resumed.execute(next)).toEqual(await session.execute(next));
    expect(JSON.stringify(await resumed.tools())).toBe(JSON.stringify(await session.tools()));
  });

  it("rebuilds a runAgent conversation, parallel calls included", async () => {
    const server = await serve([
      () => reply.toolUse({ name: "search_tools", input: { query: "post a message" } }),
      () =>
        reply.toolUse(
          { name: "slack__post_message", input: { channel: "#ops", text: "a" } },
          { name: "calendar__create_event", input: { title: "retro", start: "2030-01-01T10:00:00Z" } },
          { name: "github__create_issue", input: { repo: "a/b", title: "t" } },
        ),
      () => reply.text("Done."),
    ]);
    const client = new Anthropic({ apiKey: "test", baseURL: server.url, maxRetries: 0 });
    const toolSearch = await createToolSearch(options());
    const result = await runAgent({ client, model: "claude-test", prompt: "Go.", toolSearch, sessionId: "agent-run" });
    const expected = JSON.stringify(await toolSearch.session("agent-run").tools());
    const resumed = (await createToolSearch(options())).session("agent-run", { transcript: result.messages });
    expect(JSON.stringify(await resumed.tools())).toBe(expected);
  });

  it("rebuilds a run cut off mid-call, whose unrun call hydrated its tool there too", async () => {
    const server = await serve([
      () => ({
        ...reply.toolUse({ name: "calendar__create_event", input: { title: "ret" } }),
        stop_reason: "max_tokens",
      }),
    ]);
    const client = new Anthropic({ apiKey: "test", baseURL: server.url, maxRetries: 0 });
    const toolSearch = await createToolSearch(options());
    const result = await runAgent({ client, model: "claude-test", prompt: "Go.", toolSearch, sessionId: "cut" });
    expect(result.stopReason).toBe("max_tokens");
    const session = toolSearch.session("cut");
    expect(session.hydrated()).toEqual(["calendar__create_event"]);
    const resumed = (await createToolSearch(options())).session("cut", { transcript: result.messages });
    expect(JSON.stringify(await resumed.tools())).toBe(JSON.stringify(await session.tools()));
  });

  it("is ignored by a session the instance knows", async () => {
    const { toolSearch, session, transcript } = await converse("anthropic", "known");
    const before = session.hydrated();
    const other = [
      { role: "assistant", content: [{ type: "tool_use", id: "x", name: "calendar__create_event", input: {} }] },
    ];
    const again = toolSearch.session("known", { transcript: other });
    await again.tools();
    expect(again.hydrated()).toEqual(before);
    // Its own transcript would not change it either: nothing is replayed twice.
    await toolSearch.session("known", { transcript }).tools();
    expect(session.hydrated()).toEqual(before);
  });

  it("shows a transcript's hydration in hydrated() before the first tools()", async () => {
    const { session, transcript } = await converse("anthropic", "early");
    const resumed = (await createToolSearch(options())).session("early", { transcript });
    expect(resumed.hydrated()).toEqual(session.hydrated());
    // Replayed once: the first block is the one the original would send next.
    expect(JSON.stringify(await resumed.tools())).toBe(JSON.stringify(await session.tools()));
  });

  it("rebuilds once when the first uses come at the same time", async () => {
    const { transcript } = await converse("anthropic", "busy");
    const events: ToolSearchEvent[] = [];
    const resumed = (await createToolSearch(options(events))).session("busy", { transcript });
    await Promise.all([resumed.tools(), resumed.view(), resumed.tools({ format: "openai-chat" })]);
    expect(events.filter((event) => event.type === "hydrate")).toHaveLength(5);
  });

  it("reads AI SDK model messages and mixed formats", async () => {
    const transcript = [
      {
        role: "assistant",
        content: [{ type: "tool-call", toolCallId: "a", toolName: "slack__post_message", input: {} }],
      },
      {
        role: "tool",
        content: [
          {
            type: "tool-result",
            toolCallId: "a",
            toolName: "slack__post_message",
            output: { type: "text", value: "ok" },
          },
        ],
      },
      { type: "function_call", call_id: "b", name: "github__create_issue", arguments: "{}" },
      {
        role: "assistant",
        tool_calls: [{ id: "c", type: "custom", custom: { name: "calendar__create_event", input: "" } }],
      },
    ];
    const resumed = (await createToolSearch(options())).session("mixed", { transcript });
    await resumed.tools();
    expect(resumed.hydrated()).toEqual(["slack__post_message", "github__create_issue"]);
  });

  it.each([
    ["not an array", { role: "user" }, /options\.transcript must be the conversation so far/],
    ["an array holding null", [null], /options\.transcript\[0\] is null/],
    [
      "an entry whose content cannot be read",
      [
        Object.defineProperty({ role: "assistant" }, "content", {
          get() {
            throw new Error("boom");
          },
        }),
      ],
      /options\.transcript\[0\] could not be read \(boom\)/,
    ],
  ])("refuses a transcript that is %s, naming what is wrong", async (_label, transcript, message) => {
    const toolSearch = await createToolSearch(options());
    expect(() => toolSearch.session("bad", { transcript: transcript as never })).toThrow(OptionsError);
    expect(() => toolSearch.session("bad", { transcript: transcript as never })).toThrow(message);
  });
});

const serve = serverPerTest();
