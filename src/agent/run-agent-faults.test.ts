import Anthropic from "@anthropic-ai/sdk";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  messageBody,
  reply,
  sampleTools,
  type ScriptedReply,
  type ScriptedTurn,
  serverPerTest,
  type WireBlock,
} from "../testing/index.js";
import type { ToolDefinition, ToolHost } from "../catalogue/index.js";
import { ToolSearchSession } from "../session/index.js";
import { createToolSearch } from "../tool-search/index.js";
import { AgentError } from "./agent-error.js";
import type { MessageParam } from "../wire/index.js";
import { runAgent } from "./run-agent.js";

const MODEL = "claude-test-model";
const LOW = { toolSearchThresholdTokens: 100 };
// The SDK waits this long before its one retry, instead of its own back-off of half a second and more.
const FAST_RETRY = { "retry-after-ms": "5" };

const serve = serverPerTest(afterEach);

/**
 * Every problem with the transcript's tool calls: a tool_use whose id is not a non-empty
 * string, one the next message does not answer, or a result for no call. Empty when the
 * transcript can be sent back as it is.
 */
function toolUseProblems(messages: readonly MessageParam[]): string[] {
  const problems: string[] = [];
  messages.forEach((message, index) => {
    if (message.role !== "assistant" || typeof message.content === "string") return;
    const ids = message.content
      .filter((block) => block.type === "tool_use")
      .map((block) => (block as { id?: unknown }).id);
    if (ids.length === 0) return;
    const next = messages[index + 1];
    const answered =
      next && typeof next.content !== "string"
        ? next.content
            .filter((block) => block.type === "tool_result")
            .map((block) => (block as { tool_use_id?: unknown }).tool_use_id)
        : [];
    for (const id of ids) {
      if (typeof id !== "string" || id === "")
        problems.push(`message ${index}: a tool_use with id ${JSON.stringify(id)}`);
      else if (!answered.includes(id)) problems.push(`message ${index}: ${id} is not answered`);
    }
    for (const id of answered)
      if (!ids.includes(id))
        problems.push(`message ${index + 1}: a result for ${JSON.stringify(id)}, which no call has`);
  });
  return problems;
}

/** The tool results of the transcript's last message. */
function lastResults(
  messages: readonly MessageParam[],
): { tool_use_id: string; is_error?: boolean; content: unknown }[] {
  const content = messages.at(-1)?.content;
  if (!Array.isArray(content)) throw new Error("the last message has no blocks");
  return content.filter((block) => block.type === "tool_result") as unknown as {
    tool_use_id: string;
    is_error?: boolean;
    content: unknown;
  }[];
}

const firstTurn: ScriptedTurn = () =>
  reply.toolUse({ name: "filesystem__read_file", input: { path: "notes.txt" }, id: "toolu_read" });

interface Fault {
  name: string;
  reply: ScriptedReply;
  client?: { maxRetries?: number; timeout?: number };
  code: string;
  status: number | undefined;
  stage: "request" | "response";
  /** The API's error type, when it sent one. */
  apiErrorType?: string;
  /** What the message must say. */
  says: RegExp;
  /** Requests the faulty turn makes (1 plus the client's retries). */
  attempts?: number;
}

const apiError = (status: number, type: string, says: RegExp, attempts = 1): Fault => ({
  name: `${status} ${type}`,
  reply: reply.error(status, type, `scripted ${type}`, FAST_RETRY),
  code: "api_error",
  status,
  stage: "request",
  apiErrorType: type,
  says,
  attempts,
  client: { maxRetries: 1 },
});

const malformed = (name: string, body: unknown, says: RegExp): Fault => ({
  name,
  reply: reply.raw(body),
  code: "malformed_response",
  status: 200,
  stage: "response",
  says,
});

const validBody = (content: WireBlock[], stopReason = "tool_use") => messageBody(MODEL, content, stopReason);

