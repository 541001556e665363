import { describe, expect, it } from "vitest";
import { sampleTools, toolUse } from "../testing/index.js";
import {
  CatalogueError,
  createToolSearch,
  type ToolDefinition,
  type ToolHost,
  type ToolSearchEvent,
} from "../index.js";
import { parseTool } from "./parse-tool.js";

const LOW = { toolSearchThresholdTokens: 100 };

function nested(levels: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: "string" };
  for (let level = 0; level < levels; level++) schema = { type: "object", properties: { a: schema } };
  return schema;
}

function cyclicSchema(): Record<string, unknown> {
  const schema: Record<string, unknown> = { type: "object", properties: {} };
  (schema.properties as Record<string, unknown>).self = schema;
  return schema;
}

/** Definitions that once crashed a session or escaped as raw TypeError / RangeError. */
const hostile: [string, () => unknown, RegExp][] = [
  ["a cyclic schema", () => ({ name: "bad__cycle", description: "Cycles.", inputSchema: cyclicSchema() }), /cycle/],
  [
    "3,000 levels of nesting",
    () => ({ name: "bad__deep", description: "Deep.", inputSchema: nested(3_000) }),
    /nested more than 100 levels/,
  ],
  [
    "a getter that throws",
    () => ({
      name: "bad__getter",
      get description(): string {
        throw new Error("getter exploded");
      },
      inputSchema: { type: "object" },
    }),
    /reading its "description" threw \(getter exploded\)/,
  ],
  [
    "a Proxy whose every trap throws",
    () =>
      new Proxy(
        {},
        {
          get: () => {
            throw new Error("trap");
          },
        },
      ),
    /could not be read|threw \(trap\)/,
  ],
  [
    "a schema behind a Proxy whose keys throw",
    () => ({
      name: "bad__proxy_schema",
      description: "Proxied.",
      inputSchema: new Proxy(
        { type: "object" },
        {
          ownKeys: () => {
            throw new Error("no keys");
          },
        },
      ),
    }),
    /could not be read \(no keys\)/,
  ],
  [
    "a revoked Proxy",
    () => {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return proxy;
    },
    /could not be read/,
  ],
  [
    "a BigInt in the schema",
    () => ({ name: "bad__bigint", description: "Big.", inputSchema: { type: "object", maxProperties: 10n } }),
    /BigInt/,
  ],
  [
    "a function in the schema",
    () => ({ name: "bad__fn", description: "Fn.", inputSchema: { type: "object", default: () => 1 } }),
    /function/,
  ],
  [
    "a description past the cap",
    () => ({ name: "bad__long", description: "x".repeat(100_001), inputSchema: { type: "object" } }),
    /description has 100,001 characters; the limit is 100,000/,
  ],
  [
    "too many tags",
    () => ({ ...plain("bad__tags"), tags: Array.from({ length: 101 }, (_, i) => `t${i}`) }),
    /101 tags; the limit is 100/,
  ],
  ["a tag past the cap", () => ({ ...plain("bad__tag"), tags: ["x".repeat(201)] }), /201 characters; the limit is 200/],
  ["a server that is not a string", () => ({ ...plain("bad__server"), server: 7 }), /server that is a number/],
];

function plain(name: string): ToolDefinition {
  return { name, description: "Plain.", inputSchema: { type: "object" }, execute: () => "ran" };
}

