import Anthropic from "@anthropic-ai/sdk";
import type { BetaMessageParam, BetaTool, BetaToolUnion } from "@anthropic-ai/sdk/resources/beta/messages/messages";
import { afterEach, describe, expect, it } from "vitest";
import { INLINE_TOOLS_BETA, reply, serverPerTest, TOOL_CHANGES_BETA, type MessagesApiServerOptions } from "./index.js";

const serve = serverPerTest(afterEach);
const MODEL = "claude-opus-4-8";

const schema = { type: "object" as const, properties: { q: { type: "string", description: "What to look for." } } };
const tool = (name: string, extra: Partial<BetaTool> = {}): BetaTool => ({
  name,
  description: `${name.replace(/_/g, " ")}: a tool long enough to weigh something in the prompt. `.repeat(30),
  input_schema: schema,
  ...extra,
});
/** search_tools and a stub kept loaded (the last one marked for caching), two tools deferred. */
const TOOLS: BetaTool[] = [
  tool("search_tools"),
  tool("notes_list", { cache_control: { type: "ephemeral" } }),
  tool("slack_post", { defer_loading: true }),
  tool("github_issue", { defer_loading: true }),
];
const UNMARKED: BetaToolUnion[] = TOOLS.map(({ cache_control: _, ...rest }) => rest);
const USER: BetaMessageParam = { role: "user", content: "Post the release notes." };
const addition = (name: string) => ({
  type: "tool_addition" as const,
  tool: { type: "tool_reference" as const, name },
});
const removal = (name: string) => ({ type: "tool_removal" as const, tool: { type: "tool_reference" as const, name } });

async function start(turns = 8, options: MessagesApiServerOptions = {}) {
  const server = await serve(
    Array.from({ length: turns }, () => () => reply.text("ok")),
    options,
  );
  const client = new Anthropic({ apiKey: "test", baseURL: server.url, maxRetries: 0 });
  const send = (messages: BetaMessageParam[], extra: Record<string, unknown> = {}) =>
    client.beta.messages.create({
      model: MODEL,
      max_tokens: 100,
      tools: TOOLS,
      messages,
      betas: [TOOL_CHANGES_BETA],
      ...extra,
    });
  return { server, client, send };
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; type: string; message: string }> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Anthropic.APIError);
  const { status, error: body } = error as InstanceType<typeof Anthropic.APIError>;
  const detail = (body as { error: { type: string; message: string } }).error;
  return { status: status ?? 0, type: detail.type, message: detail.message };
}

