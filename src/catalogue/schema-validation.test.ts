import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { toolUse } from "../testing/index.js";
import {
  CatalogueError,
  createToolSearch,
  type ToolDefinition,
  type ToolHost,
  type ToolSearchEvent,
} from "../index.js";

interface TreeNode {
  name: string;
  children: TreeNode[];
}

const TreeNode: z.ZodType<TreeNode> = z.object({
  name: z.string().min(1),
  get children() {
    return z.array(TreeNode);
  },
});

function recorder() {
  const calls: unknown[] = [];
  const execute = (input: unknown) => (calls.push(input), "ran");
  return { calls, execute };
}

describe("recursive and $ref schemas are validated, never passed through (defect 1)", () => {
  it('validates a recursive zod object (root $ref "#") at every level', async () => {
    const { calls, execute } = recorder();
    const tool: ToolDefinition = {
      name: "tree__save",
      description: "Save a tree.",
      inputSchema: TreeNode as unknown as z.ZodType<Record<string, unknown>>,
      execute,
    };
    const session = (await createToolSearch({ tools: [tool] })).session();
    const invalid = await session.execute(
      toolUse("tree__save", { name: "root", children: [{ name: "", children: [{ name: 3 }] }] }),
    );
    expect(invalid).toMatchObject({
      is_error: true,
      content: expect.stringMatching(/\/children\/0\/children\/0\/children: is required/),
    });
    expect(calls).toEqual([]);
    expect(
      await session.execute(toolUse("tree__save", { name: "root", children: [{ name: "leaf", children: [] }] })),
    ).toMatchObject({ content: "ran" });
  });

  it("applies a recursive zod schema's transforms before approve sees the input", async () => {
    const Folder: z.ZodType = z.object({
      path: z.string().transform((path) => path.toLowerCase()),
      get children() {
        return z.array(Folder);
      },
    });
    const approved: unknown[] = [];
    const { calls, execute } = recorder();
    const tool: ToolDefinition = {
      name: "fs__rmdir",
      description: "Remove folders.",
      destructive: true,
      inputSchema: Folder as z.ZodType<Record<string, unknown>>,
      execute,
    };
    const session = (
      await createToolSearch({ tools: [tool], approve: (_tool, input) => (approved.push(input), true) })
    ).session();
    await session.execute(toolUse("fs__rmdir", { path: "/TMP", children: [{ path: "/TMP/A", children: [] }] }));
    const expected = { path: "/tmp", children: [{ path: "/tmp/a", children: [] }] };
    expect(approved).toEqual([expected]);
    expect(calls).toEqual([expected]);
  });

  it.each([
    [
      'a root $ref "#"',
      { type: "object", properties: { name: { type: "string" }, next: { $ref: "#" } }, required: ["name"] },
      { name: "a", next: { next: {} } },
      /\/next\/next\/name: is required/,
    ],
    [
      "$defs",
      {
        type: "object",
        properties: { item: { $ref: "#/$defs/item" } },
        $defs: { item: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] } },
      },
      { item: { id: "x" } },
      /\/item\/id: must be integer/,
    ],
    [
      "draft-07 definitions",
      {
        $schema: "http://json-schema.org/draft-07/schema#",
        type: "object",
        properties: {
          pair: { type: "array", items: [{ type: "string" }, { type: "integer" }] },
          owner: { $ref: "#/definitions/owner" },
        },
        definitions: { owner: { type: "object", required: ["login"] } },
      },
      { pair: ["a", "b"], owner: {} },
      /\/pair\/1: must be integer[\s\S]*\/owner\/login: is required/,
    ],
    [
      "an $anchor",
      { type: "object", properties: { a: { $ref: "#num" } }, $defs: { n: { $anchor: "num", type: "number" } } },
      { a: "many" },
      /\/a: must be number/,
    ],
  ])("validates a schema with %s", async (_label, inputSchema, input, message) => {
    const { calls, execute } = recorder();
    const session = (
      await createToolSearch({
        tools: [{ name: "t__ref", description: "Refs.", inputSchema: inputSchema as never, execute }],
      })
    ).session();
    expect(await session.execute(toolUse("t__ref", input))).toMatchObject({
      is_error: true,
      content: expect.stringMatching(message),
    });
    expect(calls).toEqual([]);
  });

  it("validates two tools whose schemas carry the same $id, each against its own", async () => {
    const schema = (type: string) => ({
      $id: "urn:example:shared",
      type: "object" as const,
      properties: { v: { type } },
      required: ["v"],
      additionalProperties: false,
    });
    const tools: ToolDefinition[] = [
      { name: "a__num", description: "A.", inputSchema: schema("number"), execute: () => "a" },
      { name: "b__str", description: "B.", inputSchema: schema("boolean"), execute: () => "b" },
    ];
    const session = (await createToolSearch({ tools })).session();
    expect(await session.execute(toolUse("a__num", { v: "x" }))).toMatchObject({
      is_error: true,
      content: expect.stringMatching(/must be number/),
    });
    expect(await session.execute(toolUse("b__str", { v: "x" }))).toMatchObject({
      is_error: true,
      content: expect.stringMatching(/must be boolean/),
    });
    expect(await session.execute(toolUse("b__str", { v: "true" }))).toMatchObject({ content: "b" });
  });
});

