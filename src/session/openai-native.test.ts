// OpenAI's native tool search ("Tool search" guide, Responses API), end to end through the real
// `openai` SDK against the local server, which enforces the guide's rules. Field names quoted
// from the guide and the SDK's types: a `tool_search` tool with `execution` ("client" | "server"),
// `description` and `parameters`; `namespace` tools with `name`, `description` and `tools`;
// `defer_loading: true` on the functions inside a namespace (not on the namespace object);
// `tool_search_call` items (`call_id`, `execution`, `arguments`) answered by
// `tool_search_output` items (`call_id`, `execution`, `status`, `tools`); a `function_call`
// to a namespaced function carries `namespace`.
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { openAIServerPerTest, type ScriptedOpenAITurn } from "../../test/support/openai-api-server.js";
import { sampleTools } from "../../test/support/sample-tools.js";
import { OptionsError, createToolSearch, type ToolDefinition } from "../index.js";
import type { ToolSearchOptions } from "../tool-search/index.js";

const LOW = { toolSearchThresholdTokens: 100 };
const MODEL = "gpt-5.4";
const serve = openAIServerPerTest();
const SLACK_QUERY = { query: "post a message to a slack channel" };

/** A tool of no server: it goes in the default namespace. */
const NOTE: ToolDefinition = {
  name: "write_note",
  description: "Write a short note to the scratchpad.",
  inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
  execute: () => "noted",
};

type Item = Record<string, unknown>;

async function nativeLoop(
  turns: ScriptedOpenAITurn[],
  options: Partial<ToolSearchOptions> & { nativeSearch?: "client" | "hosted" } = {},
) {
  const { nativeSearch = "client", ...searchOptions } = options;
  const calls: { name: string; input: unknown }[] = [];
  const server = await serve(turns);
  const openai = new OpenAI({ apiKey: "test", baseURL: server.url, maxRetries: 0 });
  const toolSearch = await createToolSearch({ tools: [...sampleTools(calls), NOTE], tuning: LOW, ...searchOptions });
  const session = toolSearch.session("native");
  const input: OpenAI.Responses.ResponseInput = [{ role: "user", content: "Tell #ops that the deploy is done." }];
  for (let turn = 0; turn < turns.length; turn++) {
    const response = await openai.responses.create({
      model: MODEL,
      input,
      tools: await session.tools({ format: "openai-responses", presentation: "native", nativeSearch }),
    });
    input.push(...(response.output as OpenAI.Responses.ResponseInputItem[]));
    const searches = response.output.filter(
      (item) => item.type === "tool_search_call" && item.execution === "client",
    ) as OpenAI.Responses.ResponseToolSearchCall[];
    const functionCalls = response.output.filter((item) => item.type === "function_call");
    if (searches.length + functionCalls.length === 0) break;
    // Loaded definitions go at the end of the input, where the guide places discovered tools.
    input.push(...(await Promise.all(searches.map((call) => session.execute(call)))));
    input.push(...(await Promise.all(functionCalls.map((call) => session.execute(call)))));
  }
  return { server, session, input, calls };
}

const itemsOf = (input: readonly unknown[], type: string) => (input as Item[]).filter((item) => item.type === type);
const outputsOf = (input: readonly unknown[]) => itemsOf(input, "tool_search_output");

