import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  createToolSearch,
  type ToolContext,
  type ToolDefinition,
  type ToolSearchEvent,
  type ToolUseBlock,
} from "../../src/index.js";
import { Prng } from "./prng.js";

const SEED = 0x5eed_0002;
const COUNT = 4_000;

interface Node {
  name: string;
  children: Node[];
}
const NodeSchema: z.ZodType<Node> = z.object({
  name: z.string().min(1),
  get children() {
    return z.array(NodeSchema);
  },
});

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isNode = (value: unknown): boolean =>
  isObject(value) &&
  typeof value.name === "string" &&
  value.name.length > 0 &&
  Array.isArray(value.children) &&
  value.children.every(isNode);
const isItem = (value: unknown): boolean =>
  isObject(value) &&
  Number.isInteger(value.id) &&
  (value.id as number) >= 0 &&
  (value.next === undefined || isItem(value.next));

/**
 * The fuzzed catalogue: each tool with an oracle written independently of toolsift's
 * validation, which every input a tool actually ran on must satisfy.
 */
const oracles: Record<string, (input: unknown) => boolean> = {
  fs__write: (input) =>
    isObject(input) &&
    Object.keys(input).every((key) => key === "path" || key === "content") &&
    typeof input.path === "string" &&
    /^\/tmp\/[a-z]+$/.test(input.path) &&
    typeof input.content === "string" &&
    input.content.length <= 50,
  tree__save: isNode,
  text__match: (input) => isObject(input) && typeof input.word === "string" && /^a+$/.test(input.word),
  num__add: (input) => isObject(input) && Number.isInteger(input.a) && Number.isInteger(input.b),
  ref__item: (input) => isObject(input) && isItem(input.item),
  zod__even: (input) =>
    isObject(input) &&
    typeof input.tag === "string" &&
    input.tag === input.tag.toLowerCase() &&
    Number.isInteger(input.n) &&
    (input.n as number) % 2 === 0,
};

function tools(ran: { name: string; input: unknown; context: ToolContext }[]): ToolDefinition[] {
  const record = (name: string) => (input: unknown, context: ToolContext) => {
    ran.push({ name, input: structuredClone(input), context });
    return { ok: true };
  };
  return [
    {
      name: "fs__write",
      description: "Write a file under /tmp.",
      destructive: true,
      inputSchema: {
        type: "object",
        properties: { path: { type: "string", pattern: "^/tmp/[a-z]+$" }, content: { type: "string", maxLength: 50 } },
        required: ["path", "content"],
        additionalProperties: false,
      },
      execute: record("fs__write"),
    },
    {
      name: "tree__save",
      description: "Save a tree.",
      inputSchema: NodeSchema as unknown as z.ZodType<Record<string, unknown>>,
      execute: record("tree__save"),
    },
    {
      name: "text__match",
      description: "Match a word of a's.",
      inputSchema: { type: "object", properties: { word: { type: "string", pattern: "^(a+)+$" } }, required: ["word"] },
      execute: record("text__match"),
    },
    {
      name: "num__add",
      description: "Add two integers.",
      inputSchema: {
        type: "object",
        properties: { a: { type: "integer" }, b: { type: "integer" } },
        required: ["a", "b"],
      },
      execute: record("num__add"),
    },
    {
      name: "ref__item",
      description: "Store a linked item.",
      inputSchema: {
        type: "object",
        properties: { item: { $ref: "#/$defs/item" } },
        required: ["item"],
        $defs: {
          item: {
            type: "object",
            properties: { id: { type: "integer", minimum: 0 }, next: { $ref: "#/$defs/item" } },
            required: ["id"],
          },
        },
      },
      execute: record("ref__item"),
    },
    {
      name: "zod__even",
      description: "Tag an even number.",
      inputSchema: z.object({
        tag: z.string().transform((tag) => tag.toLowerCase()),
        n: z
          .number()
          .int()
          .refine((n) => n % 2 === 0, "must be even"),
      }),
      execute: record("zod__even"),
    },
  ];
}

function fuzzValue(prng: Prng, depth: number): unknown {
  return prng.oneOf<unknown>([
    () => prng.word(),
    () =>
      prng.pick([
        "/tmp/abc",
        "/tmp/ABC",
        "/etc/passwd",
        "a".repeat(prng.int(1, 18)),
        `${"a".repeat(18)}!`,
        "",
        "3",
        "true",
      ]),
    () => prng.int(-5, 9),
    () => prng.pick([1.5, Number.NaN, Number.POSITIVE_INFINITY, -0, 2 ** 60]),
    () => prng.pick([true, false, null, undefined]),
    () => (depth > 3 ? null : Array.from({ length: prng.int(0, 3) }, () => fuzzValue(prng, depth + 1))),
    () => (depth > 3 ? {} : fuzzObject(prng, depth + 1)),
    () => prng.pick([() => 1, 10n, Symbol("s"), new Date(0), new Map()]),
  ]);
}

const KEYS = ["path", "content", "name", "children", "word", "a", "b", "item", "id", "next", "tag", "n", "extra"];

function fuzzObject(prng: Prng, depth: number): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (let count = prng.int(0, 4); count > 0; count--) object[prng.pick(KEYS)] = fuzzValue(prng, depth);
  return object;
}

