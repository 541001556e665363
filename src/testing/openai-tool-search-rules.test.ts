// The local OpenAI server's tool search rules, each broken once through the real `openai` SDK.
// Field names as OpenAI's "Tool search" guide and the SDK's types give them: `tool_search`
// (`execution`, `parameters`), `namespace` (`name`, `description`, `tools`), `defer_loading`,
// `tool_search_call` / `tool_search_output` (`call_id`, `execution`, `tools`).
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { openAIServerPerTest } from "../../test/support/openai-api-server.js";

const serve = openAIServerPerTest();
const PARAMETERS = { type: "object", properties: { text: { type: "string" } } };
const fn = (name: string, deferred = true) => ({
  type: "function",
  name,
  description: `${name}.`,
  parameters: PARAMETERS,
  strict: false,
  ...(deferred ? { defer_loading: true } : {}),
});
const namespace = (name: string, tools: unknown[] = [fn("post")]) => ({
  type: "namespace",
  name,
  description: `Tools of ${name}.`,
  tools,
});
const SEARCH = { type: "tool_search", execution: "client", parameters: { type: "object", properties: {} } };
const USER = { role: "user", content: "go" };
const SEARCH_CALL = {
  type: "tool_search_call",
  call_id: "ts_1",
  execution: "client",
  status: "completed",
  arguments: {},
};
const output = (callId: string, tools: unknown[] = [namespace("slack")]) => ({
  type: "tool_search_output",
  call_id: callId,
  execution: "client",
  status: "completed",
  tools,
});

async function send(body: { tools: unknown[]; input?: unknown[] }) {
  const server = await serve([() => ({ text: "ok" })]);
  const openai = new OpenAI({ apiKey: "test", baseURL: server.url, maxRetries: 0 });
  return openai.responses.create({ model: "gpt-5.4", input: [USER], ...body } as never);
}

describe("the local OpenAI server's tool search rules", () => {
  it("takes a well-formed request: namespaces of deferred functions, a client tool_search, a matched output, a call to what it loaded", async () => {
    const input = [
      USER,
      SEARCH_CALL,
      output("ts_1"),
      { type: "function_call", call_id: "c1", name: "post", namespace: "slack", arguments: "{}" },
      { type: "function_call_output", call_id: "c1", output: "done" },
    ];
    await expect(send({ tools: [SEARCH, namespace("slack")], input })).resolves.toMatchObject({ output_text: "ok" });
  });

  it("takes what Codex CLI 0.171.0 sends: a function described in thousands of characters, and a hosted web_search", async () => {
    const long = { ...fn("spawn_agent", false), description: "Spawn an agent. ".repeat(375) };
    const body = { tools: [long, namespace("agents", [long]), { type: "web_search", external_web_access: false }] };
    await expect(send(body)).resolves.toMatchObject({ output_text: "ok" });
  });

  it.each([
    ["a tool type OpenAI does not have", { tools: [{ type: "web_serch" }] }, /Invalid value for 'tools\[0\]\.type'/],
    [
      "a description that is not a string",
      { tools: [{ ...fn("post", false), description: 7 }] },
      /'tools\[0\]\.description'/,
    ],
    [
      "a namespace with no functions",
      { tools: [SEARCH, namespace("slack", [])] },
      /'tools\[1\]\.tools': expected a non-empty array/,
    ],
    [
      "a namespace without a description",
      { tools: [SEARCH, { ...namespace("slack"), description: "" }] },
      /'tools\[1\]\.description'/,
    ],
    ["a namespace whose name breaks the name rule", { tools: [SEARCH, namespace("my slack")] }, /'tools\[1\]\.name'/],
    [
      "a namespace holding something other than functions",
      { tools: [SEARCH, namespace("slack", [SEARCH])] },
      /a namespace holds function tools/,
    ],
    [
      "two functions of one name in a namespace",
      { tools: [SEARCH, namespace("slack", [fn("post"), fn("post")])] },
      /Duplicate tool name in namespace 'slack'/,
    ],
    [
      "a namespace named as a top-level function",
      { tools: [SEARCH, fn("slack", false), namespace("slack")] },
      /Duplicate tool name: 'slack'/,
    ],
    ["deferred functions without a tool_search tool", { tools: [namespace("slack")] }, /need a 'tool_search' tool/],
    ["two tool_search tools", { tools: [SEARCH, SEARCH, namespace("slack")] }, /only one tool_search tool/],
    [
      "parameters on a hosted tool_search",
      { tools: [{ ...SEARCH, execution: "server" }] },
      /only a client-executed tool_search takes parameters/,
    ],
    [
      "a tool_search_output no call asked for",
      { tools: [SEARCH, namespace("slack")], input: [USER, output("ts_9")] },
      /No tool search call found for tool search output with call_id ts_9/,
    ],
    [
      "a client tool_search_call left unanswered",
      { tools: [SEARCH, namespace("slack")], input: [USER, SEARCH_CALL] },
      /No tool search output found for tool search call ts_1/,
    ],
    [
      "a tool_search_output without a tools array",
      { tools: [SEARCH, namespace("slack")], input: [USER, SEARCH_CALL, { ...output("ts_1"), tools: "post" }] },
      /'input\[2\]\.tools': expected an array/,
    ],
    [
      "a function_call to a deferred function before any output loaded it",
      {
        tools: [SEARCH, namespace("slack")],
        input: [
          USER,
          { type: "function_call", call_id: "c1", name: "post", namespace: "slack", arguments: "{}" },
          { type: "function_call_output", call_id: "c1", output: "done" },
        ],
      },
      /function_call 'post' calls a deferred tool that no earlier tool_search_output loaded/,
    ],
  ])("refuses %s", async (_case, body, message) => {
    await expect(send(body)).rejects.toMatchObject({ status: 400, message: expect.stringMatching(message) });
  });
});