describe("mid-conversation tool changes on the local Messages API server, through the real SDK", () => {
  it("accepts an addition of a deferred tool by reference and the removal of a loaded tool", async () => {
    const { server, send } = await start();
    const answer = await send([
      USER,
      { role: "assistant", content: "Looking." },
      { role: "system", content: [addition("slack_post"), removal("notes_list")] },
      { role: "user", content: "go on" },
    ]);
    expect(answer.content).toMatchObject([{ type: "text", text: "ok" }]);
    expect(server.requests[0]!.headers["anthropic-beta"]).toContain(TOOL_CHANGES_BETA);
  });

  it("refuses an addition by reference without the mid-conversation tool changes beta", async () => {
    const { send } = await start();
    const refused = await refusal(send([USER, { role: "system", content: [addition("slack_post")] }], { betas: [] }));
    expect(refused).toMatchObject({ status: 400, type: "invalid_request_error" });
    expect(refused.message).toContain(
      `messages.1.content.0: a tool_addition by tool_reference requires the anthropic-beta header "${TOOL_CHANGES_BETA}"`,
    );
  });

  it("refuses an addition by reference of a tool that is not deferred, or not in tools", async () => {
    const { send } = await start();
    const loaded = await refusal(send([USER, { role: "system", content: [addition("notes_list")] }]));
    expect(loaded.message).toContain("'notes_list' is in tools without defer_loading: true");
    const unknown = await refusal(send([USER, { role: "system", content: [addition("jira_create")] }]));
    expect(unknown).toMatchObject({ status: 400, type: "invalid_request_error" });
    expect(unknown.message).toContain("'jira_create' is not in tools");
  });

  it("refuses the removal of a tool not loaded at that point, and of one removed already", async () => {
    const { send } = await start();
    const deferred = await refusal(send([USER, { role: "system", content: [removal("github_issue")] }]));
    expect(deferred.message).toContain("'github_issue' is not loaded at this point of the conversation");
    const twice = await refusal(
      send([
        USER,
        { role: "system", content: [addition("slack_post")] },
        { role: "assistant", content: "ok" },
        { role: "system", content: [removal("slack_post"), removal("slack_post")] },
      ]),
    );
    expect(twice.message).toMatch(/^messages\.3\.content\.1\.tool\.name: 'slack_post' is not loaded/);
  });

  it("takes an inline definition only under the inline tools beta", async () => {
    const { send } = await start();
    const inline = {
      role: "system" as const,
      content: [
        { type: "tool_addition" as const, tool: { type: "tool_definition" as const, definition: tool("jira_create") } },
      ],
    };
    const refused = await refusal(send([USER, inline]));
    expect(refused.message).toContain(`requires the anthropic-beta header "${INLINE_TOOLS_BETA}"`);
    const answer = await send(
      [USER, inline, { role: "assistant", content: "ok" }, { role: "system", content: [removal("jira_create")] }],
      {
        betas: [INLINE_TOOLS_BETA],
      },
    );
    expect(answer.content).toMatchObject([{ type: "text", text: "ok" }]);
  });

  it("refuses a system message holding another kind of block, and one with nothing in it", async () => {
    const { send } = await start();
    const image = await refusal(
      send([
        USER,
        {
          role: "system",
          content: [{ type: "image", source: { type: "url", url: "https://example.com/a.png" } }],
        } as unknown as BetaMessageParam,
      ]),
    );
    expect(image.message).toContain("'image' is not allowed in a system message");
    const empty = await refusal(send([USER, { role: "system", content: [] }]));
    expect(empty.message).toContain("a system message needs content");
  });

  it("refuses models the page does not list (Claude Sonnet 5 among them) and accepts test stand-ins", async () => {
    const { send } = await start();
    const messages: BetaMessageParam[] = [USER, { role: "system", content: "Answer in French from now on." }];
    const refused = await refusal(send(messages, { model: "claude-sonnet-5" }));
    expect(refused).toMatchObject({ status: 400, type: "invalid_request_error" });
    expect(refused.message).toContain('claude-sonnet-5 does not support role "system" messages');
    expect((await send(messages, { model: "claude-sonnet-5-5" })).content).toHaveLength(1);
    expect((await send(messages, { model: "claude-test" })).content).toHaveLength(1);
  });
});

