import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { parseCatalogue } from "../../src/catalogue/index.js";
import type { ToolContext, ToolDefinition } from "../../src/catalogue/tool-definition.js";
import { isToolOutput } from "../../src/catalogue/tool-output.js";
import { firstSentence } from "../../src/session/index.js";
import { fullToolOf } from "../../src/wire/index.js";
import { exampleCatalogue, exampleServers } from "./index.js";

// ajv-formats is CommonJS; under NodeNext its default export arrives wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv2020,
) => void;
// Strict, unlike toolsift's own validator: a misspelt keyword here is a bug in the catalogue.
const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, useDefaults: true });
addFormats(ajv);

const context: ToolContext = { sessionId: undefined, stage: "execute" };

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  examples?: unknown[];
  default?: unknown;
  format?: string;
  minimum?: number;
  minItems?: number;
  minProperties?: number;
};

const isZod = (schema: unknown): schema is z.ZodType => schema instanceof z.ZodType;
const jsonSchemaOf = (tool: ToolDefinition) =>
  (isZod(tool.inputSchema) ? z.toJSONSchema(tool.inputSchema, { io: "input" }) : tool.inputSchema) as JsonSchema;

/**
 * The least input a caller could send: required properties only, each filled with the schema's
 * own example, default or first enum value where it has one, else a plain value of the right type.
 */
function sample(schema: JsonSchema): unknown {
  if (schema.examples?.length) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "object": {
      const properties = Object.entries(schema.properties ?? {});
      const required = properties.filter(([name]) => schema.required?.includes(name));
      const extra = properties.filter(([name, p]) => !schema.required?.includes(name) && p.examples);
      const chosen = [...required, ...extra.slice(0, Math.max(0, (schema.minProperties ?? 0) - required.length))];
      return Object.fromEntries(chosen.map(([name, property]) => [name, sample(property)]));
    }
    case "array":
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () => sample(schema.items ?? {}));
    case "integer":
    case "number":
      return schema.minimum ?? 1;
    case "boolean":
      return false;
    case "string":
      return (
        { "date-time": "2025-06-10T09:00:00Z", date: "2025-06-10", email: "sam@example.com" }[schema.format ?? ""] ??
        "sample"
      );
    default:
      return null;
  }
}

/** Validates and fills defaults the way toolsift does before `execute`: zod parse, or JSON Schema with defaults. */
function prepare(tool: ToolDefinition, input: unknown): unknown {
  if (isZod(tool.inputSchema)) return tool.inputSchema.parse(input);
  const validate = ajv.compile(tool.inputSchema);
  const value = structuredClone(input);
  if (!validate(value)) {
    throw new Error(
      `${tool.name}: sample input ${JSON.stringify(input)} is invalid: ${ajv.errorsText(validate.errors)}`,
    );
  }
  return value;
}

const resultText = (result: unknown) =>
  isToolOutput(result)
    ? result.content.map((block) => ("text" in block ? String(block.text) : block.type)).join(" ")
    : "";

/**
 * Calls tools of a fresh copy of the catalogue, with fresh fakes behind it, so what one test
 * writes (or deletes) cannot change what another one sees.
 */
async function freshCatalogue() {
  vi.resetModules();
  const { exampleCatalogue: tools } = await import("./index.js");
  return async (name: string, input: unknown) => {
    const tool = tools.find((t) => t.name === name);
    if (!tool?.execute) throw new Error(`The example catalogue has no runnable tool ${name}.`);
    return tool.execute(prepare(tool, input) as Record<string, unknown>, context);
  };
}