describe("OpenAI native tool search (presentation: native)", () => {
  it("defers every tool in its server's namespace, answers tool_search_call with the ranker's tools, and calls the found tool", async () => {
    const { server, session, input, calls } = await nativeLoop([
      () => ({ toolSearches: [{ arguments: SLACK_QUERY }] }),
      () => ({ calls: [{ name: "slack__post_message", arguments: { channel: "#ops", text: "deploy done" } }] }),
      () => ({ text: "Posted to #ops." }),
    ]);
    expect(calls).toEqual([{ name: "slack__post_message", input: { channel: "#ops", text: "deploy done" } }]);
    expect(server.requests).toHaveLength(3);
    const tools = server.requests[0]!.body.tools as Item[];
    expect(tools[0]).toMatchObject({ type: "tool_search", execution: "client", parameters: { type: "object" } });
    expect(tools.slice(1).map((tool) => [tool.type, tool.name])).toEqual([
      ["namespace", "github"],
      ["namespace", "slack"],
      ["namespace", "calendar"],
      ["namespace", "postgres"],
      ["namespace", "filesystem"],
      ["namespace", "tools"],
    ]);
    for (const namespace of tools.slice(1)) {
      expect(namespace).not.toHaveProperty("defer_loading");
      expect(typeof namespace.description).toBe("string");
      for (const fn of namespace.tools as Item[])
        expect(fn).toMatchObject({ type: "function", defer_loading: true, strict: false });
    }
    // Finding a tool never changes the tools array: the whole prefix stays cached.
    expect(new Set(server.requests.map((request) => JSON.stringify(request.body.tools))).size).toBe(1);
    const [output] = outputsOf(input);
    const call = itemsOf(input, "tool_search_call")[0]!;
    expect(output).toMatchObject({
      type: "tool_search_output",
      call_id: call.call_id,
      execution: "client",
      status: "completed",
    });
    const loaded = output!.tools as Item[];
    expect(loaded[0]).toMatchObject({ type: "namespace", name: "slack" });
    // Loaded exactly as deferred in the tools array, so the model sees the definition it will be checked against.
    const slack = tools.find((tool) => tool.name === "slack")!;
    expect((loaded[0]!.tools as Item[])[0]).toEqual((slack.tools as Item[])[0]);
    const functionCall = itemsOf(input, "function_call")[0]!;
    expect(functionCall).toMatchObject({ name: "slack__post_message", namespace: "slack" });
    expect(session.hydrated()).toContain("slack__post_message");
  });

  it("is refused by the server when the model calls a deferred tool no tool_search_output has loaded", async () => {
    await expect(
      nativeLoop([() => ({ calls: [{ name: "slack__post_message", arguments: { channel: "#ops", text: "hi" } }] })]),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/cannot call 'slack__post_message': it is deferred/),
    });
  });

  it("never loads, nor even defers, a tool permit denies", async () => {
    const { server, input, calls } = await nativeLoop(
      [
        () => ({ toolSearches: [{ arguments: SLACK_QUERY }] }),
        () => ({ calls: [{ name: "slack__post_message", arguments: { channel: "#ops", text: "hi" } }] }),
        () => ({ text: "I cannot." }),
      ],
      { permit: (tool) => tool.server !== "slack" },
    );
    for (const request of server.requests)
      expect(JSON.stringify(request.body.tools)).not.toContain("slack__post_message");
    const [output] = outputsOf(input);
    expect(JSON.stringify(output!.tools)).not.toContain("slack__post_message");
    expect(calls).toEqual([]);
    const answer = itemsOf(input, "function_call_output")[0]!;
    expect(String(answer.output)).toMatch(/^Error: /);
  });

  it("lets OpenAI host the search: tool_search with execution server, and the found tool still runs through the session", async () => {
    const { server, input, calls } = await nativeLoop(
      [
        () => ({
          toolSearches: [{ arguments: SLACK_QUERY, load: ["slack__post_message"] }],
          calls: [{ name: "slack__post_message", arguments: { channel: "#ops", text: "deploy done" } }],
        }),
        () => ({ text: "Posted." }),
      ],
      { nativeSearch: "hosted" },
    );
    expect((server.requests[0]!.body.tools as Item[])[0]).toEqual({ type: "tool_search", execution: "server" });
    expect(outputsOf(input)[0]).toMatchObject({ execution: "server" });
    expect(calls).toEqual([{ name: "slack__post_message", input: { channel: "#ops", text: "deploy done" } }]);
  });

  it("keeps the keep tools loaded: top-level functions, never deferred, never in a tool_search_output", async () => {
    const tuning = { ...LOW, keepTools: ["filesystem__read_file"] };
    const session = (await createToolSearch({ tools: sampleTools(), tuning })).session();
    const tools = (await session.tools({ format: "openai-responses", presentation: "native" })) as unknown as Item[];
    expect(tools[1]).toMatchObject({ type: "function", name: "filesystem__read_file" });
    expect(tools[1]).not.toHaveProperty("defer_loading");
    expect(tools.map((tool) => tool.name)).not.toContain("filesystem");
    const found = await session.execute({
      type: "tool_search_call",
      call_id: "ts_1",
      execution: "client",
      arguments: { query: "read a file from disk" },
    });
    expect(JSON.stringify(found.tools)).not.toContain("filesystem__read_file");
  });

  it("sends every tool in full, with no search, when the catalogue is under the threshold", async () => {
    const session = (await createToolSearch({ tools: sampleTools() })).session();
    const tools = await session.tools({ format: "openai-responses", presentation: "native" });
    expect(tools.map((tool) => tool.type)).toEqual(Array(6).fill("function"));
  });

  it("answers a tool_search_call it cannot search (bad or non-JSON arguments) with no tools, and reads JSON-string arguments", async () => {
    const session = (await createToolSearch({ tools: sampleTools(), tuning: LOW })).session();
    const call = (args: unknown) => ({
      type: "tool_search_call" as const,
      call_id: "ts_1",
      execution: "client" as const,
      arguments: args,
    });
    expect(await session.execute(call({ query: "" }))).toEqual({
      type: "tool_search_output",
      call_id: "ts_1",
      execution: "client",
      status: "completed",
      tools: [],
    });
    expect((await session.execute(call("{not json"))).tools).toEqual([]);
    const found = await session.execute(call(JSON.stringify(SLACK_QUERY)));
    expect(JSON.stringify(found.tools)).toContain("slack__post_message");
  });

  it("refuses presentation native outside the Responses format, and unknown values", async () => {
    const session = (await createToolSearch({ tools: sampleTools() })).session();
    await expect(session.tools({ format: "openai-chat", presentation: "native" } as never)).rejects.toBeInstanceOf(
      OptionsError,
    );
    await expect(session.tools({ format: "openai-responses", presentation: "nativ" } as never)).rejects.toMatchObject({
      code: "invalid_presentation",
    });
    await expect(
      session.tools({ format: "openai-responses", presentation: "native", nativeSearch: "openai" } as never),
    ).rejects.toMatchObject({ code: "invalid_native_search" });
  });
  it("restricts a tool_search_call to a namespace with a server: term, end to end", async () => {
    const { input, calls } = await nativeLoop([
      () => ({ toolSearches: [{ arguments: { query: "server:slack post a message to a channel" } }] }),
      () => ({ calls: [{ name: "slack__post_message", arguments: { channel: "#ops", text: "deploy done" } }] }),
      () => ({ text: "Posted." }),
    ]);
    expect(calls).toHaveLength(1);
    const loaded = outputsOf(input)[0]!.tools as Item[];
    expect(loaded.map((namespace) => namespace.name)).toEqual(["slack"]);
  });

  it("takes the namespace's own name or its server's in a server: term, and loads no other namespace", async () => {
    // A kept tool called "github" makes the github server's namespace "github_2".
    const github: ToolDefinition = { ...NOTE, name: "github", description: "Say hello to GitHub." };
    const tuning = { ...LOW, keepTools: ["github"] };
    const session = (await createToolSearch({ tools: [...sampleTools(), github], tuning })).session();
    const tools = (await session.tools({ format: "openai-responses", presentation: "native" })) as unknown as Item[];
    expect(tools.map((tool) => tool.name)).toContain("github_2");
    for (const query of ["server:github_2 post a message", "server:GitHub post a message"]) {
      const found = await session.execute({
        type: "tool_search_call",
        call_id: "ts_1",
        execution: "client",
        arguments: { query },
      });
      const namespaces = found.tools as unknown as Item[];
      expect(namespaces.map((namespace) => namespace.name)).toEqual(["github_2"]);
    }
  });

  it("loads the namespace of a server a query is about as a whole, within the limit", async () => {
    const session = (await createToolSearch({ tools: sampleTools(), tuning: LOW })).session();
    const found = await session.execute({
      type: "tool_search_call",
      call_id: "ts_1",
      execution: "client",
      arguments: { query: "everything in github", limit: 5 },
    });
    const namespaces = found.tools as unknown as { name: string; tools: Item[] }[];
    expect(namespaces.map((namespace) => namespace.name)).toEqual(["github"]);
    expect(namespaces[0]!.tools.map((tool) => tool.name).sort()).toEqual([
      "github__create_issue",
      "github__delete_repository",
    ]);
    const one = await session.execute({
      type: "tool_search_call",
      call_id: "ts_2",
      execution: "client",
      arguments: { query: "everything in github", limit: 1 },
    });
    expect((one.tools as unknown as { tools: Item[] }[])[0]!.tools).toHaveLength(1);
  });
});