describe("hostile definitions (defect 6)", () => {
  it.each(hostile)(
    "from an array, %s is a CatalogueError, never a raw TypeError or RangeError",
    async (_label, make, message) => {
      const error = await createToolSearch({ tools: [make() as ToolDefinition] }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(CatalogueError);
      expect((error as Error).message).toMatch(message);
      expect(() => parseTool(make(), "tools[0]")).toThrow(CatalogueError);
    },
  );

  it("from a host, every one of them is skipped with a warning and the session goes on", async () => {
    const calls: { name: string; input: unknown }[] = [];
    const events: ToolSearchEvent[] = [];
    const host: ToolHost = {
      listTools: async () => [...sampleTools(calls), ...hostile.map(([, make]) => make() as ToolDefinition)],
    };
    const toolSearch = await createToolSearch({ tools: host, tuning: LOW, onEvent: (event) => events.push(event) });
    const session = toolSearch.session();
    expect((await session.tools()).map((tool) => tool.name)).toEqual([
      "search_tools",
      ...sampleTools().map((tool) => `${tool.name}`),
    ]);
    expect(await session.execute(toolUse("slack__post_message", { channel: "c", text: "t" }))).not.toHaveProperty(
      "is_error",
    );
    expect(calls.map((call) => call.name)).toEqual(["slack__post_message"]);
    expect((await toolSearch.search("post a message"))[0]!.name).toBe("slack__post_message");
    const warnings = events.filter((event) => event.type === "warning");
    expect(warnings.length).toBeGreaterThanOrEqual(hostile.length);
    for (const [, , message] of hostile) expect(warnings.some((warning) => message.test(warning.message))).toBe(true);
  });

  it("keeps the last good catalogue, with a warning, when a host's listing later fails", async () => {
    let fail = false;
    const events: ToolSearchEvent[] = [];
    const host: ToolHost = {
      listTools: async () => {
        if (fail) throw new Error("server gone");
        return sampleTools();
      },
    };
    const session = (
      await createToolSearch({ tools: host, tuning: LOW, onEvent: (event) => events.push(event) })
    ).session();
    fail = true;
    expect((await session.tools()).length).toBe(7);
    expect(await session.execute(toolUse("slack__post_message", { channel: "c", text: "t" }))).not.toHaveProperty(
      "is_error",
    );
    expect(events).toContainEqual(
      expect.objectContaining({
        type: "warning",
        code: "host_list_failed",
        message: expect.stringMatching(/server gone/),
      }),
    );
  });
});

describe("safety flags (defect 7)", () => {
  it.each([["true"], [1], ["yes"], [null]])("rejects destructive: %j from an array", async (flag) => {
    const tool = { ...plain("db__drop"), destructive: flag } as unknown as ToolDefinition;
    await expect(createToolSearch({ tools: [tool] })).rejects.toThrow(
      /destructive: .* but the flag must be true or false/,
    );
  });

  it("skips a host tool whose destructive flag is not a boolean, so it never runs ungated", async () => {
    const calls: unknown[] = [];
    const events: ToolSearchEvent[] = [];
    const tool = {
      ...plain("db__drop"),
      destructive: "true",
      execute: () => calls.push("ran"),
    } as unknown as ToolDefinition;
    const session = (
      await createToolSearch({ tools: { listTools: async () => [tool] }, onEvent: (event) => events.push(event) })
    ).session();
    expect(await session.execute(toolUse("db__drop", {}))).toMatchObject({ is_error: true });
    expect(calls).toEqual([]);
    expect(events).toContainEqual(expect.objectContaining({ type: "warning", code: "invalid_destructive" }));
  });

  it.each([
    ["the same array", (tools: ToolDefinition[]) => tools],
    ["a new array of the same objects", (tools: ToolDefinition[]) => [...tools]],
  ])("honours destructive flipped to true on the same object, listed in %s", async (_label, relist) => {
    const calls: unknown[] = [];
    const definition: ToolDefinition = { ...plain("fs__write"), execute: () => (calls.push("ran"), "written") };
    const tools = [definition];
    const session = (await createToolSearch({ tools: { listTools: async () => relist(tools) } })).session();
    expect(await session.execute(toolUse("fs__write", {}))).toMatchObject({ content: "written" });
    definition.destructive = true;
    expect(await session.execute(toolUse("fs__write", {}))).toMatchObject({
      is_error: true,
      content: expect.stringMatching(/destructive/),
    });
    expect(calls).toEqual(["ran"]);
  });

  it("reads each field once: a getter that answers differently later cannot ungate a tool", async () => {
    let reads = 0;
    const calls: unknown[] = [];
    const definition = {
      ...plain("fs__delete"),
      execute: () => calls.push("ran"),
      get destructive() {
        return reads++ === 0;
      },
    } as ToolDefinition;
    const session = (await createToolSearch({ tools: [definition] })).session();
    expect(await session.execute(toolUse("fs__delete", {}))).toMatchObject({ is_error: true });
    expect(await session.execute(toolUse("fs__delete", {}))).toMatchObject({ is_error: true });
    expect(calls).toEqual([]);
  });
});