const uncheckable: [string, Record<string, unknown>, RegExp][] = [
  ["a misspelt type", { type: "object", properties: { a: { type: "strin" } } }, /\/properties\/a\/type/],
  ["an invalid pattern", { type: "object", properties: { a: { type: "string", pattern: "([" } } }, /pattern/],
  [
    "a lookahead the linear-time engine cannot run",
    { type: "object", properties: { a: { type: "string", pattern: "^(?=.*[A-Z]).+$" } } },
    /lookahead/,
  ],
  [
    "an unresolvable $ref",
    { type: "object", properties: { a: { $ref: "#/$defs/missing" } } },
    /"#\/\$defs\/missing" does not resolve/,
  ],
  [
    "a remote $ref",
    { type: "object", properties: { a: { $ref: "https://example.com/schema.json" } } },
    /does not resolve inside the tool's own schema/,
  ],
  ["700 levels of nesting", nestedSchema(700), /nested more than 100 levels/],
  ["an $id that is not a resolvable URI", { $id: "urn:shared", type: "object" }, /"\$id" "urn:shared" is not a URI/],
  // Found by the fuzz suite: valid against the meta-schema, yet ajv refuses them, or (for
  // $async) compiles a validator whose Promise reads as "valid" to a synchronous check.
  [
    "an $async schema",
    { $async: true, type: "object", properties: { a: { type: "integer" } } },
    /"\$async" schemas are not supported/,
  ],
  ["an empty enum", { type: "object", properties: { a: { enum: [] } } }, /"enum" is empty/],
  ["a draft-04 id", { type: "object", properties: { a: { id: "a", type: "string" } } }, /write "\$id"/],
  [
    "an anchor defined twice",
    { type: "object", $defs: { a: { $anchor: "x" }, b: { $anchor: "x", type: "string" } } },
    /anchor "x" is defined twice/,
  ],
];

function nestedSchema(levels: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: "string" };
  for (let level = 0; level < levels; level++) schema = { type: "object", properties: { a: schema } };
  return schema;
}