/** Plausible inputs for each tool, so a good share of the calls is valid and runs. */
const plausible: Record<string, (prng: Prng) => unknown> = {
  fs__write: (prng) => ({ path: prng.pick(["/tmp/notes", "/tmp/x", "/etc/x"]), content: prng.word() }),
  tree__save: (prng) => ({
    name: prng.word(),
    children: prng.chance(0.5) ? [] : [{ name: prng.pick(["a", "", 3]), children: [] }],
  }),
  // Runs of a's stay short: if the linear-time engine ever regressed, a long run would hang this
  // process, where no timeout can fire; the ReDoS test checks long runs in a child process.
  text__match: (prng) => ({ word: prng.pick(["aaa", `${"a".repeat(18)}!`, "a", "b"]) }),
  num__add: (prng) => ({ a: prng.pick([1, "2", 3.5]), b: prng.pick([4, "5", "x"]) }),
  ref__item: (prng) => ({
    item: { id: prng.pick([1, -1, "2"]), next: prng.chance(0.5) ? undefined : { id: prng.pick([0, "x"]) } },
  }),
  zod__even: (prng) => ({ tag: prng.pick(["ABC", "x"]), n: prng.pick([2, 3, "4"]) }),
};

function hostileInput(prng: Prng, input: unknown): unknown {
  const roll = prng.next();
  if (roll < 0.03 && isObject(input)) {
    const key = prng.pick(KEYS);
    return Object.defineProperty({ ...input }, key, {
      get() {
        throw new Error("input getter");
      },
      enumerable: true,
    });
  }
  if (roll < 0.05 && isObject(input)) return new Proxy(input, {});
  if (roll < 0.06) {
    const cycle: Record<string, unknown> = { name: "x" };
    cycle.children = [cycle];
    return cycle;
  }
  return input;
}

function fuzzCall(prng: Prng, index: number): unknown {
  if (prng.chance(0.02)) return prng.pick([null, 7, "call", []]);
  const name = prng.chance(0.9)
    ? prng.pick([...Object.keys(oracles), "search_tools"])
    : prng.pick(["nope__tool", 5, undefined, ""]);
  const input =
    name === "search_tools"
      ? prng.pick([
          { query: prng.word() },
          { query: "" },
          { query: 5 },
          {},
          { query: "write file", limit: prng.pick([1, 0, "3", 99]) },
        ])
      : typeof name === "string" && name in plausible && prng.chance(0.6)
        ? plausible[name]!(prng)
        : fuzzValue(prng, 0);
  const call: Record<string, unknown> = {
    type: "tool_use",
    id: `toolu_${index}`,
    name,
    input: hostileInput(prng, input),
  };
  if (prng.chance(0.02)) delete call.id;
  return call;
}

describe(`fuzzed tool calls (seed ${SEED.toString(16)}, ${COUNT} calls)`, () => {
  it("execute never rejects, runs only inputs that fit the tool, and runs fs__write only after approve returned exactly true for what ran", async () => {
    const prng = new Prng(SEED);
    const ran: { name: string; input: unknown; context: ToolContext }[] = [];
    const approvals = new Map<string, { input: unknown; answer: unknown }>();
    const approve = async (_tool: ToolDefinition, input: unknown, context: ToolContext) => {
      const answer = prng.pick<unknown>([true, true, false, "true", 1, undefined, "throw", "reject"]);
      approvals.set(context.toolUseId!, { input: structuredClone(input), answer });
      if (answer === "throw") throw new Error("approver crashed");
      if (answer === "reject") return Promise.reject(new Error("approver rejected"));
      return answer as boolean;
    };
    const outcomes = new Map<string, number>();
    const events: ToolSearchEvent[] = [];
    const toolSearch = await createToolSearch({ tools: tools(ran), approve, onEvent: (event) => events.push(event) });
    const session = toolSearch.session("fuzz");
    for (let index = 0; index < COUNT; index++) {
      const call = fuzzCall(prng, index);
      const result = await session.execute(call as ToolUseBlock).catch((error: unknown) => ({ rejected: error }));
      expect(result, `call ${index} rejected`).not.toHaveProperty("rejected");
      expect(result).toMatchObject({ type: "tool_result", tool_use_id: expect.any(String) });
    }
    for (const event of events)
      if (event.type === "tool-call") outcomes.set(event.outcome, (outcomes.get(event.outcome) ?? 0) + 1);

    for (const { name, input, context } of ran) {
      expect(oracles[name]!(input), `${name} ran on ${JSON.stringify(input)}`).toBe(true);
      if (name === "fs__write") {
        const approval = approvals.get(context.toolUseId!);
        expect(approval?.answer, `fs__write ran without approve() === true for ${context.toolUseId}`).toBe(true);
        expect(isDeepStrictEqual(approval!.input, input), "fs__write ran on other input than approve saw").toBe(true);
      }
    }
    const runsByTool = Object.fromEntries(
      Object.keys(oracles).map((name) => [name, ran.filter((run) => run.name === name).length]),
    );
    console.info(
      `tool calls: ${COUNT} fuzzed, ${ran.length} ran ${JSON.stringify(runsByTool)}, outcomes ${JSON.stringify(Object.fromEntries(outcomes))}`,
    );
    for (const name of Object.keys(oracles))
      expect(runsByTool[name], `${name} never ran: the fuzz does not reach it`).toBeGreaterThan(0);
    expect(outcomes.get("not-approved")).toBeGreaterThan(0);
  });
});