describe("exampleCatalogue", () => {
  it("has at least 64 tools from at least 7 servers, listed server by server", () => {
    expect(exampleCatalogue.length).toBeGreaterThanOrEqual(64);
    expect(exampleServers.length).toBeGreaterThanOrEqual(7);
    const serverRuns = exampleCatalogue.map((t) => t.server).filter((s, i, all) => s !== all[i - 1]);
    expect(serverRuns).toEqual(exampleServers);
  });

  it("names every tool server__tool, validly and uniquely", () => {
    for (const tool of exampleCatalogue) {
      expect(tool.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect(tool.name.startsWith(`${tool.server}__`)).toBe(true);
    }
    expect(new Set(exampleCatalogue.map((t) => t.name)).size).toBe(exampleCatalogue.length);
  });

  it("is accepted by toolsift's own catalogue parser", () => {
    expect(parseCatalogue(exampleCatalogue, "exampleCatalogue").map((t) => t.name)).toEqual(
      exampleCatalogue.map((t) => t.name),
    );
  });

  it("gives every tool an object input schema that compiles in strict mode; some are zod objects", () => {
    for (const tool of exampleCatalogue) {
      if (isZod(tool.inputSchema)) expect(tool.inputSchema, tool.name).toBeInstanceOf(z.ZodObject);
      else expect(() => ajv.compile(tool.inputSchema), tool.name).not.toThrow();
      expect(jsonSchemaOf(tool).type, tool.name).toBe("object");
    }
    expect(exampleCatalogue.filter((t) => isZod(t.inputSchema)).length).toBeGreaterThanOrEqual(3);
  });

  it("describes every tool with a short first sentence followed by more detail", () => {
    for (const tool of exampleCatalogue) {
      const sentences = tool.description.split(/(?<=[.!?])\s+(?=[A-Z])/);
      expect(sentences[0]?.length, tool.name).toBeLessThanOrEqual(160);
      expect(sentences[0], tool.name).toMatch(/[.!?]$/);
      expect(sentences.length, tool.name).toBeGreaterThanOrEqual(2);
    }
  });

  it("weighs what real servers' tool definitions weigh, while a stub's first sentence stays short", () => {
    // Real MCP servers send ~740 tokens per tool (GitHub) or more (Slack); a lighter catalogue would understate
    // what progressive disclosure saves. The first sentence is all a stub shows, so it is paid on every turn.
    const wire = parseCatalogue(exampleCatalogue, "exampleCatalogue").map((tool) => JSON.stringify(fullToolOf(tool)));
    const average = wire.reduce((sum, json) => sum + json.length, 0) / wire.length;
    expect(average).toBeGreaterThanOrEqual(2300);
    const long = exampleCatalogue
      .map((tool) => ({ name: tool.name, first: firstSentence(tool.description) }))
      .filter(({ first }) => first.length > 90);
    expect(long).toEqual([]);
  });

  it("marks tools that delete, drop, overwrite or move money as destructive", () => {
    const destructive = exampleCatalogue.filter((t) => t.destructive).map((t) => t.name);
    expect(destructive.length).toBeGreaterThanOrEqual(5);
    const deleting = exampleCatalogue.filter((t) => /__(delete|drop|cancel)_/.test(t.name)).map((t) => t.name);
    expect(deleting.length).toBeGreaterThanOrEqual(5);
    expect(destructive).toEqual(
      expect.arrayContaining([...deleting, "postgres__execute_write", "stripe__create_refund"]),
    );
  });

  it.each(exampleCatalogue.map((tool) => [tool.name, tool] as const))(
    "%s runs on an input of its required fields and returns JSON",
    async (name, tool) => {
      const call = await freshCatalogue();
      const result = await call(name, sample(jsonSchemaOf(tool)));
      expect(result, "execute returned nothing").toBeDefined();
      const plain = isToolOutput(result) ? { content: result.content, isError: result.isError } : result;
      expect(JSON.parse(JSON.stringify(plain))).toEqual(plain);
      expect(isToolOutput(result) && result.isError, resultText(result)).toBe(false);
    },
  );
});

describe("the fakes behind the tools", () => {
  it("github keeps a created issue, so it can be fetched and listed", async () => {
    const call = await freshCatalogue();
    const repo = { owner: "acme", repo: "storefront" };
    const created = (await call("github__create_issue", {
      ...repo,
      title: "Coupon codes are case-sensitive",
      labels: ["bug"],
    })) as {
      number: number;
    };
    expect(await call("github__get_issue", { ...repo, issue_number: created.number })).toMatchObject({
      title: "Coupon codes are case-sensitive",
      state: "open",
    });
    const listed = (await call("github__list_issues", { ...repo, labels: ["bug"] })) as { items: { number: number }[] };
    expect(listed.items.map((i) => i.number)).toContain(created.number);
    expect(resultText(await call("github__get_issue", { ...repo, issue_number: 9999 }))).toMatch(/not found/);
  });

  it("filesystem writes into its in-memory tree and refuses paths outside its root", async () => {
    const call = await freshCatalogue();
    await call("filesystem__write_file", { path: "docs/todo.md", content: "- ship dark mode\n" });
    expect(await call("filesystem__read_file", { path: "/workspace/docs/todo.md" })).toMatchObject({
      content: "- ship dark mode\n",
    });
    const escaped = await call("filesystem__read_file", { path: "../../etc/passwd" });
    expect(isToolOutput(escaped) && escaped.isError).toBe(true);
    expect(resultText(escaped)).toMatch(/outside the allowed directory/);
  });

  it("postgres reads only through execute_query and writes through execute_write", async () => {
    const call = await freshCatalogue();
    const refusedWrite = await call("postgres__execute_query", { sql: "DELETE FROM orders" });
    expect(isToolOutput(refusedWrite) && refusedWrite.isError).toBe(true);
    expect(
      await call("postgres__execute_write", { sql: "DELETE FROM orders WHERE id = $1", params: ["1004"] }),
    ).toEqual({
      command: "DELETE",
      rowCount: 1,
    });
    expect(await call("postgres__execute_query", { sql: "SELECT count(*) FROM orders" })).toMatchObject({
      rows: [{ count: 3 }],
    });
    const paid = (await call("postgres__execute_query", {
      sql: "SELECT id FROM public.orders WHERE status = 'paid'",
    })) as {
      rows: { id: number }[];
    };
    expect(paid.rows).toEqual([{ id: 1002 }]);
  });

  it("jira answers JQL by project and status", async () => {
    const call = await freshCatalogue();
    const found = (await call("jira__search_issues", {
      jql: 'project = SHOP AND status in ("To Do", "In Review")',
    })) as {
      issues: { key: string }[];
    };
    expect(found.issues.map((i) => i.key)).toEqual(["SHOP-102", "SHOP-103"]);
  });

  it("stripe refunds at most what remains of a payment", async () => {
    const call = await freshCatalogue();
    expect(await call("stripe__create_refund", { payment_intent: "pi_3Order1003", amount: 8000 })).toMatchObject({
      amount: 8000,
    });
    const tooMuch = await call("stripe__create_refund", { payment_intent: "pi_3Order1003", amount: 1000 });
    expect(resultText(tooMuch)).toMatch(/900 eur remains/);
  });

  it("calendar finds the free slots between busy events", async () => {
    const call = await freshCatalogue();
    const answer = (await call("calendar__find_free_time", {
      timeMin: "2025-06-03T09:00:00Z",
      timeMax: "2025-06-03T15:00:00Z",
      calendars: ["primary"],
      durationMinutes: 60,
    })) as { free: { start: string; end: string }[] };
    expect(answer.free).toEqual([
      { start: "2025-06-03T09:00:00.000Z", end: "2025-06-03T12:00:00.000Z" },
      { start: "2025-06-03T13:00:00.000Z", end: "2025-06-03T15:00:00.000Z" },
    ]);
  });
});