describe("a schema that cannot be checked fails closed (defect 1)", () => {
  it.each(uncheckable)(
    "rejects %s at creation from an array, naming the tool, the problem and the fix",
    async (_label, inputSchema, problem) => {
      const error = await createToolSearch({
        tools: [{ name: "t__bad", description: "Bad.", inputSchema: inputSchema as never }],
      }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(CatalogueError);
      expect((error as CatalogueError).code).toBe("invalid_schema");
      expect((error as Error).message).toMatch(/tools\[0\] \("t__bad"\)/);
      expect((error as Error).message).toMatch(problem);
    },
  );

  it("skips each of them from a host with a warning; the other tools keep working", async () => {
    const calls: string[] = [];
    const events: ToolSearchEvent[] = [];
    const host: ToolHost = {
      listTools: async () => [
        ...uncheckable.map(([, inputSchema], index) => ({
          name: `t__bad${index}`,
          description: "Bad.",
          inputSchema: inputSchema as never,
          execute: () => calls.push(`bad${index}`),
        })),
        {
          name: "t__good",
          description: "Good.",
          inputSchema: { type: "object" },
          execute: () => (calls.push("good"), "ok"),
        },
      ],
    };
    const session = (await createToolSearch({ tools: host, onEvent: (event) => events.push(event) })).session();
    expect((await session.tools()).map((tool) => tool.name)).toEqual(["t__good"]);
    for (let index = 0; index < uncheckable.length; index++) {
      expect(await session.execute(toolUse(`t__bad${index}`, { a: "x" }))).toMatchObject({ is_error: true });
    }
    expect(await session.execute(toolUse("t__good", {}))).toMatchObject({ content: "ok" });
    expect(calls).toEqual(["good"]);
    const skipped = events.filter((event) => event.type === "warning" && event.code === "invalid_schema");
    expect(skipped).toHaveLength(uncheckable.length);
    expect(events.some((event) => event.type === "tool-call" && (event.validation as string) === "unchecked")).toBe(
      false,
    );
  });
});

describe("inputs are copied before validation and approval (defect 7)", () => {
  const schema = { type: "object" as const, properties: { path: { type: "string" } }, required: ["path"] };

  it("does not run an input that is not JSON data (a function inside), and says why", async () => {
    const { calls, execute } = recorder();
    const session = (
      await createToolSearch({ tools: [{ name: "fs__read", description: "Read.", inputSchema: schema, execute }] })
    ).session();
    const result = await session.execute(toolUse("fs__read", { path: "/a", hook: () => "x" }));
    expect(result).toMatchObject({
      is_error: true,
      content: expect.stringMatching(/\/hook: is a function.*plain JSON data/),
    });
    expect(calls).toEqual([]);
  });

  it("runs what approve saw, even when the caller changes its input while approve is pending", async () => {
    const { calls, execute } = recorder();
    const target = { path: "/tmp/scratch" };
    const input = new Proxy(target, {});
    const tool: ToolDefinition = {
      name: "fs__delete",
      description: "Delete a file.",
      destructive: true,
      inputSchema: schema,
      execute,
    };
    const approve = async (_tool: ToolDefinition, checked: unknown) => {
      target.path = "/etc/passwd";
      await new Promise((resolve) => setTimeout(resolve, 5));
      return (checked as { path: string }).path === "/tmp/scratch";
    };
    const session = (await createToolSearch({ tools: [tool], approve })).session();
    expect(await session.execute(toolUse("fs__delete", input))).toMatchObject({ content: "ran" });
    expect(calls).toEqual([{ path: "/tmp/scratch" }]);
  });
});

describe("schema patterns run in linear time (defect 4, ReDoS)", () => {
  it("answers a call against ^(a+)+$ at once instead of hanging the process", () => {
    // A backtracking engine needs ~2^60 steps here; the check runs in a child process so that
    // a hang fails this test (after the generous timeout) instead of freezing the test runner.
    const child = fileURLToPath(new URL("../../test/fuzz/redos-call.child.ts", import.meta.url));
    const run = spawnSync(process.execPath, ["--import", "tsx", child], { encoding: "utf8", timeout: 30_000 });
    expect(run.signal, "the call hung and was killed").toBeNull();
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toMatchObject({
      is_error: true,
      content: expect.stringMatching(/\/word: must match pattern/),
    });
  });
});