describe("prompt caching on the local Messages API server", () => {
  const total = (usage: {
    input_tokens: number;
    cache_creation_input_tokens: number | null;
    cache_read_input_tokens: number | null;
  }) => usage.input_tokens + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0);

  it("reads an unchanged prefix, writes again after a changed tools array, and logs each request's usage", async () => {
    const { server, send } = await start();
    const first = await send([USER]);
    expect(first.usage.cache_read_input_tokens).toBe(0);
    expect(first.usage.cache_creation_input_tokens).toBeGreaterThan(1024);
    const again = await send([USER, { role: "assistant", content: "ok" }, { role: "user", content: "and then?" }]);
    expect(again.usage.cache_read_input_tokens).toBe(first.usage.cache_creation_input_tokens);
    expect(again.usage.cache_creation_input_tokens).toBe(0);
    const changed = await send([USER], {
      tools: [tool("search_tools", { description: "A changed description. ".repeat(80) }), ...TOOLS.slice(1)],
    });
    expect(changed.usage.cache_read_input_tokens).toBe(0);
    expect(changed.usage.cache_creation_input_tokens).toBe(total(changed.usage) - changed.usage.input_tokens);
    expect(changed.usage.cache_creation_input_tokens).toBeGreaterThan(0);
    expect(server.usage.map((entry) => [entry.request, entry.cache_read_input_tokens])).toEqual([
      [0, 0],
      [1, first.usage.cache_creation_input_tokens],
      [2, 0],
    ]);
    expect(server.usage[0]!.toolTokens).toBeGreaterThan(0);
  });

  it("keeps the prefix read when a deferred tool is added mid-conversation, and counts the added definition", async () => {
    const { server, send } = await start();
    const history: BetaMessageParam[] = [
      {
        role: "user",
        content: [{ type: "text", text: "Post the release notes.", cache_control: { type: "ephemeral" } }],
      },
    ];
    const first = await send(history);
    const cachedUpToUser = first.usage.cache_creation_input_tokens;
    const second = await send([
      ...history,
      { role: "assistant", content: "I need Slack." },
      { role: "system", content: [{ ...addition("slack_post"), cache_control: { type: "ephemeral" } }] },
    ]);
    expect(second.usage.cache_read_input_tokens).toBe(cachedUpToUser);
    expect(second.usage.cache_creation_input_tokens).toBeGreaterThan(0);
    expect(server.usage[1]!.toolTokens).toBeGreaterThan(server.usage[0]!.toolTokens);
  });

  it("counts an inline definition once, as much as the same tool added by reference", async () => {
    const { send } = await start();
    const { defer_loading: _, ...definition } = TOOLS[2]!;
    const byReference = await send([USER, { role: "system", content: [addition("slack_post")] }]);
    const inline = await send(
      [USER, { role: "system", content: [{ type: "tool_addition", tool: { type: "tool_definition", definition } }] }],
      { betas: [INLINE_TOOLS_BETA] },
    );
    expect(Math.abs(total(inline.usage) - total(byReference.usage))).toBeLessThan(20);
  });

  it("applies the model's minimum cacheable length, the TTL, and automatic caching", async () => {
    let now = 1_000_000;
    const { send } = await start(8, { promptCache: { now: () => now } });
    const small = await send([USER], { tools: [tool("search_tools", { cache_control: { type: "ephemeral" } })] });
    expect(small.usage).toMatchObject({ cache_creation_input_tokens: 0, cache_read_input_tokens: 0 });

    const automatic = { cache_control: { type: "ephemeral" } };
    const written = await send([USER], automatic);
    expect(written.usage.cache_creation_input_tokens).toBe(total(written.usage));
    now += 4 * 60_000;
    expect((await send([USER], automatic)).usage.cache_read_input_tokens).toBe(total(written.usage));
    // Read 4 minutes in, the entry lives 5 more minutes from then: still there 8 minutes in.
    now += 4 * 60_000;
    expect((await send([USER], automatic)).usage.cache_read_input_tokens).toBe(total(written.usage));
    now += 5 * 60_000 + 1;
    const expired = await send([USER], automatic);
    expect(expired.usage).toMatchObject({
      cache_read_input_tokens: 0,
      cache_creation_input_tokens: total(written.usage),
    });

    const hourly = { cache_control: { type: "ephemeral", ttl: "1h" }, model: "claude-opus-5", tools: UNMARKED };
    const hour = await send([USER], hourly);
    expect(hour.usage.cache_creation).toMatchObject({
      ephemeral_1h_input_tokens: total(hour.usage),
      ephemeral_5m_input_tokens: 0,
    });
    now += 30 * 60_000;
    expect((await send([USER], hourly)).usage.cache_read_input_tokens).toBe(total(hour.usage));
  });

  it("finds an earlier entry at most 20 blocks before a breakpoint", async () => {
    const { send } = await start();
    const turns = (count: number): BetaMessageParam[] =>
      Array.from(
        { length: count },
        (_, index): BetaMessageParam => ({
          role: index % 2 === 0 ? "user" : "assistant",
          content: `turn ${index}: ${"words ".repeat(40)}`,
        }),
      );
    const marked = (messages: BetaMessageParam[]): BetaMessageParam[] => {
      const last = messages.at(-1)!;
      return [
        ...messages.slice(0, -1),
        { ...last, content: [{ type: "text", text: String(last.content), cache_control: { type: "ephemeral" } }] },
      ];
    };
    const first = await send(marked(turns(1)));
    // 22 blocks after the first request's breakpoint: beyond the lookback, only the tools' own breakpoint is read.
    const far = await send(marked(turns(23)));
    expect(far.usage.cache_read_input_tokens).toBeGreaterThan(0);
    expect(far.usage.cache_read_input_tokens).toBeLessThan(first.usage.cache_creation_input_tokens ?? 0);
    // 20 blocks after it: found.
    const near = await send(marked(turns(21)));
    expect(near.usage.cache_read_input_tokens).toBe(first.usage.cache_creation_input_tokens);
  });
});