const FAULTS: Fault[] = [
  apiError(
    400,
    "invalid_request_error",
    /400 \(invalid_request_error\).*scripted invalid_request_error.*rejected as invalid/,
  ),
  apiError(401, "authentication_error", /401.*API key/),
  apiError(403, "permission_error", /403.*permissions/),
  apiError(404, "not_found_error", /404.*model name/),
  apiError(413, "request_too_large", /413.*too large/),
  // Retryable: the client's one retry is used up first.
  apiError(429, "rate_limit_error", /429.*maxRetries/, 2),
  apiError(500, "api_error", /500.*maxRetries/, 2),
  apiError(529, "overloaded_error", /529.*maxRetries/, 2),
  {
    name: "a 502 whose body is a proxy's HTML page",
    reply: reply.raw("<html><body>502 Bad Gateway</body></html>", 502, "text/html"),
    client: { maxRetries: 0 },
    code: "api_error",
    status: 502,
    stage: "request",
    says: /502.*Bad Gateway/,
  },
  malformed("a 200 whose body is not JSON", "<html>upstream sent garbage", /200.*the body is not JSON \(.*<html>/),
  {
    ...malformed("a 200 whose body is plain text", "", /the body is text, not a JSON message: "upstream sent garbage"/),
    reply: reply.raw("upstream sent garbage", 200, "text/plain"),
  },
  malformed("a 200 whose body is JSON null", "null", /not a message object/),
  malformed("a 200 with the wrong shape", { hello: "world" }, /content/),
  malformed("a 200 whose content is not an array", { ...validBody([]), content: "hi" }, /content.*not an array/),
  malformed(
    "a 200 with a tool_use block without an id",
    validBody([{ type: "tool_use", name: "slack__post_message", input: { channel: "#ops", text: "x" } }]),
    /content\[0\].*tool_use.*id/,
  ),
  malformed(
    "a 200 with a tool_use block without a name",
    validBody([{ type: "tool_use", id: "toolu_nameless", input: {} }]),
    /content\[0\].*tool_use.*name/,
  ),
  malformed(
    "a 200 with two tool_use blocks that share an id",
    validBody([
      { type: "tool_use", id: "toolu_twin", name: "filesystem__read_file", input: { path: "a" } },
      { type: "tool_use", id: "toolu_twin", name: "filesystem__read_file", input: { path: "b" } },
    ]),
    /content\[1\].*toolu_twin.*more than once/,
  ),
  malformed(
    "a 200 without usage",
    { ...validBody([{ type: "text", text: "hi" }], "end_turn"), usage: undefined },
    /usage/,
  ),
  malformed(
    "a 200 whose usage counts are not numbers",
    { ...validBody([{ type: "text", text: "hi" }], "end_turn"), usage: { input_tokens: "12", output_tokens: 3 } },
    /usage\.input_tokens/,
  ),
  malformed(
    "a 200 that carries an error body",
    { type: "error", error: { type: "overloaded_error", message: "Overloaded" } },
    /error body.*overloaded_error.*Overloaded/,
  ),
  {
    name: "a connection reset before any answer",
    reply: reply.fault("reset-before-headers"),
    client: { maxRetries: 0 },
    code: "connection_error",
    status: undefined,
    stage: "request",
    says: /could not be reached/,
  },
  {
    name: "a connection reset in the middle of the response body",
    reply: reply.fault("reset-mid-body"),
    client: { maxRetries: 0 },
    code: "connection_error",
    status: 200,
    stage: "response",
    says: /cut off while the response was read/,
  },
  {
    name: "a server that never answers, with a client timeout",
    reply: reply.fault("hang"),
    client: { maxRetries: 0, timeout: 300 },
    code: "timeout",
    status: undefined,
    stage: "request",
    says: /did not answer within the client's timeout/,
  },
];

describe("runAgent's fault matrix: the real SDK against a local server that fails on turn 2", () => {
  it.each(FAULTS)("$name: an AgentError $code with status $status, and a resumable transcript", async (fault) => {
    const calls: { name: string; input: unknown }[] = [];
    const server = await serve([firstTurn, () => fault.reply, () => fault.reply, () => reply.text("recovered")]);
    const client = new Anthropic({ apiKey: "test", baseURL: server.url, maxRetries: 0, ...fault.client });
    const toolSearch = await createToolSearch({ tools: sampleTools(calls), tuning: LOW });

    const error = await runAgent({ client, model: MODEL, prompt: "read my notes", toolSearch }).catch(
      (caught: unknown) => caught,
    );

    expect(error).toBeInstanceOf(AgentError);
    const agentError = error as AgentError;
    expect({ code: agentError.code, status: agentError.status, stage: agentError.stage }).toEqual({
      code: fault.code,
      status: fault.status,
      stage: fault.stage,
    });
    if (fault.apiErrorType) expect(agentError.apiErrorType).toBe(fault.apiErrorType);
    expect(agentError.message).toMatch(fault.says);
    expect(agentError.message).toMatch(/on turn 2/);
    expect(agentError.message).not.toMatch(/TypeError|Cannot read propert|is not a function|is not iterable/);
    // The transcript is the one before the faulty turn: the first call, and its answer.
    expect(agentError.messages.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
    expect(toolUseProblems(agentError.messages)).toEqual([]);
    expect(agentError.turns).toHaveLength(1);
    expect(calls.map((call) => call.name)).toEqual(["filesystem__read_file"]);
    expect(server.requests).toHaveLength(1 + (fault.attempts ?? 1));

    // Resumable: the same transcript, sent back, is a valid request that the next turn answers.
    const retry = await serve([() => reply.text("recovered")]);
    const resumed = await runAgent({
      client: new Anthropic({ apiKey: "test", baseURL: retry.url, maxRetries: 0 }),
      model: MODEL,
      messages: agentError.messages,
      toolSearch,
    });
    expect(resumed.stopReason).toBe("end_turn");
  });

  it("never runs the calls of a malformed response, even the well-formed ones in it", async () => {
    const calls: { name: string; input: unknown }[] = [];
    const server = await serve([
      () =>
        reply.raw(
          validBody([
            {
              type: "tool_use",
              id: "toolu_fine",
              name: "slack__post_message",
              input: { channel: "#ops", text: "deploy done" },
            },
            { type: "tool_use", name: "slack__post_message", input: { channel: "#ops", text: "again" } },
          ]),
        ),
    ]);
    const client = new Anthropic({ apiKey: "test", baseURL: server.url, maxRetries: 0 });
    const toolSearch = await createToolSearch({ tools: sampleTools(calls), tuning: LOW });
    const error = (await runAgent({ client, model: MODEL, prompt: "post it", toolSearch }).catch(
      (caught: unknown) => caught,
    )) as AgentError;
    expect(error).toMatchObject({ code: "malformed_response", stage: "response", status: 200 });
    expect(error.messages).toEqual([{ role: "user", content: "post it" }]);
    expect(JSON.stringify(error.messages)).not.toContain("undefined");
    expect(calls).toEqual([]);
  });
});

describe("a reply with a tool_use whose input is not an object", () => {
  it.each([false, true])(
    "answers that call with an is_error result, runs the others, and goes on with the run (stream: %s)",
    async (stream) => {
      const calls: { name: string; input: unknown }[] = [];
      const events: { toolUseId: string; isError: boolean }[] = [];
      const server = await serve([
        // Played as the body of a 200, or streamed as its events (the inputs as partial JSON) with stream: true.
        () => ({
          content: [
            {
              type: "tool_use",
              id: "toolu_post",
              name: "slack__post_message",
              input: { channel: "#ops", text: "deploy done" },
            },
            { type: "tool_use", id: "toolu_read", name: "filesystem__read_file", input: "notes.txt" },
            { type: "tool_use", id: "toolu_search", name: "search_tools", input: ["calendar"] },
          ],
        }),
        () => reply.text("Posted; I will read the file properly next time."),
      ]);
      const client = new Anthropic({ apiKey: "test", baseURL: server.url, maxRetries: 0 });
      const toolSearch = await createToolSearch({ tools: sampleTools(calls), tuning: LOW });
      const result = await runAgent({
        client,
        model: MODEL,
        prompt: "post it and read the notes",
        toolSearch,
        stream,
        onEvent: (event) => {
          if (event.type === "tool-result") events.push({ toolUseId: event.toolUseId, isError: event.isError });
        },
      });

      expect(result.stopReason).toBe("end_turn");
      expect(result.turns).toHaveLength(2);
      expect(calls).toEqual([{ name: "slack__post_message", input: { channel: "#ops", text: "deploy done" } }]);
      const answers = lastResults(result.messages.slice(0, 3));
      expect(answers.map((answer) => [answer.tool_use_id, answer.is_error === true])).toEqual([
        ["toolu_post", false],
        ["toolu_read", true],
        ["toolu_search", true],
      ]);
      expect(answers[1]?.content).toBe(
        'filesystem__read_file was not run: its input was "notes.txt" (a string), but a tool\'s input must be a JSON object. ' +
          "Call it again with its input as a JSON object, with the fields its input_schema describes.",
      );
      expect(answers[2]?.content).toMatch(
        /^search_tools was not run: its input was an array of 1 item, .*e\.g\. \{"query": /,
      );
      // Reported as each call settles, so in no fixed order.
      expect(events.sort((a, b) => a.toolUseId.localeCompare(b.toolUseId))).toEqual([
        { toolUseId: "toolu_post", isError: false },
        { toolUseId: "toolu_read", isError: true },
        { toolUseId: "toolu_search", isError: true },
      ]);
      // The transcript keeps the bad calls with {} as input, so the API (and the scripted server's checks) take it back.
      const sent = server.requests[1]?.body.messages[1]?.content as WireBlock[];
      expect(sent.map((block) => block.input)).toEqual([{ channel: "#ops", text: "deploy done" }, {}, {}]);
      expect(toolUseProblems(result.messages)).toEqual([]);
    },
  );
});

describe("runAgent answers every tool_use it has seen, whatever fails", () => {
  afterEach(() => vi.restoreAllMocks());

  /**
   * The sample tools, and a fault in the session: once `down` is set, only `upFor` more answers
   * (a search or a call, in block order) go through before the session fails to answer. The
   * session itself never rejects (a host that goes away is healed by its last good listing), so
   * the fault is injected where an unexpected one would surface.
   */
  function flakyHost(
    calls: { name: string; input: unknown }[],
    upFor = 0,
    failure = (): unknown => new Error("the tool host went away"),
  ) {
    const host: ToolHost = { listTools: async () => tools };
    const tools: ToolDefinition[] = sampleTools(calls);
    const state = { down: false };
    let answered = 0;
    const faulty = <Args extends unknown[], Result>(original: (...args: Args) => Promise<Result>) =>
      async function (this: ToolSearchSession, ...args: Args): Promise<Result> {
        if (state.down && ++answered > upFor) throw failure();
        return original.apply(this, args);
      };
    const { searchTools, execute } = ToolSearchSession.prototype;
    vi.spyOn(ToolSearchSession.prototype, "searchTools").mockImplementation(faulty(searchTools));
    vi.spyOn(ToolSearchSession.prototype, "execute").mockImplementation(faulty(execute));
    return { host, state };
  }

  it.each(["stubs", "native", "stable"] as const)(
    "%s: a search_tools call whose answer fails is answered with an error, so is the call beside it, and the error names the tools stage",
    async (strategy) => {
      const calls: { name: string; input: unknown }[] = [];
      const { host, state } = flakyHost(calls);
      const server = await serve([
        () => {
          state.down = true;
          return reply.toolUse(
            { name: "search_tools", input: { query: "post a message to slack" }, id: "toolu_search" },
            { name: "slack__post_message", input: { channel: "#ops", text: "hi" }, id: "toolu_post" },
          );
        },
        () => reply.text("unreachable"),
      ]);
      const client = new Anthropic({ apiKey: "test", baseURL: server.url, maxRetries: 0 });
      const toolSearch = await createToolSearch({ tools: host, tuning: LOW });
      const error = (await runAgent({ client, model: MODEL, prompt: "post it", toolSearch, strategy }).catch(
        (caught: unknown) => caught,
      )) as AgentError;
      expect(error).toBeInstanceOf(AgentError);
      expect(error.stage).toBe("tools");
      expect(error.message).toMatch(/while answering the tool calls of turn 1.*the tool host went away/);
      expect(error.message).not.toMatch(/before reaching the API/);
      expect(toolUseProblems(error.messages)).toEqual([]);
      const results = lastResults(error.messages);
      expect(results.map((result) => [result.tool_use_id, result.is_error])).toEqual([
        ["toolu_search", true],
        ["toolu_post", true],
      ]);
      expect(String(results[0]!.content)).toMatch(/search_tools failed.*the tool host went away/);
      expect(error.turns).toHaveLength(1);
      expect(server.requests).toHaveLength(1);
      expect(calls).toEqual([]);
    },
  );

  it("a call that ran keeps its real result when another call of the same turn fails", async () => {
    const calls: { name: string; input: unknown }[] = [];
    // The post is the first answer of the turn and succeeds; the search's fails.
    const { host, state } = flakyHost(calls, 1);
    const server = await serve([
      () => {
        state.down = true;
        return reply.toolUse(
          { name: "slack__post_message", input: { channel: "#ops", text: "deploy done" }, id: "toolu_post" },
          { name: "search_tools", input: { query: "calendar" }, id: "toolu_search" },
        );
      },
    ]);
    const client = new Anthropic({ apiKey: "test", baseURL: server.url, maxRetries: 0 });
    const toolSearch = await createToolSearch({ tools: host, tuning: LOW });
    const error = (await runAgent({ client, model: MODEL, prompt: "post it", toolSearch }).catch(
      (caught: unknown) => caught,
    )) as AgentError;
    expect(error).toBeInstanceOf(AgentError);
    expect(error.stage).toBe("tools");
    expect(calls.map((call) => call.name)).toEqual(["slack__post_message"]);
    expect(toolUseProblems(error.messages)).toEqual([]);
    const results = lastResults(error.messages);
    expect(results.map((result) => [result.tool_use_id, result.is_error === true])).toEqual([
      ["toolu_post", false],
      ["toolu_search", true],
    ]);
    expect(results[0]!.content).toBe(JSON.stringify({ ok: true, tool: "slack__post_message" }));
  });

  it("a failure that throws undefined still stops the turn in the tools stage", async () => {
    const { host, state } = flakyHost([], 0, () => undefined);
    const server = await serve([
      () => {
        state.down = true;
        return reply.toolUse({ name: "search_tools", input: { query: "slack" }, id: "toolu_search" });
      },
      () => reply.text("unreachable"),
    ]);
    const client = new Anthropic({ apiKey: "test", baseURL: server.url, maxRetries: 0 });
    const toolSearch = await createToolSearch({ tools: host, tuning: LOW });
    const error = (await runAgent({ client, model: MODEL, prompt: "post it", toolSearch }).catch(
      (caught: unknown) => caught,
    )) as AgentError;
    expect(error).toMatchObject({ stage: "tools", code: "tools_failed" });
    expect(lastResults(error.messages)).toEqual([
      expect.objectContaining({ tool_use_id: "toolu_search", is_error: true }),
    ]);
    expect(server.requests).toHaveLength(1);
  });
});
